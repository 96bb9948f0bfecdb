// Play against the solver (life-and-death view): click a point of the
// problem board to play it; the server (POST /api/tsumego/play) answers with
// the status after the move and the solver's best reply (the refutation of a
// wrong move, the follow-up of a right one). The lines tried form a small
// variation tree, navigable with the keyboard as in Sabaki: ← → one move,
// Home / End the start / end of the line, ↑ ↓ the previous / next variation.
// The region is shaded, the tsumego frame's stones are drawn faded.
// "Download SGF" asks POST /api/tsumego/sgf for the solution tree.
import { $, api, el, kv } from "./util.js";
import { renderBoard, parsePoint, pointName } from "./board.js";

// The session: {params, info, root, current, busy, error}. A tree node:
// {move: {color, point} | null, parent, children, answer, stones, by}.
let session = null;

// The request fields shared by play and SGF (`params()` is given by the view).
export async function startPlay(params) {
  const box = $("ts-play");
  box.replaceChildren(el("p", { class: "busy" }, "posing the problem…"));
  const answer = await api("/api/tsumego/play", { ...params, moves: [], reply: false });
  const root = { move: null, parent: null, children: [], answer, stones: answer.stones, by: null };
  session = { params, info: answer, root, current: root, busy: false, error: null };
  draw();
}

export function stopPlay() {
  session = null;
  const box = $("ts-play");
  if (box) box.replaceChildren();
}

// The moves from the root to `node`.
function path(node) {
  const out = [];
  for (let n = node; n && n.move; n = n.parent) out.unshift(n);
  return out;
}

async function playAt(point) {
  if (!session || session.busy) return;
  const here = session.current;
  const existing = here.children.find((c) => c.move.point === point);
  if (existing) {
    here.last = existing;
    session.current = existing.children[0] || existing;
    draw();
    return;
  }
  session.busy = true;
  session.error = null;
  draw();
  try {
    const moves = [...path(here).map((n) => n.move.point), point];
    const a = await api("/api/tsumego/play", { ...session.params, moves, reply: true });
    const played = a.moves[moves.length - 1];
    const user = { move: played, parent: here, children: [], answer: a, stones: a.stones, by: "you" };
    here.children.push(user);
    here.last = user;
    session.current = user;
    if (a.reply) {
      const reply = { move: a.reply, parent: user, children: [], answer: a, stones: a.stones_after_reply, by: "solver" };
      user.children.push(reply);
      user.last = reply;
      session.current = reply;
    }
  } catch (e) {
    session.error = e.message;
  }
  session.busy = false;
  draw();
}

// Keyboard navigation; returns whether the key was used.
export function navigate(key) {
  if (!session) return false;
  let n = session.current;
  switch (key) {
    case "ArrowLeft":
      if (n.parent) { n.parent.last = n; n = n.parent; }
      break;
    case "ArrowRight":
      if (n.children.length) n = n.last || n.children[0];
      break;
    case "Home":
      n = session.root;
      break;
    case "End":
      while (n.children.length) n = n.last || n.children[0];
      break;
    case "ArrowUp":
    case "ArrowDown": {
      // The nearest fork above (or at) the current node: its next or
      // previous variation.
      let m = n;
      while (m.parent && m.parent.children.length < 2) m = m.parent;
      if (!m.parent) return true;
      const sibs = m.parent.children;
      const i = sibs.indexOf(m) + (key === "ArrowDown" ? 1 : -1);
      if (i < 0 || i >= sibs.length) return true;
      m.parent.last = sibs[i];
      n = sibs[i];
      break;
    }
    default:
      return false;
  }
  session.current = n;
  draw();
  return true;
}

function statusLine(a) {
  const favours = a.favours ? ` — the ${a.favours} wins` : "";
  return el("span", {},
    `${a.to_move === "B" ? "Black" : "White"} to move: `,
    el("span", { class: `status ${a.status}` }, a.status), favours);
}

// The tree as nested lists: a line runs on in one row; a fork opens a list.
function treeView() {
  const ul = el("ul", { class: "ts-tree", role: "tree" });
  const line = (start, into) => {
    const row = el("li", { role: "treeitem" });
    let n = start;
    for (;;) {
      const number = path(n).length;
      const span = el("span", {
        class: `ts-node ${n.by || ""} ${n === session.current ? "current" : ""}`,
        title: n.answer ? n.answer.description : "",
      }, `${number}. ${n.move.color} ${n.move.point}`);
      const target = n;
      span.addEventListener("click", () => { session.current = target; draw(); });
      row.append(span, " ");
      if (n.children.length === 1) { n = n.children[0]; continue; }
      if (n.children.length > 1) {
        const sub = el("ul", {});
        for (const c of n.children) line(c, sub);
        row.append(sub);
      }
      break;
    }
    into.append(row);
  };
  for (const c of session.root.children) line(c, ul);
  return ul;
}

function draw() {
  const box = $("ts-play");
  if (!box || !session) return;
  const info = session.info;
  const win = info.window;
  const n = session.current;
  const rows = n.stones;
  const stones = rows.map((r) => [...r].map((c) => (c === "X" ? "B" : c === "O" ? "W" : null)));
  const local = (name) => {
    const p = parsePoint(name, win.board[0], win.board[1]);
    if (!p) return null;
    const x = p.x - win.origin[0], y = p.y - win.origin[1];
    return x >= 0 && y >= 0 && x < win.width && y < win.height ? { x, y } : null;
  };
  const shade = info.region.map(local).filter(Boolean).map((p) => ({ ...p, color: "#3a7bd5", opacity: 0.18, class: "shade region" }));
  const faded = new Set(info.frame.map(local).filter(Boolean).map((p) => `${p.x},${p.y}`));
  const last = n.move ? local(n.move.point) : null;
  const numbers = new Map();
  path(n).forEach((m, i) => {
    const p = local(m.move.point);
    if (p) numbers.set(`${p.x},${p.y}`, i + 1);
  });
  const avail = Math.max(220, box.clientWidth || 420);
  const cell = Math.max(16, Math.min(30, Math.floor(avail / (win.width + 1.9))));
  const svg = renderBoard({
    width: win.width, height: win.height, board: win.board, origin: win.origin,
    stones, numbers, last, shade, faded, cell,
    onClick: (x, y) => playAt(pointName(x + win.origin[0], y + win.origin[1], win.board[1])),
  });
  svg.classList.add("ts-play-board");
  // Where the points are (for scripts and tests): the cell and the margin
  // of renderBoard, the window's origin on the board.
  svg.dataset.cell = String(cell);
  svg.dataset.margin = String(Math.round(cell * 1.2));
  svg.dataset.origin = `${win.origin[0]},${win.origin[1]}`;
  svg.dataset.board = `${win.board[0]},${win.board[1]}`;
  // What the current node says: the status after its move, the reply.
  const a = n.answer;
  const said = [];
  if (!n.move) {
    said.push(el("p", {}, statusLine(a)));
    said.push(el("p", { class: "hint" }, `${a.description}. Click a point of the shaded region to play it.`));
  } else if (n.by === "you") {
    said.push(el("p", {}, `after ${path(n).length}. ${n.move.color} ${n.move.point}: `, statusLine(a)));
    said.push(el("p", { class: "hint" }, a.description));
    if (!a.reply) said.push(el("p", { class: "hint" }, "the solver has no reply: the line ends here"));
  } else {
    said.push(el("p", {}, `the solver answers ${n.move.color} ${n.move.point}; `,
      `status before it: `, el("span", { class: `status ${a.status}` }, a.status)));
    said.push(el("p", { class: "hint" }, a.description));
  }
  if (a.threats) said.push(el("p", { class: "hint" }, `ko threats: ${a.threats}`));
  if (session.busy) said.push(el("p", { class: "busy" }, "the solver is thinking…"));
  if (session.error) said.push(el("div", { class: "error" }, session.error));
  const frameNote = info.region_kind === "framed"
    ? `; tsumego frame of ${info.frame.length} stones (faded), reach ${info.reach}`
    : "";
  box.replaceChildren(
    el("h3", {}, "Play against the solver"),
    el("p", { class: "hint" },
      `attacker ${info.attacker}, defender ${info.defender}; ${info.first} plays first; `
      + `region ${info.region_kind}, ${info.region.length} points (shaded)${frameNote}. `
      + "Keys: ← → moves, Home/End, ↑ ↓ variations."),
    el("div", { class: "pv-board" }, svg),
    el("div", { class: "ts-said", "aria-live": "polite" }, ...said),
    session.root.children.length ? treeView() : el("p", { class: "hint" }, "no moves tried yet"),
    kv([["nodes", a.nodes.toLocaleString()], ["time", `${a.seconds.toFixed(3)} s`]]));
}

// Downloads the solution tree: POST /api/tsumego/sgf, saved as a file.
export async function downloadSgf(params) {
  let res;
  try {
    res = await fetch("/api/tsumego/sgf", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(params),
    });
  } catch (_) {
    throw new Error("cannot reach the miai server: is `miai serve` still running?");
  }
  if (!res.ok) {
    let msg = `${res.status} ${res.statusText}`;
    try { msg = (await res.json()).error || msg; } catch (_) { /* not JSON */ }
    throw new Error(msg);
  }
  const text = await res.text();
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-go-sgf" }));
  const a = el("a", { href: url, download: "solution.sgf" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  return text;
}

// Whether the play board is showing (keys go to it rather than the PV).
export function playing() {
  return session !== null;
}
