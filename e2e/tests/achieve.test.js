// The achievement view (seed 004): a creature, its area family, the
// Maker-Breaker proof run as a job, and its certificate downloaded and
// checked by `miai achieve verify`, the checker that shares no search code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TIMEOUT, openApp, openTab, withPage } from "../lib.js";

test("achieve: seed 004 Lemma 2, Breaker wins on 14 cells; the certificate verifies", async (t) => {
  await withPage(t, async (page, guard) => {
    await openApp(page);
    await openTab(page, "achieve");
    // Lemma 2 (§3): the Fig. 3 creature {0,4,5,7,15} on a 14-cell area;
    // Breaker wins (先手が石を打つことは不可能である).
    await page.fill("#ach-creature", "0,4,5,7,15");
    await page.selectOption("#ach-mode", "area");
    await page.fill("#ach-area", "14");
    await page.click("#ach-form button[type=submit]");
    // The family: 14 sets, the seed's list (crates/achieve/tests/data/seed_lemmas.txt).
    await page.locator("#ach-family-out svg.ach-family").waitFor({ timeout: TIMEOUT });
    await page.setChecked("#ach-cert", true);
    await page.click("#ach-prove");
    const verdict = page.locator("#ach-proof-out p.verdict");
    await verdict.waitFor({ timeout: 3 * TIMEOUT });
    assert.match(await verdict.textContent(), /Breaker wins/);
    const link = page.locator("#ach-proof-out a.download");
    await link.waitFor({ timeout: TIMEOUT });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const file = join(mkdtempSync(join(tmpdir(), "miai-e2e-")), download.suggestedFilename());
    await download.saveAs(file);
    // The downloaded certificate is accepted by the independent checker.
    const out = execFileSync(process.env.MIAI_BIN, ["achieve", "verify", file], { encoding: "utf8" });
    assert.match(out, /^accepted: breaker wins/, out);
    await guard.shot();
  });
});
