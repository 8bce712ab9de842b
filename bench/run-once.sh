#!/usr/bin/env bash
# One `canopy run` of REPORT into HISTORY (`make bench` hands it a fresh copy of the 365-run store
# the store bench made, before each round). Usage: bench/run-once.sh CANOPY HISTORY OUT REPORT
set -euo pipefail
canopy=$1 history=$2 out=$3 report=$4
"$canopy" run --quiet --store "$history" --out "$out" --branch main --commit "bench-$RANDOM" --run-key "bench-$RANDOM$RANDOM$RANDOM" "$report" >/dev/null || [ $? -eq 1 ]
