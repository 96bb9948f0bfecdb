// The page itself: it loads with every script module, no console error, no
// failed request and nothing fetched from anywhere but the server; every tab
// opens. A last test checks that the guard behind all the tests does fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, openApp, openTab, withPage } from "../lib.js";

// The page's views (docs/serve.md, "The page").
const ALL_TABS = ["cgt", "tsumego", "nko", "semeai", "achieve"];

test("page: loads clean, local only, every tab opens", async (t) => {
  await withPage(t, async (page, guard) => {
    const requests = [];
    page.on("request", (r) => requests.push(r.url()));
    await openApp(page);
    assert.equal(await page.title(), "miai workbench");
    // The page's own scripts all arrived (app.js imports every view).
    for (const script of ["/js/app.js", "/js/util.js", "/js/cgt.js"]) {
      assert.ok(requests.includes(new URL(script, BASE).href), `${script} was not requested`);
    }
    const tabs = await page.locator("#tabs button[data-tab]").evaluateAll(
      (bs) => bs.map((b) => b.dataset.tab));
    for (const name of ALL_TABS) assert.ok(tabs.includes(name), `no tab ${name} in ${tabs}`);
    // The first tab is shown, and only it.
    assert.equal(await page.locator("section.tab.active").count(), 1);
    assert.ok(await page.locator(`#tab-${tabs[0]}`).isVisible());
    for (const name of tabs) {
      await openTab(page, name);
      assert.equal(await page.locator("section.tab:visible").count(), 1, `more than one view shown on ${name}`);
      assert.match(await page.locator(`#tabs button[data-tab="${name}"]`).getAttribute("class"), /\bactive\b/);
      assert.equal(new URL(page.url()).hash, `#${name}`);
    }
    await openTab(page, tabs[0]);
    await guard.shot();
    // Every request went to the server itself (the guard aborts the others).
    for (const url of requests) {
      assert.ok(url.startsWith(BASE) || url.startsWith("data:"), `request to ${url}`);
    }
  });
});

test("page: a deep link #nko opens that tab", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page, "nko");
    assert.ok(await page.locator("#tab-nko").isVisible());
    assert.ok(!(await page.locator("#tab-cgt").isVisible()));
    assert.match(await page.locator('#tabs button[data-tab="nko"]').getAttribute("class"), /\bactive\b/);
    // An address edited by hand (or back/forward) opens the tab it names.
    await page.evaluate(() => { location.hash = "tsumego"; });
    await page.locator("#tab-tsumego").waitFor({ state: "visible" });
    assert.ok(!(await page.locator("#tab-nko").isVisible()));
    await page.goBack();
    await page.locator("#tab-nko").waitFor({ state: "visible" });
    await guard.shot();
  });
});

test("page: the guard fails a test on a request leaving 127.0.0.1 and on a console error", async (t) => {
  // The guard is what makes "no console errors, no foreign requests" true of
  // every other test: check that it is not vacuous.
  await assert.rejects(
    withPage(t, async (page, guard) => {
      await openApp(page);
      await guard.shot();
      await page.evaluate(() => fetch("http://example.invalid/x.js").catch(() => null));
    }, { shotOnFailure: false }),
    /request leaving the server/);
  await assert.rejects(
    withPage(t, async (page) => {
      await openApp(page);
      await page.evaluate(() => console.error("deliberate"));
    }, { shotOnFailure: false }),
    /console error.*deliberate/);
});

test("page: fits a small laptop screen (1024 x 700) without sideways scrolling", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    const tabs = await page.locator("#tabs button[data-tab]").evaluateAll((bs) => bs.map((b) => b.dataset.tab));
    for (const name of tabs) {
      await openTab(page, name);
      const { scroll, width } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
      assert.ok(scroll <= width, `the ${name} tab is ${scroll} px wide in a ${width} px window`);
    }
    // With an answer shown, too: the CGT table and thermograph side by side.
    await openTab(page, "cgt");
    await page.click("#cgt-form button[type=submit]");
    await page.locator("#cgt-out .thermograph svg").waitFor();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= 1024, `the CGT answer is ${scroll} px wide`);
    await guard.shot();
  }, { viewport: { width: 1024, height: 700 } });
});

test("page: every answer says nosniff and may not be framed; the page's own POSTs pass the Origin check", async (t) => {
  await withPage(t, async (page, guard) => {
    const answers = [];
    page.on("response", (r) => answers.push(r));
    await openApp(page, "cgt");
    // A POST from the page carries its Origin, which is the server's own.
    const posted = page.waitForResponse((r) => r.url().endsWith("/api/cgt") && r.request().method() === "POST");
    await page.click("#cgt-form button[type=submit]");
    const post = await posted;
    assert.equal(post.status(), 200);
    assert.equal(await post.request().headerValue("origin"), new URL(BASE).origin);
    await page.locator("#cgt-out .thermograph svg").waitFor();
    assert.ok(answers.length >= 5, `only ${answers.length} answers`);
    for (const r of answers) {
      if (!r.url().startsWith(BASE)) continue;
      const h = await r.allHeaders();
      assert.equal(h["x-content-type-options"], "nosniff", r.url());
      assert.equal(h["content-security-policy"], "frame-ancestors 'none'", r.url());
    }
    await guard.shot();
  });
});
