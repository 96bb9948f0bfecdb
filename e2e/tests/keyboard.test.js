// Keyboard use of the tab bar: Tab moves between the tab buttons and Enter
// or Space opens one; the arrow keys, Home and End move along the bar and
// open the tab they reach (the WAI-ARIA tabs pattern); the selected tab says
// so to assistive technology (aria-selected).
import { test } from "node:test";
import assert from "node:assert/strict";
import { openApp, withPage } from "../lib.js";

const focusedTab = (page) => page.evaluate(() => document.activeElement?.dataset?.tab ?? null);
const shownView = (page) => page.evaluate(() => document.querySelector("section.tab.active")?.id ?? null);

async function waitShown(page, name) {
  await page.locator(`#tab-${name}`).waitFor({ state: "visible" });
  assert.equal(await shownView(page), `tab-${name}`);
  const selected = await page.locator("#tabs button[data-tab]").evaluateAll((bs) =>
    bs.filter((b) => b.getAttribute("aria-selected") === "true").map((b) => b.dataset.tab));
  assert.deepEqual(selected, [name]);
}

test("keyboard: Tab and Enter or Space on the tab buttons switch views", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    const tabs = await page.locator("#tabs button[data-tab]").evaluateAll((bs) => bs.map((b) => b.dataset.tab));
    assert.ok(tabs.length >= 3, `tabs ${tabs}`);
    await waitShown(page, tabs[0]);
    // From the top of the page, Tab reaches the tab buttons in order.
    await page.keyboard.press("Tab");
    assert.equal(await focusedTab(page), tabs[0]);
    await page.keyboard.press("Tab");
    assert.equal(await focusedTab(page), tabs[1]);
    await page.keyboard.press("Enter");
    await waitShown(page, tabs[1]);
    await page.keyboard.press("Tab");
    assert.equal(await focusedTab(page), tabs[2]);
    await page.keyboard.press(" ");
    await waitShown(page, tabs[2]);
    await guard.shot();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    assert.equal(await focusedTab(page), tabs[0]);
    await page.keyboard.press("Enter");
    await waitShown(page, tabs[0]);
  });
});

test("keyboard: arrow keys, Home and End move along the tab bar", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    const tabs = await page.locator("#tabs button[data-tab]").evaluateAll((bs) => bs.map((b) => b.dataset.tab));
    await page.keyboard.press("Tab");
    assert.equal(await focusedTab(page), tabs[0]);
    await page.keyboard.press("ArrowRight");
    assert.equal(await focusedTab(page), tabs[1]);
    await waitShown(page, tabs[1]);
    await page.keyboard.press("End");
    assert.equal(await focusedTab(page), tabs.at(-1));
    await waitShown(page, tabs.at(-1));
    // Wraps round at the ends.
    await page.keyboard.press("ArrowRight");
    assert.equal(await focusedTab(page), tabs[0]);
    await waitShown(page, tabs[0]);
    await page.keyboard.press("ArrowLeft");
    await waitShown(page, tabs.at(-1));
    await page.keyboard.press("Home");
    await waitShown(page, tabs[0]);
    await guard.shot();
  });
});

test("keyboard: the CGT form is submitted with Enter", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await page.focus("#cgt-expr");
    await page.keyboard.press("Enter");
    await page.locator("#cgt-out table.kv").waitFor();
    await page.locator("#cgt-out .thermograph svg").waitFor();
    await guard.shot();
  });
});
