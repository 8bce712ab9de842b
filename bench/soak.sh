#!/usr/bin/env bash
# make soak: faults and load against the history store, bounded in count and time, ending in a table
#   check | trials | crashes | hangs | runs lost | runs duplicated
# Every figure but trials must be zero; the script exits 1 otherwise.
#
#   kill-sqlite      SOAK_KILLS (50) `canopy ingest` runs SIGKILLed at a random point; after each,
#                    PRAGMA integrity_check must say ok and a rerun of the same run must succeed.
#   kill-postgres    the same against $CANOPY_TEST_POSTGRES (skipped when unset).
#   pg-restart       a private PostgreSQL cluster restarted during SOAK_RESTARTS (20) ingests (root,
#                    PostgreSQL installed); each ends in success or exit 2 saying to retry, never a hang.
#   pg-restart-connect a private PostgreSQL cluster stopped while SOAK_CONNECT_WRITERS (3) ingests
#                    connect and started 1 s later, SOAK_CONNECT_RESTARTS (10) times (root, PostgreSQL
#                    installed); every ingest must exit 0 with its run stored once and whole.
#   disk-full        ingests into a store on a small tmpfs until the disk is full: the failing ingest
#                    must exit 2 with a clear message, and the store must stay whole (root only).
#                    No `-wal` with content may stay behind.
#   concurrent       16 `canopy ingest` processes × SOAK_RUNS (50) runs into one SQLite store, each
#                    also re-uploading one of another process's runs; every run stored exactly once.
#   first-writers    SOAK_FIRST_TRIALS (20) trials of SOAK_FIRST_WRITERS (12) `canopy ingest` processes
#                    released together onto a SQLite store that does not exist yet; every run stored.
#   first-writers-pg the same onto a new PostgreSQL database on the $CANOPY_TEST_POSTGRES server.
#   kill-swap        SOAK_SWAP_KILLS (20) `canopy run`s into an --out holding an earlier run's set, each
#                    SIGKILLed just before a random step of writing and swapping its set; every file
#                    must then be the earlier run's or every file the new run's, and the next run must
#                    write its set whole and leave no staging directory. A mixed set counts as a run lost.
#   bench/soak.d/*   checks of their own, one file each, sourced after these; each file's header says
#                    what it does and what its "runs lost" column counts.
#
# SOAK_ONLY="NAME …" runs only the named checks (kill, pg-restart, disk-full, concurrent,
# first-writers, kill-swap, and the files of bench/soak.d by name: history, quarantine, shards).
# CANOPY=path/to/canopy (default .build/debug/canopy); SOAK_KILLS, SOAK_SWAP_KILLS, SOAK_RUNS, SOAK_WRITERS, SOAK_RESTARTS,
# SOAK_CONNECT_RESTARTS, SOAK_CONNECT_WRITERS,
# SOAK_FIRST_TRIALS, SOAK_FIRST_WRITERS, SOAK_TESTS (tests per input, 4000), SOAK_TIMEOUT (seconds per
# canopy call, default 120) bound the work. `.ci/run` runs a short soak (see there).
set -uo pipefail
cd "$(dirname "$0")/.."

CANOPY=${CANOPY:-.build/debug/canopy}
KILLS=${SOAK_KILLS:-50}
RUNS=${SOAK_RUNS:-50}
WRITERS=${SOAK_WRITERS:-16}
TIMEOUT=${SOAK_TIMEOUT:-120}
[ -x "$CANOPY" ] || { echo "soak: $CANOPY is not built (make build)" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "soak: sqlite3 is needed for the integrity checks (apt-get install sqlite3)" >&2; exit 2; }

WORK=$(mktemp -d /tmp/canopy-soak.XXXXXX)
MOUNTED=""
cleanup() {
  [ -n "$MOUNTED" ] && umount "$MOUNTED" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
# A private copy, so a rebuild while the soak runs cannot swap the binary under it.
cp "$CANOPY" "$WORK/canopy"
CANOPY_SHOWN=$CANOPY
CANOPY="$WORK/canopy"

ROWS=()
FAILED=0
NOTES=()
row() { # check trials crashes hangs lost duplicated
  ROWS+=("$(printf '| %-16s | %6s | %7s | %5s | %9s | %15s |' "$@")")
  for value in "$3" "$4" "$5" "$6"; do [ "$value" = "0" ] || [ "$value" = "-" ] || FAILED=1; done
}

# A run big enough that the store write takes a while, so kills land inside it.
INPUT="$WORK/input"
mkdir -p "$INPUT"
python3 bench/gen_junit.py --tests "${SOAK_TESTS:-4000}" --dense --out "$INPUT/junit.xml" >/dev/null
EXPECTED_TESTS=""

# canopy with a deadline; prints nothing, returns its status (124 = hung and killed by timeout).
canopy() { timeout -s KILL "$TIMEOUT" "$CANOPY" "$@"; }
# A status that is a crash: a signal we did not send, or an exit code Canopy never uses.
is_crash() { [ "$1" -ne 0 ] && [ "$1" -ne 1 ] && [ "$1" -ne 2 ] && [ "$1" -ne 124 ] && [ "$1" -ne 137 ]; }

sqlite_count() { sqlite3 -batch "$1" "$2" 2>/dev/null; }

# --- SIGKILL at random points --------------------------------------------------------------------
kill_trials() { # kind store
  local kind=$1 store=$2 prefix="kill-$RANDOM$RANDOM" crashes=0 hangs=0 lost=0 dup=0 killed=0 status
  # Calibrate: how long one whole ingest takes here.
  local start end
  start=$(date +%s%N)
  canopy ingest --quiet --store "$store" --run-key "$prefix-calibration" "$INPUT" >"$WORK/out" 2>&1
  local status=$?
  end=$(date +%s%N)
  if [ $status -ne 0 ]; then
    echo "soak: the calibration ingest failed ($status): $(head -3 "$WORK/out")" >&2
    row "kill-$kind" 0 1 0 0 0
    return
  fi
  local span_ms=$(((end - start) / 1000000))
  for trial in $(seq 1 "$KILLS"); do
    local key="$prefix-$trial" delay_ms=$((RANDOM % (span_ms * 12 / 10 + 1)))
    "$CANOPY" ingest --quiet --store "$store" --run-key "$key" "$INPUT" >"$WORK/out" 2>&1 &
    local pid=$!
    sleep "$(printf '0.%03d' $((delay_ms % 1000)))"
    sleep $((delay_ms / 1000))
    kill -KILL $pid 2>/dev/null
    { wait $pid; } 2>/dev/null  # no "Killed" line from the shell
    status=$?
    [ $status -eq 137 ] && killed=$((killed + 1))
    if is_crash $status; then crashes=$((crashes + 1)); echo "soak: trial $trial exited $status: $(head -3 "$WORK/out")" >&2; fi
    if [ "$kind" = sqlite ]; then
      local check
      check=$(sqlite3 -batch "$store" "PRAGMA integrity_check" 2>&1)
      [ "$check" = "ok" ] || { crashes=$((crashes + 1)); echo "soak: integrity_check after trial $trial: $check" >&2; }
    fi
    canopy ingest --quiet --store "$store" --run-key "$key" "$INPUT" >"$WORK/out" 2>&1
    status=$?
    if [ $status -eq 124 ] || [ $status -eq 137 ]; then hangs=$((hangs + 1))
    elif [ $status -ne 0 ]; then
      FAILED=1
      NOTES+=("kill-$kind: the rerun of trial $trial exited $status: $(grep -m1 -i error "$WORK/out" | cut -c1-160)")
    fi
  done
  # Every trial's run is stored once, whole (as many tests as the calibration run).
  local query_runs="SELECT count(*), count(DISTINCT run_key) FROM runs WHERE run_key LIKE '$prefix-%' AND run_key <> '$prefix-calibration'"
  local query_whole="SELECT count(*) FROM runs r WHERE r.run_key LIKE '$prefix-%' AND r.tests = (SELECT tests FROM runs WHERE run_key = '$prefix-calibration') AND r.tests = (SELECT count(*) FROM tests t WHERE t.run_id = r.id)"
  local counts whole
  if [ "$kind" = sqlite ]; then
    counts=$(sqlite_count "$store" "$query_runs")
    whole=$(sqlite_count "$store" "$query_whole")
  else
    counts=$(psql -At -F '|' "$store" -c "$query_runs" 2>/dev/null)
    whole=$(psql -At "$store" -c "$query_whole" 2>/dev/null)
  fi
  local rows=${counts%%|*} distinct=${counts##*|}
  rows=${rows:-0}; distinct=${distinct:-0}; whole=${whole:-0}
  # Missing runs, plus stored runs that are not whole (the calibration run counts among `whole`).
  lost=$((KILLS - distinct + (distinct + 1 - whole)))
  dup=$((rows - distinct))
  NOTES+=("kill-$kind: one ingest took ${span_ms} ms; $killed of $KILLS trials were killed mid-ingest, the rest had finished")
  row "kill-$kind" "$KILLS" "$crashes" "$hangs" "$lost" "$dup"
}

# --- PostgreSQL restarted during an ingest ------------------------------------------------------------
# A private cluster (not the shared CANOPY_TEST_POSTGRES one) restarted with `pg_ctl restart -m
# immediate` at a random point of an ingest: the ingest succeeds or exits 2 with an error that says
# to retry, the rerun succeeds, and every run is stored once.
pg_restart() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [ -z "$bin" ] || [ "$(id -u)" != 0 ] || ! command -v psql >/dev/null; then
    NOTES+=("pg-restart: skipped, needs root and PostgreSQL installed (.ci/install-deps postgres)"); row pg-restart - - - - -; return
  fi
  local dir="/tmp/canopy-pg-soak-$$" port=${SOAK_PG_PORT:-55439} url crashes=0 hangs=0 restarted=0 failed=0 trials=${SOAK_RESTARTS:-20}
  if ! url=$(CANOPY_PG_DIR=$dir CANOPY_PG_PORT=$port .ci/start-postgres 2>"$WORK/out"); then
    NOTES+=("pg-restart: skipped, the private cluster did not start: $(head -1 "$WORK/out")"); row pg-restart - - - - -; return
  fi
  local ctl=(runuser -u postgres -- "$bin/pg_ctl" -D "$dir")
  canopy ingest --quiet --store "$url" --run-key "restart-warmup" "$INPUT" >/dev/null 2>&1
  for trial in $(seq 1 "$trials"); do
    timeout -s KILL "${SOAK_RESTART_TIMEOUT:-30}" "$CANOPY" ingest --quiet --store "$url" --run-key "restart-$trial" "$INPUT" >"$WORK/out" 2>&1 &
    local pid=$! status
    sleep "0.$((RANDOM % 9))$((RANDOM % 10))"
    "${ctl[@]}" restart -m immediate -w >/dev/null 2>&1 && restarted=$((restarted + 1))
    { wait $pid; } 2>/dev/null
    status=$?
    if is_crash $status; then crashes=$((crashes + 1)); fi
    if [ $status -eq 137 ]; then hangs=$((hangs + 1)); fi
    if [ $status -eq 2 ]; then
      failed=$((failed + 1))
      [ $failed = 1 ] && NOTES+=("pg-restart: e.g. $(grep -m1 -i error "$WORK/out" | cut -c1-200)")
      # The error must tell the user to retry.
      grep -qi retry "$WORK/out" || { FAILED=1; NOTES+=("pg-restart: trial $trial exited 2 without saying to retry: $(head -c 200 "$WORK/out")"); }
    fi
    canopy ingest --quiet --store "$url" --run-key "restart-$trial" "$INPUT" >"$WORK/out" 2>&1
    status=$?
    if [ $status -eq 124 ] || [ $status -eq 137 ]; then hangs=$((hangs + 1))
    elif [ $status -ne 0 ]; then FAILED=1; NOTES+=("pg-restart: the rerun of trial $trial exited $status"); fi
  done
  local counts rows distinct whole
  counts=$(psql -At -F '|' "$url" -c "SELECT count(*), count(DISTINCT run_key) FROM runs WHERE run_key LIKE 'restart-%' AND run_key <> 'restart-warmup'" 2>/dev/null)
  rows=${counts%%|*}; distinct=${counts##*|}
  # Whole runs: as many test rows as the warm-up run.
  whole=$(psql -At "$url" -c "SELECT count(*) FROM runs r WHERE r.run_key LIKE 'restart-%' AND r.run_key <> 'restart-warmup' AND r.tests = (SELECT count(*) FROM tests t WHERE t.run_id = r.id) AND r.tests = (SELECT tests FROM runs WHERE run_key = 'restart-warmup')" 2>/dev/null)
  "${ctl[@]}" stop -m fast >/dev/null 2>&1
  rm -rf "$dir"
  NOTES+=("pg-restart: the server was restarted $restarted times during $trials ingests; $failed exited 2, $hangs hung (killed after ${SOAK_RESTART_TIMEOUT:-30} s)")
  row pg-restart "$trials" "$crashes" "$hangs" $((trials - ${whole:-0})) $((${rows:-0} - ${distinct:-0}))
}

# --- PostgreSQL restarted while ingests connect -----------------------------------------------------
# A private cluster stopped (`pg_ctl stop -m fast`) while SOAK_CONNECT_WRITERS ingests start, and
# started again 1 s later: the store's retry policy (docs/history-and-safety.md) waits for it, so
# every ingest exits 0 and every run is stored once and whole; an exit 2 counts as a run lost.
pg_restart_at_connect() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [ -z "$bin" ] || [ "$(id -u)" != 0 ] || ! command -v psql >/dev/null; then
    NOTES+=("pg-restart-connect: skipped, needs root and PostgreSQL installed (.ci/install-deps postgres)"); row pg-restart-connect - - - - -; return
  fi
  local dir="/tmp/canopy-pg-connect-soak-$$" port=${SOAK_PG_CONNECT_PORT:-55440} url crashes=0 hangs=0 failed=0
  local trials=${SOAK_CONNECT_RESTARTS:-10} writers=${SOAK_CONNECT_WRITERS:-3} slowest=0
  if ! url=$(CANOPY_PG_DIR=$dir CANOPY_PG_PORT=$port .ci/start-postgres 2>"$WORK/out"); then
    NOTES+=("pg-restart-connect: skipped, the private cluster did not start: $(head -1 "$WORK/out")"); row pg-restart-connect - - - - -; return
  fi
  local ctl=(runuser -u postgres -- "$bin/pg_ctl" -D "$dir")
  canopy ingest --quiet --store "$url" --run-key "connect-warmup" "$INPUT" >/dev/null 2>&1
  for trial in $(seq 1 "$trials"); do
    "${ctl[@]}" stop -m fast -w >/dev/null 2>&1
    local pids=() began writer status took
    began=$(date +%s%N)
    for writer in $(seq 1 "$writers"); do
      timeout -s KILL "${SOAK_RESTART_TIMEOUT:-30}" "$CANOPY" ingest --quiet --store "$url" --run-key "connect-$trial-$writer" "$INPUT" \
        >"$WORK/connect-$writer.out" 2>&1 &
      pids+=($!)
    done
    sleep 1
    # pg_ctl start keeps none of .ci/start-postgres's options: give them again.
    "${ctl[@]}" start -w -l "$dir/log" -o "-c listen_addresses=127.0.0.1 -p $port -k /tmp -c fsync=off -c max_connections=200" >/dev/null 2>&1
    for writer in $(seq 1 "$writers"); do
      { wait "${pids[$((writer - 1))]}"; } 2>/dev/null
      status=$?
      if is_crash $status; then crashes=$((crashes + 1)); fi
      if [ $status -eq 137 ]; then hangs=$((hangs + 1)); fi
      if [ $status -ne 0 ]; then
        failed=$((failed + 1))
        [ $failed = 1 ] && NOTES+=("pg-restart-connect: e.g. exit $status: $(head -c 200 "$WORK/connect-$writer.out")")
      fi
    done
    took=$((($(date +%s%N) - began) / 1000000))
    [ "$took" -gt "$slowest" ] && slowest=$took
  done
  local counts rows distinct whole
  counts=$(psql -At -F '|' "$url" -c "SELECT count(*), count(DISTINCT run_key) FROM runs WHERE run_key LIKE 'connect-%' AND run_key <> 'connect-warmup'" 2>/dev/null)
  rows=${counts%%|*}; distinct=${counts##*|}
  whole=$(psql -At "$url" -c "SELECT count(*) FROM runs r WHERE r.run_key LIKE 'connect-%' AND r.run_key <> 'connect-warmup' AND r.tests = (SELECT count(*) FROM tests t WHERE t.run_id = r.id) AND r.tests = (SELECT tests FROM runs WHERE run_key = 'connect-warmup')" 2>/dev/null)
  "${ctl[@]}" stop -m fast >/dev/null 2>&1
  rm -rf "$dir"
  NOTES+=("pg-restart-connect: the server was down for 1 s while $writers ingests connected, $trials times; $failed ingests did not exit 0; the slowest trial took $slowest ms")
  # A run is lost when an ingest did not exit 0 or its run is not stored whole.
  local lost=$((trials * writers - ${whole:-0}))
  [ $failed -gt "$lost" ] && lost=$failed
  row pg-restart-connect $((trials * writers)) "$crashes" "$hangs" "$lost" $((${rows:-0} - ${distinct:-0}))
}

# --- Full disk -------------------------------------------------------------------------------------
disk_full() {
  if [ "$(id -u)" != 0 ]; then NOTES+=("disk-full: skipped, mounting a tmpfs needs root"); row disk-full - - - - -; return; fi
  local mount="$WORK/small-disk"
  mkdir -p "$mount"
  if ! mount -t tmpfs -o size="${SOAK_DISK:-3m}" tmpfs "$mount" 2>"$WORK/out"; then
    NOTES+=("disk-full: skipped, mount failed: $(head -1 "$WORK/out")"); row disk-full - - - - -; return
  fi
  MOUNTED=$mount
  local store="$mount/history.sqlite" crashes=0 hangs=0 lost=0 stored=0 trials=0 clear=0
  for trial in $(seq 1 200); do
    trials=$trial
    canopy ingest --quiet --store "$store" --run-key "disk-$trial" "$INPUT" >"$WORK/out" 2>&1
    local status=$?
    if [ $status -eq 0 ]; then stored=$((stored + 1)); continue; fi
    if [ $status -eq 124 ] || [ $status -eq 137 ]; then hangs=$((hangs + 1)); break; fi
    is_crash $status && crashes=$((crashes + 1))
    grep -qiE "full|space|disk" "$WORK/out" && clear=1
    NOTES+=("disk-full: ingest $trial exited $status: $(grep -m1 -i error "$WORK/out" | cut -c1-160)")
    break
  done
  [ $clear = 1 ] || { crashes=$((crashes + 1)); NOTES+=("disk-full: no clear 'disk full' message"); }
  # Once there is room again, the next run stores and leaves no WAL behind (a full disk may
  # leave the rolled-back run's pages in the WAL: SQLite cannot checkpoint without room).
  local wal
  wal=$(stat -c %s "$store-wal" 2>/dev/null || echo 0)
  mount -o remount,size=16m "$mount"
  canopy ingest --quiet --store "$store" --run-key "disk-after" "$INPUT" >"$WORK/out" 2>&1
  if [ $? -eq 0 ]; then stored=$((stored + 1)); else NOTES+=("disk-full: the ingest after freeing room failed: $(grep -m1 -i error "$WORK/out" | cut -c1-160)"); crashes=$((crashes + 1)); fi
  local after
  after=$(stat -c %s "$store-wal" 2>/dev/null || echo 0)
  [ "$after" = 0 ] || { crashes=$((crashes + 1)); NOTES+=("disk-full: $after bytes of $store-wal left after the next run"); }
  NOTES+=("disk-full: the full disk left $wal bytes of WAL; the next run with room left $after")
  local check
  check=$(sqlite3 -batch "$store" "PRAGMA integrity_check" 2>&1)
  [ "$check" = ok ] || { crashes=$((crashes + 1)); NOTES+=("disk-full: integrity_check: $check"); }
  local present
  present=$(sqlite_count "$store" "SELECT count(*) FROM runs")
  lost=$((stored - ${present:-0}))
  umount "$mount" && MOUNTED=""
  row disk-full "$trials" "$crashes" "$hangs" "$lost" 0
}

# --- Concurrent writers ----------------------------------------------------------------------------
concurrent() {
  local store="$WORK/concurrent/history.sqlite" crashes=0 hangs=0
  mkdir -p "$WORK/concurrent"
  for writer in $(seq 1 "$WRITERS"); do
    (
      for run in $(seq 1 "$RUNS"); do
        canopy ingest --quiet --store "$store" --run-key "c-$writer-$run" --commit "w$writer" "$INPUT" >>"$WORK/writer-$writer.log" 2>&1
        echo $? >>"$WORK/writer-$writer.status"
      done
      # A retried upload of another writer's run must not duplicate it.
      canopy ingest --quiet --store "$store" --run-key "c-$(((writer % WRITERS) + 1))-1" "$INPUT" >>"$WORK/writer-$writer.log" 2>&1
      echo $? >>"$WORK/writer-$writer.status"
    ) &
  done
  wait
  for writer in $(seq 1 "$WRITERS"); do
    while read -r status; do
      if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then hangs=$((hangs + 1)); fi
      if is_crash "$status"; then crashes=$((crashes + 1)); fi
    done <"$WORK/writer-$writer.status"
  done
  local failures
  failures=$(cat "$WORK"/writer-*.status | grep -vc '^0$')
  [ "$failures" = 0 ] || NOTES+=("concurrent: $failures ingests failed, e.g. $(grep -h -m1 -i error "$WORK"/writer-*.log | head -1 | cut -c1-160)")
  local counts rows distinct expected=$((WRITERS * RUNS))
  counts=$(sqlite_count "$store" "SELECT count(*), count(DISTINCT run_key) FROM runs")
  rows=${counts%%|*}; distinct=${counts##*|}
  local check
  check=$(sqlite3 -batch "$store" "PRAGMA integrity_check" 2>&1)
  [ "$check" = ok ] || { crashes=$((crashes + 1)); NOTES+=("concurrent: integrity_check: $check"); }
  row concurrent "$expected" "$crashes" "$hangs" $((expected - ${distinct:-0})) $((${rows:-0} - ${distinct:-0}))
}

# --- First writers on a new store ---------------------------------------------------------------------
# Processes released together (they wait for a file to appear) onto a store that does not exist yet:
# the first creates and migrates it while the others open it.
first_writers() { # kind
  local kind=$1 trials=${SOAK_FIRST_TRIALS:-20} writers=${SOAK_FIRST_WRITERS:-12} crashes=0 hangs=0 lost=0 dup=0 failed=0
  local name=first-writers
  [ "$kind" = postgres ] && name=first-writers-pg
  if [ "$kind" = postgres ] && { [ -z "${CANOPY_TEST_POSTGRES:-}" ] || ! command -v psql >/dev/null; }; then
    NOTES+=("$name: skipped, CANOPY_TEST_POSTGRES is not set"); row "$name" - - - - -; return
  fi
  for trial in $(seq 1 "$trials"); do
    local dir="$WORK/first-$kind-$trial" store database=""
    mkdir -p "$dir"
    if [ "$kind" = sqlite ]; then
      store="$dir/new/history.sqlite"
    else
      database="canopy_soak_first_$$_$trial"
      psql -q "$CANOPY_TEST_POSTGRES" -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database" >/dev/null 2>&1
      store=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' "$CANOPY_TEST_POSTGRES" "$database")
    fi
    for writer in $(seq 1 "$writers"); do
      (
        while [ ! -e "$dir/go" ]; do sleep 0.005; done
        canopy ingest --quiet --store "$store" --run-key "f-$trial-$writer" "$INPUT" >"$dir/writer-$writer.log" 2>&1
        echo $? >"$dir/writer-$writer.status"
      ) &
    done
    sleep 0.2
    touch "$dir/go"
    wait
    for writer in $(seq 1 "$writers"); do
      local status
      status=$(cat "$dir/writer-$writer.status" 2>/dev/null || echo 255)
      if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then hangs=$((hangs + 1)); fi
      if is_crash "$status"; then crashes=$((crashes + 1)); fi
      if [ "$status" -ne 0 ]; then
        failed=$((failed + 1))
        [ $failed = 1 ] && NOTES+=("$name: trial $trial writer $writer exited $status: $(grep -m1 -i error "$dir/writer-$writer.log" | cut -c1-200)")
      fi
    done
    local counts
    if [ "$kind" = sqlite ]; then
      counts=$(sqlite_count "$store" "SELECT count(*), count(DISTINCT run_key) FROM runs")
      local check
      check=$(sqlite3 -batch "$store" "PRAGMA integrity_check" 2>&1)
      [ "$check" = ok ] || { crashes=$((crashes + 1)); NOTES+=("$name: integrity_check after trial $trial: $check"); }
    else
      counts=$(psql -At -F '|' "$store" -c "SELECT count(*), count(DISTINCT run_key) FROM runs" 2>/dev/null)
      psql -q "$CANOPY_TEST_POSTGRES" -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1
    fi
    local rows=${counts%%|*} distinct=${counts##*|}
    lost=$((lost + writers - ${distinct:-0}))
    dup=$((dup + ${rows:-0} - ${distinct:-0}))
    rm -rf "$dir"
  done
  NOTES+=("$name: $trials trials × $writers writers released together onto a new store; $failed ingests failed")
  row "$name" $((trials * writers)) "$crashes" "$hangs" "$lost" "$dup"
}

# --- SIGKILL while --out's files are swapped ---------------------------------------------------------
# Each trial: a run with one failing test `OldSetTests` writes --out; a run with `NewSetTests` into
# the same --out (its own store) kills itself with SIGKILL just before step N of writing and swapping
# its set (CANOPY_TEST_OUTPUT_KILL_STEP, N random over about the steps there are; past the last step
# it finishes). Each file of the set is classified by the test it names; the set must be wholly old
# or wholly new.
swap_input() { # marker
  printf '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="%sTests"><testcase classname="%sTests" name="test%s" time="1.0"><failure message="%s failed"/></testcase><testcase classname="%sTests" name="testPasses" time="1.0"/></testsuite></testsuites>\n' "$1" "$1" "$1" "$1" "$1"
}
swap_sets() { # out: old, new, mixed or partial for the set's five files
  local out=$1 file old=0 new=0
  for file in summary.md comment.md site/index.html report.json insights.json; do
    if grep -q OldSetTests "$out/$file" 2>/dev/null && ! grep -q NewSetTests "$out/$file"; then old=$((old + 1))
    elif grep -q NewSetTests "$out/$file" 2>/dev/null && ! grep -q OldSetTests "$out/$file"; then new=$((new + 1)); fi
  done
  if [ $old = 5 ]; then echo old; elif [ $new = 5 ]; then echo new; else echo "mixed ($old old, $new new of 5)"; fi
}
kill_swap() {
  local trials=${SOAK_SWAP_KILLS:-20} dir="$WORK/swap" crashes=0 hangs=0 mixed=0 killed=0 after=0 status sets
  mkdir -p "$dir"
  swap_input OldSet >"$dir/old.xml"
  swap_input NewSet >"$dir/new.xml"
  for trial in $(seq 1 "$trials"); do
    local out="$dir/out-$trial" step=$((RANDOM % 8 + 1)) file
    canopy run --quiet --store "$dir/old-$trial.sqlite" --out "$out" --run-key old "$dir/old.xml" >"$WORK/out" 2>&1
    if [ $((trial % 2)) = 0 ]; then
      # Every other trial starts from --out as earlier versions wrote it: plain files at the top,
      # each converted to a link into site/ (four steps a file) before the swap.
      for file in summary.md comment.md report.json insights.json; do
        cp --remove-destination "$out/site/$file" "$out/$file" && rm "$out/site/$file"
      done
      step=$((RANDOM % 24 + 1))
    fi
    sets=$(swap_sets "$out")
    [ "$sets" = old ] || { crashes=$((crashes + 1)); NOTES+=("kill-swap: trial $trial: the earlier run wrote no whole set ($sets): $(head -c 160 "$WORK/out")"); continue; }
    { timeout -s KILL "$TIMEOUT" env CANOPY_TEST_OUTPUT_KILL_STEP=$step "$CANOPY" run --quiet --store "$dir/new-$trial.sqlite" --out "$out" --run-key new "$dir/new.xml" >"$WORK/out" 2>&1; } 2>/dev/null
    status=$?
    if [ $status -eq 124 ]; then hangs=$((hangs + 1)); fi
    if is_crash $status; then crashes=$((crashes + 1)); NOTES+=("kill-swap: trial $trial exited $status: $(head -c 160 "$WORK/out")"); fi
    [ $status -eq 137 ] && killed=$((killed + 1))
    sets=$(swap_sets "$out")
    case "$sets" in
      old) ;;
      new) [ $status -eq 137 ] && after=$((after + 1)) ;;
      *) mixed=$((mixed + 1)); NOTES+=("kill-swap: trial $trial (killed before step $step, status $status) left a $sets set") ;;
    esac
    # The next run writes its set whole and removes the staging directory the killed one left.
    canopy run --quiet --store "$dir/new-$trial.sqlite" --out "$out" --run-key new "$dir/new.xml" >"$WORK/out" 2>&1
    status=$?
    if [ $status -eq 124 ]; then hangs=$((hangs + 1)); elif is_crash $status; then crashes=$((crashes + 1)); fi
    sets=$(swap_sets "$out")
    [ "$sets" = new ] || { mixed=$((mixed + 1)); NOTES+=("kill-swap: the run after trial $trial left a $sets set"); }
    if ls -A "$out" | grep -q '^\.canopy-staging'; then FAILED=1; NOTES+=("kill-swap: a staging directory is left after the run that followed trial $trial"); fi
    rm -rf "$out" "$dir/old-$trial.sqlite"* "$dir/new-$trial.sqlite"*
  done
  # A binary without the test hook is never killed: nothing was tried.
  [ "$killed" -gt 0 ] || { FAILED=1; NOTES+=("kill-swap: no run was killed: $CANOPY_SHOWN has no CANOPY_TEST_OUTPUT_KILL_STEP hook"); }
  NOTES+=("kill-swap: $killed of $trials runs killed while writing or swapping their set ($after of them after the swap, leaving the new set), the rest finished")
  row kill-swap "$trials" "$crashes" "$hangs" "$mixed" 0
}

# SOAK_ONLY="kill concurrent shards …" runs only the checks named (a built-in check by the name of
# its group below, a file of bench/soak.d by its name without .sh); unset runs every check.
want() { [ -z "${SOAK_ONLY:-}" ] || [[ " $SOAK_ONLY " == *" $1 "* ]]; }

began=$(date +%s)
if want kill; then
  kill_trials sqlite "$WORK/kill/history.sqlite"
  if [ -n "${CANOPY_TEST_POSTGRES:-}" ]; then
    kill_trials postgres "$CANOPY_TEST_POSTGRES"
  else
    NOTES+=("kill-postgres: skipped, CANOPY_TEST_POSTGRES is not set (.ci/start-postgres prints a URL)")
    row kill-postgres - - - - -
  fi
fi
want pg-restart && pg_restart
want pg-restart && pg_restart_at_connect
want disk-full && disk_full
want concurrent && concurrent
want first-writers && first_writers sqlite
want first-writers && first_writers postgres
want kill-swap && kill_swap
# Checks of their own, one file each (bench/soak.d/NAME.sh, in name order), sourced here: each uses
# `canopy`, `row` and NOTES, and its header says what its "lost" column counts.
for section in bench/soak.d/*.sh; do
  [ -e "$section" ] || continue
  want "$(basename "$section" .sh)" || continue
  # shellcheck source=/dev/null
  source "$section"
done

echo
echo "| check            | trials | crashes | hangs | runs lost | runs duplicated |"
echo "|------------------|--------|---------|-------|-----------|-----------------|"
printf '%s\n' "${ROWS[@]}"
echo
for note in "${NOTES[@]}"; do echo "- $note"; done
echo "- $(($(date +%s) - began)) s with $CANOPY_SHOWN; SOAK_KILLS=$KILLS SOAK_WRITERS=$WRITERS SOAK_RUNS=$RUNS SOAK_FIRST_TRIALS=${SOAK_FIRST_TRIALS:-20} SOAK_FIRST_WRITERS=${SOAK_FIRST_WRITERS:-12} SOAK_CONNECT_RESTARTS=${SOAK_CONNECT_RESTARTS:-10} SOAK_TESTS=${SOAK_TESTS:-4000}"
if [ $FAILED = 1 ]; then echo "soak: FAILED (every figure but trials must be 0)"; exit 1; fi
echo "soak: passed"
