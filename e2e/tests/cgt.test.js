// The CGT calculator: type an expression, evaluate, read the answers and see
// the thermograph drawn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openApp, openTab, withPage } from "../lib.js";

// Evaluates `expr` (cooled by `cool`, heated by `heat` when given) and
// returns the answer table as {label: value}.
async function evaluate(page, expr, cool, heat) {
  await openTab(page, "cgt");
  await page.fill("#cgt-expr", expr);
  await page.fill("#cgt-cool", cool ?? "");
  await page.fill("#cgt-heat", heat ?? "");
  await page.click("#cgt-form button[type=submit]");
  await page.locator("#cgt-out table.kv").waitFor();
  const rows = await page.locator("#cgt-out table.kv tr").evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector("th").textContent.trim(), tr.querySelector("td").textContent.trim()]));
  return Object.fromEntries(rows);
}

// The thermograph: an SVG with some size, walls drawn in it, and a legend
// saying which wall is which.
async function assertThermograph(page) {
  const svg = page.locator("#cgt-out .thermograph svg");
  await svg.waitFor({ state: "visible" });
  const box = await svg.boundingBox();
  assert.ok(box && box.width > 100 && box.height > 100, `thermograph box ${JSON.stringify(box)}`);
  const marks = await svg.locator("path, polyline, line").count();
  assert.ok(marks >= 2, `the thermograph has ${marks} lines`);
  const legend = await svg.locator("g.legend").textContent();
  assert.match(legend, /left wall/);
  assert.match(legend, /right wall/);
  assert.match(legend, /mast/);
}

test("cgt: seed 002's race {4|0} + {6|{4|0}} - 7", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    const r = await evaluate(page, "{4|0} + {6|{4|0}} - 7", "2");
    // Seed 002, §4.4 (and §3's rule): the adjusted g is 0, so the side that
    // plays first wins: outcome N.
    assert.match(r.outcome, /^N \(the first player wins\)$/);
    // Worked by hand from the definitions (Berlekamp, "The economist's view
    // of combinatorial games"; Siegel, CGT, ch. II.5). Left's options are
    // {3|{1|-3}} and {3|-1}, with right stops 1 and -1: left stop 1. Right's
    // are {-1|{-3|-7}} and {{1|-3}|{-3|-7}}, with left stops -1 and -3:
    // right stop -3.
    assert.equal(r.stops, "left 1, right -3");
    // Means add: m({4|0}) = 2, m({6|{4|0}}) = 4 (its walls 6 - t and 4 meet
    // at t = 2), so m(G) = 2 + 4 - 7 = -1; the temperature is the largest
    // of the parts', 2.
    assert.equal(r.mean, "-1");
    assert.equal(r.temperature, "2");
    // Cooled by 2: {4|0} -> {2|2} = 2*, {6|{4|0}} -> {4|4*} = 4^, so
    // g = 2* + 4^ - 7 = -1^* (seed 002 §3: g = Cool(G, 2)).
    assert.equal(r["cooled by 2"], "-1^*");
    // -1^* is confused with -1 only (^* is fuzzy with 0 alone).
    assert.match(r["confused with integers"], /^-1$/);
    await assertThermograph(page);
    await guard.shot();
  });
});

test("cgt: the switch {3|-1} has mean 1 and temperature 2", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    const r = await evaluate(page, "{3|-1}", "2");
    // A switch {a|b} with numbers a > b is canonical, its stops are a and b,
    // mean (a + b) / 2 = 1 and temperature (a - b) / 2 = 2 (Berlekamp and
    // Wolfe, Mathematical Go, ch. 2); cooled by its temperature it is
    // {1|1} = 1*, and the first player wins.
    assert.equal(r["canonical form"], "{3|-1}");
    assert.equal(r.stops, "left 3, right -1");
    assert.equal(r.mean, "1");
    assert.equal(r.temperature, "2");
    assert.equal(r["cooled by 2"], "1*");
    assert.match(r.outcome, /^N /);
    await assertThermograph(page);
    await guard.shot();
  });
});

test("cgt: heating * by 1 gives +-1, heating {3|-1} by 1/2 gives {7/2|-3/2}", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    // Heating by t: numbers stay, other games become {G^L + t | G^R - t}
    // (Berlekamp and Wolfe, Mathematical Go, ch. 2; "integrating"): so * by
    // 1 is {0+1|0-1} = +-1, the inverse of cooling +-1 by 1 (= *).
    let r = await evaluate(page, "*", "", "1");
    assert.equal(r["heated by 1"], "+-1");
    assert.equal(r["cooled by 1"], undefined);
    r = await evaluate(page, "{3|-1}", "", "1/2");
    assert.equal(r["heated by 1/2"], "{7/2|-3/2}");
    r = await evaluate(page, "+-1", "1", "");
    assert.equal(r["cooled by 1"], "*");
    await guard.shot();
  });
});

test("cgt: up's options, incentives, reduced form and atomic weight", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    const r = await evaluate(page, "^", "");
    // CGSuite's own test table (CanonicalShortGameTestCase.scala): ^ has
    // Left options {0} and Right options {*}.
    assert.equal(r["left options"], "0");
    assert.equal(r["right options"], "*");
    // Incentives by definition: 0 - ^ = v and ^ - * = ^*.
    assert.equal(r["left incentives"], "v");
    assert.equal(r["right incentives"], "^*");
    // Winning Ways ch. 8: the atomic weight of ^ is 1; an infinitesimal
    // reduces to 0 (CGSuite's ReducedCanonicalForm).
    assert.equal(r["atomic weight"], "1");
    assert.equal(r["reduced canonical form"], "0");
    const hot = await evaluate(page, "{3|-1}", "");
    assert.match(hot["atomic weight"], /^not defined/);
    await guard.shot();
  });
});

test("cgt: a malformed expression shows the server's error, naming the column", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await openTab(page, "cgt");
    await page.fill("#cgt-expr", "{3|");
    await page.fill("#cgt-cool", "");
    await page.click("#cgt-form button[type=submit]");
    const error = page.locator("#cgt-out .error");
    await error.waitFor();
    // The column once, and the expression named as the page names it (not
    // by the request's JSON field).
    const text = await error.textContent();
    assert.match(text, /^cannot parse the expression at column 4: /);
    assert.equal(text.match(/column/g).length, 1, text);
    assert.doesNotMatch(text, /\bexpr\b/);
    assert.ok(await page.locator("#cgt-form button[type=submit]").isEnabled());
    await guard.shot();
  }, {
    // The 400 answer is the point of this test (and Chromium logs it).
    allow: [
      { status: 400, url: /\/api\/cgt$/ },
      { text: /Failed to load resource: the server responded with a status of 400/ },
    ],
  });
});
