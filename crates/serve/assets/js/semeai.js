// The capturing-race view (seed 002): the race's sub-positions on the board
// with useful and useless points shaded, each sub-position's game tree before
// and after the seed's transformation, the values table and the verdict in
// words; and the seed's user-steered mode (§4.3): click candidate points on
// the board, pick a nil node of a tree (or none: every nil node), expand,
// watch the tree grow. API: POST /api/semeai, GET /api/semeai/examples
// (docs/serve.md).
import { $, api, el, svgEl, kv, showError } from "./util.js";
import { renderBoard } from "./board.js";
import { createEditor, parseText } from "./editor.js";
import { runJob } from "./jobs.js";

const state = {
  answer: null, // the last analysis
  text: null, // the diagram it was made from
  steps: [], // the dialogue so far: {points: [...], path: [...] | null}
  chosen: [], // candidate points clicked: {name, mark}
  selected: null, // {sub, path} of the nil node to expand next, or null
  trees: "both", // which trees to show: before, after, both
  collapsed: new Map(), // tree key -> Set of collapsed node indices
  search: null, // the search's result for `text`
  searching: false,
  busy: false,
};

// Colours of the sub-positions' tint on the board.
const TINTS = ["#3b7dd8", "#d8833b", "#3bb08a", "#b03bb0", "#c9b21f", "#6a6ad8", "#d83b5a", "#5aa832"];

function body(extra) {
  const b = { diagram: state.text, verdict: $("se-verdict").value, ...extra };
  return b;
}

// Runs the analysis of the current steps (no search: that comes once per
// diagram, in the background, see startSearch).
async function analyse() {
  const b = body({ search_nodes: 0 });
  if (state.steps.length) b.steps = state.steps;
  state.answer = await api("/api/semeai", b);
  render();
}

// The independent search runs as a job (POST /api/jobs, kind semeai):
// progress streamed, a Cancel button (and Esc) in `state.searchBox`, which
// renderSearch() puts back whenever the view is redrawn.
async function startSearch() {
  const nodes = Number($("se-search").value);
  state.search = null;
  state.searchBox = null;
  if (!$("se-do-search").checked || !(nodes > 0)) {
    state.searching = false;
    return;
  }
  state.searching = true;
  const text = state.text;
  const holder = el("div", { class: "se-search-job" },
    el("p", { class: "hint" }, "the independent search (alternating play on the real board):"));
  state.searchBox = holder;
  renderSearch();
  try {
    const { job, result: a } = await runJob("semeai", { diagram: text, search_nodes: nodes }, holder,
      { label: "Independent search" });
    if (text === state.text) {
      state.search = a && a.search
        ? { ...a.search, disagreements: a.disagreements, cancelled: job.state === "cancelled" }
        : { error: "the search was cancelled" };
    }
  } catch (err) {
    if (text === state.text) state.search = { error: err.message };
  } finally {
    if (text === state.text) {
      state.searching = false;
      renderSearch();
    }
  }
}

// Resolves when the examples are in the drop-down and the textarea.
let ready = Promise.resolve();

async function submit() {
  await ready;
  await flushEditor();
  const out = $("se-out");
  const button = $("se-form").querySelector("button[type=submit]");
  button.disabled = true;
  out.replaceChildren(el("p", { class: "busy" }, "working…"));
  try {
    state.text = $("se-diagram").value;
    state.steps = [];
    state.chosen = [];
    state.selected = null;
    state.collapsed = new Map();
    await analyse();
    startSearch();
    renderSearch();
  } catch (err) {
    state.answer = null;
    showError(out, err);
  } finally {
    button.disabled = false;
  }
}

// One more move of the dialogue, then the analysis again.
async function redo(change) {
  if (!state.answer || state.busy) return;
  const saved = { steps: state.steps.slice(), selected: state.selected };
  change();
  state.busy = true;
  try {
    await analyse();
  } catch (err) {
    state.steps = saved.steps;
    state.selected = saved.selected;
    flash(err.message);
  } finally {
    state.busy = false;
  }
}

function flash(message) {
  const box = $("se-message");
  if (box) box.replaceChildren(el("span", { class: "error" }, message));
}

function step() {
  if (!state.chosen.length) {
    flash("click candidate points on the board first (empty points of a sub-position of the race)");
    return;
  }
  const points = state.chosen.map((c) => c.name);
  const s = { points };
  if (state.selected) s.path = state.selected.path;
  redo(() => {
    state.steps.push(s);
    state.selected = null;
  });
}

function undo() {
  if (!state.steps.length) return;
  redo(() => {
    state.steps.pop();
    state.selected = null;
  });
}

function reset() {
  state.chosen = [];
  redo(() => {
    state.steps = [];
    state.selected = null;
    state.collapsed = new Map();
  });
}

function toggleTrees() {
  state.trees = { both: "before", before: "after", after: "both" }[state.trees];
  if (state.answer) render();
}

// The name a point is shown with: the diagram's label, the letter given to
// a clicked candidate, else its coordinate.
function shown(name) {
  const c = state.chosen.find((c) => c.name === name);
  return c ? c.mark : name;
}

function freeMark() {
  const used = new Set((state.answer.labels || []).map((l) => l.label));
  for (const c of state.chosen) used.add(c.mark);
  for (const ch of "abcdefghjkmnpqrstuvwxyz") if (!used.has(ch)) return ch;
  return "?";
}

function clickPoint(p) {
  if (p.stone || !p.sub) return;
  const sub = state.answer.subpositions.find((s) => s.index === p.sub);
  if (!sub || !sub.owner) {
    flash(`${p.coord} is not in a sub-position of the race`);
    return;
  }
  const i = state.chosen.findIndex((c) => c.name === p.name);
  if (i >= 0) state.chosen.splice(i, 1);
  else state.chosen.push({ name: p.name, mark: p.label || freeMark() });
  render();
}

// --- board -----------------------------------------------------------------

// Where renderBoard put the grid: the x of each column and the y of each row,
// read from its lines (so the overlay follows board.js's geometry).
function gridOf(svg, w, h) {
  const xs = new Set(), ys = new Set();
  for (const l of svg.querySelectorAll("line")) {
    const [x1, x2, y1, y2] = ["x1", "x2", "y1", "y2"].map((a) => Number(l.getAttribute(a)));
    if (x1 === x2) xs.add(x1);
    if (y1 === y2) ys.add(y1);
  }
  let X = [...xs].sort((a, b) => a - b), Y = [...ys].sort((a, b) => a - b);
  if (X.length !== w || Y.length !== h) {
    X = Array.from({ length: w }, (_, i) => 26 + 30 * i);
    Y = Array.from({ length: h }, (_, i) => 26 + 30 * i);
  }
  const s = w > 1 ? X[1] - X[0] : h > 1 ? Y[1] - Y[0] : 30;
  return { X, Y, s };
}

function drawRace(a) {
  const b = a.board;
  if (!b) return el("p", { class: "hint" }, "(the board is not a grid)");
  // The server sends positions: rows of X (Black), O (White), . (empty).
  const stones = b.stones.map((row) => [...row].map((c) => (c === "X" ? "B" : c === "O" ? "W" : null)));
  const svg = renderBoard({ width: b.width, height: b.height, stones, cell: 28 });
  svg.classList.add("se-board");
  const { X, Y, s } = gridOf(svg, b.width, b.height);
  const raceSubs = new Map(a.subpositions.filter((x) => x.owner).map((x, i) => [x.index, TINTS[i % TINTS.length]]));
  const under = svgEl("g", { class: "se-tint" });
  const over = svgEl("g", { class: "se-marks" });
  const half = s / 2;
  for (const p of b.points) {
    const cx = X[p.x], cy = Y[p.y];
    const tint = raceSubs.get(p.sub);
    if (tint) {
      under.append(svgEl("rect", { x: cx - half, y: cy - half, width: s, height: s, fill: tint, "fill-opacity": 0.16 }));
    }
    if (!p.stone && p.point) {
      const useful = p.point === "useful";
      under.append(svgEl("rect", {
        x: cx - s * 0.3, y: cy - s * 0.3, width: s * 0.6, height: s * 0.6, rx: 3,
        class: useful ? "se-useful" : "se-useless",
      }));
    }
    if (p.stone && p.attribute && p.attribute !== "safe") {
      const t = svgEl("text", {
        x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 12, "font-weight": 700,
        fill: p.stone === "B" ? "#fff" : "#000", "pointer-events": "none",
      });
      t.textContent = p.attribute === "essential" ? "e" : "u";
      over.append(t);
    }
    const chosen = state.chosen.find((c) => c.name === p.name);
    const mark = chosen ? chosen.mark : p.label;
    if (!p.stone && chosen) {
      over.append(svgEl("circle", { cx, cy, r: s * 0.36, class: "se-chosen" }));
    }
    if (!p.stone && mark) {
      const t = svgEl("text", {
        x: cx, y: cy + 4.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700,
        fill: chosen ? "#a1261b" : "#2a1d0c", "pointer-events": "none",
      });
      t.textContent = mark;
      over.append(t);
    }
    if (!p.stone && tint) {
      const hit = svgEl("rect", { x: cx - half, y: cy - half, width: s, height: s, fill: "transparent", class: "se-hit" });
      const title = svgEl("title");
      title.textContent = `${p.coord}${p.label ? ` (${p.label})` : ""}: ${p.point || ""} point of sub-position ${p.sub}; click to ${chosen ? "drop" : "name"} it as a candidate`;
      hit.append(title);
      hit.addEventListener("click", () => clickPoint(p));
      over.append(hit);
    }
  }
  // The selected nil node's position: its path's moves as numbered stones
  // (the seed's system "advances to the position" before asking for points).
  if (state.selected) {
    state.selected.path.forEach((m, i) => {
      const [c, name] = m.split(" ");
      const p = b.points.find((q) => q.name === name);
      if (!p) return;
      const black = c === "B";
      over.append(svgEl("circle", {
        cx: X[p.x], cy: Y[p.y], r: s * 0.45, class: black ? "se-path-b" : "se-path-w", "pointer-events": "none",
      }));
      const t = svgEl("text", {
        x: X[p.x], y: Y[p.y] + 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700,
        fill: black ? "#fff" : "#000", "pointer-events": "none",
      });
      t.textContent = String(i + 1);
      over.append(t);
    });
  }
  // The tint goes under the stones: right after the wood and the grid.
  const firstStone = [...svg.children].find((c) => c.tagName === "g" || c.tagName === "circle");
  svg.insertBefore(under, firstStone || null);
  svg.append(over);
  // Larger than the reports' boards: this one is clicked on. The viewBox
  // keeps the drawing; only the displayed size changes.
  const w0 = Number(svg.getAttribute("width")), h0 = Number(svg.getAttribute("height"));
  const k = Math.max(1, Math.min(1.5, 470 / Math.max(w0, h0)));
  if (k > 1 && w0 > 0 && h0 > 0) {
    svg.setAttribute("width", Math.round(w0 * k));
    svg.setAttribute("height", Math.round(h0 * k));
  }
  return svg;
}

// --- trees -----------------------------------------------------------------

// Lays out and draws a tree given as nodes with parent indices. Black's
// moves (Left) go to the left, as in the seed's figures; each edge carries
// its move as a small stone with the point's name.
function drawTree(tree, key, opts) {
  const nodes = tree.nodes;
  const kids = nodes.map(() => []);
  nodes.forEach((n, i) => { if (n.parent !== null && n.parent !== undefined) kids[n.parent].push(i); });
  if (!state.collapsed.has(key)) {
    // Big trees start folded below the root's children.
    const folded = new Set();
    if (nodes.length > 40) {
      const depth = (i) => (nodes[i].parent == null ? 0 : 1 + depth(nodes[i].parent));
      nodes.forEach((n, i) => { if (kids[i].length && depth(i) === 1) folded.add(i); });
    }
    state.collapsed.set(key, folded);
  }
  const folded = state.collapsed.get(key);
  const text = (n) => opts.label(n);
  const width = (n) => Math.max(26, 8 + 7 * text(n).length);
  const gapX = 16, gapY = 74;
  let next = 0;
  const pos = new Map();
  const place = (i, d) => {
    const ks = folded.has(i) ? [] : kids[i];
    let x;
    if (!ks.length) {
      x = next + width(nodes[i]) / 2;
      next += width(nodes[i]) + gapX;
    } else {
      const xs = ks.map((k) => place(k, d + 1));
      x = (xs[0] + xs[xs.length - 1]) / 2;
      const w = width(nodes[i]);
      if (x - w / 2 < 0) x = w / 2;
    }
    pos.set(i, { x, y: 24 + d * gapY });
    return x;
  };
  place(0, 0);
  let W = 0, H = 0;
  for (const [i, p] of pos) {
    W = Math.max(W, p.x + width(nodes[i]) / 2);
    H = Math.max(H, p.y);
  }
  W += 8;
  H += 30;
  const svg = svgEl("svg", { class: "se-tree", width: W, height: H, viewBox: `0 0 ${W} ${H}` });
  const edges = svgEl("g"), moves = svgEl("g"), boxes = svgEl("g");
  svg.append(edges, moves, boxes);
  for (const [i, p] of pos) {
    const n = nodes[i];
    if (n.parent == null || !pos.has(n.parent)) continue;
    const q = pos.get(n.parent);
    const black = opts.side(n) === "B";
    edges.append(svgEl("line", {
      x1: q.x, y1: q.y + 11, x2: p.x, y2: p.y - 11, class: black ? "se-edge-b" : "se-edge-w",
    }));
    const name = opts.move(n);
    if (name !== null) {
      // Nearer the child than the parent, where siblings' edges are apart.
      const mx = q.x + 0.62 * (p.x - q.x), my = q.y + 0.62 * (p.y - q.y);
      const r = Math.max(8, 3 + 3.5 * name.length);
      moves.append(svgEl("circle", { cx: mx, cy: my, r, class: black ? "se-move-b" : "se-move-w" }));
      const t = svgEl("text", { x: mx, y: my + 4, "text-anchor": "middle", class: black ? "se-move-b-t" : "se-move-w-t" });
      t.textContent = name;
      moves.append(t);
    }
  }
  for (const [i, p] of pos) {
    const n = nodes[i];
    const w = width(n);
    const cls = ["se-node", `se-${n.kind || "inner"}`];
    if (n.pruned) cls.push("se-pruned");
    if (folded.has(i)) cls.push("se-folded");
    const sel = state.selected && opts.sub !== undefined && state.selected.sub === opts.sub
      && n.kind === "nil" && JSON.stringify(state.selected.path) === JSON.stringify(n.path);
    if (sel) cls.push("se-selected");
    const g = svgEl("g", { class: cls.join(" ") });
    g.append(svgEl("rect", { x: p.x - w / 2, y: p.y - 11, width: w, height: 22, rx: 11 }));
    const t = svgEl("text", { x: p.x, y: p.y + 4.5, "text-anchor": "middle" });
    t.textContent = text(n);
    g.append(t);
    const title = svgEl("title");
    title.textContent = opts.title(n, folded.has(i));
    g.append(title);
    if (n.kind === "nil" && opts.sub !== undefined) {
      g.addEventListener("click", () => {
        state.selected = sel ? null : { sub: opts.sub, path: n.path };
        render();
      });
    } else if (kids[i].length) {
      g.addEventListener("click", () => {
        if (folded.has(i)) folded.delete(i); else folded.add(i);
        render();
      });
    }
    if (folded.has(i)) {
      const more = svgEl("text", { x: p.x, y: p.y + 24, "text-anchor": "middle", class: "se-more" });
      more.textContent = "+";
      g.append(more);
    }
    boxes.append(g);
  }
  return svg;
}

function moveName(n) {
  return n.move ? shown(n.move.at) : null;
}

function pathWords(path) {
  return path.length ? path.map((m) => { const [c, p] = m.split(" "); return `${c} ${shown(p)}`; }).join(", ") : "the root";
}

function treeBefore(s) {
  return drawTree(s.tree_before, `b${s.index}`, {
    sub: s.index,
    label: (n) => (n.kind === "inner" ? (n.value || "·") : n.label),
    side: (n) => (n.move ? n.move.color : "B"),
    move: moveName,
    title: (n, folded) => `after ${pathWords(n.path)}: `
      + (n.kind === "nil" ? "nil: not expanded yet; click to expand this node next"
        : n.kind === "settled" ? `count settled at ${n.count}`
          : n.kind === "exhausted" ? `count ${n.count}, unsettled, no useful point left`
            : `value ${n.value || "nil below"}`) + (folded ? " (folded: click to open)" : ""),
  });
}

function treeAfter(s) {
  return drawTree(s.tree_after, `a${s.index}`, {
    label: (n) => n.value || "·",
    side: (n) => (n.move ? n.move.color : "B"),
    move: moveName,
    title: (n, folded) => `after ${pathWords(n.path)}: ${n.value}`
      + (n.pruned ? `; temperature below 1: ${s.owner}'s moves pruned` : "")
      + (n.replaced ? "; one-sided node replaced ({ | n} → n+1, {−n | } → −n−1)" : "")
      + (folded ? " (folded: click to open)" : ""),
  });
}

function treeCanonical(s) {
  return drawTree(s.canonical, `c${s.index}`, {
    label: (n) => n.value,
    side: (n) => (n.side === "L" ? "B" : "W"),
    move: () => null,
    title: (n) => `${n.value}${n.side ? ` (${n.side === "L" ? "Black's" : "White's"} option)` : ""}`,
  });
}

function treeCard(s, i) {
  const tint = TINTS[i % TINTS.length];
  const head = el("h3", {}, el("span", { class: "se-swatch", style: `background:${tint}` }),
    `Sub-position ${s.index}: ${s.owner}'s essential chain`);
  const facts = el("p", { class: "hint" },
    `count at the root ${s.count}${s.settled ? " (settled)" : ""}; ${s.tree_nodes} tree node(s)`
    + (s.nil ? `, ${s.nil} nil: name candidate points and step` : s.expansion ? `; expansion ${s.expansion}` : ""));
  const panes = el("div", { class: "se-trees" });
  if (state.trees !== "after") {
    panes.append(el("figure", {},
      el("figcaption", {}, `before the transformation: ${s.raw_value || "nil"}`),
      el("div", { class: "se-scroll" }, treeBefore(s)),
      s.tree_before.truncated ? el("p", { class: "hint" }, "(drawing cut at 300 nodes)") : null));
  }
  if (state.trees !== "before") {
    panes.append(el("figure", {},
      el("figcaption", {}, `after the transformation: ${s.value || "nil (tree incomplete)"}`),
      s.tree_after
        ? el("div", { class: "se-scroll" }, treeAfter(s))
        : el("p", { class: "hint" }, "expand the nil nodes first"),
      s.tree_after && s.tree_after.truncated ? el("p", { class: "hint" }, "(drawing cut at 300 nodes)") : null));
    if (s.canonical) {
      panes.append(el("figure", {},
        el("figcaption", {}, "canonical form (seed fig. 16)"),
        el("div", { class: "se-scroll" }, treeCanonical(s))));
    }
  }
  return el("div", { class: "result se-card", "data-sub": s.index, style: `border-left: 4px solid ${tint}` }, head, facts, panes);
}

// --- values, verdict, search -------------------------------------------------

// Characters of a game shown before the rest is folded away.
const GAME_SHOWN = 80;

// A game's text; a long one cut with the whole of it one click away.
function game(text) {
  if (text.length <= GAME_SHOWN) return text;
  return el("details", { class: "se-game" },
    el("summary", {}, `${text.slice(0, GAME_SHOWN)}… (${text.length} characters)`),
    el("span", { class: "se-game-all" }, text));
}

function valuesTable(a) {
  const t = el("table", { class: "se-values" });
  t.append(el("tr", {}, el("th", {}, "sub-position"), el("th", {}, "chain"), el("th", {}, "count"),
    el("th", {}, "value before"), el("th", {}, "after the transformation")));
  for (const s of a.subpositions) {
    if (s.owner) {
      t.append(el("tr", {}, el("td", {}, String(s.index)), el("td", {}, s.owner), el("td", {}, String(s.count)),
        el("td", { class: "mono" }, game(s.raw_value || "nil")), el("td", { class: "mono" }, game(s.value || "nil"))));
    } else if (s.value && s.value.startsWith("joint game: ")) {
      // Two liberty areas that meet, valued as one game: its own row, the
      // value (often thousands of characters) folded.
      t.append(el("tr", { class: "se-joint" }, el("td", {}, String(s.index)), el("td", {}, "both (joint game)"),
        el("td", {}, "—"), el("td", {}, "—"), el("td", { class: "mono" }, game(s.value.slice("joint game: ".length)))));
    }
  }
  const rows = [["G (the sum)", game(a.G || "—")]];
  const sv = a.seed_verdict, st = a.stops_verdict;
  if (sv) {
    rows.push(["g = cool(G, 2)", sv.g]);
    rows.push([`seed rule ${sv.rule}: adjusted value`, sv.black_first_value === null
      ? "undecided" : `${sv.black_first_value} (Black first), ${sv.white_first_value} (White first)`]);
    rows.push(["seed verdict", sv.words]);
  }
  const ak = a.approach_kos;
  if (ak) {
    // Approach kos (issue 25): G with either side winning every ko, and
    // the verdict they give.
    rows.push(["approach kos", ak.kos.join("; ")]);
    rows.push(["G, Black wins the kos", game(ak.black_wins || "—")]);
    rows.push(["G, White wins the kos", game(ak.white_wins || "—")]);
    rows.push(["with the kos", [ak.black_first && `Black first: ${ak.black_first}`,
      ak.white_first && `White first: ${ak.white_first}`].filter(Boolean).join("; ")
      || "the kos do not decide the race"]);
  }
  if (st) {
    rows.push(["cool(G, 1)", st.g]);
    rows.push(["stops", `${st.black_first_value} (left, Black first), ${st.white_first_value} (right, White first)`]);
    rows.push(["stops verdict", st.words]);
  }
  return el("div", { class: "se-values-wrap" }, t, kv(rows));
}

// The race's verdict from its source (the report's `outcome`: the
// counting model's, with shared liberties or approach kos where the race
// has them, or the board search's where the model cannot express a
// sub-position), and where it comes from.
function verdictBox(a) {
  const lead = a.lead === "seed" ? a.seed_verdict : a.stops_verdict;
  const words = a.outcome || (lead && lead.words);
  if (!words) {
    return el("div", { class: "se-verdict-box" },
      el("p", { class: "verdict pending" }, "no verdict yet"),
      ...(a.fallback || []).map((f) => el("p", { class: "hint" }, `outside the model: ${f}`)),
      ...(a.outside || []).map((o) => el("p", { class: "hint" }, o)));
  }
  const other = a.lead === "seed" ? a.stops_verdict : a.seed_verdict;
  let how;
  if (a.verdict_source === "search") {
    how = `from the board search: the counting model cannot express ${(a.fallback || []).join("; ") || "this race"}`;
  } else if (a.shared) {
    how = `shared liberties counted by the Go players' rule: ${a.shared.rule}`;
  } else if (!lead) {
    how = "the counting model";
  } else {
    how = a.lead === "seed" ? "the seed's rule on g = cool(G, 2)" : "the stops of cool(G, 1)";
    if (lead.words !== words) how += ` give ${lead.words}; with the approach kos: ${words}`;
    if (other) how += other.words === lead.words ? "; the other evaluation agrees" : `; the other evaluation says: ${other.words}`;
  }
  return el("div", { class: "se-verdict-box" },
    el("p", { class: "verdict" }, words),
    el("p", { class: "hint" }, how));
}

function renderSearch() {
  const box = $("se-search-out");
  if (!box) return;
  const s = state.search;
  if (state.searching) {
    box.replaceChildren(state.searchBox
      || el("p", { class: "busy" }, "the independent search is running (alternating play on the real board)…"));
  } else if (!s) {
    box.replaceChildren(el("p", { class: "hint" }, "independent search: not run"));
  } else if (s.error) {
    box.replaceChildren(el("p", { class: "error" }, `search: ${s.error}`));
  } else {
    // A ko the search's ko searches found (each side as ko master) is
    // the outcome for that first player.
    const w = (r, ko) => ko || (r === null ? "cut off" : r === "seki" ? "seki" : `${r} captures`);
    const ko = s.ko_nodes ? `, ${s.ko_nodes.toLocaleString()} in the ko searches` : "";
    const parts = [el("p", {}, el("strong", {}, "Independent search: "),
      `Black first: ${w(s.black_first, s.black_first_ko)}; White first: ${w(s.white_first, s.white_first_ko)} `
      + `(${s.nodes.toLocaleString()} positions${ko}${s.complete ? "" : s.cancelled ? ", cancelled" : ", cut off: raise the limit"})`)];
    for (const d of s.disagreements || []) parts.push(el("p", { class: "error" }, `disagreement: ${d}`));
    box.replaceChildren(...parts);
  }
}

function dialogueText() {
  const parts = [];
  if (state.chosen.length) parts.push(`candidates: ${state.chosen.map((c) => c.mark === c.name ? c.name : `${c.mark} (${c.name})`).join(", ")}`);
  else parts.push("no candidate points: click empty points of the race's sub-positions on the board");
  parts.push(state.selected
    ? `next: expand the nil node after ${pathWords(state.selected.path)} (sub-position ${state.selected.sub})`
    : "next: expand every nil node of the candidates' sub-position (one round)");
  parts.push(state.steps.length ? `${state.steps.length} step(s) so far` : "trees expanded automatically");
  return parts.join(" · ");
}

function render() {
  const a = state.answer;
  if (!a) return;
  const out = $("se-out");
  const controls = el("div", { class: "row se-controls" },
    button("se-step", "Step: expand (e)", step),
    button("se-undo", "Undo (u)", undo),
    button("se-reset", "Reset (r)", reset),
    button("se-toggle", `Trees: ${state.trees} (t)`, toggleTrees));
  const subs = a.subpositions.filter((s) => s.owner);
  out.replaceChildren(
    verdictBox(a),
    el("div", { class: "se-top" },
      el("div", { class: "se-board-wrap" }, drawRace(a),
        el("p", { class: "hint se-legend" },
          el("span", { class: "se-key se-useful" }), "useful point ",
          el("span", { class: "se-key se-useless" }), "useless point ",
          el("span", { class: "se-key se-chosen-key" }), "candidate · e/u on stones: essential/unknown chain")),
      el("div", { class: "se-side" }, valuesTable(a), el("div", { id: "se-search-out" }),
        el("h3", {}, "User-steered expansion (seed §4.3)"),
        el("p", { class: "hint" }, dialogueText()), controls, el("p", { id: "se-message" }))),
    ...subs.map(treeCard));
  renderSearch();
}

function button(id, text, fn) {
  const b = el("button", { type: "button", id }, text);
  b.addEventListener("click", fn);
  return b;
}

// --- set-up ------------------------------------------------------------------

function onKey(e) {
  if (!$("tab-semeai").classList.contains("active")) return;
  const tag = (e.target.tagName || "").toLowerCase();
  if (tag === "textarea" && e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    $("se-form").requestSubmit();
    return;
  }
  if (["input", "textarea", "select"].includes(tag) || e.ctrlKey || e.metaKey || e.altKey) return;
  // Esc unselects; with nothing selected it is left to the job widget
  // (cancel a running search).
  const unselect = state.selected != null ? () => { state.selected = null; render(); } : null;
  const act = { e: step, s: step, u: undo, r: reset, t: toggleTrees, Escape: unselect }[e.key];
  if (act && state.answer) {
    e.preventDefault();
    act();
  }
}

// ---- the race on a board editor (seed 002 §4: the user enters the position
// and the chains' attributes) --------------------------------------------------
//
// Made when its panel is first opened; kept in step with the textarea both
// ways through the server (POST /api/board/parse and /write, format race).

let editor = null;
let fromText = false;     // an editor change that came from the textarea
let editTimer = null, pendingEdit = null, textTimer = null;

function editMessage(message, isError) {
  const m = $("se-edit-msg");
  m.className = isError ? "error small" : "hint";
  m.textContent = message;
}

function editorChanged(board) {
  if (fromText) return;
  clearTimeout(editTimer);
  pendingEdit = new Promise((resolve) => {
    editTimer = setTimeout(async () => {
      try {
        const r = await api("/api/board/write", { board, format: "race" });
        $("se-diagram").value = r.text;
        editMessage("");
      } catch (err) {
        editMessage(err.message, true);
      }
      pendingEdit = null;
      resolve();
    }, 200);
  });
}

async function textToEditor() {
  if (!editor) return;
  const text = $("se-diagram").value;
  try {
    const r = await parseText(text, text.trimStart().startsWith("(") ? "race-sgf" : "race");
    fromText = true;
    editor.setBoard(r.board, true);
    editMessage(r.notes.length ? r.notes.join("; ") : "");
  } catch (err) {
    editMessage(`the text is not a race the board can show: ${err.message}`, true);
  } finally {
    fromText = false;
  }
}

async function flushEditor() {
  if (pendingEdit) await pendingEdit;
}

function openEditor() {
  if (editor) return;
  editor = createEditor($("se-editor"), {
    cell: 30, io: true, keys: false, attacker: false,
    tools: ["black", "white", "erase", "essential", "safe", "unknown", "label"],
  });
  editor.on("change", editorChanged);
  textToEditor();
}

export function init() {
  $("se-edit").addEventListener("toggle", () => { if ($("se-edit").open) openEditor(); });
  $("se-diagram").addEventListener("input", () => {
    clearTimeout(textTimer);
    textTimer = setTimeout(textToEditor, 400);
  });
  $("se-form").addEventListener("submit", (e) => {
    e.preventDefault();
    submit();
  });
  document.addEventListener("keydown", onKey);
  ready = loadExamples();
}

async function loadExamples() {
  const pick = $("se-example");
  try {
    const { examples } = await api("/api/semeai/examples");
    for (const ex of examples) pick.append(el("option", { value: ex.name }, ex.name));
    $("se-diagram").value = examples[0].text;
    pick.addEventListener("change", () => {
      const ex = examples.find((x) => x.name === pick.value);
      if (ex) {
        $("se-diagram").value = ex.text;
        textToEditor();
      }
    });
  } catch (err) {
    showError($("se-out"), err);
  }
}
