// Shared helpers of the miai end-to-end tests: one headless Chromium per test
// file (Debian's /usr/bin/chromium driven by playwright-core: Playwright's own
// browser download is not reachable from CI), a fresh context per test, a
// guard that fails the test on console errors, page errors, failed requests
// and any request leaving 127.0.0.1, and full-page screenshots saved as
// artifacts. The server is started by `e2e/run`, which passes its address in
// MIAI_URL.
import { after, before } from "node:test";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));

/** The server under test, e.g. `http://127.0.0.1:41234/`. */
export const BASE = process.env.MIAI_URL;
if (!BASE) {
  throw new Error("MIAI_URL is not set: run the tests through e2e/run, which starts `miai serve`");
}
const BASE_HOST = new URL(BASE).host;

/** The repository root (test data files are read from there). */
export const ROOT = resolve(here, "..");

/** Where screenshots go: $E2E_ARTIFACTS, else target/e2e-artifacts. */
export const ARTIFACTS = resolve(process.env.E2E_ARTIFACTS || join(ROOT, "target", "e2e-artifacts"));
mkdirSync(ARTIFACTS, { recursive: true });

// How long one wait on page state may take before the test fails. The
// analyses behind the page answer in well under a second on the seed
// positions; the margin is for a loaded 2-core CI machine.
export const TIMEOUT = Number(process.env.E2E_TIMEOUT_MS || 20000);

// The flags the CI machines need: without the background-networking ones
// Chromium tries to reach Google's hosts at every start and the machine's
// closed network refuses them (the workplace notes on this machine).
const CHROMIUM_ARGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

let browser = null;

// One browser per test file (node --test runs each file in its own process).
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    chromiumSandbox: false,
    headless: true,
  });
});

after(async () => {
  if (browser) await browser.close();
});

/** A file name made from a test's name. */
function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 80);
}

/**
 * Runs `body(page, guard)` on a fresh page of the app, then fails the test on
 * anything the guard saw: a console error, an uncaught page error, a failed
 * request, an HTTP error answer or a request to another host than the
 * server. `allow` lists the problems the test provokes on purpose (objects
 * with an optional `status` and a `url` or `text` RegExp). On failure a
 * screenshot `<test>-failure.png` is saved next to the others.
 */
export async function withPage(t, body, { allow = [], viewport = { width: 1280, height: 900 }, shotOnFailure = true } = {}) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  const allowed = (p) => allow.some((a) =>
    (a.status === undefined || a.status === p.status)
    && (a.url === undefined || (p.url !== undefined && a.url.test(p.url)))
    && (a.text === undefined || (p.text !== undefined && a.text.test(p.text))));
  const note = (p) => { if (!allowed(p)) problems.push(p); };

  // Every request: only the server itself may be asked. Anything else is
  // recorded and aborted, so that the test never reaches the network.
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if ((url.protocol === "http:" || url.protocol === "https:") && url.host !== BASE_HOST) {
      note({ kind: "request leaving the server", url: url.href });
      return route.abort("blockedbyclient");
    }
    return route.continue();
  });
  page.on("console", (msg) => {
    if (msg.type() === "error") {
      const loc = msg.location();
      note({ kind: `console ${msg.type()}`, text: msg.text(), url: loc && loc.url });
    }
  });
  page.on("pageerror", (err) => note({ kind: "page error", text: String(err && err.stack || err) }));
  page.on("requestfailed", (req) => {
    const url = req.url();
    const why = req.failure() && req.failure().errorText;
    // Our own abort of a foreign request is already recorded above; a
    // request the page cancels itself (AbortController, net::ERR_ABORTED)
    // is the page's choice, not a failure.
    if (new URL(url).host !== BASE_HOST || why === "net::ERR_ABORTED") return;
    note({ kind: "request failed", url, text: why });
  });
  // WebSockets bypass context.route: check their address here.
  page.on("websocket", (ws) => {
    if (new URL(ws.url()).host !== BASE_HOST) note({ kind: "request leaving the server", url: ws.url() });
  });
  page.on("response", (res) => {
    if (res.status() >= 400) note({ kind: "HTTP error", status: res.status(), url: res.url() });
  });

  const guard = {
    problems,
    /** Takes the test's full-page screenshot (`<test>[-suffix].png`). */
    shot: async (suffix) => {
      const file = join(ARTIFACTS, `${slug(t.name)}${suffix ? `-${suffix}` : ""}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
  };
  try {
    await body(page, guard);
    // Errors that arrive a little late (a console message after a render).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    if (problems.length) {
      throw new Error(`the page reported ${problems.length} problem(s):\n`
        + problems.map((p) => `  ${JSON.stringify(p)}`).join("\n"));
    }
  } catch (err) {
    if (shotOnFailure) {
      try { await guard.shot("failure"); } catch (_) { /* the page may be gone */ }
    }
    throw err;
  } finally {
    await context.close();
  }
}

/** Opens the page (optionally at `#tab`) and waits for its modules to run. */
export async function openApp(page, hash = "") {
  await page.goto(new URL(hash ? `/#${hash}` : "/", BASE).href, { waitUntil: "load" });
  // app.js selects a tab once every view's init() ran: a tab button is
  // active and its section shown.
  await page.locator("#tabs button.active").first().waitFor();
  await page.locator("section.tab.active").first().waitFor();
}

/** Clicks the tab button `name` and waits for its section to show. */
export async function openTab(page, name) {
  await page.locator(`#tabs button[data-tab="${name}"]`).click();
  await page.locator(`#tab-${name}`).waitFor({ state: "visible" });
}
