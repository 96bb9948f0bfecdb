// The n-ko view: open the tab, show the win table, check the grid's size,
// cells the seed states and that the grid shows exactly the data behind it
// (GET /api/nko/table).
import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, openApp, openTab, withPage } from "../lib.js";

// Colours of the style sheet's legend (style.css: --black-win, --white-win).
const BLACK_WIN = "rgb(43, 43, 43)";
const WHITE_WIN = "rgb(255, 255, 255)";

async function showTable(page, { max, side, passes = false }) {
  await openTab(page, "nko");
  await page.fill("#nko-max", String(max));
  await page.selectOption("#nko-side", side);
  await page.setChecked("#nko-passes", passes);
  await page.click("#nko-form button[type=submit]");
  await page.locator("#nko-out table.nko").waitFor();
  // A row per n (2..=max) under a header row.
  await page.locator("#nko-out table.nko tr").nth(max - 1).waitFor();
}

// The cell (n, m): row n (after the header row), column m (after the n heading).
function cell(page, n, m) {
  return page.locator("#nko-out table.nko tr").nth(n - 1).locator("td").nth(m - 1);
}

async function background(locator) {
  return locator.evaluate((e) => getComputedStyle(e).backgroundColor);
}

test("nko: the 20 x 19 grid, seed 000's sure wins, and every cell as the API says", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    const max = 20;
    await showTable(page, { max, side: "B" });
    const rows = page.locator("#nko-out table.nko tr");
    // n = 2..=20 under the header: 20 rows; m = 1..=19 beside the n heading.
    assert.equal(await rows.count(), max);
    for (const i of [0, 1, max - 1]) {
      assert.equal(await rows.nth(i).locator("td, th").count(), max, `row ${i}`);
    }
    // Seed 000 ("なお、...例外として"): with the opponent in atari the mover
    // wins at once: (n, n-1, 0) is a Black win (the crate's README confirms
    // it by brute force on real boards).
    for (const n of [2, 10, 20]) {
      const c = cell(page, n, n - 1);
      assert.match(await c.getAttribute("class"), /(^| )B( |$)/, `(${n}, ${n - 1}, 0)`);
      assert.equal(await background(c), BLACK_WIN, `(${n}, ${n - 1}, 0)`);
    }
    // Cells with m >= n are no states: empty.
    assert.equal(await cell(page, 5, 7).getAttribute("class"), null);

    // The grid is the API's table, cell by cell, for Black to move.
    const api = await (await page.request.get(new URL(`/api/nko/table?max_n=${max}&passes=false`, BASE).href)).json();
    const shown = await page.locator("#nko-out table.nko tr").evaluateAll((trs) =>
      trs.slice(1).map((tr) => [...tr.querySelectorAll("td")].map((td) => td.className)));
    let compared = 0;
    for (const row of api.rows) {
      if (row.to_move !== "B") continue;
      const classes = shown[row.n - 2][row.m - 1].split(" ");
      assert.ok(classes.includes(row.winner), `(${row.n}, ${row.m}, 0): ${classes} vs ${row.winner}`);
      assert.equal(classes.includes("wrong"), row.seed_wrong, `(${row.n}, ${row.m}, 0) seed_wrong`);
      compared += 1;
    }
    assert.equal(compared, (max - 1) * max / 2);
    await guard.shot();
  });
});

test("nko: White to move, (n, 1, 1) is a White win", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await showTable(page, { max: 12, side: "W" });
    // Seed 000's other exception: (n, 1, 1), Black in atari, White to move.
    for (const n of [2, 7, 12]) {
      const c = cell(page, n, 1);
      assert.match(await c.getAttribute("class"), /(^| )W( |$)/, `(${n}, 1, 1)`);
      assert.equal(await background(c), WHITE_WIN, `(${n}, 1, 1)`);
    }
    await guard.shot();
  });
});

test("nko: seed 000's worked example (50, 17, 0) is a Black win the seed's formula gets wrong", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await showTable(page, { max: 50, side: "B" });
    // crates/nko/README.md: Black wins (50, 17, 0) (dynamic programming, a
    // full-history brute force and real boards agree); the seed's closed
    // form says White. The cell is black and marked as the seed's error.
    const c = cell(page, 50, 17);
    const classes = (await c.getAttribute("class")).split(" ");
    assert.ok(classes.includes("B") && classes.includes("wrong"), `classes ${classes}`);
    assert.equal(await background(c), BLACK_WIN);
    assert.match(await c.getAttribute("title"), /\(n, m, t\) = \(50, 17, 0\), B to move: Black wins/);
    await guard.shot();
  });
});

test("nko: clicking a cell shows that state's best play", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await showTable(page, { max: 6, side: "B" });
    // (3, 1, 0), Black to move: a Black win where seed 000's formula says
    // White (worked by hand in crates/nko/tests/data/hand_cells.txt: the 1-
    // and 2-subsets of three kos form a 6-cycle, White must fill his last
    // liberty).
    await cell(page, 3, 1).click();
    const panel = page.locator("#nko-out .nko-state");
    await panel.locator("h3").filter({ hasText: "(3, 1, 0)" }).waitFor();
    const text = await panel.textContent();
    assert.match(text, /Black wins/);
    assert.match(text, /wrong here/);
    // The best play, ply by ply, ends in a Black win.
    const plies = panel.locator("ol.nko-plies li");
    assert.ok(await plies.count() >= 1, "the best play has plies");
    assert.match(await plies.last().textContent(), /Black wins/);
    await guard.shot();
  });
});
