#!/usr/bin/env bash
# One `canopy run` of REPORT against a fresh copy of HISTORY (so every timed run stores a new run
# into a 365-run history). Usage: bench/run-once.sh CANOPY HISTORY COPY REPORT
set -euo pipefail
canopy=$1 history=$2 copy=$3 report=$4
cp "$history" "$copy"
rm -f "$copy-wal" "$copy-shm"
out=$(dirname "$copy")/run-out
"$canopy" run --quiet --store "$copy" --out "$out" --branch main --commit bench --run-key "bench-$RANDOM$RANDOM" "$report" >/dev/null || [ $? -eq 1 ]
