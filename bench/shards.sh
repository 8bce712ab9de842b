#!/usr/bin/env bash
# `make bench`, issue 36: one run from 8 CI legs of 12,000 tests each (BENCH_SHARD_TESTS), each leg
# labelled with its own destination. Measures the final `canopy run --expect-shards 8` against
# `canopy run` reading the same 8 files as one input (paired rounds, fresh stores each round; the
# 8 `ingest --shard` run concurrently in each round's untimed setup), then times the concurrent
# ingests on their own and checks that the merged run holds every test the one-input run holds.
# SQLite always; PostgreSQL when CANOPY_TEST_POSTGRES is set. Usage: bench/shards.sh CANOPY OUT RUNS
set -euo pipefail
canopy=$1 out=$2 runs=$3
tests=${BENCH_SHARD_TESTS:-12000}
legs=8
dir="$out/shards"
mkdir -p "$dir"
for n in $(seq $legs); do
  file="$dir/leg-$n-$tests.xml"
  [ -s "$file" ] || python3 bench/gen_junit.py --tests "$tests" --seed "$n" --out "$file"
done

# Fresh stores: bench/shards.sh's helpers, so that measure.py's --setup can call them.
cat > "$dir/fresh.sh" <<'SCRIPT'
#!/usr/bin/env bash
# fresh.sh STORE: an empty store (a SQLite path removed, or a PostgreSQL database dropped and made).
set -euo pipefail
case $1 in
  postgres*)
    admin=${CANOPY_TEST_POSTGRES:?}
    name=${1##*/}
    psql "$admin" -q -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" -c "CREATE DATABASE $name" ;;
  *) rm -f "$1" "$1-wal" "$1-shm" ;;
esac
SCRIPT
cat > "$dir/ingest-all.sh" <<SCRIPT
#!/usr/bin/env bash
# ingest-all.sh STORE: the $legs legs store their shards of run bench-shards at once.
set -euo pipefail
pids=()
for n in \$(seq $legs); do
  "$canopy" ingest --quiet --store "\$1" --run-key bench-shards --shard "\$n" --destination "Simulator \$n" \\
    --branch main --commit bench-shards --started-at 2026-11-27T02:00:00Z "$dir/leg-\$n-$tests.xml" &
  pids+=(\$!)
done
for pid in "\${pids[@]}"; do wait "\$pid"; done
SCRIPT
chmod +x "$dir/fresh.sh" "$dir/ingest-all.sh"

labels=()
for n in $(seq $legs); do labels+=(--destination "Simulator $n=$dir/leg-$n-$tests.xml"); done
metadata=(--branch main --commit bench-shards --started-at 2026-11-27T02:00:00Z --annotations none --quiet)

measure() { # NAME DIRECT-STORE MERGED-STORE
  local name=$1 direct=$2 merged=$3
  echo
  echo "### $legs legs x $tests tests, $name: the merged run against the same files read as one input ($runs paired runs)"
  python3 bench/measure.py --runs "$runs" \
    --setup "'$dir/fresh.sh' '$direct' && '$dir/fresh.sh' '$merged' && '$dir/ingest-all.sh' '$merged'" \
    --label "canopy run, $legs labelled files as one input" -- \
      "$canopy" run --store "$direct" --out "$dir/out-direct" --run-key bench-direct "${metadata[@]}" "${labels[@]}" \
    --label "canopy run --expect-shards $legs (merge)" -- \
      "$canopy" run --store "$merged" --out "$dir/out-merged" --run-key bench-shards --expect-shards $legs \
      "${metadata[@]}"
  "$dir/fresh.sh" "$merged"
  local start end
  start=$(date +%s%N)
  "$dir/ingest-all.sh" "$merged"
  end=$(date +%s%N)
  # Exit 1 is expected: the legs' generated failures fail the default gates. Their lines are not
  # the bench's output, so they are shown only when the run ends any other way.
  local status=0
  "$canopy" run --store "$merged" --out "$dir/out-merged" --run-key bench-shards --expect-shards $legs \
    "${metadata[@]}" >"$dir/merged-run.log" 2>&1 || status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then cat "$dir/merged-run.log" >&2; return "$status"; fi
  python3 - "$dir/out-direct/report.json" "$dir/out-merged/report.json" "$name" "$legs" "$(( (end - start) / 1000000 ))" <<'PY'
import json, sys
direct, merged = (json.load(open(path))["summary"]["totals"] for path in sys.argv[1:3])
name, legs, ms = sys.argv[3], sys.argv[4], int(sys.argv[5])
lost = direct["tests"] - merged["tests"]
print(f"shards.{name}: {legs} concurrent ingest --shard in {ms / 1000:.2f} s; merged run {merged['tests']} tests, "
      f"{merged['attempts']} attempts; one-input run {direct['tests']} tests: "
      + ("nothing lost" if lost == 0 and direct == merged else f"DIFFERENT (lost {lost})"))
PY
}

measure sqlite "$dir/direct.sqlite" "$dir/merged.sqlite"
if [ -n "${CANOPY_TEST_POSTGRES:-}" ]; then
  base=${CANOPY_TEST_POSTGRES%/*}
  measure postgres "$base/canopy_bench_direct" "$base/canopy_bench_merged"
  "$dir/fresh.sh" "$base/canopy_bench_direct" && "$dir/fresh.sh" "$base/canopy_bench_merged"
fi
