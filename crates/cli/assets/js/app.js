// miai workbench: the page's entry point. Each view lives in its own module
// and exposes `init()`; this one wires the tabs. Plain JavaScript modules, no
// build step and no network beyond this server's own /api/ endpoints (see
// docs/serve.md).
import * as achieve from "./achieve.js";
import * as cgt from "./cgt.js";
import * as nko from "./nko.js";
import * as tsumego from "./tsumego.js";

// The views, in tab order: `name` matches `data-tab` and `tab-<name>`.
const VIEWS = [
  { name: "cgt", view: cgt },
  { name: "tsumego", view: tsumego },
  { name: "nko", view: nko },
  { name: "achieve", view: achieve },
];

function selectTab(name) {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.classList.toggle("active", b.dataset.tab === name);
  }
  for (const s of document.querySelectorAll(".tab")) {
    s.classList.toggle("active", s.id === `tab-${name}`);
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}

function init() {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => selectTab(b.dataset.tab));
  }
  for (const { view } of VIEWS) view.init();
  const start = location.hash.slice(1);
  if (VIEWS.some((v) => v.name === start)) selectTab(start);
}

init();
