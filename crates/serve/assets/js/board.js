// The Go board drawn as SVG: wood, shaded stones, coordinates on all four
// sides, star points, numbered stones, the last-move mark, overlay marks
// and a hover ghost stone. Any size up to 25x25, also a window (e.g. a 9x5
// corner) on a larger board: sides that are not board edges show the lines
// running on.
import { svgEl } from "./util.js";

// GTP column letters (no I).
export const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// The GTP name of board point (x, y) (from the top-left) on a board `bh` high.
export function pointName(x, y, bh) {
  return `${LETTERS[x]}${bh - y}`;
}

// Board point {x, y} of a GTP name, or null.
export function parsePoint(name, bw, bh) {
  const m = /^([A-HJ-Za-hj-z])(\d+)$/.exec(String(name).trim());
  if (!m) return null;
  const x = LETTERS.indexOf(m[1].toUpperCase());
  const y = bh - Number(m[2]);
  if (x < 0 || x >= bw || y < 0 || y >= bh) return null;
  return { x, y };
}

// Star points along one side of a board of `n` points.
function starLines(n) {
  if (n < 7) return [];
  const d = n >= 13 ? 3 : 2;
  const out = [d, n - 1 - d];
  if (n % 2 === 1 && n >= 9) out.push((n - 1) / 2);
  return out;
}

let uid = 0;

// Draws a board. `spec`:
//   width, height        the window drawn (points)
//   board [bw, bh]       the whole board (default the window)
//   origin [ox, oy]      the window's top-left point on the board
//   colNames, rowNames   override the coordinate labels (report diagrams)
//   stones[y][x]         "B", "W" or null (window coordinates)
//   faded                Set of "x,y" drawn translucent (frame stones)
//   numbers              Map "x,y" -> number drawn on the stone (or point)
//   last {x, y}          the last move's mark
//   marks                [{x, y, kind, label, color}]: kind triangle,
//                        triangle-down, square, circle, cross, label,
//                        correct (a green ring), wrong (a red cross), dot
//   shade                [{x, y, color}]: translucent squares (region, ...)
//   cell                 pixels between lines (default 30)
//   ghost                "B" / "W" / null: the hover stone's colour
//   onClick(x, y, ev)    window coordinates
// Returns the <svg>.
export function renderBoard(spec) {
  const w = spec.width, h = spec.height;
  const [bw, bh] = spec.board || [w, h];
  const [ox, oy] = spec.origin || [0, 0];
  const s = spec.cell || 30;
  const m = Math.round(s * 1.2);
  const W = 2 * m + s * (w - 1), H = 2 * m + s * (h - 1);
  const id = `b${++uid}`;
  const svg = svgEl("svg", {
    class: "board", width: W, height: H, viewBox: `0 0 ${W} ${H}`,
    role: "img", "aria-label": `Go board ${w}x${h}`,
  });
  const defs = svgEl("defs");
  for (const [gid, a, mid, b] of [[`${id}gb`, "#6a6a6a", "#262626", "#050505"],
    [`${id}gw`, "#ffffff", "#f1eee8", "#bdb6aa"]]) {
    const g = svgEl("radialGradient", { id: gid, cx: "36%", cy: "32%", r: "68%" });
    g.append(svgEl("stop", { offset: "0%", "stop-color": a }));
    g.append(svgEl("stop", { offset: "45%", "stop-color": mid }));
    g.append(svgEl("stop", { offset: "100%", "stop-color": b }));
    defs.append(g);
  }
  const wood = svgEl("linearGradient", { id: `${id}wood`, x1: "0", y1: "0", x2: "1", y2: "1" });
  wood.append(svgEl("stop", { offset: "0%", "stop-color": "#e6c27a" }));
  wood.append(svgEl("stop", { offset: "55%", "stop-color": "#dcb35c" }));
  wood.append(svgEl("stop", { offset: "100%", "stop-color": "#cf9f48" }));
  defs.append(wood);
  const shadow = svgEl("filter", { id: `${id}sh`, x: "-30%", y: "-30%", width: "160%", height: "160%" });
  shadow.append(svgEl("feDropShadow", { dx: s * 0.05, dy: s * 0.07, stdDeviation: s * 0.05, "flood-opacity": 0.4 }));
  defs.append(shadow);
  svg.append(defs);
  svg.append(svgEl("rect", { x: 0, y: 0, width: W, height: H, fill: `url(#${id}wood)`, rx: 4 }));
  // A few grain streaks.
  for (let i = 0; i < 7; i++) {
    const y = ((i * 37 + 11) % 97) / 97 * H;
    svg.append(svgEl("path", {
      d: `M0 ${y} C ${W / 3} ${y + 6}, ${2 * W / 3} ${y - 6}, ${W} ${y + 3}`,
      stroke: "#b8863a", "stroke-opacity": 0.12, "stroke-width": 3, fill: "none",
    }));
  }
  const X = (x) => m + s * x, Y = (y) => m + s * y;
  const edge = {
    left: ox === 0, right: ox + w === bw, top: oy === 0, bottom: oy + h === bh,
  };
  const run = s * 0.55; // lines running on past a side that is not an edge
  const lines = svgEl("g", { stroke: "#3d2a12", "stroke-width": 1, "stroke-linecap": "square" });
  for (let x = 0; x < w; x++) {
    const bold = (edge.left && x === 0) || (edge.right && x === w - 1);
    lines.append(svgEl("line", {
      x1: X(x), y1: Y(0) - (edge.top ? 0 : run), x2: X(x), y2: Y(h - 1) + (edge.bottom ? 0 : run),
      "stroke-width": bold ? 1.8 : 1,
    }));
  }
  for (let y = 0; y < h; y++) {
    const bold = (edge.top && y === 0) || (edge.bottom && y === h - 1);
    lines.append(svgEl("line", {
      x1: X(0) - (edge.left ? 0 : run), y1: Y(y), x2: X(w - 1) + (edge.right ? 0 : run), y2: Y(y),
      "stroke-width": bold ? 1.8 : 1,
    }));
  }
  svg.append(lines);
  if (!spec.colNames) {
    const xs = starLines(bw), ys = starLines(bh);
    for (const sx of xs) for (const sy of ys) {
      const x = sx - ox, y = sy - oy;
      if (x >= 0 && x < w && y >= 0 && y < h) {
        svg.append(svgEl("circle", { cx: X(x), cy: Y(y), r: Math.max(2, s * 0.09), fill: "#3d2a12" }));
      }
    }
  }
  const font = Math.max(9, Math.round(s * 0.36));
  const label = (x, y, text) => {
    const t = svgEl("text", {
      x, y: y + font * 0.35, "text-anchor": "middle", "font-size": font,
      fill: "#4a3418", "font-family": "system-ui, sans-serif",
    });
    t.textContent = text;
    svg.append(t);
  };
  for (let x = 0; x < w; x++) {
    const name = spec.colNames ? spec.colNames[x] : LETTERS[ox + x];
    label(X(x), m * 0.3, name);
    label(X(x), H - m * 0.3, name);
  }
  for (let y = 0; y < h; y++) {
    const name = spec.rowNames ? spec.rowNames[y] : String(bh - oy - y);
    label(m * 0.32, Y(y), name);
    label(W - m * 0.32, Y(y), name);
  }
  // Shaded points under the stones.
  for (const p of spec.shade || []) {
    svg.append(svgEl("rect", {
      x: X(p.x) - s / 2, y: Y(p.y) - s / 2, width: s, height: s,
      fill: p.color || "#3a7bd5", "fill-opacity": p.opacity ?? 0.28, class: p.class || "shade",
    }));
  }
  const numbers = spec.numbers || new Map();
  const stones = spec.stones || [];
  const faded = spec.faded || new Set();
  const r = s * 0.48;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = stones[y] && stones[y][x];
      if (!c) continue;
      const g = svgEl("g", faded.has(`${x},${y}`) ? { opacity: 0.5 } : {});
      g.append(svgEl("circle", {
        cx: X(x), cy: Y(y), r,
        fill: c === "B" ? `url(#${id}gb)` : `url(#${id}gw)`,
        stroke: c === "B" ? "#000" : "#8d877c", "stroke-width": 0.6,
        filter: `url(#${id}sh)`, class: `stone ${c}`,
      }));
      svg.append(g);
    }
  }
  const ink = (x, y) => {
    const c = stones[y] && stones[y][x];
    return c === "B" ? "#fff" : "#111";
  };
  for (const [key, n] of numbers) {
    const [x, y] = key.split(",").map(Number);
    const c = stones[y] && stones[y][x];
    if (!c) {
      // A number on an empty point (a stone captured later): a wood patch.
      svg.append(svgEl("circle", { cx: X(x), cy: Y(y), r: s * 0.34, fill: "#dcb35c" }));
    }
    const t = svgEl("text", {
      x: X(x), y: Y(y) + s * 0.15, "text-anchor": "middle",
      "font-size": String(n).length > 2 ? s * 0.34 : s * 0.42, "font-weight": 600,
      fill: ink(x, y), "font-family": "system-ui, sans-serif", class: "num",
    });
    t.textContent = String(n);
    svg.append(t);
  }
  if (spec.last && !numbers.has(`${spec.last.x},${spec.last.y}`)) {
    const { x, y } = spec.last;
    svg.append(svgEl("circle", {
      cx: X(x), cy: Y(y), r: s * 0.2, fill: "none", stroke: ink(x, y), "stroke-width": 2, class: "last",
    }));
  }
  for (const mk of spec.marks || []) drawMark(svg, mk, X(mk.x), Y(mk.y), s, mk.color || ink(mk.x, mk.y), stones);
  // Hover ghost and clicks.
  if (spec.onClick || spec.ghost) {
    const ghost = svgEl("circle", { r, opacity: 0, "pointer-events": "none", class: "ghost" });
    svg.append(ghost);
    const at = (ev) => {
      const box = svg.getBoundingClientRect();
      const px = (ev.clientX - box.left) * (W / box.width);
      const py = (ev.clientY - box.top) * (H / box.height);
      const x = Math.round((px - m) / s), y = Math.round((py - m) / s);
      if (x < 0 || y < 0 || x >= w || y >= h) return null;
      if (Math.abs(px - X(x)) > s * 0.55 || Math.abs(py - Y(y)) > s * 0.55) return null;
      return { x, y };
    };
    svg.addEventListener("mousemove", (ev) => {
      const p = at(ev);
      const colour = typeof spec.ghost === "function" ? spec.ghost(p) : spec.ghost;
      if (!p || !colour) { ghost.setAttribute("opacity", 0); svg.style.cursor = ""; return; }
      svg.style.cursor = "pointer";
      ghost.setAttribute("cx", X(p.x));
      ghost.setAttribute("cy", Y(p.y));
      ghost.setAttribute("fill", colour === "W" ? "#fff" : colour === "B" ? "#111" : colour);
      ghost.setAttribute("stroke", "#555");
      ghost.setAttribute("opacity", 0.45);
    });
    svg.addEventListener("mouseleave", () => ghost.setAttribute("opacity", 0));
    if (spec.onClick) {
      svg.addEventListener("click", (ev) => {
        const p = at(ev);
        if (p) spec.onClick(p.x, p.y, ev);
      });
      svg.addEventListener("contextmenu", (ev) => {
        const p = at(ev);
        if (p) { ev.preventDefault(); spec.onClick(p.x, p.y, ev, true); }
      });
    }
  }
  return svg;
}

function drawMark(svg, mk, cx, cy, s, color, stones) {
  const a = { fill: "none", stroke: color, "stroke-width": 2, class: `mark ${mk.kind}` };
  const k = s * 0.26;
  switch (mk.kind) {
    case "triangle":
      svg.append(svgEl("path", { ...a, d: `M${cx} ${cy - k * 1.15} L${cx + k} ${cy + k * 0.6} L${cx - k} ${cy + k * 0.6}Z` }));
      break;
    case "triangle-down":
      svg.append(svgEl("path", { ...a, d: `M${cx} ${cy + k * 1.15} L${cx + k} ${cy - k * 0.6} L${cx - k} ${cy - k * 0.6}Z` }));
      break;
    case "square":
      svg.append(svgEl("rect", { ...a, x: cx - k * 0.85, y: cy - k * 0.85, width: k * 1.7, height: k * 1.7 }));
      break;
    case "circle":
      svg.append(svgEl("circle", { ...a, cx, cy, r: k }));
      break;
    case "cross":
      svg.append(svgEl("path", { ...a, d: `M${cx - k} ${cy - k} L${cx + k} ${cy + k} M${cx + k} ${cy - k} L${cx - k} ${cy + k}` }));
      break;
    case "dot":
      svg.append(svgEl("circle", { cx, cy, r: s * 0.12, fill: color, class: "mark dot" }));
      break;
    case "correct":
      svg.append(svgEl("circle", {
        cx, cy, r: s * 0.3, fill: "#2e9e48", "fill-opacity": 0.35, stroke: "#1d7a33", "stroke-width": 2.5,
        class: "mark correct",
      }));
      break;
    case "wrong":
      svg.append(svgEl("path", {
        d: `M${cx - k} ${cy - k} L${cx + k} ${cy + k} M${cx + k} ${cy - k} L${cx - k} ${cy + k}`,
        stroke: "#c0392b", "stroke-width": 3, class: "mark wrong",
      }));
      break;
    case "label": {
      const empty = !(stones[mk.y] && stones[mk.y][mk.x]);
      if (empty) svg.append(svgEl("circle", { cx, cy, r: s * 0.3, fill: "#dcb35c" }));
      const t = svgEl("text", {
        x: cx, y: cy + s * 0.16, "text-anchor": "middle", "font-size": s * 0.45, "font-weight": 600,
        fill: color, "font-family": "system-ui, sans-serif", class: "mark label",
      });
      t.textContent = mk.label || "?";
      svg.append(t);
      break;
    }
    default:
      break;
  }
}
