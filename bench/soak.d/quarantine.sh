# Sourced by bench/soak.sh (uses canopy, row, NOTES, WORK, is_crash).
#   quarantine-edits SOAK_QUARANTINE_ROUNDS (10) rounds of 8 concurrent `canopy quarantine add` of
#                    different tests into one canopy.yml, then SOAK_QUARANTINE_KILLS (10) adds into a
#                    large canopy.yml SIGKILLed (odd trials: as soon as a second file appears beside
#                    it, the edit's temporary file; even trials: after a random delay within one add).
#                    trials: adds started. crashes: exit codes Canopy never uses, and temporary files
#                    (any file beside canopy.yml) still there after the edit following a kill. hangs:
#                    adds killed by the timeout. lost: entries missing after the rounds, plus killed
#                    edits after which the file does not load or is neither the old text nor the new.
#                    duplicated: entries found more than once.

quarantine_edits() {
  local rounds=${SOAK_QUARANTINE_ROUNDS:-10} kills=${SOAK_QUARANTINE_KILLS:-10}
  local dir="$WORK/quarantine" trials=0 crashes=0 hangs=0 lost=0 dup=0 failed=0 status
  mkdir -p "$dir"
  local config="$dir/canopy.yml"
  printf '# shared by concurrent edits\ngates:\n  maximumNewFailures: 0\nquarantine: []\n' >"$config"
  for round in $(seq 1 "$rounds"); do
    local pids=() writer
    for writer in 1 2 3 4 5 6 7 8; do
      canopy quarantine add "Soak$round/test$writer" --allow-unknown --reason "round $round" --until 2099-12-31 \
        --config "$config" >"$dir/add-$writer.log" 2>&1 &
      pids+=($!)
    done
    for writer in 1 2 3 4 5 6 7 8; do
      wait "${pids[$((writer - 1))]}"
      status=$?
      trials=$((trials + 1))
      if [ $status = 124 ] || [ $status = 137 ]; then hangs=$((hangs + 1))
      elif is_crash $status; then crashes=$((crashes + 1))
      elif [ $status != 0 ]; then
        failed=$((failed + 1))
        NOTES+=("quarantine-edits: round $round add $writer exited $status: $(head -c 160 "$dir/add-$writer.log")")
      fi
    done
  done
  canopy quarantine list --format json --config "$config" >"$dir/list.json" 2>"$dir/list.err"
  status=$?
  local counts
  if [ $status = 0 ]; then
    # Missing and repeated entries of the ROUNDS × 8 added.
    counts=$(python3 - "$dir/list.json" "$rounds" <<'EOF'
import json, sys, collections
entries = json.load(open(sys.argv[1]))["entries"]
seen = collections.Counter(entry.get("test") for entry in entries)
wanted = [f"Soak{r}/test{w}" for r in range(1, int(sys.argv[2]) + 1) for w in range(1, 9)]
print(sum(1 for test in wanted if seen[test] == 0), sum(count - 1 for count in seen.values() if count > 1))
EOF
)
    lost=$((lost + ${counts% *}))
    dup=$((dup + ${counts#* }))
  else
    lost=$((lost + rounds * 8))
    NOTES+=("quarantine-edits: the config does not load after the rounds: $(head -c 160 "$dir/list.err")")
  fi

  # SIGKILLs: a file big enough that one add takes a while, so that kills land inside it.
  local big="$dir/big/canopy.yml" span_ms started killed=0 temps=0 left old new now pid
  mkdir -p "$dir/big" "$dir/expected"
  python3 - "$big" <<'EOF'
import sys
lines = ["# large\n", "quarantine:\n"]
for n in range(1500):
    lines.append(f'  - test: "Big{n // 100}/test{n}"\n    reason: "APP-{n}"\n    expires: 2099-12-31\n')
open(sys.argv[1], "w").write("".join(lines))
EOF
  started=$(date +%s%N)
  cp "$big" "$dir/expected/canopy.yml"
  canopy quarantine add Calibrate/test --allow-unknown --reason r --until 2099-12-31 --config "$dir/expected/canopy.yml" >/dev/null 2>&1
  span_ms=$((($(date +%s%N) - started) / 1000000))
  for trial in $(seq 1 "$kills"); do
    cp "$big" "$dir/expected/canopy.yml"
    canopy quarantine add "Killed/test$trial" --allow-unknown --reason r --until 2099-12-31 --config "$dir/expected/canopy.yml" >/dev/null 2>&1
    old=$(md5sum <"$big")
    new=$(md5sum <"$dir/expected/canopy.yml")
    "$CANOPY" quarantine add "Killed/test$trial" --allow-unknown --reason r --until 2099-12-31 --config "$big" >/dev/null 2>&1 &
    pid=$!
    if [ $((trial % 2)) = 1 ]; then
      # Odd trials: the moment a second file appears beside the config (the edit's temporary file),
      # which lands the kill between writing it and renaming it over the config.
      local polls=0
      while [ "$(ls -A "$dir/big" | wc -l)" -lt 2 ] && [ $polls -lt $((span_ms * 3)) ] && kill -0 "$pid" 2>/dev/null; do
        polls=$((polls + 1))
      done
    else
      sleep "$(awk -v ms="$span_ms" -v r="$RANDOM" 'BEGIN { printf "%.3f", ms * (r / 32768) / 1000 }')"
    fi
    kill -KILL "$pid" 2>/dev/null && killed=$((killed + 1))
    wait "$pid" 2>/dev/null
    trials=$((trials + 1))
    # Anything beside the config is what the killed edit left.
    left=$(ls -A "$dir/big" | grep -cvx canopy.yml)
    temps=$((temps + left))
    now=$(md5sum <"$big")
    if ! canopy quarantine list --config "$big" >/dev/null 2>&1 || { [ "$now" != "$old" ] && [ "$now" != "$new" ]; }; then
      lost=$((lost + 1))
      NOTES+=("quarantine-edits: kill $trial left a file that does not load or is neither the old text nor the new")
    fi
    # The next edit: it must succeed and remove what the killed one left.
    canopy quarantine add "After/test$trial" --allow-unknown --reason r --until 2099-12-31 --config "$big" >"$dir/after.log" 2>&1
    status=$?
    trials=$((trials + 1))
    if [ $status = 124 ]; then hangs=$((hangs + 1)); elif [ $status != 0 ]; then
      crashes=$((crashes + 1))
      NOTES+=("quarantine-edits: the add after kill $trial exited $status: $(head -c 160 "$dir/after.log")")
    fi
    left=$(ls -A "$dir/big" | grep -cvx canopy.yml)
    if [ "$left" != 0 ]; then
      crashes=$((crashes + 1))
      NOTES+=("quarantine-edits: $left temporary file(s) still there after the edit following kill $trial")
    fi
  done
  NOTES+=("quarantine-edits: $rounds rounds × 8 concurrent adds; $killed of $kills adds (one takes ~${span_ms} ms on a 1,500-entry file) SIGKILLed mid-way, leaving $temps temporary file(s) for the next add to remove")
  row quarantine-edits "$trials" "$crashes" "$hangs" "$lost" "$dup"
}

quarantine_edits
