// The life-and-death view: a problem (file text or bare diagram) solved for
// both first players, with the principal variations on boards.
import { $, api, el, kv, bindForm } from "./util.js";
import { drawBoard } from "./board.js";

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

export function init() {
  $("ts-diagram").value = TENUKI_EXAMPLE;
  bindForm("ts-form", "ts-out", solveTsumego);
}
