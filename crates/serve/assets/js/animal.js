// Animals in the plane (Harary's achievement games): an animal and its
// orientations, a periodic domino paving that proves it a loser, and the
// Maker-Breaker game on a board with one proof line drawn — moves
// numbered, Maker's completed copy outlined, or the pairing that ends a
// Breaker win drawn as dominoes. One request: POST /api/achieve/animal.
import { $, api, el, svgEl, kv, showError } from "./util.js";

const EXAMPLES = [
  { label: "V3 on 3x3 (Maker wins)", animal: "V3", board: "3x3" },
  { label: "L4 on 4x4 (Maker wins)", animal: "L4", board: "4x4" },
  { label: "T4 on 5x5 (Maker wins)", animal: "T4", board: "5x5" },
  { label: "L4 on 3x3 (Breaker wins)", animal: "L4", board: "3x3" },
  { label: "Snaky on 5x5 (Breaker wins)", animal: "snaky", board: "5x5" },
  { label: "O4: a paving (loser)", animal: "O4", board: "" },
  { label: "X5: a paving (loser)", animal: "X5", board: "" },
];

const MAKER = "#222";
const BREAKER = "#fff";

// A small picture of a polyomino's cells.
function animalPicture(cells, unit) {
  const w = Math.max(...cells.map((c) => c[0])) + 1;
  const h = Math.max(...cells.map((c) => c[1])) + 1;
  const svg = svgEl("svg", { width: w * unit + 2, height: h * unit + 2, class: "ani-animal" });
  for (const [x, y] of cells) {
    svg.append(svgEl("rect", {
      x: 1 + x * unit, y: 1 + y * unit, width: unit, height: unit,
      fill: "#c8a45c", stroke: "#6b5320", "stroke-width": 1,
    }));
  }
  return svg;
}

// One period repeated `cols x rows` times, each domino a rounded bar over
// its two cells, each domino of the period in its own colour.
function pavingPicture(paving, cols, rows) {
  const unit = 22;
  const W = paving.width * cols;
  const H = paving.height * rows;
  const svg = svgEl("svg", { width: W * unit + 2, height: H * unit + 2, class: "ani-paving" });
  const partner = (x, y) => paving.partner[(y % paving.height) * paving.width + (x % paving.width)];
  const hue = (x, y) => (((x % paving.width) * 7 + (y % paving.height) * 3) * 37) % 360;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      svg.append(svgEl("rect", {
        x: 1 + x * unit, y: 1 + y * unit, width: unit, height: unit, fill: "#faf3e3", stroke: "#d8ccb5",
      }));
    }
  }
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const d = partner(x, y);
      // Each domino once, from its west or north cell.
      if (d !== "east" && d !== "south") continue;
      const east = d === "east";
      svg.append(svgEl("rect", {
        x: 1 + x * unit + 3, y: 1 + y * unit + 3,
        width: (east ? 2 : 1) * unit - 6, height: (east ? 1 : 2) * unit - 6,
        rx: 6, fill: `hsl(${hue(x, y)} 55% 55%)`, class: "domino",
      }));
    }
  }
  return svg;
}

// The board with the proof line: numbered stones, the copy, the pairs.
function boardPicture(board, game) {
  const unit = 34;
  const svg = svgEl("svg", {
    width: board.width * unit + 2, height: board.height * unit + 2, class: "ani-board",
  });
  for (const [x, y] of board.cells) {
    svg.append(svgEl("rect", {
      x: 1 + x * unit, y: 1 + y * unit, width: unit, height: unit, fill: "#e9c77b", stroke: "#8a6a2c",
    }));
  }
  const centre = ([x, y]) => [1 + x * unit + unit / 2, 1 + y * unit + unit / 2];
  for (const [x, y] of game.copy || []) {
    svg.append(svgEl("rect", {
      x: 1 + x * unit + 2, y: 1 + y * unit + 2, width: unit - 4, height: unit - 4,
      fill: "none", stroke: "#c0392b", "stroke-width": 3, class: "copy",
    }));
  }
  for (const [a, b] of game.pairs || []) {
    const [x1, y1] = centre(a);
    const [x2, y2] = centre(b);
    svg.append(svgEl("line", {
      x1, y1, x2, y2, stroke: "#2e86c1", "stroke-width": 8, "stroke-linecap": "round",
      opacity: 0.75, class: "pair",
    }));
  }
  game.line.forEach((m, i) => {
    const [cx, cy] = centre(m.cell);
    const maker = m.player === "maker";
    const g = svgEl("g", { class: "move " + m.player });
    g.append(svgEl("circle", {
      cx, cy, r: unit / 2 - 4, fill: maker ? MAKER : BREAKER, stroke: "#222", "stroke-width": 1.2,
    }));
    const t = svgEl("text", {
      x: cx, y: cy + 4, "text-anchor": "middle", fill: maker ? "#fff" : "#222",
      "font-size": 12, "font-family": "ui-monospace, monospace",
    });
    t.textContent = String(i + 1);
    g.append(t);
    svg.append(g);
  });
  return svg;
}

function lineWords(game) {
  const name = (m, i) => `${i + 1}. ${m.player === "maker" ? "M" : "B"} (${m.cell[0]},${m.cell[1]})`;
  return game.line.map(name).join("  ");
}

function gameParts(r) {
  const g = r.game;
  const parts = [];
  if (!g.winner) {
    parts.push(el("p", { class: "verdict" }, `Not settled within this server's limits (${g.stop}).`));
  } else if (g.winner === "maker") {
    parts.push(el("p", { class: "verdict good" },
      `Maker wins on this board, moving first: a copy on a finite board is a copy in the plane, so ${
        r.animal.name || "the animal"} is a winner. The outlined cells are Maker's copy.`));
  } else {
    parts.push(el("p", { class: "verdict bad" },
      "Breaker wins on this board (Maker first). This alone proves nothing about the plane; "
      + (g.pairs ? "the line ends where the copies still open have a pairing (blue dominoes): Breaker answers in the partner cell."
        : "the line ends when no copy is left open.")));
  }
  parts.push(kv([
    ["game", `${g.cells.length} cells, ${g.placements} copies, Maker first`],
    ["search", `${g.nodes.toLocaleString("en")} nodes, ${g.seconds.toFixed(3)} s`],
  ]));
  if (g.winner) {
    parts.push(el("div", { class: "ach-pic" }, boardPicture(r.board, g)));
    parts.push(el("p", { class: "hint ani-line" }, g.line.length ? lineWords(g) : "no move needed"));
    parts.push(el("p", { class: "hint" },
      "The winner's moves come from the proof; the loser's are one plausible choice (the cell in the most "
      + "nearly complete copies). `miai achieve animal solve --certificate` writes the whole strategy."));
  }
  return parts;
}

function pavingParts(r) {
  // `{ nodes, result: { result: "found" | ..., ... } }`.
  const p = { ...r.paving.result, nodes: r.paving.nodes };
  if (p.result === "found") {
    return [
      el("p", { class: "verdict good" },
        `A ${p.paving.width}x${p.paving.height} paving blocks every copy: Breaker answers each move with the `
        + `other cell of its domino, so ${r.animal.name || "the animal"} is a loser (${p.nodes.toLocaleString("en")} nodes).`),
      el("div", { class: "ach-pic" }, pavingPicture(p.paving, Math.max(2, Math.ceil(8 / p.paving.width)),
        Math.max(2, Math.ceil(8 / p.paving.height)))),
    ];
  }
  if (p.result === "impossible") {
    return [el("p", { class: "verdict" }, "No paving can exist: a copy has no two neighbouring cells.")];
  }
  if (p.result === "none_up_to") {
    return [el("p", { class: "verdict" }, `No paving with period up to ${p.max_side}x${p.max_side} `
      + `(${p.nodes.toLocaleString("en")} nodes).`)];
  }
  return [el("p", { class: "verdict" }, `Paving search cut off (${p.stop}).`)];
}

async function solve(pave) {
  const out = $("ani-out");
  const body = {
    animal: $("ani-animal").value.trim(),
    symmetry: $("ani-symmetry").value,
  };
  const board = $("ani-board").value.trim();
  if (board && !pave) body.board = board;
  else body.pave = true;
  out.setAttribute("aria-busy", "true");
  out.replaceChildren(el("p", { class: "busy" }, "working…"));
  try {
    const r = await api("/api/achieve/animal", body);
    const a = r.animal;
    const orient = el("div", { class: "ani-orientations" },
      ...a.orientations.map((cells) => animalPicture(cells, 10)));
    const parts = [
      el("div", { class: "row" }, animalPicture(a.cells, 20),
        el("p", {}, `${a.name || "animal"}: ${a.cells.length} cells, ${a.orientations.length} orientations (${a.symmetry})`)),
      orient,
    ];
    if (r.paving) parts.push(...pavingParts(r));
    if (r.game) parts.push(...gameParts(r));
    out.replaceChildren(...parts);
  } catch (err) {
    showError(out, err);
  } finally {
    out.setAttribute("aria-busy", "false");
  }
}

export function init() {
  const sel = $("ani-example");
  if (!sel) return;
  EXAMPLES.forEach((ex, i) => sel.append(el("option", { value: String(i) }, ex.label)));
  sel.addEventListener("change", () => {
    const ex = EXAMPLES[Number(sel.value)];
    if (!ex) return;
    $("ani-animal").value = ex.animal;
    $("ani-board").value = ex.board;
    solve(!ex.board);
  });
  $("ani-form").addEventListener("submit", (e) => {
    e.preventDefault();
    solve(false);
  });
  $("ani-pave").addEventListener("click", () => solve(true));
}
