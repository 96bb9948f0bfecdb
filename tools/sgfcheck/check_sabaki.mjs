#!/usr/bin/env node
// Reads an SGF file with @sabaki/sgf (an SGF reader independent of miai's)
// and replays every node of its tree on a small board of its own (captures,
// no suicide, occupied points refused).
//
//   node tools/sgfcheck/check_sabaki.mjs FILE.sgf
//
// Prints one line of JSON with what it saw (the fields of
// check_sgfmill.py) and exits 0; exits 1 naming the node when the file does
// not parse or a move is illegal; exits 3 when @sabaki/sgf is not installed
// (`npm ci` in tools/sgfcheck/).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let sgf;
try {
  sgf = require("@sabaki/sgf");
} catch {
  console.error("@sabaki/sgf is not installed (npm ci in tools/sgfcheck/)");
  process.exit(3);
}

function fail(message) {
  console.error(`@sabaki/sgf: ${process.argv[2]}: ${message}`);
  process.exit(1);
}

if (process.argv.length !== 3) {
  console.error("usage: check_sabaki.mjs FILE.sgf");
  process.exit(2);
}

const trees = sgf.parse(readFileSync(process.argv[2], "utf8"));
if (trees.length < 1) fail("no game tree");
const root = trees[0];
const sz = (root.data.SZ || ["19"])[0];
const [w, h] = sz.includes(":") ? sz.split(":").map(Number) : [Number(sz), Number(sz)];
const at = (v) => {
  if (v === "" || (v === "tt" && w <= 19 && h <= 19)) return null;
  const x = v.charCodeAt(0) - 97, y = v.charCodeAt(1) - 97;
  if (v.length !== 2 || x < 0 || y < 0 || x >= w || y >= h) fail(`point ${JSON.stringify(v)} is off the board`);
  return [x, y];
};

// A board: a Map "x,y" -> "B" | "W".
function neighbours([x, y]) {
  return [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]].filter(([a, b]) => a >= 0 && b >= 0 && a < w && b < h);
}
function chain(board, p) {
  const colour = board.get(String(p));
  const seen = new Set([String(p)]), todo = [p];
  let liberties = 0;
  const libs = new Set();
  while (todo.length) {
    const q = todo.pop();
    for (const n of neighbours(q)) {
      const k = String(n), c = board.get(k);
      if (c === undefined) libs.add(k);
      else if (c === colour && !seen.has(k)) { seen.add(k); todo.push(n); }
    }
  }
  liberties = libs.size;
  return { points: [...seen], liberties };
}
function play(board, colour, p, where) {
  const k = String(p);
  if (board.has(k)) fail(`${where}: ${colour} plays on an occupied point`);
  const next = new Map(board);
  next.set(k, colour);
  const other = colour === "B" ? "W" : "B";
  for (const n of neighbours(p)) {
    if (next.get(String(n)) === other) {
      const c = chain(next, n);
      if (c.liberties === 0) for (const q of c.points) next.delete(q);
    }
  }
  if (chain(next, p).liberties === 0) fail(`${where}: ${colour} plays a suicide`);
  return next;
}

const start = new Map();
for (const [prop, colour] of [["AB", "B"], ["AW", "W"]]) {
  for (const v of root.data[prop] || []) {
    const p = at(v);
    if (!p) fail(`${prop} without a point`);
    if (start.has(String(p))) fail(`the root sets up ${v} twice`);
    start.set(String(p), colour);
  }
}
const stats = {
  reader: "@sabaki/sgf", size: w === h ? w : `${w}:${h}`, nodes: 0, moves: 0, passes: 0,
  leaves: 0, comments: 0, setup: start.size, first_moves: [],
};
for (const child of root.children) {
  const c = "B" in child.data ? "B" : "W" in child.data ? "W" : null;
  stats.first_moves.push(c ? `${c}${child.data[c][0] === "" ? "" : child.data[c][0]}` : null);
}
const stack = [[root, start, "root"]];
while (stack.length) {
  const [node, before, where] = stack.pop();
  stats.nodes += 1;
  if (node.data.C) stats.comments += 1;
  let board = before;
  for (const colour of ["B", "W"]) {
    if (!(colour in node.data)) continue;
    stats.moves += 1;
    const p = at(node.data[colour][0]);
    if (p === null) stats.passes += 1;
    else board = play(board, colour, p, where);
  }
  if (node.children.length === 0) stats.leaves += 1;
  node.children.forEach((c, i) => stack.push([c, board, `${where}/${i}`]));
}
console.log(JSON.stringify(stats));
