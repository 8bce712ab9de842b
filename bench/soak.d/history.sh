# shellcheck shell=bash
# The history store's own checks, sourced by bench/soak.sh after its built-in ones (it provides
# `canopy`, `row`, NOTES, $WORK, $CANOPY, $TIMEOUT and `is_crash`).
#
#   prune-affected   SOAK_PRUNE_TRIALS (5) trials: sample nights stored as main runs, then older
#                    feature-branch runs back-filled after them, then `canopy prune`. A control store
#                    gets the same runs in the same order except those prune deleted. The pruned
#                    store must hold the control's `test_identifiers` rows (identifier, test, last
#                    run) and `canopy affected --format json` must select the same for every changed
#                    file tried. "runs lost" counts identifier rows lost plus selections that differ.
#   readonly-readers SOAK_RO_KILLS (10) `canopy ingest`s SIGKILLed at a random point while another
#                    process holds a read transaction (so no checkpoint copies the run into the file:
#                    a run committed before the kill stays in the `-wal`), every other store with its
#                    `-shm` removed as a cache restored without it leaves it; then `canopy report
#                    --list` in a read-only bind mount of the store's directory (root). "runs lost"
#                    counts committed runs (read from a writable copy) a reader did not list without
#                    refusing clearly (exit 2 naming the -wal).

HISTORY_SAMPLES=Reports/samples
HISTORY_CONFIG=Reports/samples/canopy.yml

# `days` days ago as --started-at takes it.
history_days_ago() { date -u -d "@$(($(date +%s) - $1 * 86400))" +%Y-%m-%dT%H:%M:%SZ; }

# A random sample night's number, as its folder spells it.
history_night() { printf %02d $((RANDOM % 14 + 1)); }

# ingest store key branch commit days night
history_ingest() {
  canopy ingest --quiet --config "$HISTORY_CONFIG" --store "$1" --out "$WORK/history-out" --run-key "$2" \
    --branch "$3" --commit "$4" --started-at "$(history_days_ago "$5")" "$HISTORY_SAMPLES/night-$6" \
    >"$WORK/history-ingest.log" 2>&1
}

# The identifier rows of a SQLite store, one line each: identifier, test key, last run.
history_identifier_rows() {
  sqlite3 -batch "$1" "SELECT s.value || ' ' || n.test_key || ' ' || r.run_key FROM test_identifiers ti
    JOIN strings s ON s.id = ti.identifier_id JOIN test_names n ON n.id = ti.name_id
    JOIN runs r ON r.id = ti.last_run_id ORDER BY 1" 2>/dev/null
}

prune_affected() {
  local trials=${SOAK_PRUNE_TRIALS:-5} dir="$WORK/prune-affected" crashes=0 hangs=0 lost=0 pruned_runs=0 rows=0
  local changed status trial
  mkdir -p "$dir"
  # The sample app's Swift files that declare identifiers, as `affected --changed` takes them.
  mapfile -t changed < <(cd "$HISTORY_SAMPLES/app" && grep -rl accessibilityIdentifier --include='*.swift' Podcasts | sort)
  for trial in $(seq 1 "$trials"); do
    local store="$dir/pruned-$trial.sqlite" control="$dir/control-$trial.sqlite" plan=() entry key
    # 2 main runs and a feature branch's run of the last days, then 1 to 3 runs of the same branch
    # and commit back-filled, started months before them (what retention prunes).
    plan+=("main-$trial-a main m$trial-a 2 $(history_night)")
    plan+=("main-$trial-b main m$trial-b 1 $(history_night)")
    plan+=("pr-$trial-new feature/f$trial p$trial 1 $(history_night)")
    for back in $(seq 1 $((RANDOM % 3 + 1))); do
      plan+=("pr-$trial-old$back feature/f$trial p$trial $((RANDOM % 100 + 60)) $(history_night)")
    done
    for entry in "${plan[@]}"; do
      # shellcheck disable=SC2086
      history_ingest "$store" $entry
      status=$?
      if [ $status -eq 124 ]; then hangs=$((hangs + 1)); elif [ $status -ne 0 ]; then
        crashes=$((crashes + 1)); NOTES+=("prune-affected: ingest of ${entry%% *} exited $status: $(head -c 160 "$WORK/history-ingest.log")")
      fi
    done
    canopy prune --format json --config "$HISTORY_CONFIG" --store "$store" --out "$dir/out" >"$dir/prune.json" 2>"$WORK/history-prune.log"
    status=$?
    if [ $status -ne 0 ]; then
      [ $status -eq 124 ] && hangs=$((hangs + 1)) || crashes=$((crashes + 1))
      NOTES+=("prune-affected: prune exited $status: $(head -c 160 "$WORK/history-prune.log")"); continue
    fi
    local gone
    gone=$(python3 -c 'import json,sys; print(" ".join(r["key"] for r in json.load(open(sys.argv[1]))["runs"]))' "$dir/prune.json")
    pruned_runs=$((pruned_runs + $(wc -w <<<"$gone")))
    for entry in "${plan[@]}"; do
      key=${entry%% *}
      case " $gone " in *" $key "*) continue ;; esac
      # shellcheck disable=SC2086
      history_ingest "$control" $entry || { crashes=$((crashes + 1)); NOTES+=("prune-affected: control ingest of $key failed"); }
    done
    history_identifier_rows "$control" >"$dir/control.rows"
    history_identifier_rows "$store" >"$dir/pruned.rows"
    rows=$((rows + $(wc -l <"$dir/control.rows")))
    local missing
    missing=$(comm -23 "$dir/control.rows" "$dir/pruned.rows" | wc -l)
    [ "$missing" = 0 ] || NOTES+=("prune-affected: trial $trial (pruned $gone) lost $missing of $(wc -l <"$dir/control.rows") identifier rows, e.g. $(comm -23 "$dir/control.rows" "$dir/pruned.rows" | head -1)")
    lost=$((lost + missing))
    local file
    for file in "${changed[@]}"; do
      canopy affected --format json --config "$HISTORY_CONFIG" --store "$control" --source "$HISTORY_SAMPLES/app" --changed "$file" >"$dir/control.json" 2>&1
      canopy affected --format json --config "$HISTORY_CONFIG" --store "$store" --source "$HISTORY_SAMPLES/app" --changed "$file" >"$dir/pruned.json" 2>&1
      if ! cmp -s "$dir/control.json" "$dir/pruned.json"; then
        lost=$((lost + 1))
        NOTES+=("prune-affected: trial $trial (pruned $gone): affected --changed $file differs from the control's: $(diff "$dir/control.json" "$dir/pruned.json" | grep -c '^[<>]') lines")
      fi
    done
    rm -f "$store"* "$control"*
  done
  # Nothing pruned means nothing was tried.
  [ "$pruned_runs" -gt 0 ] || { FAILED=1; NOTES+=("prune-affected: prune deleted no run in $trials trials"); }
  NOTES+=("prune-affected: $pruned_runs back-filled runs pruned in $trials trials; $rows identifier rows in the controls; ${#changed[@]} changed files compared per trial")
  row prune-affected "$trials" "$crashes" "$hangs" "$lost" 0
}

# Runs `canopy` (the private binary) with the store's directory $1 mounted read-only; the rest are its arguments.
history_read_only() {
  local directory=$1
  shift
  timeout -s KILL "$TIMEOUT" unshare -m --propagation private sh -c \
    'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" && exec "$@"' "$directory" "$CANOPY" "$@"
}

readonly_readers() {
  local trials=${SOAK_RO_KILLS:-10} dir="$WORK/readonly" crashes=0 hangs=0 lost=0 killed=0 inwal=0 refused=0
  local trial status span_ms
  mkdir -p "$dir"
  if [ "$(id -u)" != 0 ] || ! history_read_only "$dir" --version >/dev/null 2>&1; then
    NOTES+=("readonly-readers: skipped, a read-only bind mount needs root (unshare -m)"); row readonly-readers - - - - -; return
  fi
  # Calibrate: how long one ingest of a sample night takes here.
  local began
  began=$(date +%s%N)
  history_ingest "$dir/calibrate.sqlite" calibrate main c 1 05
  span_ms=$((($(date +%s%N) - began) / 1000000))
  for trial in $(seq 1 "$trials"); do
    local store="$dir/$trial/history.sqlite" holder
    mkdir -p "$dir/$trial"
    history_ingest "$store" "base-$trial" main "b$trial" 2 01 || { crashes=$((crashes + 1)); continue; }
    # Another process reading keeps every checkpoint from copying the next run into the file, so
    # a run committed before the kill (or before the ingest ended) stays in the -wal.
    python3 -c 'import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN"); db.execute("SELECT COUNT(*) FROM runs").fetchall()
open(sys.argv[2], "w").write("holding"); time.sleep(3600)' "$store" "$dir/holding" &
    holder=$!
    for _ in $(seq 1 100); do [ -s "$dir/holding" ] && break; sleep 0.05; done
    "$CANOPY" ingest --quiet --config "$HISTORY_CONFIG" --store "$store" --out "$dir/out" --run-key "killed-$trial" \
      --branch main --commit "k$trial" "$HISTORY_SAMPLES/night-$(history_night)" >"$WORK/history-run.log" 2>&1 &
    local writer=$! delay=$(( (span_ms * (RANDOM % 100 + 30)) / 100 ))
    sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
    kill -KILL "$writer" 2>/dev/null && killed=$((killed + 1))
    wait "$writer" 2>/dev/null
    status=$?
    if is_crash "$status"; then crashes=$((crashes + 1)); NOTES+=("readonly-readers: the ingest exited $status: $(head -c 160 "$WORK/history-run.log")"); fi
    kill -KILL "$holder" 2>/dev/null; wait "$holder" 2>/dev/null
    rm -f "$dir/holding"
    # Every other trial: the -shm gone, as a cache restored without it leaves the store.
    [ $((trial % 2)) = 0 ] && rm -f "$store-shm"
    # What was committed, read from a writable copy of the directory.
    rm -rf "$dir/truth" && cp -a "$dir/$trial" "$dir/truth"
    local committed
    committed=$(sqlite3 -batch "$dir/truth/history.sqlite" "SELECT run_key FROM runs ORDER BY run_key" 2>/dev/null)
    case "$committed" in *killed-$trial*) [ -s "$store-wal" ] && inwal=$((inwal + 1)) ;; esac
    history_read_only "$dir/$trial" report --list --store "$store" >"$dir/list" 2>"$dir/list.err"
    status=$?
    if [ $status -eq 124 ]; then hangs=$((hangs + 1)); continue; fi
    if is_crash $status; then crashes=$((crashes + 1)); NOTES+=("readonly-readers: report --list exited $status"); continue; fi
    if [ $status -eq 2 ] && grep -q -- "-wal" "$dir/list.err"; then refused=$((refused + 1)); continue; fi
    local key
    for key in $committed; do
      grep -q -- "^$key[[:space:]]" "$dir/list" || {
        lost=$((lost + 1))
        NOTES+=("readonly-readers: trial $trial: committed run $key not listed (exit $status, -wal $(stat -c %s "$store-wal" 2>/dev/null || echo 0) bytes): $(head -c 160 "$dir/list.err")")
      }
    done
    rm -rf "$dir/$trial" "$dir/truth"
  done
  # No committed run left in a -wal means the reader was never put to the test.
  [ "$inwal" -gt 0 ] || { FAILED=1; NOTES+=("readonly-readers: no committed run was left in a -wal"); }
  NOTES+=("readonly-readers: one ingest took ${span_ms} ms; $killed of $trials ingests SIGKILLed, $inwal committed runs left only in the -wal (every other store without its -shm); $refused listings refused clearly")
  row readonly-readers "$trials" "$crashes" "$hangs" "$lost" 0
}

prune_affected
readonly_readers
