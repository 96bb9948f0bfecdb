#!/usr/bin/env bash
# Builds the side-by-side benchmark and runs every workload with both
# libraries, each in a fresh process (so "cold" is a first run), under a
# time limit, and checks that both give the same answer.
# Usage: bench/peer-cgt/run.sh [seconds-per-run] [warm-runs]   (600, 20)
set -uo pipefail
cd "$(dirname "$0")"
limit=${1:-600}
warm=${2:-20}
cargo build --release -q || exit 1
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
for w in stops w1 w2 w3 tree print; do
  n=$warm; [[ $w == w1 || $w == w2 || $w == print ]] && n=0   # the peer takes minutes
  m=$(timeout "$limit" ./target/release/peer-cgt-bench miai "$w" "$warm") || m="miai $w: no answer within ${limit} s"
  p=$(timeout "$limit" ./target/release/peer-cgt-bench peer "$w" "$n") || p="peer $w: no answer within ${limit} s"
  echo "$m"
  echo "$p"
  # The peer writes a space after a comma in braces; miai does not.
  ma=${m##*KiB: }; pa=${p##*KiB: }
  if [[ "$m" == *KiB:* && "$p" == *KiB:* && "${ma// /}" != "${pa// /}" ]]; then
    echo "$w: the answers differ"; status=1
  fi
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
