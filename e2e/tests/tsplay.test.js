// Life and death, played against the solver: a user loads a problem, plays a
// wrong first move, sees the solver's refutation and the status, backs up
// with the keyboard, plays the right move and sees the status turn; then
// downloads the solution SGF and opens it in two SGF readers independent of
// miai's (tools/sgfcheck/: sgfmill and @sabaki/sgf).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS, ROOT, openApp, openTab, withPage } from "../lib.js";

// Straight three in the corner (the tsumego crate's test data): Black
// attacks White's eye space A19 B19 C19; the file's note names the vital
// point B19, which the test takes as the right move and A19 as a wrong one.
const FILE = join(ROOT, "crates", "tsumego", "tests", "data", "classic", "01_straight_three_corner.txt");
const RIGHT = "B19";
const WRONG = "A19";

const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// Clicks the GTP point `name` on the play board.
async function clickPoint(page, name) {
  const board = page.locator("#ts-play svg.ts-play-board");
  const d = await board.evaluate((svg) => ({ ...svg.dataset }));
  const [ox, oy] = d.origin.split(",").map(Number);
  const [, bh] = d.board.split(",").map(Number);
  const cell = Number(d.cell), margin = Number(d.margin);
  const x = LETTERS.indexOf(name[0]) - ox, y = bh - Number(name.slice(1)) - oy;
  await board.click({ position: { x: margin + cell * x, y: margin + cell * y } });
}

// The text the play panel says about the current node.
const said = (page) => page.locator("#ts-play .ts-said").textContent();

// The tree node shown as current.
const current = (page) => page.locator("#ts-play .ts-node.current").textContent();

test("tsumego play: a wrong move is refuted, the right one kills; the SGF opens in two readers", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await openTab(page, "tsumego");
    await page.fill("#ts-diagram", readFileSync(FILE, "utf8"));
    await page.selectOption("#ts-first", "attacker");
    await page.click("#ts-play-btn");
    await page.locator("#ts-play svg.ts-play-board").waitFor();
    // The region is shaded on the board.
    assert.ok(await page.locator("#ts-play svg .shade.region").count() > 0, "the region is drawn");
    assert.match(await said(page), /to move: dead/, "the attacker to move kills");

    // The wrong move: the solver answers it, and the status says the
    // defender lives.
    await clickPoint(page, WRONG);
    await page.locator("#ts-play .ts-node.solver").first().waitFor();
    const afterWrong = await said(page);
    assert.match(afterWrong, /the solver answers W [A-T]\d+/, afterWrong);
    assert.match(afterWrong, /status before it: alive/, afterWrong);
    assert.match(await current(page), /^2\. W /);
    await guard.shot("refuted");

    // Back up with the keyboard to the wrong move, where the status is
    // shown for the defender to move, then to the start.
    await page.locator("#ts-play").click({ position: { x: 2, y: 2 } });
    await page.keyboard.press("ArrowLeft");
    assert.match(await current(page), new RegExp(`^1\\. B ${WRONG}`));
    assert.match(await said(page), /White to move: alive — the defender wins/);
    await page.keyboard.press("Home");
    assert.equal(await page.locator("#ts-play .ts-node.current").count(), 0, "at the start");

    // The right move: the status turns.
    await clickPoint(page, RIGHT);
    await page.waitForFunction(() => document.querySelectorAll("#ts-play .ts-tree > li").length === 2);
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    assert.match(await current(page), new RegExp(`^1\\. B ${RIGHT}`));
    assert.match(await said(page), /White to move: dead — the attacker wins/);
    // Up and down switch between the two variations of the first move.
    await page.keyboard.press("ArrowUp");
    assert.match(await current(page), new RegExp(`^1\\. B ${WRONG}`));
    await page.keyboard.press("ArrowDown");
    assert.match(await current(page), new RegExp(`^1\\. B ${RIGHT}`));
    await guard.shot("right");

    // The solution as SGF, opened by two independent readers.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#ts-sgf-btn")]);
    assert.equal(download.suggestedFilename(), "solution.sgf");
    const file = join(ARTIFACTS, "tsplay-solution.sgf");
    await download.saveAs(file);
    const read = (program, script) => JSON.parse(execFileSync(program,
      [join(ROOT, "tools", "sgfcheck", script), file], { encoding: "utf8" }));
    const mill = read("python3", "check_sgfmill.py");
    const sabaki = read("node", "check_sabaki.mjs");
    for (const key of ["nodes", "moves", "passes", "leaves", "comments", "setup"]) {
      assert.equal(mill[key], sabaki[key], `the readers disagree on ${key}`);
    }
    assert.deepEqual(mill.first_moves, sabaki.first_moves);
    // The right move played on the page leads the file's variations (the
    // correct lines come first), the wrong one is not among them as correct.
    const sgfPoint = (name) => String.fromCharCode(97 + LETTERS.indexOf(name[0]))
      + String.fromCharCode(97 + 19 - Number(name.slice(1)));
    assert.equal(mill.first_moves[0], `B${sgfPoint(RIGHT)}`);
    const text = readFileSync(file, "utf8");
    assert.match(text, /C\[Correct\./);
  });
});
