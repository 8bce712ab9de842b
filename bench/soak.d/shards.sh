# shellcheck shell=bash
# Sourced by bench/soak.sh after its own checks (it gives `canopy`, `row`, NOTES, FAILED, $WORK,
# $INPUT, $CANOPY): shards merged into one run while legs keep arriving (docs/ci.md, "One run from
# many jobs").
#
#   shards-resent    SOAK_SHARD_TRIALS (10) trials on SQLite: leg 1 ($INPUT) and leg 2 (3 tests)
#                    stored, `run --expect-shards 2` started, and leg 2 sent again (5 tests) after
#                    a random delay of up to about one merge's time. The re-sent leg must either
#                    exit 0 with its 5 tests in the merged run, or exit 2 naming the merged run with
#                    the first leg 2 in it. "runs lost" counts re-sent legs that exited 0 but are not
#                    in the merged run, and refusals whose run holds no leg 2 as first sent; a merge
#                    that does not judge (exit 2) is a note and fails the soak.
#   shards-resent-pg the same on a new database of the $CANOPY_TEST_POSTGRES server (skipped when unset).
#   shards-retry     SOAK_SHARD_KILLS (5) merges killed after their commit, before their first file
#                    (CANOPY_TEST_OUTPUT_KILL_STEP=1), then run again: the retry must exit 0 or 1 with
#                    summary.md, comment.md, report.json (all the tests) and the page written. "runs
#                    lost" counts retries that did not; a merge that was not killed is a note.

SHARD_TRIALS=${SOAK_SHARD_TRIALS:-10}
SHARD_KILLS=${SOAK_SHARD_KILLS:-5}

# A JUnit leg of `count` passing tests of class `class`, written to `path`.
shard_leg() { # path class count
  {
    echo "<testsuites name=\"All tests\" tests=\"$3\" failures=\"0\">"
    echo "  <testsuite name=\"AppUITests.$2\" tests=\"$3\" failures=\"0\">"
    for n in $(seq 1 "$3"); do echo "    <testcase classname=\"AppUITests.$2\" name=\"test$n()\" time=\"0.5\"/>"; done
    echo "  </testsuite>"
    echo "</testsuites>"
  } >"$1"
}

# The merged run's stored test count, empty when it is not stored.
shard_run_tests() { # kind store key
  if [ "$1" = sqlite ]; then
    sqlite_count "$2" "SELECT tests FROM runs WHERE run_key = '$3'"
  else
    psql -At "$2" -c "SELECT tests FROM runs WHERE run_key = '$3'" 2>/dev/null
  fi
}

# The whole tests of `$INPUT` as one run reads them (its own run, stored once under `key`).
shard_input_tests() { # kind store key
  canopy ingest --quiet --store "$2" --run-key "$3" "$INPUT" >"$WORK/out" 2>&1
  shard_run_tests "$1" "$2" "$3"
}

shards_resent() { # kind store
  local kind=$1 store=$2 name=shards-resent crashes=0 hangs=0 lost=0 refused=0 merged=0 status
  [ "$kind" = postgres ] && name=shards-resent-pg
  local dir="$WORK/shards-$kind"
  mkdir -p "$dir"
  shard_leg "$dir/first.xml" Shard2Tests 3
  shard_leg "$dir/again.xml" Shard2Tests 5
  local base
  base=$(shard_input_tests "$kind" "$store" "resent-input")
  if [ -z "$base" ]; then
    NOTES+=("$name: the input could not be stored: $(head -3 "$WORK/out" | tr '\n' ' ' | cut -c1-200)")
    row "$name" 0 1 0 0 0
    return
  fi
  local span_ms=0
  for trial in $(seq 0 "$SHARD_TRIALS"); do
    local key="resent-$RANDOM$RANDOM-$trial" out="$dir/out-$trial"
    canopy ingest --quiet --store "$store" --run-key "$key" --shard 1 "$INPUT" >"$WORK/out" 2>&1
    canopy ingest --quiet --store "$store" --run-key "$key" --shard 2 "$dir/first.xml" >>"$WORK/out" 2>&1
    local start end
    start=$(date +%s%N)
    canopy run --quiet --store "$store" --run-key "$key" --expect-shards 2 --out "$out" --annotations none \
      >"$dir/merge-$trial" 2>&1 &
    local merge=$!
    if [ "$trial" -gt 0 ]; then
      local delay_ms=$((RANDOM % (span_ms * 12 / 10 + 1)))
      sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
      canopy ingest --store "$store" --run-key "$key" --shard 2 "$dir/again.xml" >"$dir/leg-$trial" 2>&1
      status=$?
    fi
    { wait $merge; } 2>/dev/null
    local merge_status=$?
    end=$(date +%s%N)
    # Trial 0 times one merge alone, for the delays of the others.
    if [ "$trial" -eq 0 ]; then span_ms=$(((end - start) / 1000000)); continue; fi
    if is_crash $merge_status; then crashes=$((crashes + 1)); NOTES+=("$name: merge $trial exited $merge_status: $(head -2 "$dir/merge-$trial" | cut -c1-160)"); fi
    [ $merge_status -eq 124 ] || [ $merge_status -eq 137 ] && hangs=$((hangs + 1))
    if [ $merge_status -eq 2 ]; then
      FAILED=1
      NOTES+=("$name: merge $trial judged nothing: $(grep -m1 error "$dir/merge-$trial" | cut -c1-160)")
    fi
    if is_crash $status; then crashes=$((crashes + 1)); NOTES+=("$name: leg $trial exited $status: $(head -2 "$dir/leg-$trial" | cut -c1-160)"); fi
    [ $status -eq 124 ] || [ $status -eq 137 ] && hangs=$((hangs + 1))
    local tests
    tests=$(shard_run_tests "$kind" "$store" "$key")
    if [ $status -eq 0 ]; then
      merged=$((merged + 1))
      if [ "$tests" != $((base + 5)) ]; then
        lost=$((lost + 1))
        NOTES+=("$name: trial $trial: the re-sent leg exited 0 ($(head -1 "$dir/leg-$trial" | cut -c1-100)) but the merged run holds ${tests:-no} tests, not $((base + 5))")
      fi
    elif [ $status -eq 2 ]; then
      refused=$((refused + 1))
      if ! grep -q "run $key was already merged" "$dir/leg-$trial" || [ "$tests" != $((base + 3)) ]; then
        lost=$((lost + 1))
        NOTES+=("$name: trial $trial: the re-sent leg was refused ($(grep -m1 error "$dir/leg-$trial" | cut -c1-120)) with ${tests:-no} tests merged, not $((base + 3))")
      fi
    fi
    rm -rf "$out"
  done
  NOTES+=("$name: of $SHARD_TRIALS legs re-sent during a merge of about $span_ms ms, $merged were merged and $refused refused (exit 2)")
  row "$name" "$SHARD_TRIALS" "$crashes" "$hangs" "$lost" 0
}

shards_retry() { # store
  local store=$1 crashes=0 hangs=0 lost=0 killed=0 status
  local dir="$WORK/shards-retry"
  mkdir -p "$dir"
  shard_leg "$dir/two.xml" Shard2Tests 3
  local base
  base=$(shard_input_tests sqlite "$store" "retry-input")
  for trial in $(seq 1 "$SHARD_KILLS"); do
    local key="retry-$trial" out="$dir/out-$trial"
    canopy ingest --quiet --store "$store" --run-key "$key" --shard 1 "$INPUT" >"$WORK/out" 2>&1
    canopy ingest --quiet --store "$store" --run-key "$key" --shard 2 "$dir/two.xml" >>"$WORK/out" 2>&1
    { timeout -s KILL "$TIMEOUT" env CANOPY_TEST_OUTPUT_KILL_STEP=1 "$CANOPY" run --quiet --store "$store" --run-key "$key" --expect-shards 2 \
      --out "$out" --annotations none >"$WORK/out" 2>&1; } 2>/dev/null
    status=$?
    if [ $status -eq 137 ]; then killed=$((killed + 1)); else NOTES+=("shards-retry: merge $trial was not killed (exit $status)"); fi
    canopy run --quiet --store "$store" --run-key "$key" --expect-shards 2 --out "$out" --annotations none \
      >"$dir/retry-$trial" 2>&1
    status=$?
    if is_crash $status; then crashes=$((crashes + 1)); fi
    [ $status -eq 124 ] || [ $status -eq 137 ] && hangs=$((hangs + 1))
    local tests=""
    [ -f "$out/report.json" ] && tests=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["summary"]["totals"]["tests"])' "$out/report.json" 2>/dev/null)
    if { [ $status -ne 0 ] && [ $status -ne 1 ]; } || [ ! -f "$out/summary.md" ] || [ ! -f "$out/comment.md" ] \
      || [ ! -f "$out/site/index.html" ] || [ "$tests" != $((base + 3)) ]; then
      lost=$((lost + 1))
      NOTES+=("shards-retry: the retry of merge $trial exited $status with ${tests:-no} tests in report.json: $(grep -m1 error "$dir/retry-$trial" | cut -c1-160)")
    fi
    rm -rf "$out"
  done
  [ "$killed" -gt 0 ] || { FAILED=1; NOTES+=("shards-retry: no merge was killed: $CANOPY_SHOWN has no CANOPY_TEST_OUTPUT_KILL_STEP hook"); }
  row shards-retry "$SHARD_KILLS" "$crashes" "$hangs" "$lost" 0
}

shards_resent sqlite "$WORK/shards-sqlite.sqlite"
if [ -n "${CANOPY_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  shards_database="canopy_soak_shards_$RANDOM$RANDOM"
  psql -q "$CANOPY_TEST_POSTGRES" -c "CREATE DATABASE $shards_database" >/dev/null 2>&1
  shards_store=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' "$CANOPY_TEST_POSTGRES" "$shards_database")
  shards_resent postgres "$shards_store"
  psql -q "$CANOPY_TEST_POSTGRES" -c "DROP DATABASE IF EXISTS $shards_database WITH (FORCE)" >/dev/null 2>&1
else
  NOTES+=("shards-resent-pg: skipped, CANOPY_TEST_POSTGRES is not set")
  row shards-resent-pg - - - - -
fi
shards_retry "$WORK/shards-retry.sqlite"
