// miai workbench: the page's script. Plain JavaScript, no build step and no
// network beyond this server's own /api/ endpoints (see docs/serve.md).
"use strict";

// Seed 003 §2(2) (手抜き), the tenuki diagram: Black's two chains share two
// eyes; alive whoever moves first. Same text as
// crates/tsumego/tests/data/seed003/02_tenuki.txt.
const TENUKI_EXAMPLE = [
  "name: tenuki: two eyes, White to move",
  "attacker: white",
  "rules: seed",
  "diagram:",
  "┌●●○┬",
  "●┼●○┼",
  "●●○○┼",
  "○○○┼┼",
  "├┼┼┼┼",
].join("\n");

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

function svgEl(tag, attrs) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

// POSTs (or GETs) JSON; resolves to the answer or throws its error text.
async function api(path, body) {
  const init = body === undefined
    ? {}
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  let data;
  try {
    data = await res.json();
  } catch (_) {
    throw new Error(`${res.status} ${res.statusText}`);
  }
  if (!res.ok) throw new Error(data.error || `${res.status} ${res.statusText}`);
  return data;
}

function showError(out, err) {
  out.replaceChildren(el("div", { class: "error" }, err.message || String(err)));
}

async function run(form, out, work) {
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  out.replaceChildren(el("p", { class: "busy" }, "working…"));
  try {
    await work();
  } catch (err) {
    showError(out, err);
  } finally {
    button.disabled = false;
  }
}

function kv(rows) {
  const t = el("table", { class: "kv" });
  for (const [k, v] of rows) t.append(el("tr", {}, el("th", {}, k), el("td", {}, v)));
  return t;
}

// ---- tabs ----------------------------------------------------------------

function selectTab(name) {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.classList.toggle("active", b.dataset.tab === name);
  }
  for (const s of document.querySelectorAll(".tab")) {
    s.classList.toggle("active", s.id === `tab-${name}`);
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}

// ---- CGT -----------------------------------------------------------------

async function evaluateCgt() {
  const out = $("cgt-out");
  const body = { expr: $("cgt-expr").value };
  const cool = $("cgt-cool").value.trim();
  if (cool) body.cool = cool;
  const r = await api("/api/cgt", body);
  const rows = [
    ["canonical form", r.canonical],
    ["outcome", `${r.outcome} (${r.outcome_words})`],
    ["stops", `left ${r.left_stop}, right ${r.right_stop}`],
    ["mean", r.mean],
    ["temperature", r.temperature],
    ["birthday", r.birthday],
  ];
  if (r.cooled) {
    rows.push([`cooled by ${r.cooled.t}`, r.cooled.value]);
    const c = r.cooled.confused_with_integers;
    rows.push(["confused with integers",
      c === null ? "too many to list" : (c.length ? c.join(", ") : "none")]);
  }
  if (r.heated) rows.push([`heated by ${r.heated.t}`, r.heated.value]);
  const picture = el("div", { class: "thermograph" });
  // The server's SVG escapes the title; it is parsed as SVG, not HTML.
  const doc = new DOMParser().parseFromString(r.thermograph_picture, "image/svg+xml");
  if (doc.documentElement && doc.documentElement.nodeName === "svg") {
    picture.append(document.importNode(doc.documentElement, true));
  }
  out.replaceChildren(el("div", { class: "boards" }, kv(rows), picture));
}

// ---- Life and death --------------------------------------------------------

// The report's diagram rows: a letter row, board rows "NN" + 3-wide cells,
// the letter row again. Returns {cols, rowNames, cells[y][x]}.
function parseDiagram(rows) {
  if (!rows || rows.length < 3) return null;
  const head = rows[0];
  const cols = [];
  for (let i = 2; i + 3 <= head.length; i += 3) cols.push(head.slice(i, i + 3).trim());
  const rowNames = [];
  const cells = [];
  for (const line of rows.slice(1, -1)) {
    rowNames.push(line.slice(0, 2).trim());
    const r = [];
    for (let x = 0; x < cols.length; x++) {
      const c = line.slice(3 + 3 * x, 6 + 3 * x).trim();
      r.push(c === "" ? "." : c);
    }
    cells.push(r);
  }
  return { cols, rowNames, cells };
}

// A wood board with shaded stones. `pv` colours the numbered stones.
function drawBoard(rows, pv) {
  const d = parseDiagram(rows);
  if (!d) return el("p", { class: "hint" }, "(no diagram)");
  const s = 30, m = 26;
  const w = d.cols.length, h = d.cells.length;
  const W = 2 * m + s * (w - 1), H = 2 * m + s * (h - 1);
  const svg = svgEl("svg", { class: "board", width: W, height: H, viewBox: `0 0 ${W} ${H}` });
  const defs = svgEl("defs");
  for (const [id, a, b] of [["gb", "#666", "#111"], ["gw", "#fff", "#cfcac0"]]) {
    const g = svgEl("radialGradient", { id, cx: "35%", cy: "35%", r: "70%" });
    g.append(svgEl("stop", { offset: "0%", "stop-color": a }));
    g.append(svgEl("stop", { offset: "100%", "stop-color": b }));
    defs.append(g);
  }
  svg.append(defs);
  svg.append(svgEl("rect", { x: 0, y: 0, width: W, height: H, fill: "#dcb35c", rx: 4 }));
  const X = (x) => m + s * x, Y = (y) => m + s * y;
  for (let x = 0; x < w; x++) {
    svg.append(svgEl("line", { x1: X(x), y1: Y(0), x2: X(x), y2: Y(h - 1), stroke: "#5a4020", "stroke-width": 1 }));
    const t = svgEl("text", { x: X(x), y: 14, "text-anchor": "middle", "font-size": 11, fill: "#4a3418" });
    t.textContent = d.cols[x];
    svg.append(t);
  }
  for (let y = 0; y < h; y++) {
    svg.append(svgEl("line", { x1: X(0), y1: Y(y), x2: X(w - 1), y2: Y(y), stroke: "#5a4020", "stroke-width": 1 }));
    const t = svgEl("text", { x: 10, y: Y(y) + 4, "text-anchor": "middle", "font-size": 11, fill: "#4a3418" });
    t.textContent = d.rowNames[y];
    svg.append(t);
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = d.cells[y][x];
      if (c === "." || c === "?") continue;
      let color = null, label = null, frame = false;
      if (c === "X" || c === "x") color = "B";
      else if (c === "O" || c === "o") color = "W";
      else if (/^\d+$/.test(c) && pv) {
        const mv = pv[Number(c) - 1];
        color = mv ? mv.color : null;
        label = c;
      }
      if (!color) continue;
      frame = c === "x" || c === "o";
      const g = svgEl("g", frame ? { opacity: 0.55 } : {});
      g.append(svgEl("circle", {
        cx: X(x), cy: Y(y), r: s * 0.47,
        fill: color === "B" ? "url(#gb)" : "url(#gw)",
        stroke: color === "B" ? "#000" : "#888", "stroke-width": 0.6,
      }));
      if (label) {
        const t = svgEl("text", {
          x: X(x), y: Y(y) + 4, "text-anchor": "middle", "font-size": 12,
          fill: color === "B" ? "#fff" : "#000",
        });
        t.textContent = label;
        g.append(t);
      }
      svg.append(g);
    }
  }
  return svg;
}

async function solveTsumego() {
  const out = $("ts-out");
  const body = { diagram: $("ts-diagram").value, first: $("ts-first").value };
  const rules = $("ts-rules").value;
  if (rules) body.rules = rules;
  const nodes = Number($("ts-nodes").value);
  if (nodes > 0) body.max_nodes = nodes;
  if ($("ts-all").checked) body.all_moves = true;
  const r = await api("/api/tsumego", body);
  const parts = [];
  parts.push(el("p", {},
    `attacker ${r.attacker}, defender ${r.defender}, ${r.to_play} to play; rules ${r.rules}; `
    + `region ${r.region.kind}, ${r.region.points} points (${r.region.empty_points} empty)`));
  parts.push(el("div", { class: "boards" }, drawBoard(r.diagram, null)));
  for (const f of r.results) {
    const pv = f.pv.length
      ? f.pv.map((m, i) => `${i + 1}.${m.color} ${m.point}`).join("  ")
      : "(none)";
    const box = el("div", { class: "result" },
      el("h3", {}, `${f.first} first (${f.first_color}): `,
        el("span", { class: `status ${f.status}` }, f.status)),
      el("p", {}, f.description),
      kv([
        ["proven", f.proven ? "yes" : `no (${f.stopped || "stopped"})`],
        ["nodes", f.nodes.toLocaleString()],
        ["time", `${f.seconds.toFixed(3)} s`],
        ["principal variation", el("span", { class: "pv" }, pv)],
        ...(f.correct ? [["correct first moves", f.correct.length ? f.correct.join(" ") : "none"]] : []),
      ]));
    if (f.replay_note) box.append(el("p", { class: "hint" }, f.replay_note));
    if (f.pv.length) {
      box.append(el("p", { class: "hint" }, "after the principal variation:"));
      box.append(drawBoard(f.diagram, f.pv));
    }
    parts.push(box);
  }
  out.replaceChildren(...parts);
}

// ---- n-ko ------------------------------------------------------------------

async function showNko() {
  const out = $("nko-out");
  const max = Number($("nko-max").value) || 20;
  const passes = $("nko-passes").checked;
  const side = $("nko-side").value;
  const r = await api(`/api/nko/table?max_n=${max}&passes=${passes}`);
  const cell = new Map();
  for (const row of r.rows) {
    if (row.to_move === side) cell.set(`${row.n},${row.m}`, row);
  }
  const table = el("table", { class: "nko" });
  const head = el("tr", {}, el("th", {}, "n\\m"));
  for (let m = 1; m < r.max_n; m++) head.append(el("th", {}, m));
  table.append(head);
  for (let n = 2; n <= r.max_n; n++) {
    const tr = el("tr", {}, el("th", {}, n));
    for (let m = 1; m < r.max_n; m++) {
      const c = cell.get(`${n},${m}`);
      if (!c) { tr.append(el("td", {})); continue; }
      const cls = [c.winner];
      if (c.seed_wrong) cls.push("wrong");
      if (!c.proven) cls.push("unproven");
      const td = el("td", { class: cls.join(" "), title:
        `(n, m, t) = (${c.n}, ${c.m}, ${c.t}), ${c.to_move} to move: `
        + `${{ B: "Black wins", W: "White wins", D: "draw" }[c.winner]}`
        + (c.seed_wrong ? "; the seed's formula says otherwise" : "")
        + (c.proven ? "" : "; not proven") });
      tr.append(td);
    }
    table.append(tr);
  }
  const legend = el("p", { class: "legend" },
    el("span", { style: "background: var(--black-win)" }), "Black wins",
    el("span", { style: "background: var(--white-win)" }), "White wins",
    el("span", { style: "background: var(--draw)" }), "draw",
    el("span", { style: "box-shadow: inset 0 0 0 2px #d9412e" }), "seed 000's formula disagrees");
  out.replaceChildren(legend, el("div", { class: "nko-wrap" }, table));
}

// ---- wiring ----------------------------------------------------------------

function init() {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => selectTab(b.dataset.tab));
  }
  const start = location.hash.slice(1);
  if (["cgt", "tsumego", "nko"].includes(start)) selectTab(start);
  $("ts-diagram").value = TENUKI_EXAMPLE;
  const bind = (formId, outId, work) => {
    const form = $(formId);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      run(form, $(outId), work);
    });
  };
  bind("cgt-form", "cgt-out", evaluateCgt);
  bind("ts-form", "ts-out", solveTsumego);
  bind("nko-form", "nko-out", showNko);
}

document.addEventListener("DOMContentLoaded", init);
