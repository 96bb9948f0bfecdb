// The Go board drawn as SVG: wood, shaded stones, coordinates.
import { el, svgEl } from "./util.js";

// The report's diagram rows: a letter row, board rows "NN" + 3-wide cells,
// the letter row again. Returns {cols, rowNames, cells[y][x]}.
export function parseDiagram(rows) {
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
export function drawBoard(rows, pv) {
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

