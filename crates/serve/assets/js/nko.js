// The n-ko view: seed 000's win table as a coloured grid; click a cell for
// that state's best play (GET /api/nko/state).
import { $, api, el, bindForm, kv, showError } from "./util.js";

const WORDS = { B: "Black wins", W: "White wins", D: "draw" };

// n kos as dots: Black's (m of them) dark, White's light.
function kos(s) {
  const box = el("span", { class: "kos", title: `${s.black_kos} Black, ${s.white_kos} White` });
  for (let i = 0; i < s.n; i++) box.append(el("i", { class: i < s.black_kos ? "b" : "w" }));
  return box;
}

function stateName(s) {
  return `(${s.n}, ${s.m}, ${s.t})`;
}

// The drill-down of one cell: verdict, the seed's claim, the principal
// variation as plies with the state after each.
async function showState(panel, n, m, t, passes) {
  panel.replaceChildren(el("p", { class: "busy" }, `(${n}, ${m}, ${t})…`));
  try {
    const r = await api(`/api/nko/state?n=${n}&m=${m}&t=${t}&passes=${passes}`);
    const rows = [
      ["state", r.description],
      ["verdict", `${WORDS[r.winner]}${r.proven ? " (proven)" : " (not proven)"}`],
    ];
    if (!passes) {
      rows.push(["seed 000", r.seed_claim
        ? `claims ${WORDS[r.seed_claim]}${r.seed_wrong ? ": wrong here" : ": agrees"}`
        : "says nothing here"]);
    } else {
      rows.push(["how", r.how]);
      rows.push(["seed's pass rule", `${WORDS[r.seed_rule]}${r.seed_rule === r.winner ? ": agrees" : ": wrong here"}`]);
    }
    const parts = [el("h3", {}, `State (${r.n}, ${r.m}, ${r.t}) `, kos(r.state)), kv(rows)];
    if (r.plies.length) {
      const list = el("ol", { class: "nko-plies" });
      r.plies.forEach((p, i) => {
        const after = p.after
          ? el("span", { class: "after" }, "→ ", stateName(p.after), kos(p.after),
            `${p.after.to_move === "B" ? "Black" : "White"} to move`)
          : el("span", { class: "after" }, `→ ${WORDS[p.end.winner]} (${p.end.how.replaceAll("-", " ")})`);
        list.append(el("li", {}, el("span", { class: "num" }, `${i + 1}.`), el("span", {}, p.text), after));
      });
      parts.push(el("p", {}, "Best play (the winner keeps a win, the loser holds out longest):"), list);
      if (r.variation_truncated) parts.push(el("p", { class: "hint" }, "… (more plies not shown)"));
    } else if (r.note) {
      parts.push(el("p", { class: "hint" }, r.note));
    }
    panel.replaceChildren(...parts);
  } catch (err) {
    showError(panel, err);
  }
}

// The latest table asked for: an older answer arriving late is dropped.
let latest = 0;

async function showNko() {
  const ask = ++latest;
  const out = $("nko-out");
  const max = Number($("nko-max").value) || 20;
  const passes = $("nko-passes").checked;
  const side = $("nko-side").value;
  const r = await api(`/api/nko/table?max_n=${max}&passes=${passes}`);
  if (ask !== latest) return;
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
      const td = el("td", { class: cls.join(" "), "data-n": c.n, "data-m": c.m, "data-t": c.t, title:
        `(n, m, t) = (${c.n}, ${c.m}, ${c.t}), ${c.to_move} to move: `
        + `${{ B: "Black wins", W: "White wins", D: "draw" }[c.winner]}`
        + (c.seed_wrong ? "; the seed's formula says otherwise" : "")
        + (c.proven ? "" : "; not proven") + " (click for the best play)" });
      tr.append(td);
    }
    table.append(tr);
  }
  const legend = el("p", { class: "legend" },
    el("span", { style: "background: var(--black-win)" }), "Black wins",
    el("span", { style: "background: var(--white-win)" }), "White wins",
    el("span", { style: "background: var(--draw)" }), "draw",
    el("span", { style: "box-shadow: inset 0 0 0 2px #d9412e" }), "seed 000's formula disagrees");
  const panel = el("div", { class: "nko-state" },
    el("p", { class: "hint" }, "Click a cell to see that state's best play."));
  table.addEventListener("click", (e) => {
    const td = e.target.closest("td[data-n]");
    if (!td) return;
    for (const old of table.querySelectorAll("td.selected")) old.classList.remove("selected");
    td.classList.add("selected");
    showState(panel, td.dataset.n, td.dataset.m, td.dataset.t, passes);
  });
  out.replaceChildren(legend, el("div", { class: "nko-layout" }, el("div", { class: "nko-wrap" }, table), panel));
}

export function init() {
  bindForm("nko-form", "nko-out", showNko);
  // The table is there when the tab opens and follows the choices at once.
  const form = $("nko-form");
  for (const id of ["nko-side", "nko-passes"]) {
    $(id).addEventListener("change", () => form.requestSubmit());
  }
  form.requestSubmit();
}
