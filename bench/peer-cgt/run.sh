#!/usr/bin/env bash
# Builds the peer benchmark and runs each workload with a time limit.
# Usage: bench/peer-cgt/run.sh [seconds-per-workload]   (default 600)
set -uo pipefail
cd "$(dirname "$0")"
limit=${1:-600}
cargo build --release -q || exit 1
for w in stops w3 w1 w2; do
  timeout "$limit" ./target/release/peer-cgt-bench "$w" || echo "$w: no answer within ${limit} s"
done
