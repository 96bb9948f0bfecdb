// The life-and-death view: the problem entered with the board editor (the
// problem-file textarea is an alternative input, kept in sync through the
// server's reader and writer), solved for both sides to move; the principal
// variation played move by move on a board (buttons, ← → Home End), every
// correct first move marked; seed 003's diagrams from a drop-down.
import { $, api, el, kv, run } from "./util.js";
import { renderBoard, parsePoint } from "./board.js";
import { createEditor, parseText, selectLineCol } from "./editor.js";
import { runJob } from "./jobs.js";
import { downloadSgf, navigate, playing, startPlay, stopPlay } from "./tsplay.js";

// The solver call: a tsumego job (POST /api/jobs, progress streamed by SSE,
// a Cancel button and Esc to stop it). Gets the /api/tsumego body and
// resolves to the same report; a cancelled search gives what it had, marked
// not proven.
export async function solve(body) {
  const out = $("ts-out");
  out.replaceChildren();
  const { result } = await runJob("tsumego", body, out, { label: "Solving" });
  if (!result) throw new Error("the search was cancelled before it had a result");
  return result;
}

// The starting problem if the examples cannot be fetched: seed 003 §2(2)
// (手抜き), Black's two chains share two eyes, alive whoever moves first
// (crates/tsumego/tests/data/seed003/02_tenuki.txt).
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

let editor = null;
let syncing = false;      // a change that came from the textarea
let writeTimer = null, readTimer = null;
let pendingWrite = null;
let pendingRead = null;   // a textarea read in flight
let replay = null;        // {report, which, step}

// Editor -> textarea (as a problem file).
function scheduleWrite(board) {
  stopPlay();
  if (syncing) return;
  clearTimeout(writeTimer);
  pendingWrite = new Promise((resolve) => {
    writeTimer = setTimeout(async () => {
      try {
        const r = await api("/api/board/write", { board, format: "problem" });
        $("ts-diagram").value = r.text;
        showSync("");
      } catch (e) {
        showSync(e.message, true);
      }
      pendingWrite = null;
      resolve();
    }, 200);
  });
}

// Textarea -> editor.
function scheduleRead() {
  clearTimeout(readTimer);
  readTimer = setTimeout(() => {
    readTimer = null;
    pendingRead = readTextarea().finally(() => { pendingRead = null; });
  }, 400);
}

async function readTextarea() {
  const ta = $("ts-diagram");
  try {
    const r = await parseText(ta.value, "auto");
    syncing = true;
    editor.setBoard(r.board, true);
    syncing = false;
    showSync(r.notes.length ? r.notes.join("; ") : "");
    return true;
  } catch (e) {
    syncing = false;
    showSync(e.message, true, e.at);
    return false;
  }
}

function showSync(message, isError, at) {
  const m = $("ts-sync");
  m.className = isError ? "error small" : "hint";
  m.textContent = message;
  m.onclick = at && at.line ? () => selectLineCol($("ts-diagram"), at.line, at.column) : null;
  m.title = at && at.line ? "click to select the place in the text" : "";
}

// The text solved must be the board shown: finish any textarea <->
// editor sync first (typed text waits 400 ms to be read).
async function settleSync() {
  if (readTimer !== null) {
    clearTimeout(readTimer);
    readTimer = null;
    await readTextarea();
  } else if (pendingRead) {
    await pendingRead;
  }
  if (pendingWrite) await pendingWrite;
}

// The fields of the form every life-and-death request shares.
function problemFields() {
  const body = { diagram: $("ts-diagram").value };
  const rules = $("ts-rules").value;
  if (rules) body.rules = rules;
  const threats = $("ts-threats").value.trim();
  if (threats !== "") body.ko_threats = Number(threats);
  const nodes = Number($("ts-nodes").value);
  if (nodes > 0) body.max_nodes = nodes;
  const reach = $("ts-reach").value.trim();
  if (reach !== "") body.reach = Number(reach);
  return body;
}

// The body of /api/tsumego/play and /api/tsumego/sgf: the first player
// is the problem's player to move unless the form names one.
function playFields() {
  const body = problemFields();
  const first = $("ts-first").value;
  if (first === "attacker" || first === "defender") body.first = first;
  const time = $("ts-time").value.trim();
  if (time !== "") body.time = Number(time);
  return body;
}

async function solveTsumego() {
  await settleSync();
  const out = $("ts-out");
  const body = { ...problemFields(), first: $("ts-first").value };
  if ($("ts-all").checked) body.all_moves = true;
  const r = await solve(body);
  replay = { report: r, which: 0, step: 0 };
  const parts = [];
  parts.push(el("p", { class: "hint" },
    `attacker ${r.attacker}, defender ${r.defender}; `
    + (r.results.length > 1 ? "both first players" : `${r.results[0].first_color} first`)
    + `; rules ${r.rules}; `
    + `region ${r.region.kind}, ${r.region.points} points (${r.region.empty_points} empty)`
    + (r.region.frame_stones ? `, ${r.region.frame_stones} frame stones` : "")));
  const tabs = el("div", { class: "ts-firsts", role: "tablist" });
  r.results.forEach((f, i) => {
    const b = el("button", { type: "button", class: "ts-first", "data-i": i },
      `${f.first} first (${f.first_color}): `, el("span", { class: `status ${lead(f).status}` }, lead(f).status));
    b.addEventListener("click", () => { replay.which = i; replay.step = 0; drawReplay(); });
    tabs.append(b);
  });
  parts.push(tabs);
  parts.push(el("div", { id: "ts-replay", class: "ts-replay" }));
  out.replaceChildren(...parts);
  drawReplay();
}

// What a result leads with: its status, or its ko-threat counts where they
// are the answer (`leads`: the book regime's stop, the seed's N model saying
// ko where the counts say dead) — as the CLI's text does.
function lead(f) {
  return f.threats && f.threats.leads ? f.threats : f;
}

// Words for a result's ko: who wins it, how many threats the seed rules
// assumed, the outcome without threats.
function koRows(f, r) {
  const rows = [];
  if (f.ko) {
    const who = f.ko.attacker_wins_it && f.ko.defender_wins_it
      ? "whoever has the ko threats"
      : f.ko.attacker_wins_it ? "the attacker, when it has the ko threats"
        : f.ko.defender_wins_it ? "the defender, when it has the ko threats" : "neither side";
    rows.push(["ko won by", who]);
  }
  if (f.status === "ko" || f.status === "no-result" || f.without_threats) {
    if (r.ko_threats !== null && r.ko_threats !== undefined) {
      rows.push(["ko threats", `${r.ko_threats} tenuki${r.ko_threats === 1 ? "" : "s"} before a retake (seed N)`]);
    }
    if (f.without_threats) rows.push(["without threats", f.without_threats]);
  }
  return rows;
}

// The position after `step` moves of the PV, as the server replayed it
// (`positions[step]` on the report's window): stones, numbers, last move,
// and notes on the moves not drawn.
function position(f, step) {
  const at = f.positions[Math.min(step, f.positions.length - 1)];
  const stones = at.stones.map((row) => [...row].map((c) => (c === "X" ? "B" : c === "O" ? "W" : null)));
  const numbers = new Map(at.numbers.map((n) => [`${n.x},${n.y}`, n.n]));
  const notes = [];
  for (let i = 0; i < step && i < f.pv.length; i++) {
    const mv = f.pv[i];
    if (mv.point === "tenuki" || mv.point === "pass") notes.push(`${i + 1}: ${mv.color} ${mv.point}`);
    else if (!f.positions[i + 1]) notes.push(`${i + 1}: ${mv.color} ${mv.point} (not replayed)`);
    else if (!f.positions[i + 1].last) notes.push(`${i + 1}: ${mv.color} ${mv.point} (outside the window)`);
  }
  return { stones, numbers, last: at.last, notes };
}

// The window point of a GTP name of the whole board, or null.
function locate(win, name) {
  const p = parsePoint(name, win.board[0], win.board[1]);
  if (!p) return null;
  const x = p.x - win.origin[0], y = p.y - win.origin[1];
  return x >= 0 && y >= 0 && x < win.width && y < win.height ? { x, y } : null;
}

function drawReplay() {
  const box = $("ts-replay");
  if (!box || !replay) return;
  const { report } = replay;
  const board = report.window;
  const f = report.results[replay.which];
  if (!f) return;
  for (const b of document.querySelectorAll(".ts-first")) {
    b.classList.toggle("active", Number(b.dataset.i) === replay.which);
  }
  const pv = f.pv || [];
  replay.step = Math.max(0, Math.min(pv.length, replay.step));
  const { stones, numbers, last, notes } = position(f, replay.step);
  const marks = [];
  if (replay.step === 0 && f.correct) {
    for (const c of f.correct) {
      const p = locate(board, c);
      if (p) marks.push({ x: p.x, y: p.y, kind: "correct" });
    }
  }
  const avail = Math.max(220, box.clientWidth || 420);
  const cell = Math.max(16, Math.min(30, Math.floor(avail / (board.width + 1.9))));
  const svg = renderBoard({
    width: board.width, height: board.height, board: board.board, origin: board.origin,
    stones, numbers, last, marks, cell,
  });
  const btn = (label, title, to) => {
    const b = el("button", { type: "button", title }, label);
    b.addEventListener("click", () => { replay.step = to(); drawReplay(); });
    return b;
  };
  const controls = el("div", { class: "pv-controls" },
    btn("«", "start (Home)", () => 0),
    btn("◀", "back (←)", () => replay.step - 1),
    el("span", { class: "pv-step" }, `move ${replay.step} / ${pv.length}`),
    btn("▶", "forward (→)", () => replay.step + 1),
    btn("»", "end (End)", () => pv.length));
  const list = el("div", { class: "pv-list" });
  pv.forEach((m, i) => {
    const li = el("span", { class: i < replay.step ? "played" : "", title: "go to this move" },
      `${i + 1}. ${m.color} ${m.point}`);
    li.addEventListener("click", () => { replay.step = i + 1; drawReplay(); });
    list.append(li);
  });
  const info = el("div", { class: "result" },
    el("h3", {}, `${f.first} first (${f.first_color}): `, el("span", { class: `status ${lead(f).status}` }, lead(f).status)),
    el("p", {}, lead(f).description),
    kv([
      ...(f.threats && !f.threats.leads ? [["ko threats", f.threats.description]] : []),
      ...(lead(f) !== f ? [["the seed's ko model", f.description]] : []),
      ...koRows(f, report),
      ["proven", f.proven ? "yes" : `no (${f.stopped || "stopped"})`],
      ["nodes", f.nodes.toLocaleString()],
      ["time", `${f.seconds.toFixed(3)} s`],
      ...(f.correct ? [["correct first moves", f.correct.length ? f.correct.join(" ") : "none"]] : []),
    ]));
  if (f.replay_note) info.append(el("p", { class: "hint" }, f.replay_note));
  if (notes.length) info.append(el("p", { class: "hint" }, notes.join("; ")));
  const legend = f.correct && f.correct.length
    ? el("p", { class: "hint" }, "green rings: every correct first move (shown before move 1)") : null;
  box.replaceChildren(
    el("div", { class: "pv-board" }, svg, controls,
      pv.length ? list : el("p", { class: "hint" }, f.proven
        ? "no principal variation: the side to move has nothing to play"
        : "no principal variation: the search stopped before a proof"),
      legend),
    info);
}

function stepReplay(ev) {
  if (!replay || !$("tab-tsumego").classList.contains("active")) return;
  const tag = (ev.target && ev.target.tagName) || "";
  if (/INPUT|TEXTAREA|SELECT/.test(tag)) return;
  const f = replay.report.results[replay.which];
  if (!f) return;
  const n = (f.pv || []).length;
  const to = { ArrowLeft: replay.step - 1, ArrowRight: replay.step + 1, Home: 0, End: n }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  replay.step = to;
  drawReplay();
}

// The "?" overlay: every shortcut of the view.
const HELP = [
  ["b / w / a", "place Black / White / alternating stones (Shift: the other colour; right click erases)"],
  ["e", "erase a point"],
  ["1 / 2 / 3", "mark a chain essential / safe / unknown (click again to clear)"],
  ["r", "region: add or remove points"],
  ["t", "target: mark or unmark a chain"],
  ["m", "marks (press again: triangle, square, circle, cross)"],
  ["l", "letter labels"],
  ["Ctrl-Z", "undo"],
  ["Ctrl-Y, Ctrl-Shift-Z", "redo"],
  ["Ctrl-Enter", "solve"],
  ["← / →", "principal variation (or the play board): back / forward"],
  ["Home / End", "principal variation (or the play board): start / end"],
  ["↑ / ↓", "play board: previous / next variation"],
  ["?", "this help; Esc closes it"],
];

function toggleHelp(show) {
  const o = $("ts-help");
  o.hidden = show === undefined ? !o.hidden : !show;
}

function onKey(ev) {
  if (!$("tab-tsumego").classList.contains("active")) return;
  const tag = (ev.target && ev.target.tagName) || "";
  if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) {
    ev.preventDefault();
    $("ts-form").requestSubmit();
    return;
  }
  if (/INPUT|TEXTAREA|SELECT/.test(tag)) return;
  if (ev.key === "?") { ev.preventDefault(); toggleHelp(); return; }
  // Esc closes the help; with the help closed it is left to the job
  // widget (cancel a running search).
  if (ev.key === "Escape") {
    if (!$("ts-help").hidden) { ev.preventDefault(); toggleHelp(false); }
    return;
  }
  if (playing() && /^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(ev.key)) {
    ev.preventDefault();
    navigate(ev.key);
    return;
  }
  stepReplay(ev);
}

async function loadExamples() {
  const sel = $("ts-example");
  try {
    const list = await api("/api/tsumego/examples");
    for (const x of list) {
      sel.append(el("option", { value: x.id, title: x.expect || "" }, x.name));
    }
    sel.addEventListener("change", async () => {
      const x = list.find((e) => e.id === sel.value);
      if (!x) return;
      stopPlay();
      $("ts-diagram").value = x.text;
      await readTextarea();
      $("ts-out").replaceChildren(el("p", { class: "hint" },
        `seed 003 says: ${x.expect || "(no statement)"} — press Solve (Ctrl-Enter)`));
    });
    // The first example (the tenuki diagram) is the starting problem.
    if (list.length) {
      sel.value = list[0].id;
      $("ts-diagram").value = list[0].text;
      await readTextarea();
    }
  } catch (e) {
    $("ts-diagram").value = TENUKI_EXAMPLE;
    await readTextarea();
    showSync(`cannot load the examples: ${e.message}`, true);
  }
}

export function init() {
  editor = createEditor($("ts-editor"), { cell: 30, io: true });
  editor.on("change", scheduleWrite);
  $("ts-diagram").addEventListener("input", () => { stopPlay(); scheduleRead(); });
  $("ts-play-btn").addEventListener("click", async () => {
    await settleSync();
    try {
      await startPlay(playFields());
    } catch (e) {
      $("ts-play").replaceChildren(el("div", { class: "error" }, e.message));
    }
  });
  $("ts-sgf-btn").addEventListener("click", async () => {
    await settleSync();
    const note = $("ts-sgf-note");
    note.className = "busy";
    note.textContent = "building the solution tree…";
    try {
      const text = await downloadSgf(playFields());
      note.className = "hint";
      note.textContent = `solution.sgf downloaded (${text.length.toLocaleString()} bytes)`;
    } catch (e) {
      note.className = "error small";
      note.textContent = e.message;
    }
  });
  const form = $("ts-form");
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    run(form, $("ts-out"), solveTsumego);
  });
  const help = $("ts-help");
  help.replaceChildren(el("div", { class: "help-box" },
    el("h3", {}, "Keyboard shortcuts"),
    kv(HELP.map(([k, v]) => [el("kbd", {}, k), v])),
    el("p", { class: "hint" }, "Editing keys work when the focus is not in a text field."),
    (() => { const b = el("button", { type: "button" }, "Close"); b.addEventListener("click", () => toggleHelp(false)); return b; })()));
  help.addEventListener("click", (e) => { if (e.target === help) toggleHelp(false); });
  $("ts-help-btn").addEventListener("click", () => toggleHelp());
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", drawReplay);
  loadExamples();
}
