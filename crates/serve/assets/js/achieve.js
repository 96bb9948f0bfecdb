// The achievement view (seed 004): a creature on the line, its area family
// drawn as the seed's pictures (every placement whose anchor stone lies in
// the area), a pairing (paving) strategy, and the Maker-Breaker proof run as
// a job with progress, cancel and a certificate to download.
import { $, api, el, svgEl, kv, showError } from "./util.js";
import { runJob } from "./jobs.js";
import * as animal from "./animal.js";

const EXAMPLES = [
  { label: "Fig. 3, 14 cells (Lemma 2: Breaker)", creature: "0,4,5,7,15", area: "14" },
  { label: "Fig. 6, 15 cells (Lemma 4: Breaker)", creature: "0,4,6,7,15", area: "15" },
  { label: "Fig. 6, 16 cells (Lemma 5: Maker)", creature: "0,4,6,7,15", area: "16" },
  { label: "0,2,7,8,11 on 13 cells (paving winner, loser)", creature: "0,2,7,8,11", area: "13" },
  { label: "Fig. 3 on the tile 0,2,3,5", creature: "0,4,5,7,15", tile: "0,2,3,5" },
];

const CELL = 18;

// The creature's cells from the text box (integers, any order), or null.
function creatureCells() {
  const text = $("ach-creature").value.trim();
  if (!text) return [];
  const cells = text.split(/[\s,]+/).filter(Boolean).map(Number);
  if (cells.some((c) => !Number.isInteger(c))) return null;
  return [...new Set(cells)].sort((a, b) => a - b);
}

// The request fields shared by every endpoint.
function spec() {
  const body = { creature: $("ach-creature").value.trim(), mirror: $("ach-mirror").checked };
  const mode = $("ach-mode").value;
  const size = $("ach-area").value.trim();
  if (mode === "tile") body.tile = size;
  else body.area = Number(size);
  const anchor = $("ach-anchor").value;
  if (anchor !== "") body.anchor = Number(anchor);
  return body;
}

// The small grid under the creature box: click cells to toggle them.
function drawPicker() {
  const box = $("ach-picker");
  const cells = creatureCells() || [];
  const min = cells.length ? Math.min(0, cells[0]) : 0;
  const max = Math.max(19, (cells.length ? cells[cells.length - 1] : 0) + 4);
  const width = (max - min + 1) * CELL;
  const svg = svgEl("svg", { width, height: CELL + 16, class: "ach-picker", role: "grid" });
  for (let x = min; x <= max; x++) {
    const on = cells.includes(x);
    const g = svgEl("g", { class: "ach-pick" + (on ? " on" : ""), "data-cell": x });
    g.append(svgEl("rect", { x: (x - min) * CELL + 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 3 }));
    if (on) g.append(svgEl("circle", { cx: (x - min) * CELL + CELL / 2, cy: CELL / 2, r: CELL / 2 - 4 }));
    const t = svgEl("text", { x: (x - min) * CELL + CELL / 2, y: CELL + 12, "text-anchor": "middle" });
    t.textContent = x % 5 === 0 ? String(x) : "";
    g.append(t);
    g.addEventListener("click", () => toggleCell(x));
    svg.append(g);
  }
  box.replaceChildren(svg);
  // Anchor choices: the creature's stones.
  const sel = $("ach-anchor");
  const keep = sel.value;
  sel.replaceChildren(el("option", { value: "" }, "middle"));
  cells.forEach((c, i) => sel.append(el("option", { value: String(i) }, `${i} (cell ${c})`)));
  if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
}

function toggleCell(x) {
  const cells = creatureCells() || [];
  const next = cells.includes(x) ? cells.filter((c) => c !== x) : [...cells, x].sort((a, b) => a - b);
  $("ach-creature").value = next.join(",");
  drawPicker();
}

// The seed's picture: one row per placement whose anchor lies in the area;
// area cells shaded, the placement's stones filled inside the area and
// hollow outside, the anchor stone ringed.
function familyPicture(f) {
  const area = new Set(f.area.cells);
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of f.placements) for (const c of p.cells) { lo = Math.min(lo, c); hi = Math.max(hi, c); }
  for (const c of f.area.cells) { lo = Math.min(lo, c); hi = Math.max(hi, c); }
  const left = 118;
  const top = 22;
  const width = left + (hi - lo + 1) * CELL + 8;
  const height = top + f.placements.length * CELL + 8;
  const svg = svgEl("svg", { width, height, class: "ach-family", viewBox: `0 0 ${width} ${height}` });
  for (let x = lo; x <= hi; x++) {
    const X = left + (x - lo) * CELL;
    if (area.has(x)) {
      svg.append(svgEl("rect", { x: X, y: top - 4, width: CELL, height: f.placements.length * CELL + 8, class: "area" }));
    }
    if (x % 5 === 0 || area.has(x) && (x === f.area.cells[0] || x === f.area.cells[f.area.cells.length - 1])) {
      const t = svgEl("text", { x: X + CELL / 2, y: 12, "text-anchor": "middle", class: "axis" });
      t.textContent = String(x);
      svg.append(t);
    }
  }
  f.placements.forEach((p, row) => {
    const Y = top + row * CELL + CELL / 2;
    const inside = p.cells.filter((c) => area.has(c)).map((c) => f.area.cells.indexOf(c));
    const label = svgEl("text", { x: 4, y: Y + 4, class: "label" });
    label.textContent = `${p.mirrored ? "mirror " : ""}@${p.anchor_at}: {${inside.join(",")}}`;
    svg.append(label);
    svg.append(svgEl("line", {
      x1: left + (p.cells[0] - lo) * CELL + CELL / 2, y1: Y,
      x2: left + (p.cells[p.cells.length - 1] - lo) * CELL + CELL / 2, y2: Y, class: "span",
    }));
    p.cells.forEach((c) => {
      const cx = left + (c - lo) * CELL + CELL / 2;
      const isAnchor = c === p.anchor_at;
      svg.append(svgEl("circle", {
        cx, cy: Y, r: CELL / 2 - 3,
        class: (area.has(c) ? "stone in" : "stone out") + (isAnchor ? " anchor" : ""),
      }));
    });
  });
  return svg;
}

async function showFamily() {
  const out = $("ach-family-out");
  out.replaceChildren(el("p", { class: "busy" }, "working…"));
  try {
    const f = await api("/api/achieve/family", spec());
    const sets = f.sets.map((s) => `{${s.join(", ")}}`).join(", ");
    out.replaceChildren(
      kv([
        ["creature", `${f.creature}  (offsets about stone ${f.anchor}: {${f.offsets.join(", ")}})`],
        ["area", f.area.consecutive ? `${f.area.cells.length} consecutive cells` : `tile ${f.area.cells.join(",")} (period ${f.area.period})`],
        ["family", `${f.sets.length} sets (${f.minimal_sets} inclusion-minimal), ${f.placements.length} placements`],
      ]),
      el("div", { class: "ach-pic" }, familyPicture(f)),
      el("p", { class: "hint" }, "Each row: a placement whose anchor stone (ringed) lies in the area (shaded) ",
        "at the cell after @; filled stones are inside the area, and the braces list them as area cells 0.. ",
        "(the seed's Fig. 4, 7 and 8)."),
      el("details", {}, el("summary", {}, "the family's sets (area cells)"), el("p", { class: "sets" }, sets)),
    );
  } catch (err) {
    showError(out, err);
  }
}

// Two or three periods of the line, each pair class in its own colour with
// an arc joining its cells.
function pairingPicture(period, pairs) {
  let span = 0;
  for (const [a, b] of pairs) span = Math.max(span, b);
  const cells = Math.max(3 * period, span + period + 1);
  const width = cells * CELL + 10;
  const height = 74;
  const svg = svgEl("svg", { width, height, class: "ach-pairing", viewBox: `0 0 ${width} ${height}` });
  const y = 52;
  for (let x = 0; x < cells; x++) {
    svg.append(svgEl("rect", { x: 5 + x * CELL + 1, y: y - CELL / 2, width: CELL - 2, height: CELL - 2, class: "cell" }));
    if (x % period === 0) {
      const t = svgEl("text", { x: 5 + x * CELL + CELL / 2, y: 72, "text-anchor": "middle", class: "axis" });
      t.textContent = String(x);
      svg.append(t);
    }
  }
  pairs.forEach(([a, b], i) => {
    const hue = Math.round((360 * i) / pairs.length);
    for (let k = -Math.ceil(b / period); k * period + a < cells; k++) {
      const A = a + k * period;
      const B = b + k * period;
      if (A < 0 || B >= cells) continue;
      const xa = 5 + A * CELL + CELL / 2;
      const xb = 5 + B * CELL + CELL / 2;
      const color = `hsl(${hue} 60% 42%)`;
      svg.append(svgEl("path", {
        d: `M ${xa} ${y - CELL / 2} Q ${(xa + xb) / 2} ${y - CELL / 2 - 10 - 4 * (B - A)} ${xb} ${y - CELL / 2}`,
        stroke: color, fill: "none", "stroke-width": 2,
      }));
      for (const X of [xa, xb]) svg.append(svgEl("circle", { cx: X, cy: y - 1, r: 5, fill: color }));
    }
  });
  return svg;
}

async function showPairing() {
  const out = $("ach-pairing-out");
  out.replaceChildren(el("p", { class: "busy" }, "searching for a pairing…"));
  try {
    const body = { creature: $("ach-creature").value.trim(), mirror: $("ach-mirror").checked };
    const r = await api("/api/achieve/pairing", body);
    if (r.result === "found") {
      out.replaceChildren(
        el("p", { class: "verdict good" }, `Pairing found (period ${r.period}): Breaker answers in the partner cell `
          + `and blocks every placement, so ${r.creature} is a loser.`),
        el("div", { class: "ach-pic" }, pairingPicture(r.period, r.pairs)),
        el("p", { class: "hint" }, "Pairs " + r.pairs.map(([a, b]) => `{${a},${b}}`).join(" ")
          + ` repeat with period ${r.period}: {a + kP, b + kP} for every k.`),
      );
    } else if (r.result === "impossible") {
      out.replaceChildren(el("p", { class: "verdict" }, "No pairing strategy exists: " + r.reason
        + ". Only a dynamic strategy (the area proof) can show it is a loser."));
    } else {
      out.replaceChildren(el("p", { class: "verdict" }, `Unknown: no blocking pairing with period up to ${r.max_period}`
        + (r.budget_exhausted_periods.length ? ` (the search budget ran out on periods ${r.budget_exhausted_periods.join(", ")})` : "")
        + "."));
    }
  } catch (err) {
    showError(out, err);
  }
}

async function prove() {
  const out = $("ach-proof-out");
  const button = $("ach-prove");
  button.disabled = true;
  out.replaceChildren();
  const params = { ...spec(), certificate: $("ach-cert").checked };
  showFamily(); // the picture of the game being solved
  try {
    const { job, result } = await runJob("achieve", params, out, { label: "Maker-Breaker search" });
    if (!result) return;
    const maker = result.result === "maker";
    const breaker = result.result === "breaker";
    const words = breaker
      ? `Breaker wins with Maker moving first: ${result.creature} is a loser (every placement has its anchor in exactly one copy of the area, where Breaker wins; seed 004, Theorem 3).`
      : maker
        ? "Maker wins on this area: the area method fails here (this does not make the creature a winner; try another area or anchor)."
        : `Not proven: ${result.cut_off || "stopped"}.`;
    const rows = [
      ["verdict", result.verdict],
      ["game", `${result.cells} cells, ${result.sets.length} sets, ${result.first} moves first`],
      ["search", `${result.nodes.toLocaleString("en")} nodes, ${result.seconds.toFixed(3)} s`],
    ];
    const parts = [el("p", { class: "verdict" + (breaker ? " good" : maker ? " bad" : "") }, words), kv(rows)];
    const cert = result.certificate;
    if (cert && cert.moves !== undefined && job.download) {
      parts.push(el("p", {},
        el("a", { href: job.download, download: cert.filename, class: "download" }, `Download the certificate (${cert.filename})`),
        ` — ${cert.moves.toLocaleString("en")} strategy moves, ${(cert.bytes / 1024).toFixed(0)} KiB. `,
        "Check it with ", el("code", {}, `miai achieve verify ${cert.filename}`), "."));
    } else if (cert && cert.not_written) {
      parts.push(el("p", { class: "hint" }, `Certificate not written: ${cert.not_written}.`));
    }
    out.append(...parts);
  } catch (err) {
    out.append(el("div", { class: "error" }, err.message || String(err)));
  } finally {
    button.disabled = false;
  }
}

function loadExample(i) {
  const ex = EXAMPLES[i];
  if (!ex) return;
  $("ach-creature").value = ex.creature;
  $("ach-mode").value = ex.tile ? "tile" : "area";
  $("ach-area").value = ex.tile || ex.area;
  $("ach-anchor").value = "";
  drawPicker();
  showFamily();
}

export function init() {
  const sel = $("ach-example");
  EXAMPLES.forEach((ex, i) => sel.append(el("option", { value: String(i) }, ex.label)));
  sel.addEventListener("change", () => loadExample(Number(sel.value)));
  $("ach-creature").addEventListener("input", drawPicker);
  $("ach-form").addEventListener("submit", (e) => {
    e.preventDefault();
    showFamily();
  });
  $("ach-pair").addEventListener("click", showPairing);
  $("ach-prove").addEventListener("click", prove);
  drawPicker();
  showFamily();
  animal.init();
}
