// The CGT calculator view: canonical form, stops, mean, temperature,
// cooled/heated values, options, incentives, reduced form, atomic weight
// and the thermograph (with its legend) of an expression.
import { $, api, el, kv, bindForm } from "./util.js";

async function evaluateCgt() {
  const out = $("cgt-out");
  const body = { expr: $("cgt-expr").value, details: true };
  const cool = $("cgt-cool").value.trim();
  if (cool) body.cool = cool;
  const heat = $("cgt-heat").value.trim();
  if (heat) body.heat = heat;
  const r = await api("/api/cgt", body);
  const rows = [
    ["canonical form", r.canonical],
    ["outcome", `${r.outcome} (${r.outcome_words})`],
    ["stops", `left ${r.left_stop}, right ${r.right_stop}`],
    ["mean", r.mean],
    ["temperature", r.temperature],
    ["birthday", r.birthday],
  ];
  if (r.cooled) {
    rows.push([`cooled by ${r.cooled.t}`, r.cooled.value]);
    const c = r.cooled.confused_with_integers;
    rows.push(["confused with integers",
      c === null ? "too many to list" : (c.length ? c.join(", ") : "none")]);
  }
  if (r.heated) rows.push([`heated by ${r.heated.t}`, r.heated.value]);
  const d = r.details;
  if (d) {
    const list = (v) => (v.length ? v.join(", ") : "none");
    rows.push(["left options", list(d.left_options)]);
    rows.push(["right options", list(d.right_options)]);
    rows.push(["left incentives", list(d.left_incentives)]);
    rows.push(["right incentives", list(d.right_incentives)]);
    rows.push(["reduced canonical form", d.reduced]);
    rows.push(["atomic weight", d.atomic_weight ?? d.atomic_weight_note ?? "not defined"]);
  }
  const picture = el("div", { class: "thermograph" });
  // The server's SVG escapes the title; it is parsed as SVG, not HTML.
  const doc = new DOMParser().parseFromString(r.thermograph_picture, "image/svg+xml");
  if (doc.documentElement && doc.documentElement.nodeName === "svg") {
    picture.append(document.importNode(doc.documentElement, true));
  }
  out.replaceChildren(el("div", { class: "boards" }, kv(rows), picture));
}

export function init() {
  bindForm("cgt-form", "cgt-out", evaluateCgt);
}
