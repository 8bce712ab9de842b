#!/usr/bin/env bash
# `make bench`: generate large inputs deterministically (bench/out/, git-ignored) and measure
# Canopy against libxml2's own floor. Environment: BENCH_RUNS (default 5), BENCH_SKIP_1GB=1.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
runs=${BENCH_RUNS:-5}
canopy=.build/release/canopy
benchbin=.build/release/CanopyBench
[ -x "$canopy" ] || swift build -c release --product canopy
[ -x "$benchbin" ] || swift build -c release --product CanopyBench

gen() { # FILE ARGS…
  local file=$1; shift
  [ -s "$file" ] || { echo "bench: generating $file"; python3 bench/gen_junit.py "$@" --out "$file"; }
}
gen "$out/junit-100mb.xml" --tests 90000
gen "$out/junit-dense.xml" --tests 600000 --dense
[ "${BENCH_SKIP_1GB:-0}" = 1 ] || gen "$out/junit-1gb.xml" --tests 900000
cc -O2 -o "$out/xmlwalk" bench/xmlreader_walk.c $(pkg-config --cflags --libs libxml-2.0)

echo "## JUnit parsing: canopy inspect --summary vs libxml2 baselines ($runs paired runs)"
for file in "$out/junit-100mb.xml" "$out/junit-dense.xml" "$out/junit-1gb.xml"; do
  [ -f "$file" ] || continue
  tests=$(grep -c '<testcase ' "$file" || true)
  echo
  echo "### $(basename "$file"): $(( $(stat -c %s "$file") / 1000000 )) MB, $tests testcase elements"
  r=$runs; case "$file" in *1gb*) r=$(( runs < 3 ? runs : 3 ));; esac
  python3 bench/measure.py --runs "$r" --size "$file" \
    --label "C xmlTextReader" -- "$out/xmlwalk" reader "$file" \
    --label "canopy inspect --summary" -- "$canopy" inspect --summary "$file" \
    --label "C SAX2 push" -- "$out/xmlwalk" sax "$file" \
    --label "xmllint --stream --noout" -- xmllint --stream --noout --huge "$file"
done

for section in xcresult snapshots analysis store pipeline; do
  echo
  "$benchbin" "$section" "$out" || echo "bench $section failed"
done
