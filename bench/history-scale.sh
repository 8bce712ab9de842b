#!/usr/bin/env bash
# `make bench`, issue 38: a history that grows. `canopy run` of one BENCH_SCALE_TESTS-test report
# (default 5,000) with --branch main against a SQLite store holding BENCH_SCALE_RUNS nightly runs of
# those tests (default 1,000) vs one holding BENCH_SCALE_SMALL_RUNS (default 30: the same last 30
# nights), in paired rounds, each from fresh copies of both stores made untimed by --setup; then
# `canopy trend --runs 30` the same way; the store's bytes per stored result; and, when the binary
# has `canopy prune`, the time to prune the BENCH_SCALE_PRUNE (default 300) oldest runs of the large
# store, made older than the retention. The populated stores are cached in OUT/scale (CanopyBench
# `store populate`, which tops a cached store up and moves it to the current schema, untimed).
# Usage: bench/history-scale.sh CANOPY BENCHBIN OUT ROUNDS
set -euo pipefail
canopy=$1 benchbin=$2 out=$3 rounds=$4
tests=${BENCH_SCALE_TESTS:-5000}
large=${BENCH_SCALE_RUNS:-1000}
small=${BENCH_SCALE_SMALL_RUNS:-30}
prune=${BENCH_SCALE_PRUNE:-300}
dir="$out/scale"
mkdir -p "$dir"
report="$dir/junit-$tests.xml"
[ -s "$report" ] || python3 bench/gen_junit.py --tests "$tests" --out "$report"
# The stores' last night, and the timed run's start: the next night (the flakiness window ends
# at the run's start, so the figures do not move with the clock).
last_night=2026-11-01T02:00:00Z
next_night=2026-11-02T02:00:00Z

size() { # FILE: bytes of a SQLite file and its -wal
  local total=0 file
  for file in "$1" "$1-wal"; do [ -f "$file" ] && total=$(( total + $(stat -c %s "$file") )); done
  echo "$total"
}

populate() { # STORE RUNS: the last RUNS of the $large nights
  if [ -s "$1" ]; then echo "(reusing $1; delete it to populate it again)"; else echo "populating $1"; fi
  "$benchbin" store populate --store "$1" --runs "$2" --nights "$large" --like "$report" --until "$last_night" |
    grep -v '^populate.location'
}
# Named by the nights too: the small store holds the last $small of the $large nights.
small_store="$dir/history-$small-of-$large-$tests.sqlite"
large_store="$dir/history-$large-$tests.sqlite"
populate "$small_store" "$small"
populate "$large_store" "$large"
read -r large_runs large_results < <("$benchbin" store count --store "$large_store" |
  sed -n 's/^store.runs: \([0-9]*\)  results: \([0-9]*\)$/\1 \2/p')
echo "scale.store.bytesPerResult: $(( $(size "$large_store") / large_results )) ($large_runs runs, $large_results results," \
  "$(( $(size "$large_store") / 1000000 )) MB; per run $(( ($(size "$large_store") - $(size "$small_store")) / (large - small) / 1000 )) kB)"

# Fresh copies, made by measure.py's --setup before every round. `sync` writes the copies back
# before the round, so that their writeback does not run during the timed commands.
cat > "$dir/fresh.sh" <<'SCRIPT'
#!/usr/bin/env bash
# fresh.sh SOURCE COPY…: each COPY made anew from the SQLite store SOURCE (and its -wal).
set -euo pipefail
source=$1; shift
for copy in "$@"; do
  rm -f "$copy" "$copy-wal" "$copy-shm"
  cp "$source" "$copy"
  [ ! -f "$source-wal" ] || cp "$source-wal" "$copy-wal"
done
sync
SCRIPT
chmod +x "$dir/fresh.sh"
small_copy="$dir/work-$small.sqlite"
large_copy="$dir/work-$large.sqlite"
fresh="'$dir/fresh.sh' '$small_store' '$small_copy' && '$dir/fresh.sh' '$large_store' '$large_copy'"

ratio() { # TABLE: the ratio column of the table's last row
  tail -1 <<<"$1" | awk -F'|' '{gsub(/ /, "", $5); print $5}'
}
run_args=(--branch main --commit bench-scale --run-key bench-scale --started-at "$next_night" --annotations none)

echo
echo "### canopy run of $tests tests against $large stored runs vs $small ($rounds paired runs)"
table=$(python3 bench/measure.py --runs "$rounds" --setup "$fresh" \
  --label "canopy run, $small stored runs" -- "$canopy" run --store "$small_copy" --out "$dir/out-$small" --quiet "${run_args[@]}" "$report" \
  --label "canopy run, $large stored runs" -- "$canopy" run --store "$large_copy" --out "$dir/out-$large" --quiet "${run_args[@]}" "$report")
echo "$table"
echo "scale.run.ratio: $(ratio "$table") ($large vs $small stored runs; target <= 1.3)"
echo
echo "canopy run --verbose (where the time goes), against $small then $large stored runs:"
bash -c "$fresh"
for store in "$small_copy" "$large_copy"; do
  "$canopy" run --verbose --store "$store" --out "$dir/out-verbose" "${run_args[@]}" "$report" 2>&1 >/dev/null |
    grep '^timings:' || true
done

echo
echo "### canopy trend --runs 30 against $large stored runs vs $small ($rounds paired runs)"
bash -c "$fresh"
table=$(python3 bench/measure.py --runs "$rounds" \
  --label "canopy trend --runs 30, $small stored runs" -- "$canopy" trend --quiet --runs 30 --store "$small_copy" --out "$dir/out-$small" \
  --label "canopy trend --runs 30, $large stored runs" -- "$canopy" trend --quiet --runs 30 --store "$large_copy" --out "$dir/out-$large")
echo "$table"
echo "scale.trend.ratio: $(ratio "$table") ($large vs $small stored runs; target <= 1.3)"

echo
echo "### canopy trend --runs 30 when the flakiness window holds 720 of $large runs one hour apart, vs $small (issue 51: ratio <= 2, peak <= 150 MB)"
# A team merging all day: the latest run is judged over flakiness.windowDays (30 days), which
# then holds 720 of the runs, while the trend charts 30. Stores cached beside the nightly ones.
hourly_small="$dir/hourly-$small-of-$large-$tests.sqlite"
hourly_large="$dir/hourly-$large-$tests.sqlite"
for pair in "$hourly_small:$small" "$hourly_large:$large"; do
  store=${pair%:*} count=${pair##*:}
  [ -s "$store" ] || "$benchbin" store populate --store "$store" --runs "$count" --nights "$large" --like "$report" \
    --until "$last_night" --hours-apart 1 | grep -v '^populate.location'
done
table=$(python3 bench/measure.py --runs "$rounds" \
  --label "canopy trend --runs 30, $small runs an hour apart" -- "$canopy" trend --quiet --runs 30 --store "$hourly_small" --out "$dir/out-hourly-$small" \
  --label "canopy trend --runs 30, $large runs an hour apart" -- "$canopy" trend --quiet --runs 30 --store "$hourly_large" --out "$dir/out-hourly-$large")
echo "$table"
echo "scale.trend.hourly.ratio: $(ratio "$table") ($large vs $small runs an hour apart; target <= 2, peak <= 150 MB)"

echo
echo "### canopy prune: the $prune oldest of $large runs older than the retention"
if ! "$canopy" prune --help 2>/dev/null | grep -q 'USAGE: canopy prune'; then
  echo "(skipped: this canopy has no prune command)"
else
  # Retention in days such that its cutoff (now - days) falls within the day after the night of
  # the oldest run to go: night k of the store started (large - 1 - k) days before the last night.
  days=$(python3 -c '
import datetime, sys
last = datetime.datetime.fromisoformat(sys.argv[1].replace("Z", "+00:00"))
print((datetime.datetime.now(datetime.timezone.utc) - last).days + int(sys.argv[2]) - int(sys.argv[3]))' \
    "$last_night" "$large" "$prune")
  printf 'history:\n  retention:\n    days: %s\n    pullRequestDays: %s\n' "$days" "$days" >"$dir/retention.yml"
  table=$(python3 bench/measure.py --runs "$rounds" --setup "'$dir/fresh.sh' '$large_store' '$large_copy'" \
    --label "canopy prune, $large stored runs" -- env CANOPY_CONFIG="$dir/retention.yml" "$canopy" prune --store "$large_copy")
  echo "$table"
  left=$("$benchbin" store count --store "$large_copy" | sed -n 's/^store.runs: \([0-9]*\) .*/\1/p')
  median=$(tail -1 <<<"$table" | awk -F'|' '{gsub(/ /, "", $3); print $3}')
  echo "scale.prune: $(( large_runs - left )) of $large_runs runs pruned (retention $days days) in $median s (median);" \
    "store $(( $(size "$large_store") / 1000000 )) MB before, $(( $(size "$large_copy") / 1000000 )) MB after"
fi
rm -f "$small_copy"* "$large_copy"*
