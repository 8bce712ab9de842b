# shellcheck shell=bash
# source-hostile   SOAK_SOURCE_TRIALS (3) `canopy run --source` on a tree of Swift no parser should
#                  take whole (bench/gen_hostile_sources.py, at a depth and chain length drawn per
#                  trial, SOAK_SOURCE_DEPTH (20000) and SOAK_SOURCE_LINKS (60000) at most), each with
#                  SOAK_SOURCE_SECONDS (60) to finish. Each run must exit 0, warn once per hostile
#                  file and keep indexing the ordinary one; "runs lost" counts runs that are not
#                  stored whole or that left a staging directory or a file unwarned.
source_hostile() {
  local trials=${SOAK_SOURCE_TRIALS:-3} dir="$WORK/source" crashes=0 hangs=0 lost=0 status
  local slowest=0 started elapsed shapes warned stored
  mkdir -p "$dir"
  printf '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="AppUITests.HostileTests"><testcase classname="AppUITests.HostileTests" name="testOpens" time="1.0"/></testsuite></testsuites>\n' >"$dir/junit.xml"
  for trial in $(seq 1 "$trials"); do
    local tree="$dir/tree-$trial" out="$dir/out-$trial" store="$dir/history-$trial.sqlite"
    local depth=$((RANDOM % ${SOAK_SOURCE_DEPTH:-20000} + 1000)) links=$((RANDOM % ${SOAK_SOURCE_LINKS:-60000} + 11000))
    shapes=$(($(python3 bench/gen_hostile_sources.py --out "$tree" --depth "$depth" --links "$links" --megabytes 5) - 1))
    started=$(date +%s%N)
    { timeout -s KILL "${SOAK_SOURCE_SECONDS:-60}" "$CANOPY" run --store "$store" --out "$out" --annotations none \
      --run-key "hostile-$trial" --source "$tree" "$dir/junit.xml" >"$WORK/out" 2>&1; } 2>/dev/null
    status=$?
    elapsed=$((($(date +%s%N) - started) / 1000000))
    [ $elapsed -gt $slowest ] && slowest=$elapsed
    if [ $status -eq 124 ] || [ $status -eq 137 ]; then
      hangs=$((hangs + 1)); NOTES+=("source-hostile: trial $trial (depth $depth, $links links) was killed after ${SOAK_SOURCE_SECONDS:-60} s")
    elif [ $status -ne 0 ]; then
      crashes=$((crashes + 1)); NOTES+=("source-hostile: trial $trial (depth $depth, $links links) exited $status: $(grep -v '^warning' "$WORK/out" | head -c 160)")
    fi
    warned=$(grep -c ': not indexed: ' "$WORK/out")
    stored=$(sqlite_count "$store" "SELECT count(*) FROM runs")
    if [ "$warned" != "$shapes" ] || [ "${stored:-0}" != 1 ] || ls -A "$out" 2>/dev/null | grep -q '^\.'; then
      lost=$((lost + 1)); NOTES+=("source-hostile: trial $trial: $warned warnings for $shapes hostile files, ${stored:-0} runs stored")
    fi
    rm -rf "$tree" "$out" "$store"*
  done
  NOTES+=("source-hostile: $trials runs over $((${shapes:-0} + 1)) files each; the slowest took $slowest ms")
  row source-hostile "$trials" "$crashes" "$hangs" "$lost" 0
}
source_hostile
