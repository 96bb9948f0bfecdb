// The board editor: a component any view can embed.
//
//   const ed = createEditor(container, { tools, keys, cell, io, attacker });
//   (tools: the names of TOOLS to offer, default all; keys: false leaves the
//   keyboard to the embedding view; attacker: false hides the tsumego
//   attacker chooser)
//   ed.getBoard() / ed.setBoard(board)   the board JSON of /api/board/*
//   ed.on("change", fn)                  after every edit, undo or load
//   ed.undo(), ed.redo(), ed.setTool(name)
//
// Stones, chain attributes (seed 002: essential / safe / unknown), the
// tsumego region and target, marks; undo/redo; SGF and diagram import and
// export. Text is parsed and written by the server (POST /api/board/parse,
// /api/board/write, docs/serve.md): the page never parses SGF itself.
import { api, el } from "./util.js";
import { renderBoard, pointName, parsePoint } from "./board.js";

// Tools: key is the keyboard shortcut.
export const TOOLS = [
  { name: "black", key: "b", label: "● Black", title: "place / remove a Black stone" },
  { name: "white", key: "w", label: "○ White", title: "place / remove a White stone" },
  { name: "alternate", key: "a", label: "◐ Alternate", title: "Black and White in turn" },
  { name: "erase", key: "e", label: "⌫ Erase", title: "clear a point (stone, mark, region)" },
  { name: "essential", key: "1", label: "E essential", title: "mark a chain essential (seed 002: E / e)" },
  { name: "safe", key: "2", label: "S safe", title: "mark a chain safe (S / s)" },
  { name: "unknown", key: "3", label: "U unknown", title: "mark a chain unknown (U / u)" },
  { name: "region", key: "r", label: "▦ Region", title: "add / remove points of the problem's region" },
  { name: "target", key: "t", label: "◎ Target", title: "mark / unmark a target chain" },
  { name: "triangle", key: "m", label: "△ Mark", title: "triangle mark (m again: square, circle, cross)" },
  { name: "label", key: "l", label: "A Label", title: "next letter label" },
];
const MARK_CYCLE = ["triangle", "square", "circle", "cross"];
const ATTR_COLOR = { essential: "#d7263d", safe: "#1b998b", unknown: "#f4a259" };
const ATTR_LETTER = { essential: "E", safe: "S", unknown: "U" };

export const FORMATS = [
  ["auto", "auto-detect"], ["sgf", "SGF"], ["diagram", "box diagram (seed 003)"],
  ["plain", "plain diagram"], ["problem", "tsumego problem file"],
  ["race", "race diagram (seed 002)"], ["race-sgf", "race SGF"],
];

// An empty board JSON.
export function emptyBoard(width = 9, height = 9, board = null, origin = [0, 0]) {
  return {
    width, height, board: board || [width, height], origin,
    stones: Array.from({ length: height }, () => ".".repeat(width)),
    attributes: [], marks: [], region: null, target: null,
    attacker: null, to_move: "B", ko: null, headers: [],
  };
}

// The internal state: grids in window coordinates.
function toState(b) {
  const [bw, bh] = b.board || [b.width, b.height];
  const [ox, oy] = b.origin || [0, 0];
  const st = {
    width: b.width, height: b.height, bw, bh, ox, oy,
    stones: b.stones.map((row) => [...row.replace(/\s/g, "")].map((c) => (c === "X" ? "B" : c === "O" ? "W" : null))),
    attrs: new Map(), marks: new Map(),
    region: b.region ? new Set(b.region.map((p) => p.toUpperCase())) : null,
    target: b.target ? new Set(b.target.map((p) => p.toUpperCase())) : null,
    attacker: b.attacker || null, to_move: b.to_move || "B", ko: b.ko || null,
    headers: (b.headers || []).map(([k, v]) => [k, v]),
  };
  for (const a of b.attributes || []) st.attrs.set(a.point.toUpperCase(), a.attribute);
  for (const mk of b.marks || []) st.marks.set(mk.point.toUpperCase(), { mark: mk.mark, label: mk.label });
  return st;
}

function toBoard(st) {
  const name = (x, y) => pointName(st.ox + x, st.oy + y, st.bh);
  const b = {
    width: st.width, height: st.height, board: [st.bw, st.bh], origin: [st.ox, st.oy],
    stones: st.stones.map((row) => row.map((c) => (c === "B" ? "X" : c === "W" ? "O" : ".")).join("")),
    attributes: [], marks: [],
    region: st.region ? [...st.region] : null,
    target: st.target ? [...st.target] : null,
    attacker: st.attacker, to_move: st.to_move, ko: st.ko, headers: st.headers,
  };
  // Attributes only on stones still on the board.
  for (let y = 0; y < st.height; y++) for (let x = 0; x < st.width; x++) {
    const n = name(x, y);
    if (st.stones[y][x] && st.attrs.has(n)) b.attributes.push({ point: n, attribute: st.attrs.get(n) });
  }
  for (const [point, mk] of st.marks) {
    const e = { point, mark: mk.mark };
    if (mk.label) e.label = mk.label;
    b.marks.push(e);
  }
  return b;
}

// The chain through window point (x, y): its points.
function chainAt(st, x, y) {
  const c = st.stones[y][x];
  if (!c) return [];
  const seen = new Set([`${x},${y}`]);
  const stack = [[x, y]];
  const out = [];
  while (stack.length) {
    const [px, py] = stack.pop();
    out.push({ x: px, y: py });
    for (const [nx, ny] of [[px - 1, py], [px + 1, py], [px, py - 1], [px, py + 1]]) {
      if (nx < 0 || ny < 0 || nx >= st.width || ny >= st.height) continue;
      if (st.stones[ny][nx] === c && !seen.has(`${nx},${ny}`)) {
        seen.add(`${nx},${ny}`);
        stack.push([nx, ny]);
      }
    }
  }
  return out;
}

// Where a window sits: "whole" board or a corner of a 19x19 board.
const PLACEMENTS = [
  ["whole", "whole board"], ["tl", "top-left of 19×19"], ["tr", "top-right of 19×19"],
  ["bl", "bottom-left of 19×19"], ["br", "bottom-right of 19×19"],
];

function placementOf(st) {
  if (st.bw === st.width && st.bh === st.height) return "whole";
  const v = st.oy === 0 ? "t" : "b";
  const h = st.ox === 0 ? "l" : "r";
  return v + h;
}

export function createEditor(container, options = {}) {
  const opts = { cell: 30, io: true, keys: true, attacker: true, ...options };
  const tools = opts.tools ? TOOLS.filter((t) => opts.tools.includes(t.name)) : TOOLS;
  let st = toState(opts.board || emptyBoard(9, 9));
  let tool = "black";
  let markKind = "triangle";
  let nextColor = "B";
  let overlay = null; // extra marks from the embedding view
  const undoStack = [], redoStack = [];
  const listeners = { change: [] };

  const root = el("div", { class: "editor" });
  const toolbar = el("div", { class: "ed-tools", role: "toolbar" });
  const boardBox = el("div", { class: "ed-board" });
  const status = el("div", { class: "ed-status" });
  const sizeRow = el("div", { class: "ed-size" });
  const wIn = el("input", { type: "number", min: 2, max: 19, value: st.width, title: "columns", "aria-label": "columns" });
  const hIn = el("input", { type: "number", min: 2, max: 19, value: st.height, title: "rows", "aria-label": "rows" });
  const place = el("select", { title: "where the grid sits", "aria-label": "placement" });
  for (const [v, t] of PLACEMENTS) place.append(el("option", { value: v }, t));
  const toMove = el("select", { title: "player to move", "aria-label": "to move" },
    el("option", { value: "B" }, "Black to move"), el("option", { value: "W" }, "White to move"));
  const attacker = el("select", { title: "the attacker (tsumego)", "aria-label": "attacker" },
    el("option", { value: "" }, "attacker: infer"), el("option", { value: "B" }, "attacker: Black"),
    el("option", { value: "W" }, "attacker: White"));
  const undoB = el("button", { type: "button", title: "undo (Ctrl-Z)" }, "↶");
  const redoB = el("button", { type: "button", title: "redo (Ctrl-Y, Ctrl-Shift-Z)" }, "↷");
  const clearB = el("button", { type: "button", title: "clear the board" }, "Clear");
  sizeRow.append(
    el("label", { class: "inline" }, "Size ", wIn, " × ", hIn), place, toMove,
    ...(opts.attacker ? [attacker] : []), undoB, redoB, clearB,
  );
  const toolButtons = new Map();
  for (const t of tools) {
    const title = opts.keys ? `${t.title} [${t.key}]` : t.title;
    const b = el("button", { type: "button", "data-tool": t.name, title }, t.label);
    b.addEventListener("click", () => setTool(t.name));
    toolButtons.set(t.name, b);
    toolbar.append(b);
  }
  root.append(sizeRow, toolbar, boardBox, status);

  // Import / export.
  let io = null;
  if (opts.io) {
    const fmt = el("select", { "aria-label": "format" });
    for (const [v, t] of FORMATS) fmt.append(el("option", { value: v }, t));
    const text = el("textarea", { rows: 6, spellcheck: "false", class: "ed-text",
      placeholder: "paste SGF, a diagram, a problem file or a race diagram here" });
    const file = el("input", { type: "file", accept: ".sgf,.txt,text/plain", hidden: "" });
    const msg = el("div", { class: "ed-msg" });
    const btn = (label, title, fn) => {
      const b = el("button", { type: "button", title }, label);
      b.addEventListener("click", fn);
      return b;
    };
    const box = el("details", { class: "ed-io" },
      el("summary", {}, "Import / export (SGF, diagrams)"),
      el("div", { class: "row" }, fmt,
        btn("Import", "read the text into the board", () => importText(text.value, fmt.value)),
        btn("Open file…", "read an .sgf or .txt file", () => file.click()),
        btn("Export", "write the board as text", () => exportText(fmt.value === "auto" ? "sgf" : fmt.value)),
        btn("Download", "save the exported text", () => download(fmt.value === "auto" ? "sgf" : fmt.value))),
      text, msg, file);
    file.addEventListener("change", async () => {
      const f = file.files[0];
      if (!f) return;
      text.value = await f.text();
      const guess = f.name.toLowerCase().endsWith(".sgf") ? "auto" : fmt.value;
      importText(text.value, guess);
      file.value = "";
    });
    io = { fmt, text, msg };
    root.append(box);
  }

  function showMessage(m, isError, at) {
    if (!io) return;
    io.msg.className = `ed-msg ${isError ? "error" : "hint"}`;
    io.msg.textContent = m;
    if (at && at.line) selectLineCol(io.text, at.line, at.column || 1);
  }

  async function importText(text, format) {
    try {
      const r = await parseText(text, format);
      setBoard(r.board, true);
      showMessage(`read as ${r.format}${r.notes.length ? ": " + r.notes.join("; ") : ""}`, false);
    } catch (e) {
      showMessage(e.message, true, e.at);
    }
  }

  async function exportText(format) {
    try {
      const r = await api("/api/board/write", { board: getBoard(), format });
      io.text.value = r.text;
      showMessage(`written as ${r.format}`, false);
      return r.text;
    } catch (e) {
      showMessage(e.message, true);
      return null;
    }
  }

  async function download(format) {
    const t = await exportText(format);
    if (t === null) return;
    const ext = format.includes("sgf") ? "sgf" : "txt";
    const a = el("a", { href: URL.createObjectURL(new Blob([t], { type: "text/plain" })), download: `board.${ext}` });
    document.body.append(a);
    a.click();
    a.remove();
  }

  function snapshot() { return JSON.stringify(toBoard(st)); }

  function commit(before) {
    if (before === snapshot()) return;
    undoStack.push(before);
    if (undoStack.length > 500) undoStack.shift();
    redoStack.length = 0;
    changed();
  }

  function changed() {
    draw();
    const b = getBoard();
    for (const f of listeners.change) f(b);
    if (opts.onChange) opts.onChange(b);
  }

  function undo() {
    if (!undoStack.length) return;
    redoStack.push(snapshot());
    st = toState(JSON.parse(undoStack.pop()));
    changed();
  }

  function redo() {
    if (!redoStack.length) return;
    undoStack.push(snapshot());
    st = toState(JSON.parse(redoStack.pop()));
    changed();
  }

  function setTool(name) {
    if (name === "triangle" && tool === "triangle") {
      markKind = MARK_CYCLE[(MARK_CYCLE.indexOf(markKind) + 1) % MARK_CYCLE.length];
    }
    tool = name;
    for (const [n, b] of toolButtons) b.classList.toggle("active", n === name);
    const mb = toolButtons.get("triangle");
    if (mb) mb.textContent = { triangle: "△", square: "□", circle: "○", cross: "✕" }[markKind] + " Mark";
    draw();
  }

  const nameOf = (x, y) => pointName(st.ox + x, st.oy + y, st.bh);

  function click(x, y, ev, right) {
    overlay = null;
    const before = snapshot();
    const n = nameOf(x, y);
    const cur = st.stones[y][x];
    const put = (c) => {
      st.stones[y][x] = cur === c ? null : c;
      if (st.stones[y][x] !== cur) st.attrs.delete(n);
    };
    let t = tool;
    if (right && (t === "black" || t === "white" || t === "alternate")) t = "erase";
    switch (t) {
      case "black": put(ev && ev.shiftKey ? "W" : "B"); break;
      case "white": put(ev && ev.shiftKey ? "B" : "W"); break;
      case "alternate":
        if (cur) { st.stones[y][x] = null; st.attrs.delete(n); }
        else { st.stones[y][x] = nextColor; nextColor = nextColor === "B" ? "W" : "B"; }
        break;
      case "erase":
        st.stones[y][x] = null; st.attrs.delete(n); st.marks.delete(n);
        if (st.region) st.region.delete(n);
        if (st.target) st.target.delete(n);
        break;
      case "essential": case "safe": case "unknown": {
        const chain = chainAt(st, x, y);
        if (!chain.length) break;
        const same = st.attrs.get(n) === t;
        for (const p of chain) {
          const pn = nameOf(p.x, p.y);
          if (same) st.attrs.delete(pn); else st.attrs.set(pn, t);
        }
        break;
      }
      case "region": {
        if (!st.region) st.region = new Set();
        if (st.region.has(n)) st.region.delete(n); else st.region.add(n);
        if (!st.region.size) st.region = null;
        break;
      }
      case "target": {
        const chain = chainAt(st, x, y);
        if (!chain.length) break;
        if (!st.target) st.target = new Set();
        const on = !st.target.has(n);
        for (const p of chain) {
          const pn = nameOf(p.x, p.y);
          if (on) st.target.add(pn); else st.target.delete(pn);
        }
        if (!st.target.size) st.target = null;
        break;
      }
      case "triangle": {
        const old = st.marks.get(n);
        if (old && old.mark === markKind) st.marks.delete(n); else st.marks.set(n, { mark: markKind });
        break;
      }
      case "label": {
        const old = st.marks.get(n);
        if (old && old.mark === "label") { st.marks.delete(n); break; }
        const used = new Set([...st.marks.values()].filter((m) => m.mark === "label").map((m) => m.label));
        const letter = [..."abcdfghijkmnpqrtvwyz"].find((c) => !used.has(c)) || "?";
        st.marks.set(n, { mark: "label", label: letter });
        break;
      }
      default: break;
    }
    commit(before);
  }

  function resize(w, h, where) {
    w = Math.max(2, Math.min(19, w | 0));
    h = Math.max(2, Math.min(19, h | 0));
    const before = snapshot();
    const old = st;
    const whole = where === "whole";
    const bw = whole ? w : 19, bh = whole ? h : 19;
    const ox = whole || where[1] === "l" ? 0 : bw - w;
    const oy = whole || where[0] === "t" ? 0 : bh - h;
    const next = toState(emptyBoard(w, h, [bw, bh], [ox, oy]));
    next.attacker = old.attacker; next.to_move = old.to_move; next.headers = old.headers;
    // Keep the stones, anchored at the corner the window shows.
    const right = !whole && where[1] === "r", bottom = !whole && where[0] === "b";
    const keepName = (x, y) => pointName(next.ox + x, next.oy + y, next.bh);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const sx = right ? old.width - w + x : x, sy = bottom ? old.height - h + y : y;
      if (sx < 0 || sy < 0 || sx >= old.width || sy >= old.height) continue;
      next.stones[y][x] = old.stones[sy][sx];
      const on = pointName(old.ox + sx, old.oy + sy, old.bh), nn = keepName(x, y);
      if (old.attrs.has(on)) next.attrs.set(nn, old.attrs.get(on));
      if (old.marks.has(on)) next.marks.set(nn, old.marks.get(on));
      if (old.region && old.region.has(on)) (next.region ||= new Set()).add(nn);
      if (old.target && old.target.has(on)) (next.target ||= new Set()).add(nn);
    }
    st = next;
    overlay = null;
    commit(before);
  }
  const onSize = () => resize(Number(wIn.value), Number(hIn.value), place.value);
  wIn.addEventListener("change", onSize);
  hIn.addEventListener("change", onSize);
  place.addEventListener("change", onSize);
  toMove.addEventListener("change", () => { const b = snapshot(); st.to_move = toMove.value; commit(b); });
  attacker.addEventListener("change", () => { const b = snapshot(); st.attacker = attacker.value || null; commit(b); });
  undoB.addEventListener("click", undo);
  redoB.addEventListener("click", redo);
  clearB.addEventListener("click", () => {
    const b = snapshot();
    // A new problem: the old one's headers (name, expect, ...) go too.
    st = toState(emptyBoard(st.width, st.height, [st.bw, st.bh], [st.ox, st.oy]));
    overlay = null;
    commit(b);
  });

  function cellSize() {
    const avail = Math.max(200, (boardBox.clientWidth || container.clientWidth || 560));
    // Fit the width, and the height of a laptop screen (the toolbar above
    // takes about 230 pixels).
    const tall = Math.max(260, (window.innerHeight || 800) - 230);
    const fit = Math.floor(Math.min(avail / (st.width + 2.5), tall / (st.height + 2.5)));
    return Math.max(18, Math.min(opts.cell, fit));
  }

  function draw() {
    const marks = [], shade = [];
    for (let y = 0; y < st.height; y++) for (let x = 0; x < st.width; x++) {
      const n = nameOf(x, y);
      const a = st.attrs.get(n);
      if (a && st.stones[y][x]) marks.push({ x, y, kind: "label", label: ATTR_LETTER[a], color: ATTR_COLOR[a] });
      if (st.region && st.region.has(n)) shade.push({ x, y, color: "#1f5fbf", opacity: 0.32 });
      if (st.target && st.target.has(n)) shade.push({ x, y, color: "#c2185b", opacity: 0.35 });
      const mk = st.marks.get(n);
      if (mk) marks.push({ x, y, kind: mk.mark, label: mk.label });
      if (st.ko === n) marks.push({ x, y, kind: "square", color: "#8a5a2b" });
    }
    if (overlay) for (const mk of overlay.marks || []) marks.push(mk);
    const ghost = (p) => {
      if (!p) return null;
      if (tool === "black") return st.stones[p.y][p.x] ? null : "B";
      if (tool === "white") return st.stones[p.y][p.x] ? null : "W";
      if (tool === "alternate") return st.stones[p.y][p.x] ? null : nextColor;
      return null;
    };
    const svg = renderBoard({
      width: st.width, height: st.height, board: [st.bw, st.bh], origin: [st.ox, st.oy],
      stones: st.stones, marks, shade, cell: cellSize(), ghost, onClick: click,
    });
    boardBox.replaceChildren(svg);
    wIn.value = st.width; hIn.value = st.height; place.value = placementOf(st);
    toMove.value = st.to_move; attacker.value = st.attacker || "";
    undoB.disabled = !undoStack.length; redoB.disabled = !redoStack.length;
    const counts = { B: 0, W: 0 };
    for (const row of st.stones) for (const c of row) if (c) counts[c]++;
    status.textContent = `${st.width}×${st.height}`
      + (st.bw !== st.width || st.bh !== st.height ? ` on ${st.bw}×${st.bh}` : "")
      + ` · ${counts.B} black, ${counts.W} white`
      + (st.region ? ` · region ${st.region.size} points` : "")
      + (st.target ? ` · target ${st.target.size} stones` : "")
      + (st.ko ? ` · ko ban ${st.ko}` : "");
  }

  function getBoard() { return toBoard(st); }

  // Replaces the board; `undoable` keeps the old one on the undo stack.
  function setBoard(b, undoable = true, silent = false) {
    const before = snapshot();
    st = toState(b);
    overlay = null;
    if (undoable) {
      if (before !== snapshot()) { undoStack.push(before); redoStack.length = 0; }
    }
    if (silent) draw(); else changed();
  }

  // Keyboard: tools, undo/redo, when focus is not in a text field.
  function onKey(ev) {
    if (!root.isConnected || root.offsetParent === null) return;
    const tag = (ev.target && ev.target.tagName) || "";
    if (/INPUT|TEXTAREA|SELECT/.test(tag)) return;
    const k = ev.key.toLowerCase();
    if ((ev.ctrlKey || ev.metaKey) && k === "z") { ev.preventDefault(); if (ev.shiftKey) redo(); else undo(); return; }
    if ((ev.ctrlKey || ev.metaKey) && k === "y") { ev.preventDefault(); redo(); return; }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = tools.find((x) => x.key === k);
    if (t) { ev.preventDefault(); setTool(t.name); }
  }
  if (opts.keys) document.addEventListener("keydown", onKey);
  window.addEventListener("resize", () => draw());

  container.append(root);
  setTool("black");
  if (typeof ResizeObserver !== "undefined") {
    let lastW = 0;
    new ResizeObserver(() => {
      if (Math.abs(boardBox.clientWidth - lastW) > 8) { lastW = boardBox.clientWidth; draw(); }
    }).observe(boardBox);
  }

  return {
    element: root,
    getBoard,
    setBoard,
    on(event, fn) { (listeners[event] ||= []).push(fn); },
    undo, redo, setTool,
    // Extra marks drawn over the board until the next edit (e.g. correct moves).
    setOverlay(o) { overlay = o; draw(); },
    importText, exportText,
    // Window point of a GTP name, or null.
    locate(name) {
      const p = parsePoint(name, st.bw, st.bh);
      if (!p) return null;
      const x = p.x - st.ox, y = p.y - st.oy;
      return x >= 0 && y >= 0 && x < st.width && y < st.height ? { x, y } : null;
    },
  };
}

// POST /api/board/parse; an error carries `at` = {line, column}.
export async function parseText(text, format) {
  const res = await fetch("/api/board/parse", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(format && format !== "auto" ? { text, format } : { text }),
  });
  let data;
  try { data = await res.json(); } catch (_) { throw new Error(`${res.status} ${res.statusText}`); }
  if (!res.ok) {
    const e = new Error(data.error || `${res.status}`);
    e.at = { line: data.line, column: data.column };
    throw e;
  }
  return data;
}

// Selects line:column of a textarea (1-based) so the user sees the error.
export function selectLineCol(ta, line, column) {
  const lines = ta.value.split("\n");
  let pos = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
  const len = (lines[line - 1] || "").length;
  const start = pos + Math.min(Math.max(0, (column || 1) - 1), len);
  ta.focus({ preventScroll: true });
  ta.setSelectionRange(start, Math.min(start + 1, pos + len));
}
