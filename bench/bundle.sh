#!/usr/bin/env bash
# The .xcresult bundle row of `make bench` (issue 24), also run alone:
#   bench/bundle.sh CANOPY CANOPYBENCH OUT [RUNS]
# Generates OUT/bench.xcresult and its JSON twin OUT/bench-bundle.json once (BENCH_BUNDLE_TESTS,
# default 100,000 test runs; a fifth fail; a fiftieth carry a screenshot of
# BENCH_BUNDLE_SCREENSHOT_BYTES, default 230,000 incompressible bytes: ~500 MB), then times, in
# RUNS paired rounds (default 3): `canopy inspect --summary` of the JSON and of the bundle, and
# `canopy run` of the bundle without attachments and with them (the default, failing attempts'),
# each round into fresh output directories. Last, one `canopy run --verbose` says where the time went.
set -euo pipefail
cd "$(dirname "$0")/.."
canopy=$1 benchbin=$2 out=$3 runs=${4:-3}
tests=${BENCH_BUNDLE_TESTS:-100000}
shot_bytes=${BENCH_BUNDLE_SCREENSHOT_BYTES:-230000}
shape="$tests $shot_bytes"
if [ ! -d "$out/bench.xcresult" ] || [ "$(cat "$out/bench.xcresult.shape" 2>/dev/null)" != "$shape" ]; then
  rm -f "$out/bench.xcresult.shape"
  "$benchbin" bundle "$out" --tests "$tests" --failures $(( tests / 5 )) --screenshots $(( tests / 50 )) --screenshot-bytes "$shot_bytes"
  echo "$shape" > "$out/bench.xcresult.shape"
fi
echo "bundle: $(du -sm "$out/bench.xcresult" | cut -f1) MB ($(du -sm "$out/bench.xcresult/Data" | cut -f1) MB of Data/, $(( $(stat -c %s "$out/bench.xcresult/database.sqlite3") / 1000000 )) MB database), JSON twin $(( $(stat -c %s "$out/bench-bundle.json") / 1000000 )) MB"
echo
python3 bench/measure.py --runs "$runs" --size "$out/bench-bundle.json" \
  --label "canopy inspect --summary bench-bundle.json" -- "$canopy" inspect --summary "$out/bench-bundle.json" \
  --label "canopy inspect --summary bench.xcresult" -- "$canopy" inspect --summary "$out/bench.xcresult"
echo
# `canopy run` exits 1 when a gate fails (this run has failures): timed whatever its status.
python3 bench/measure.py --runs "$runs" --setup "rm -rf '$out/bundle-run-none' '$out/bundle-run'" \
  --label "canopy run bench.xcresult --attachments none" -- "$canopy" run --quiet --branch main --out "$out/bundle-run-none" --attachments none "$out/bench.xcresult" \
  --label "canopy run bench.xcresult (attachments of failing attempts)" -- "$canopy" run --quiet --branch main --out "$out/bundle-run" "$out/bench.xcresult"
echo "written beside the page: $(du -sm "$out/bundle-run/site/attachments" | cut -f1) MB in $(ls "$out/bundle-run/site/attachments" | wc -l) files"
rm -rf "$out/bundle-run-verbose"
echo "canopy run --verbose (where the time goes): $("$canopy" run --verbose --branch main --out "$out/bundle-run-verbose" "$out/bench.xcresult" 2>&1 >/dev/null | grep '^timings:' || true)"
rm -rf "$out/bundle-run-none" "$out/bundle-run" "$out/bundle-run-verbose"
