// Long computations as jobs (docs/serve.md, "Jobs"): start one with
// POST /api/jobs, follow it over Server-Sent Events (EventSource), cancel it
// with DELETE. Plus a small progress widget (bar or counter, Cancel button,
// Esc cancels) any view can show while a job runs.
import { el } from "./util.js";

// The jobs this page started that are still running: cancelled when the
// page goes away, so that a closed tab does not leave searches running to
// their limits (`keepalive` lets the request outlive the page).
const running = new Set();
window.addEventListener("pagehide", () => {
  for (const id of running) {
    fetch(`/api/jobs/${encodeURIComponent(id)}`, { method: "DELETE", keepalive: true }).catch(() => {});
  }
});

// Starts a job of `kind` ("tsumego" | "achieve") with `params` (for tsumego:
// the body of POST /api/tsumego). Resolves, once the server accepted it, to
//   { id, state, done, cancel }
// - `done`: a Promise of the result. It resolves with the `result` event's
//   data, and also with the `cancelled` event's data (what the search had
//   when it stopped, marked not proven by the server; `null` if nothing);
//   it rejects with an Error carrying the server's message on `error`.
// - `state`: "running", then "done", "cancelled" or "failed".
// - `cancel()`: asks the server to stop the job (resolves to its snapshot);
//   `done` then settles with the cancelled event.
// - `onProgress(p)` is called with each progress event's data (`nodes`,
//   `seconds` and what the search reports: see docs/serve.md).
// Rejects (400/422/429 ...) with the server's message if the job is refused.
export async function startJob(kind, params, { onProgress } = {}) {
  const res = await fetch("/api/jobs", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ kind, params }),
  });
  let data = null;
  try {
    data = await res.json();
  } catch (_) {
    throw new Error(`${res.status} ${res.statusText}`);
  }
  if (!res.ok) throw new Error(data.error || `${res.status} ${res.statusText}`);
  const job = { id: data.id, state: "running", download: null };
  running.add(job.id);
  job.cancel = async () => {
    const r = await fetch(`/api/jobs/${encodeURIComponent(job.id)}`, { method: "DELETE" });
    return r.json();
  };
  job.done = new Promise((resolve, reject) => {
    const source = new EventSource(data.events);
    let settled = false;
    const finish = (state, ok, value) => {
      if (settled) return;
      settled = true;
      job.state = state;
      running.delete(job.id);
      source.close(); // the stream has ended: do not let EventSource reconnect
      if (ok) resolve(value);
      else reject(value);
    };
    const json = (e) => {
      try {
        return JSON.parse(e.data);
      } catch (_) {
        return null;
      }
    };
    source.addEventListener("progress", (e) => {
      const p = json(e);
      if (p && onProgress) onProgress(p);
    });
    const finalEvent = (state) => async (e) => {
      const v = json(e);
      if (state === "failed") {
        finish(state, false, new Error((v && v.error) || "the job failed"));
        return;
      }
      // The snapshot names the file the job made, if any.
      try {
        const snap = await (await fetch(`/api/jobs/${encodeURIComponent(job.id)}`)).json();
        job.download = snap.download || null;
      } catch (_) { /* the result is what matters */ }
      finish(state, true, v);
    };
    source.addEventListener("result", finalEvent("done"));
    source.addEventListener("cancelled", finalEvent("cancelled"));
    source.addEventListener("error", (e) => {
      // A named `error` event from the server carries data; a connection
      // error does not. EventSource reconnects by itself (a late
      // subscriber still gets the final event); when it gives up, ask the
      // snapshot what happened.
      if (e.data !== undefined) {
        finalEvent("failed")(e);
        return;
      }
      if (source.readyState !== EventSource.CLOSED) return;
      fetch(`/api/jobs/${encodeURIComponent(job.id)}`)
        .then((r) => r.json())
        .then((snap) => {
          if (snap.state === "done" || snap.state === "cancelled") {
            job.download = snap.download || null;
            finish(snap.state, true, snap.result);
          } else {
            finish("failed", false, new Error(snap.error || "lost the job's event stream"));
          }
        })
        .catch(() => finish("failed", false, new Error("lost the connection to the server")));
    });
  });
  return job;
}

// The widgets showing a job, so that Esc cancels the most recent one on
// view.
const active = [];

// On the window, so that a view's own Esc (listening on the document: it
// hears the key first) can take the key with preventDefault, e.g. to unselect.
window.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || e.defaultPrevented) return;
  // The most recent job shown: not one on a hidden tab.
  const w = active.findLast((x) => x.element.isConnected && x.element.offsetParent !== null);
  if (!w) return;
  e.preventDefault();
  w.cancel();
});

// A default one-line description of a progress report.
export function describeProgress(p) {
  const parts = [];
  if (p.phase) parts.push(p.phase === "certificate" ? "writing the certificate" : "searching");
  if (p.first) {
    parts.push(`${p.first} first` + (p.searches > 1 ? ` (${p.search} of ${p.searches})` : ""));
  }
  if (typeof p.nodes === "number") {
    parts.push(`${p.nodes.toLocaleString("en")} nodes`
      + (p.max_nodes ? ` of ${p.max_nodes.toLocaleString("en")}` : ""));
  }
  if (p.table_capacity) parts.push(`table ${Math.round((100 * p.table_used) / p.table_capacity)}% full`);
  if (typeof p.seconds === "number") parts.push(`${p.seconds.toFixed(1)} s`);
  return parts.join(" · ");
}

// A progress widget: a bar (when the report has `max_nodes`) or a moving
// stripe, a one-line counter, and a Cancel button (Esc cancels too).
//   const w = progressWidget({ label: "Solving", onCancel });
//   container.append(w.element); w.update(p); ... w.finish("done");
export function progressWidget({ label = "Working", onCancel, describe = describeProgress } = {}) {
  const fill = el("div", { class: "job-fill" });
  const bar = el("div", { class: "job-bar indeterminate", role: "progressbar" }, fill);
  const text = el("span", { class: "job-text" }, "starting…");
  const button = el("button", { type: "button", class: "job-cancel", title: "Cancel (Esc)" }, "Cancel");
  const element = el("div", { class: "job-progress" },
    el("div", { class: "job-head" }, el("strong", {}, label), button), text, bar);
  const started = performance.now();
  const widget = {
    element,
    cancel() {
      if (button.disabled) return;
      button.disabled = true;
      button.textContent = "Cancelling…";
      if (onCancel) onCancel();
    },
    update(p) {
      text.textContent = describe(p);
      if (p.max_nodes && typeof p.nodes === "number") {
        // Both first players of a tsumego job share the bar.
        const searches = p.searches || 1;
        const done = ((p.search || 1) - 1 + Math.min(1, p.nodes / p.max_nodes)) / searches;
        bar.classList.remove("indeterminate");
        fill.style.width = `${(100 * done).toFixed(1)}%`;
        bar.setAttribute("aria-valuenow", String(Math.round(100 * done)));
      }
    },
    finish(message) {
      const i = active.indexOf(widget);
      if (i >= 0) active.splice(i, 1);
      button.remove();
      bar.classList.remove("indeterminate");
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      text.textContent = `${message} (${secs} s)`;
      element.classList.add("finished");
    },
  };
  button.addEventListener("click", () => widget.cancel());
  active.push(widget);
  return widget;
}

// Runs a job with a progress widget in `container`: resolves to
// { job, result } when it ends (`job.state` says how), rejects with the
// server's message if it is refused or fails.
export async function runJob(kind, params, container, { label, describe } = {}) {
  let job = null;
  const widget = progressWidget({ label, describe, onCancel: () => job && job.cancel() });
  container.append(widget.element);
  try {
    job = await startJob(kind, params, { onProgress: (p) => widget.update(p) });
    if (widget.element.querySelector(".job-cancel")?.disabled) job.cancel();
    const result = await job.done;
    widget.finish(job.state === "cancelled" ? "cancelled: partial result below" : "done");
    return { job, result };
  } catch (err) {
    widget.finish(`failed: ${err.message || err}`);
    throw err;
  }
}
