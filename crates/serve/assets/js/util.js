// Small helpers shared by every view of the miai page: DOM building, the
// JSON API call, the busy/error wrapper of a form. ES module, no build step.
export const $ = (id) => document.getElementById(id);

export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    // An absent value (null, undefined) leaves the attribute out rather
    // than writing the text "null" or "undefined".
    if (v === null || v === undefined) continue;
    if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function svgEl(tag, attrs) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

// POSTs (or GETs) JSON; resolves to the answer or throws its error text.
export async function api(path, body) {
  const init = body === undefined
    ? {}
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let res;
  try {
    res = await fetch(path, init);
  } catch (_) {
    // fetch's own message ("Failed to fetch") does not say what to do.
    throw new Error("cannot reach the miai server: is `miai serve` still running?");
  }
  let data;
  try {
    data = await res.json();
  } catch (_) {
    throw new Error(`${res.status} ${res.statusText}: the server's answer is not JSON`);
  }
  if (!res.ok) throw new Error(data.error || `${res.status} ${res.statusText}`);
  return data;
}

export function showError(out, err) {
  out.replaceChildren(el("div", { class: "error" }, err.message || String(err)));
}

export async function run(form, out, work) {
  const button = form.querySelector("button[type=submit]");
  if (button) button.disabled = true;
  out.setAttribute("aria-busy", "true");
  out.replaceChildren(el("p", { class: "busy" }, "working…"));
  try {
    await work();
  } catch (err) {
    showError(out, err);
  } finally {
    if (button) button.disabled = false;
    out.setAttribute("aria-busy", "false");
  }
}

export function kv(rows) {
  const t = el("table", { class: "kv" });
  for (const [k, v] of rows) t.append(el("tr", {}, el("th", {}, k), el("td", {}, v)));
  return t;
}

// Runs `work` when the form is submitted, showing its error in `outId`.
export function bindForm(formId, outId, work) {
  const form = $(formId);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    run(form, $(outId), work);
  });
}
