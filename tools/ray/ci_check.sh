#!/usr/bin/env bash
# CI check of the Ray driver: one 20-cell proof (seed 004's Fig. 3 creature)
# solved in one process and as work units on a local Ray cluster with two
# workers; the verdicts must be equal and both certificates accepted by
# `miai achieve verify` with the same winner and first player.
# Usage: tools/ray/ci_check.sh MIAI-BINARY [AREA]
set -euo pipefail
cd "$(dirname "$0")/../.."
miai=${1:?usage: tools/ray/ci_check.sh MIAI-BINARY [AREA]}
area=${2:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
game=(--creature 0,4,5,7,15 --area "$area")

"$miai" achieve solve "${game[@]}" --certificate "$work/single.cert" | tee "$work/single.txt"
python3 tools/ray/miai_ray.py --work "$work/ray" --miai "$miai" --workers 2 \
  --certificate "$work/ray.cert" -- "${game[@]}" --depth 1 --certificates | tee "$work/ray.txt"

verdict() { grep -E '^(Maker wins|Breaker wins|unproven)' "$1" | cut -d: -f1; }
single=$(verdict "$work/single.txt")
merged=$(verdict "$work/ray.txt")
echo "single process: $single; Ray: $merged"
[[ -n "$single" && "$single" == "$merged" ]] || { echo "verdicts differ" >&2; exit 1; }

"$miai" achieve verify "$work/single.cert" --json > "$work/single.json"
"$miai" achieve verify "$work/ray.cert" --json > "$work/ray.json"
python3 - "$work/single.json" "$work/ray.json" <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for v in (a, b):
    assert v["accepted"], v
assert (a["winner"], a["first"]) == (b["winner"], b["first"]), (a, b)
print(f"both certificates accepted: {a['winner']} wins, {a['first']} first")
EOF
