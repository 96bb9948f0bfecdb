#!/usr/bin/env python3
"""Run a miai proof as work units on a Ray cluster.

    python3 tools/ray/miai_ray.py --work DIR [options] -- SPLIT-ARGS

1. If DIR/units/split.json does not exist yet, runs
   `miai achieve split SPLIT-ARGS --out DIR/units` (SPLIT-ARGS: the game and
   --depth, e.g. `--creature 0,4,5,7,15 --area 28 --depth 1`).
2. Solves every unit that has no result in DIR/results yet as one Ray task:
   the task writes the unit's JSON to a temporary directory on its worker,
   runs `miai achieve solve-unit` there and returns the result's text, which
   the driver writes to DIR/results (no shared file system needed; only the
   miai binary on every worker). Failed units are retried; at most
   --max-concurrent units run at once.
3. Runs `miai achieve merge` on the units and results (with --certificate,
   writes the merged certificate) and prints its report; the driver's exit
   status is merge's (0 proven, 1 unproven, 2 error).

Resumable: run the same command again and only units without a result run.
Without --address a local Ray cluster with --workers CPUs is started; with
--address (e.g. `auto`, or `HEAD-IP:6379`) the driver joins that cluster.
See docs/achieve.md ("Work units and Ray") for Slurm.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path


def parse_args(argv):
    p = argparse.ArgumentParser(
        description="Run a miai achieve proof as work units on Ray.",
        epilog="Arguments after -- go to `miai achieve split` (first run only).",
    )
    p.add_argument("--work", required=True, type=Path,
                   help="work directory: units/ (the split) and results/")
    p.add_argument("--miai", default=None,
                   help="the miai binary on every worker (default: target/release/miai "
                        "of this repository if built, else `miai` on PATH)")
    p.add_argument("--address", default=None,
                   help="join this Ray cluster (`auto`, HEAD:6379); default: start a local one")
    p.add_argument("--workers", type=int, default=2,
                   help="CPUs of the local cluster (ignored with --address; default 2)")
    p.add_argument("--max-concurrent", type=int, default=None,
                   help="units running at once at most (default: the cluster's CPUs)")
    p.add_argument("--retries", type=int, default=2,
                   help="retries of a unit whose task failed (default 2)")
    p.add_argument("--certificate", type=Path, default=None,
                   help="merge: write the merged certificate here (split with --certificates)")
    p.add_argument("--unit-args", default="",
                   help="extra flags for every solve-unit, e.g. '--table-mb 512'")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    args, rest = p.parse_known_args(argv)
    if rest and rest[0] == "--":
        rest = rest[1:]
    args.split_args = rest
    return args


def default_miai():
    here = Path(__file__).resolve().parents[2]
    built = here / "target" / "release" / "miai"
    if built.exists():
        return str(built)
    found = shutil.which("miai")
    if found:
        return found
    sys.exit("miai_ray: no miai binary: build it (cargo build --release -p miai) or give --miai")


def run_split(miai, units_dir, split_args):
    if (units_dir / "split.json").exists():
        return False
    if not split_args:
        sys.exit(f"miai_ray: {units_dir}/split.json does not exist: give the split's "
                 "arguments after --, e.g. -- --creature 0,4,5,7,15 --area 24 --depth 1")
    cmd = [miai, "achieve", "split", *split_args, "--out", str(units_dir)]
    done = subprocess.run(cmd)
    if done.returncode != 0:
        sys.exit(f"miai_ray: `{' '.join(cmd)}` failed (exit {done.returncode})")
    return True


def solve_task(miai, unit_text, unit_args):
    """One unit on a worker: returns a dict with the result text or why not."""
    import resource
    import socket
    import tempfile

    unit = json.loads(unit_text)
    uid = unit["id"]
    with tempfile.TemporaryDirectory(prefix="miai-unit-") as tmp:
        path = Path(tmp) / f"{uid}.json"
        path.write_text(unit_text)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        done = subprocess.run(
            [miai, "achieve", "solve-unit", str(path), "--out", tmp, *unit_args],
            capture_output=True, text=True,
        )
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        result = Path(tmp) / f"{uid}.result.json"
        text = result.read_text() if result.exists() else None
    return {
        "id": uid,
        "rc": done.returncode,
        "result": text,
        "stderr": done.stderr[-2000:],
        "host": socket.gethostname(),
        "wall": wall,
        "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
    }


class Progress:
    def __init__(self, total, already, quiet):
        self.total = total
        self.done = already
        self.failed = 0
        self.cut_off = 0
        self.retried = 0
        self.nodes = 0
        self.search_seconds = 0.0
        self.cpu = 0.0
        self.task_wall = 0.0
        self.ran = 0
        self.quiet = quiet
        self.start = time.monotonic()
        self.last = 0.0

    def line(self, running, force=False):
        now = time.monotonic()
        if self.quiet or (not force and now - self.last < 2.0):
            return
        self.last = now
        el = now - self.start
        rate = self.nodes / el if el > 0 else 0
        print(f"[{el:7.1f} s] units done {self.done}/{self.total}, running {running}, "
              f"failed {self.failed}, cut off {self.cut_off}, retried {self.retried}; "
              f"search nodes {self.nodes:,} ({rate:,.0f}/s)", flush=True)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    miai = args.miai or default_miai()
    units_dir = args.work / "units"
    results_dir = args.work / "results"
    results_dir.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    run_split(miai, units_dir, args.split_args)
    manifest = json.loads((units_dir / "split.json").read_text())
    ids = [f"u{i:05}" for i in range(manifest["units"])]
    todo = []
    for uid in ids:
        r = results_dir / f"{uid}.result.json"
        if r.exists():
            try:
                if json.loads(r.read_text()).get("id") == uid:
                    continue
            except (OSError, ValueError):
                pass
        todo.append(uid)

    import ray

    if args.address:
        ray.init(address=args.address, log_to_driver=False)
    else:
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
    t_up = time.monotonic()
    cpus = int(ray.cluster_resources().get("CPU", 1))
    hosts = len([n for n in ray.nodes() if n.get("Alive")])
    cap = args.max_concurrent or cpus
    if not args.quiet:
        print(f"Ray: {hosts} node(s), {cpus} CPUs; {len(ids)} units, {len(ids) - len(todo)} "
              f"already solved, at most {cap} at once", flush=True)

    # max_retries: Ray re-runs a task whose worker died; unit failures
    # (a miai error, no result) are retried below.
    remote = ray.remote(num_cpus=1, max_retries=1)(solve_task)
    unit_args = args.unit_args.split()
    progress = Progress(len(ids), len(ids) - len(todo), args.quiet)
    queue = list(todo)
    attempts = {}
    running = {}
    failed_for_good = []
    while queue or running:
        while queue and len(running) < cap:
            uid = queue.pop(0)
            attempts[uid] = attempts.get(uid, 0) + 1
            text = (units_dir / f"{uid}.json").read_text()
            running[remote.remote(miai, text, unit_args)] = uid
        ready, _ = ray.wait(list(running), num_returns=1, timeout=2.0)
        for ref in ready:
            uid = running.pop(ref)
            try:
                out = ray.get(ref)
            except Exception as e:  # the task itself failed (worker lost, ...)
                out = {"id": uid, "rc": None, "result": None, "stderr": str(e)}
            if out["result"] is not None and out["rc"] in (0, 1):
                path = results_dir / f"{uid}.result.json"
                tmp = path.with_suffix(".tmp")
                tmp.write_text(out["result"])
                tmp.replace(path)
                res = json.loads(out["result"])
                progress.done += 1
                progress.ran += 1
                progress.nodes += res.get("nodes", 0)
                progress.search_seconds += res.get("seconds", 0.0)
                progress.cpu += out.get("cpu", 0.0)
                progress.task_wall += out.get("wall", 0.0)
                if res.get("winner") is None:
                    progress.cut_off += 1
            elif attempts[uid] <= args.retries:
                progress.retried += 1
                queue.append(uid)
            else:
                progress.failed += 1
                failed_for_good.append(uid)
                print(f"unit {uid} failed {attempts[uid]} times (exit {out['rc']}): "
                      f"{out['stderr'].strip()}", file=sys.stderr, flush=True)
        progress.line(len(running))
    progress.line(0, force=True)
    wall = time.monotonic() - t_up
    ray.shutdown()
    if not args.quiet and progress.ran:
        slots = min(cap, cpus)
        overhead = (wall * slots - progress.search_seconds) / progress.ran
        print(f"ran {progress.ran} units in {wall:.1f} s wall after {t_up - t0:.1f} s of split "
              f"and Ray start: units' search {progress.search_seconds:.1f} s (wall, summed), "
              f"CPU of the miai processes {progress.cpu:.1f} s; overhead about "
              f"{overhead:.3f} s per unit ({slots} slots x wall - search, per unit)", flush=True)
    if failed_for_good:
        print(f"miai_ray: {len(failed_for_good)} units failed; run again to retry them",
              file=sys.stderr)
    cmd = [miai, "achieve", "merge", "--units", str(units_dir), "--results", str(results_dir)]
    if args.certificate:
        cmd += ["--certificate", str(args.certificate)]
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
