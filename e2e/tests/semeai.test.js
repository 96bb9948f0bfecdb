// The capturing-race view (seed 002): enter the fig. 2 race, get the verdict.
// Kept in a file of its own so that it can be run alone:
//   e2e/run tests/semeai.test.js
// The view's element ids are fixed by the engineer who builds it: tab
// data-tab="semeai", textarea #se-diagram, form #se-form, output #se-out,
// the verdict sentence in an element of class "verdict".
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, TIMEOUT, openApp, openTab, withPage } from "../lib.js";

// Opens the capturing-race tab, analyses the bundled example `name` and
// waits for its verdict (the board search that checks it included).
// Returns the verdict's text.
async function analyseExample(page, name) {
  await openApp(page);
  await openTab(page, "semeai");
  // The view preloads its examples: let those requests land first.
  await page.waitForLoadState("networkidle");
  await page.fill("#se-diagram", readFileSync(join(ROOT, "examples", "semeai", name), "utf8"));
  await page.click("#se-form button[type=submit]");
  const verdict = page.locator("#se-out .verdict:not(.pending)").first();
  await verdict.waitFor({ state: "visible", timeout: 6 * TIMEOUT });
  return verdict.textContent();
}

test("semeai: seed 002's fig. 2 race, the side that plays first wins", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    // Until the capturing-race view is merged this fails here, at once.
    const tabs = await page.locator("#tabs button[data-tab]").evaluateAll((bs) => bs.map((b) => b.dataset.tab));
    assert.ok(tabs.includes("semeai"), `no capturing-race tab (data-tab="semeai") in ${tabs}`);
    await openTab(page, "semeai");
    // The view preloads its examples with requests of its own: let them
    // land first, so that they do not overwrite the text filled in below.
    await page.waitForLoadState("networkidle");
    const race = readFileSync(join(ROOT, "examples", "semeai", "seed002-fig2.txt"), "utf8");
    await page.fill("#se-diagram", race);
    await page.click("#se-form button[type=submit]");
    // A view may show a placeholder verdict (class "pending") while it works.
    const verdict = page.locator("#se-out .verdict:not(.pending)");
    // The analysis may include the board search that checks the verdict
    // (about 12 s for this race with `miai semeai` in the dev profile on an
    // idle machine): a longer wait than the other views need.
    await verdict.first().waitFor({ state: "visible", timeout: 6 * TIMEOUT });
    // Seed 002, §4.4: for the race of fig. 2 (G = {4|0} + {6|{4|0}} - 7)
    // the adjusted g is 0, so the system tells the user that the side that
    // plays first wins (先着した方が勝てる).
    assert.match(await verdict.first().textContent(), /the side that plays first wins/i);
    await guard.shot();
  });
});

// The stones of a race diagram: every X/O and attribute letter outside the
// comment lines.
function raceStones(text) {
  return text.split("\n").filter((l) => !l.startsWith(";"))
    .join("").split("").filter((c) => "XOEeSsUu".includes(c)).length;
}

test("semeai: the race on the board editor, both ways", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await openTab(page, "semeai");
    await page.waitForLoadState("networkidle");
    const race = readFileSync(join(ROOT, "examples", "semeai", "seed002-fig2.txt"), "utf8");
    const want = raceStones(race);
    assert.ok(want > 50, `fig. 2 has ${want} stones`);
    // Text -> board: the preloaded race appears on the editor's board.
    await page.click("#se-edit summary");
    await page.waitForFunction((n) => document.querySelectorAll("#se-editor svg.board .stone").length === n,
      want, { timeout: TIMEOUT });
    // Board -> text: undo-able edits rewrite the race diagram; Clear leaves
    // no stone, Ctrl-Z-free undo button brings them all back.
    await page.click("#se-editor button[title='clear the board']");
    await page.waitForFunction(() => {
      const v = document.getElementById("se-diagram").value;
      return v.length > 0 && !/[XOEeSsUu]/.test(v.split("\n").filter((l) => !l.startsWith(";")).join(""));
    }, null, { timeout: TIMEOUT });
    await page.click("#se-editor button[title^='undo']");
    await page.waitForFunction((n) => {
      const v = document.getElementById("se-diagram").value;
      return v.split("\n").filter((l) => !l.startsWith(";")).join("").split("")
        .filter((c) => "XOEeSsUu".includes(c)).length === n;
    }, want, { timeout: TIMEOUT });
    // The race written back by the board still gives the seed's verdict.
    await page.click("#se-form button[type=submit]");
    const verdict = page.locator("#se-out .verdict:not(.pending)");
    await verdict.first().waitFor({ state: "visible", timeout: 6 * TIMEOUT });
    assert.match(await verdict.first().textContent(), /the side that plays first wins/i);
    await guard.shot();
  });
});

test("semeai: the independent search streams progress and Esc stops it", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await openTab(page, "semeai");
    await page.waitForLoadState("networkidle");
    await page.fill("#se-search", "10000000");
    await page.click("#se-form button[type=submit]");
    await page.locator("#se-out .verdict:not(.pending)").first().waitFor({ timeout: 6 * TIMEOUT });
    // The search of fig. 2 visits 4.48 M positions: progress shows first.
    await page.waitForFunction(() => /\d[\d,]* nodes/.test(document.getElementById("se-search-out")?.textContent || ""),
      null, { timeout: TIMEOUT });
    // Esc with no tree node selected is the job widget's: it cancels (the
    // view's own Esc only unselects a node).
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => /cancelled/.test(document.getElementById("se-search-out")?.textContent || ""),
      null, { timeout: TIMEOUT });
    await guard.shot();
  });
});

test("semeai: two liberty areas that meet get the joint game's own row, folded", async (t) => {
  await withPage(t, async (page, guard) => {
    assert.match(await analyseExample(page, "joint-areas.txt"), /the side that plays first wins/i);
    // The joint game's row, beside the two areas' rows marked "not counted".
    const row = page.locator("table.se-values tr.se-joint");
    assert.equal(await row.count(), 1);
    assert.match(await row.textContent(), /both \(joint game\)/);
    const cells = await page.locator("table.se-values td").allTextContents();
    assert.equal(cells.filter((c) => c.includes("(not counted)")).length, 2, cells.join(" | "));
    // Its value (about 12,000 characters) folded to one line, the whole
    // of it one click away.
    const folded = row.locator("details.se-game");
    const summary = await folded.locator("summary").textContent();
    const size = Number(/\(([\d]+) characters\)/.exec(summary)?.[1]);
    assert.ok(size > 10000, summary);
    assert.ok(!(await folded.locator(".se-game-all").isVisible()));
    await folded.locator("summary").click();
    const all = await folded.locator(".se-game-all").textContent();
    assert.equal(all.length, size);
    assert.ok(all.startsWith(summary.split("…")[0]), summary);
    await guard.shot();
  });
});

test("semeai: approach kos are listed with G for either ko winner and the ko verdict", async (t) => {
  await withPage(t, async (page, guard) => {
    const verdict = await analyseExample(page, "approach-ko-race.txt");
    const kv = await page.locator(".se-values-wrap table.kv tr").allTextContents();
    const row = (k) => kv.find((r) => r.startsWith(k)) || "";
    // The example's comment: with Black winning the kos G = 1, with White
    // winning G = 0; White first, the race is a ko whoever wins captures.
    assert.match(row("approach kos"), /A4 .*approach A3/, kv.join(" | "));
    assert.equal(row("G, Black wins the kos"), "G, Black wins the kos1");
    assert.equal(row("G, White wins the kos"), "G, White wins the kos0");
    assert.match(row("with the kos"), /White first: ko: whoever wins it captures/);
    // The verdict leads with the kos counted; the count alone is the hint's.
    assert.match(verdict, /White first: ko: whoever wins it captures/);
    assert.match(await page.locator("#se-out .se-verdict-box .hint").textContent(), /with the approach kos/);
    // The search's own ko searches say the same.
    await page.waitForFunction(() => /White first: ko: whoever wins it captures/.test(document.getElementById("se-search-out")?.textContent || ""),
      null, { timeout: 6 * TIMEOUT });
    await guard.shot();
  });
});

test("semeai: shared liberties give a verdict with seki, and say by which rule", async (t) => {
  await withPage(t, async (page, guard) => {
    assert.match(await analyseExample(page, "shared-liberties.txt"), /Black first: Black captures; White first: seki/);
    assert.match(await page.locator("#se-out .se-verdict-box .hint").textContent(), /shared liberties/);
    await guard.shot();
  });
});
