// miai workbench: the page's entry point. Each view lives in its own module
// and exposes `init()`; this one wires the tabs. Plain JavaScript modules, no
// build step and no network beyond this server's own /api/ endpoints (see
// docs/serve.md).
import * as achieve from "./achieve.js";
import * as cgt from "./cgt.js";
import * as nko from "./nko.js";
import * as semeai from "./semeai.js";
import * as tsumego from "./tsumego.js";

// The views, in tab order: `name` matches `data-tab` and `tab-<name>`.
const VIEWS = [
  { name: "cgt", view: cgt },
  { name: "tsumego", view: tsumego },
  { name: "nko", view: nko },
  { name: "semeai", view: semeai },
  { name: "achieve", view: achieve },
];

const tabButtons = () => [...document.querySelectorAll("#tabs button[data-tab]")];

// Shows view `name`; `focus` moves the keyboard focus to its tab button.
function selectTab(name, focus = false) {
  for (const b of tabButtons()) {
    const on = b.dataset.tab === name;
    b.classList.toggle("active", on);
    b.setAttribute("aria-selected", String(on));
    if (on && focus) b.focus();
  }
  for (const s of document.querySelectorAll(".tab")) {
    s.classList.toggle("active", s.id === `tab-${name}`);
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}

// The tab bar from the keyboard (WAI-ARIA tabs pattern): Tab reaches each
// button and Enter/Space opens it (they are buttons); the arrow keys, Home
// and End move along the bar and open the tab they reach.
function onTabKey(e) {
  const buttons = tabButtons();
  const i = buttons.indexOf(document.activeElement);
  if (i < 0) return;
  const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: buttons.length - 1 }[e.key];
  if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  // The views' own shortcuts (listening on the document) must not act too.
  e.stopPropagation();
  selectTab(buttons[(to + buttons.length) % buttons.length].dataset.tab, true);
}

// A tab named in the address (#name), if it is one of the views.
function tabFromHash() {
  const name = location.hash.slice(1);
  return VIEWS.some((v) => v.name === name) ? name : null;
}

function init() {
  for (const b of tabButtons()) {
    b.setAttribute("aria-controls", `tab-${b.dataset.tab}`);
    b.setAttribute("aria-selected", String(b.classList.contains("active")));
    b.addEventListener("click", () => selectTab(b.dataset.tab));
  }
  for (const s of document.querySelectorAll("section.tab")) s.setAttribute("role", "tabpanel");
  document.getElementById("tabs").addEventListener("keydown", onTabKey);
  // Back/forward or an edited address opens the tab it names.
  window.addEventListener("hashchange", () => {
    const name = tabFromHash();
    if (name) selectTab(name);
  });
  // One view failing to start must not take the others (or the tabs) down.
  for (const { name, view } of VIEWS) {
    try {
      view.init();
    } catch (err) {
      console.error(`miai: the ${name} view failed to start:`, err);
    }
  }
  const start = tabFromHash();
  if (start) selectTab(start);
}

init();
