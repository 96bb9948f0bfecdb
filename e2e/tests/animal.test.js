// Animals in the plane (Harary's achievement games): the board with a
// numbered proof line ending on Maker's copy or on Breaker's pairing, and a
// periodic paving that proves an animal a loser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TIMEOUT, openApp, openTab, withPage } from "../lib.js";

// Solves `animal` on `board` in the page and waits for the drawn board.
async function solveOn(page, animal, board) {
  await page.fill("#ani-animal", animal);
  await page.fill("#ani-board", board);
  await page.click("#ani-form button[type=submit]");
  await page.locator("#ani-out svg.ani-board").waitFor({ timeout: 3 * TIMEOUT });
  return (await page.locator("#ani-out p.verdict").textContent()) || "";
}

test("animal: L4 on 4x4 is a Maker win, the line's stones numbered and the copy outlined", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await openTab(page, "achieve");
    const verdict = await solveOn(page, "L4", "4x4");
    assert.match(verdict, /Maker wins/);
    // Eight orientations of L4 are drawn beside it.
    assert.equal(await page.locator("#ani-out .ani-orientations svg").count(), 8);
    // 16 board cells; Maker's stones numbered 1, 3, 5, ...; the copy's four
    // cells outlined, each holding one of Maker's stones.
    const board = page.locator("#ani-out svg.ani-board");
    assert.equal(await board.locator("rect:not(.copy)").count(), 16);
    assert.equal(await board.locator("rect.copy").count(), 4);
    const makers = await board.locator("g.move.maker text").allTextContents();
    const breakers = await board.locator("g.move.breaker text").allTextContents();
    assert.ok(makers.length >= 4, `${makers}`);
    assert.ok(makers.every((n) => Number(n) % 2 === 1), `${makers}`);
    assert.ok(breakers.every((n) => Number(n) % 2 === 0), `${breakers}`);
    // Maker moves last: the line ends with his copy.
    assert.equal(makers.length, breakers.length + 1);
    assert.match(await page.locator("#ani-out p.ani-line").textContent(), /^1\. M \(/);
    await guard.shot();
  });
});

test("animal: Snaky on 6x6 is a Breaker win, the line ending on a drawn pairing", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await openTab(page, "achieve");
    const verdict = await solveOn(page, "snaky", "6x6");
    assert.match(verdict, /Breaker wins/);
    const board = page.locator("#ani-out svg.ani-board");
    assert.equal(await board.locator("rect:not(.copy)").count(), 36);
    assert.equal(await board.locator("rect.copy").count(), 0);
    assert.ok(await board.locator("line.pair").count() > 0);
    await guard.shot();
  });
});

test("animal: O4 gets a paving drawn as dominoes; a board too large is refused in words", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await openTab(page, "achieve");
    await page.fill("#ani-animal", "O4");
    await page.click("#ani-pave");
    const paving = page.locator("#ani-out svg.ani-paving");
    await paving.waitFor({ timeout: 3 * TIMEOUT });
    assert.match(await page.locator("#ani-out p.verdict").textContent(), /is a loser/);
    assert.ok(await paving.locator("rect.domino").count() >= 8);
    await guard.shot();
    await page.fill("#ani-animal", "snaky");
    await page.fill("#ani-board", "9x9");
    await page.click("#ani-form button[type=submit]");
    await page.locator("#ani-out .error").waitFor({ timeout: TIMEOUT });
    assert.match(await page.locator("#ani-out .error").textContent(), /at most 64 cells/);
  }, { allow: [{ status: 400, url: /\/api\/achieve\/animal$/ }, { text: /400/ }] });
});
