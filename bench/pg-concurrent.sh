#!/usr/bin/env bash
# `make bench`, issue 38: a team on PostgreSQL. A database holding BENCH_PG_RUNS nightly runs
# (default 1,000) of the BENCH_PG_TESTS-test report (default 5,000), populated once by CanopyBench
# `store populate` into the database canopy_bench_scale_RUNS_TESTS and kept there as a template
# (populating again tops it up and moves it to the current schema, untimed); every measurement works
# on a copy of it (CREATE DATABASE … TEMPLATE). Measures one `canopy run` of a pull request (median
# of BENCH_PG_SINGLE rounds, default 3, each on a fresh copy), then 16 concurrent jobs on one fresh
# copy: 8 pull requests (`canopy run --branch pr-N --base-branch main`) and the 8 shards of a nightly
# (`canopy ingest --shard N`, tests of their own each; BENCH_PG_JOBS sets the 8), followed by the
# nightly's `canopy run --expect-shards 8`. Prints every job's time, their p95 against the single job's, whether every run
# was stored with all its tests, any exit other than 0 or 1 (a gate failed) with its standard error,
# and the database's bytes per stored result.
# Needs CANOPY_TEST_POSTGRES (.ci/start-postgres prints one) and psql. Usage: bench/pg-concurrent.sh CANOPY BENCHBIN OUT
set -euo pipefail
canopy=$1 benchbin=$2 out=$3
admin=${CANOPY_TEST_POSTGRES:?set CANOPY_TEST_POSTGRES to a PostgreSQL URL}
runs=${BENCH_PG_RUNS:-1000}
tests=${BENCH_PG_TESTS:-5000}
single_rounds=${BENCH_PG_SINGLE:-3}
jobs=${BENCH_PG_JOBS:-8}  # of each kind
export PGOPTIONS="--client-min-messages=warning"
dir="$out/scale"
mkdir -p "$dir"
report="$dir/junit-$tests.xml"
[ -s "$report" ] || python3 bench/gen_junit.py --tests "$tests" --out "$report"
for n in $(seq $jobs); do
  leg="$dir/shard-$n-$tests.xml"
  [ -s "$leg" ] || python3 bench/gen_junit.py --tests "$tests" --seed "$n" --out "$leg"
done
# As bench/history-scale.sh: the stores' last night, and the measured jobs' start the next night.
last_night=2026-11-01T02:00:00Z
next_night=2026-11-02T02:00:00Z

server=${admin%/*}
base_name=canopy_bench_scale_${runs}_${tests}
work_name=canopy_bench_scale_work
base="$server/$base_name"
work="$server/$work_name"
psql "$admin" -qtAc "SELECT 1 FROM pg_database WHERE datname = '$base_name'" | grep -q 1 ||
  psql "$admin" -q -c "CREATE DATABASE $base_name"
echo "PostgreSQL history: $runs runs of $tests tests in $base_name (kept; drop it to populate it again)"
"$benchbin" store populate --store "$base" --runs "$runs" --like "$report" --until "$last_night" |
  grep -v '^populate.location'
read -r base_runs base_results < <("$benchbin" store count --store "$base" |
  sed -n 's/^store.runs: \([0-9]*\)  results: \([0-9]*\)$/\1 \2/p')
bytes=$(psql "$admin" -qtAc "SELECT pg_database_size('$base_name')")
echo "pg.store.bytesPerResult: $(( bytes / base_results )) ($base_runs runs, $base_results results, $(( bytes / 1000000 )) MB)"

cat > "$dir/pg-fresh.sh" <<SCRIPT
#!/usr/bin/env bash
# pg-fresh.sh: $work_name made anew as a copy of $base_name.
set -euo pipefail
psql "$admin" -q -c "DROP DATABASE IF EXISTS $work_name WITH (FORCE)" -c "CREATE DATABASE $work_name TEMPLATE $base_name"
SCRIPT
chmod +x "$dir/pg-fresh.sh"

common=(--store "$work" --started-at "$next_night" --quiet)

echo
echo "### one pull request's canopy run against $runs stored runs ($single_rounds runs, each on a fresh copy)"
table=$(python3 bench/measure.py --runs "$single_rounds" --setup "'$dir/pg-fresh.sh'" \
  --label "canopy run, one job" -- "$canopy" run "${common[@]}" --out "$dir/pg-out-single" --branch pr-0 \
    --base-branch main --commit pr-0 --run-key pr-0 --annotations none "$report")
echo "$table"
single=$(tail -1 <<<"$table" | awk -F'|' '{gsub(/ /, "", $3); print $3}')

echo
echo "### $(( 2 * jobs )) concurrent jobs: $jobs pull requests' canopy run, $jobs shards' canopy ingest of a nightly"
"$dir/pg-fresh.sh"
job_args=()
for n in $(seq $jobs); do
  job_args+=(--job "pr-$n" "$canopy" run "${common[@]}" --out "$dir/pg-out-pr-$n" --branch "pr-$n"
    --base-branch main --commit "pr-$n" --run-key "pr-$n" --annotations none "$report")
done
for n in $(seq $jobs); do
  job_args+=(--job "shard-$n" "$canopy" ingest "${common[@]}" --branch main --commit nightly-bench
    --run-key nightly-bench --shard "$n" --destination "Simulator $n" "$dir/shard-$n-$tests.xml")
done
python3 - "$single" "$(nproc)" "$admin" "$work_name" "${job_args[@]}" <<'PY'
import math, os, signal, subprocess, sys, threading, time
single, cores, admin, database = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
jobs, args = [], sys.argv[5:]
while args:
    assert args[0] == "--job"
    end = args.index("--job", 2) if "--job" in args[2:] else len(args)
    jobs.append((args[1], args[2:end]))
    args = args[end:]
def run(label, command):
    began = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(process.pid, 0)
    cpu.append(usage.ru_utime + usage.ru_stime)
    results.append((label, time.perf_counter() - began, os.waitstatus_to_exitcode(status), stderr))
cpu = []
# What the database's sessions wait for, twice a second while the jobs run: pg_stat_activity
# through one psql session repeating the query (\\watch) until interrupted.
watcher = subprocess.Popen(["psql", admin, "-qtA"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
watcher.stdin.write("SELECT 'sample' UNION ALL SELECT coalesce(wait_event_type || '/' || wait_event, state) "
                    f"FROM pg_stat_activity WHERE datname = '{database}' AND pid <> pg_backend_pid() "
                    "AND state <> 'idle'\n\\watch 0.5\n")
watcher.stdin.flush()
results = []
start = time.perf_counter()
threads = [threading.Thread(target=run, args=job) for job in jobs]
for thread in threads: thread.start()
for thread in threads: thread.join()
watcher.send_signal(signal.SIGINT)
watched = watcher.communicate(timeout=30)[0].split("\n")
samples, sessions, waits = [], 0, {}
for line in watched + ["sample"]:
    if line == "sample":
        samples.append(sessions)
        sessions = 0
    elif line:
        sessions += 1
        waits[line] = waits.get(line, 0) + 1
samples = samples[1:]  # the first marks the first sample's start
results.sort(key=lambda result: [label for label, _ in jobs].index(result[0]))
times = sorted(seconds for _, seconds, _, _ in results)
p95 = times[math.ceil(0.95 * len(times)) - 1]
print("| job | wall (s) | exit |")
print("|---|---|---|")
for label, seconds, code, _ in results:
    print(f"| {label} | {seconds:.3f} | {code} |")
print(f"pg.concurrent.p95: {p95:.3f} s over {len(times)} jobs (all done in {time.perf_counter() - start:.3f} s); "
      f"one job {single:.3f} s; ratio {p95 / single:.2f} (target <= 2)")
print(f"pg.concurrent.cpu: {sum(cpu):.1f} s of CPU in the jobs' canopy processes (not PostgreSQL's); on {cores} cores the last job "
      f"could end no sooner than {sum(cpu) / cores:.3f} s, {sum(cpu) / cores / single:.2f} times one job")
top = sorted(waits.items(), key=lambda item: -item[1])[:6]
print(f"pg.concurrent.sessions: {max(samples, default=0)} active at most, {len(samples)} samples; "
      "waiting on (samples): " + (", ".join(f"{event} {count}" for event, count in top) or "nothing"))
failed = [(label, code, stderr) for label, _, code, stderr in results if code not in (0, 1)]
surfaced = [(label, code, stderr) for label, _, code, stderr in results
            if code in (0, 1) and any(word in stderr.lower() for word in ("deadlock", "serializ"))]
for label, code, stderr in failed + surfaced:
    print(f"pg.concurrent.error: {label} exited {code}: {stderr.strip()[-2000:]}")
print(f"pg.concurrent.errors: {len(failed)} exits other than 0 or 1, {len(surfaced)} deadlock or serialisation messages")
PY

start=$(date +%s%N)
code=0
"$canopy" run "${common[@]}" --out "$dir/pg-out-nightly" --branch main --commit nightly-bench --run-key nightly-bench \
  --expect-shards $jobs --annotations none >/dev/null 2>"$dir/pg-nightly.err" || code=$?
end=$(date +%s%N)
echo "pg.concurrent.merge: canopy run --expect-shards $jobs in $(( (end - start) / 1000000 )) ms, exit $code" \
  "$( [ "$code" -le 1 ] || tail -c 2000 "$dir/pg-nightly.err")"

# Every run stored, with all its tests: the history's, the pull requests' and the nightly's.
"$benchbin" store count --store "$work" --list yes | python3 -c '
import sys
runs, tests, jobs = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
stored = {}
for line in sys.stdin:
    if line.startswith("run "):
        _, key, count = line.split()
        stored[key] = int(count)
expected = {f"pr-{n}": tests for n in range(1, jobs + 1)}
expected["nightly-bench"] = tests * jobs
wrong = [f"{key}: {stored.get(key, 0)} tests, expected {count}" for key, count in expected.items() if stored.get(key) != count]
history = sum(1 for key in stored if key.startswith("nightly-") and key != "nightly-bench")
print(f"pg.concurrent.stored: {len(stored)} runs ({history} of the history, expected {runs}; "
      f"{len(expected) - len(wrong)} of the {len(expected)} new runs with all their tests)"
      + ("" if not wrong and history == runs else "; MISSING: " + "; ".join(wrong)))
' "$base_runs" "$tests" "$jobs"
psql "$admin" -q -c "DROP DATABASE IF EXISTS $work_name WITH (FORCE)"
