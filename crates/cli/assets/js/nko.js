// The n-ko view: seed 000's win table as a coloured grid.
import { $, api, el, bindForm } from "./util.js";

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

export function init() {
  bindForm("nko-form", "nko-out", showNko);
}
