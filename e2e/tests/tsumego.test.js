// Life and death: load a seed-003 diagram (the data files of the tsumego
// crate's tests), solve it for both first players and read each status.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, TIMEOUT, openApp, openTab, withPage } from "../lib.js";

const SEED003 = join(ROOT, "crates", "tsumego", "tests", "data", "seed003");

// A data file's text and its `expect:` header, e.g.
// {"attacker-first": "alive", "defender-first": "-"} ('-': the seed does not
// say).
function problem(file) {
  const text = readFileSync(join(SEED003, file), "utf8");
  const line = text.split("\n").find((l) => l.startsWith("expect:"));
  assert.ok(line, `${file} has no expect header`);
  const expect = Object.fromEntries(line.slice("expect:".length).trim().split(/\s+/).map((kv) => kv.split("=")));
  return { text, expect };
}

// Solves `text` for both first players; returns {attacker: status, defender: status}.
async function solve(page, text) {
  await openTab(page, "tsumego");
  await page.fill("#ts-diagram", text);
  await page.selectOption("#ts-first", "both");
  await page.click("#ts-form button[type=submit]");
  // Each first player's status is a `.status` word inside a heading (or a
  // button) that starts "attacker first" / "defender first".
  const read = () => page.evaluate(() => {
    const found = {};
    for (const s of document.querySelectorAll("#ts-out .status")) {
      const who = (s.parentElement.textContent || "").trim().match(/^(attacker|defender) first/);
      if (who) found[who[1]] = s.textContent.trim();
    }
    return found;
  });
  await page.waitForFunction(() => {
    const heads = [...document.querySelectorAll("#ts-out .status")]
      .map((s) => (s.parentElement.textContent || "").trim());
    return heads.some((h) => h.startsWith("attacker first")) && heads.some((h) => h.startsWith("defender first"));
  });
  const status = await read();
  // The problem is drawn on a board: the replay board, before move 1, has
  // the diagram's stones (not those of an earlier problem).
  assert.ok(await page.locator("#tab-tsumego svg.board").first().isVisible());
  const rows = text.split("\n").slice(text.split("\n").findIndex((l) => l.startsWith("diagram:")) + 1);
  const want = [...rows.join("")].filter((c) => c === "●" || c === "○").length;
  const drawn = await page.locator("#ts-replay svg.board .stone").count();
  assert.equal(drawn, want, "stones on the replay board at move 0");
  return status;
}

// Checks every side the seed states ('-' entries are not checked).
function assertExpected(file, expect, status) {
  let checked = 0;
  for (const side of ["attacker", "defender"]) {
    const want = expect[`${side}-first`];
    if (want === undefined || want === "-") continue;
    assert.equal(status[side], want, `${file}, ${side} first`);
    checked += 1;
  }
  assert.ok(checked > 0, `${file} states no status`);
}

test("tsumego: seed 003 tenuki diagram, alive for both first players", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    const file = "02_tenuki.txt";
    const { text, expect } = problem(file);
    // Seed 003 §2(2), lines 26-34: alive whoever moves first.
    assert.deepEqual([expect["attacker-first"], expect["defender-first"]], ["alive", "alive"]);
    const status = await solve(page, text);
    assertExpected(file, expect, status);
    await guard.shot();
  });
});

test("tsumego: seed 003 ko-disadvantaged diagram, dead with White (attacker) first", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    const file = "03_dead_ko_disadvantaged.txt";
    const { text, expect } = problem(file);
    // Seed 003 §2(2), line 35: unconditionally dead (無条件死).
    assert.equal(expect["attacker-first"], "dead");
    const status = await solve(page, text);
    assertExpected(file, expect, status);
    // Both first players get an answer, even where the seed says nothing.
    assert.ok(status.defender, "no result for the defender first");
    // Stepping to the end of the attacker's variation draws the position
    // the server replayed (the report's last position), not one the page
    // computes: the same stones and move numbers.
    const report = await page.evaluate(async (diagram) => {
      const r = await fetch("/api/tsumego", {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ diagram, first: "attacker" }),
      });
      return r.json();
    }, text);
    const steps = report.results[0].positions;
    assert.ok(steps.length > 1, "a variation to step through");
    await page.click(".ts-first[data-i='0']");
    await page.click("#ts-replay button[title='end (End)']");
    const last = steps[steps.length - 1];
    assert.equal(await page.locator("#ts-replay svg.board .stone").count(),
      last.stones.join("").replace(/\./g, "").length, "stones at the end of the variation");
    assert.equal(await page.locator("#ts-replay svg.board .num").count(), last.numbers.length,
      "move numbers at the end of the variation");
    await guard.shot();
  });
});

// A 28-point open corner the search does not settle quickly (the same one
// crates/cli/tests/serve_jobs.rs cancels over HTTP).
const HARD = [
  "attacker: black", "to-move: black", "diagram:",
  "┌┬┬┬┬┬┬●┬", "├┼┼┼┼┼┼●┼", "├┼○○┼┼┼●┼", "├┼┼┼┼┼┼●┼", "●●●●●●●●┼", "├┼┼┼┼┼┼┼┼",
].join("\n");

test("tsumego: a long search shows progress and the Cancel button stops it", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await openTab(page, "tsumego");
    await page.waitForLoadState("networkidle");
    await page.fill("#ts-diagram", HARD);
    await page.selectOption("#ts-first", "attacker");
    await page.click("#ts-form button[type=submit]");
    // Progress arrives (a node count), then Cancel.
    await page.waitForFunction(() => /\d[\d,]* nodes/.test(document.getElementById("ts-out").textContent),
      null, { timeout: TIMEOUT });
    await page.click("#ts-out .job-cancel");
    // The partial report: not proven, stopped because cancelled.
    await page.waitForFunction(() => /no \(cancelled\)/.test(document.getElementById("ts-out").textContent),
      null, { timeout: TIMEOUT });
    assert.ok(await page.locator("#ts-out .status").count() > 0, "the partial result has a status");
    await guard.shot();
  });
});

// Cho Elementary Prob0021 after the book's A19 (a case file of the tsumego
// crate's tests, book rules): the seed's N model calls White's group a ko
// with White first, the ko-threat counts dead (the book regime's stop clears
// the threats: a bent four the attacker must start). The page leads with the
// counts, as the CLI's text does, and names the N model's ko below them.
test("tsumego: where the threat counts and the seed's model disagree, the counts lead", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    const text = readFileSync(join(ROOT, "crates", "tsumego", "tests", "data", "cases",
      "cho-elementary-0021-after-a19.txt"), "utf8");
    const status = await solve(page, text);
    assert.equal(status.attacker, "dead");
    assert.equal(status.defender, "dead");
    await page.click(".ts-first[data-i='1']");
    const info = await page.locator("#ts-replay .result").textContent();
    assert.match(info, /dead \[d\]/);
    assert.match(info, /the seed's ko model.*ko \(whoever has the ko threats wins\)/s);
    await guard.shot();
  });
});
