#!/usr/bin/env bash
# make fuzz: builds the libFuzzer target (Fuzz/CanopyFuzz) with AddressSanitizer into .build-fuzz,
# runs each fuzz target for FUZZ_SECONDS (default 60) from a seed corpus made of the test fixtures
# and the sample reports, and prints
#   target | inputs tried | crashes | hangs
# Crashes and hangs must be zero; the script exits 1 otherwise. Inputs that crash or hang are kept
# in bench/out/fuzz/artifacts/ (add each as a regression test). `FUZZ_SECONDS=10 make fuzz` is the
# CI smoke run. `config` fuzzes the canopy.yml loader (CanopyConfig, with Yams; no NIO or BoringSSL
# in the sanitizer build; GRDB and libzstd come with CanopyParsers' bundle reader);
# ConfigurationFuzzTests also mutates configurations in `make test`. `source` indexes the input as a
# Swift file (CanopySource: the nesting scan, SwiftParser on a large stack, the visitors), seeded
# with the source-index fixtures and the sample app and Fuzz/swift.dict's tokens; its sanitizer
# build adds swift-syntax and swift-crypto.
set -uo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-"junit json normalizer config source"}
OUT=bench/out/fuzz
BIN=.build-fuzz/debug/CanopyFuzz
mkdir -p "$OUT/artifacts"

echo "fuzz: building CanopyFuzz with -sanitize=fuzzer,address (first build: several minutes)"
if ! swift build --scratch-path .build-fuzz -c debug --product CanopyFuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCANOPY_FUZZ >"$OUT/build.log" 2>&1; then
  grep -E "error:" "$OUT/build.log" | head -20
  echo "fuzz: the build failed (log: $OUT/build.log)"
  exit 2
fi

# Seed corpora: every fixture and sample of the target's kind, copied so libFuzzer can add to them.
seed() { # target files...
  local target=$1
  shift
  rm -rf "$OUT/seeds-$target"
  mkdir -p "$OUT/seeds-$target" "$OUT/corpus-$target"
  for file in "$@"; do [ -f "$file" ] && cp "$file" "$OUT/seeds-$target/$(echo "$file" | tr '/' '_')"; done
}
FIXTURES=Tests/CanopyParsersTests/Fixtures
# Fuzz/seeds: numbers at the edge of their range (±1e16, ±1e308, 1e400, -0, NaN, subnormals,
# 20-digit integers) in each format; Fuzz/numbers.dict gives libFuzzer the same tokens to insert.
seed junit $FIXTURES/junit/*.xml $FIXTURES/audits/*.xml Reports/samples/night-0[1-3]/*.xml Fuzz/seeds/*.xml
seed json $FIXTURES/xcresult/*.json $FIXTURES/snapshots/*.json $FIXTURES/audits/*.json Reports/samples/night-0[1-3]/*.json \
  Fuzz/seeds/*.json
seed normalizer
seed config Config/canopy.yml Reports/samples/canopy.yml
seed source $(find Tests/CanopySourceTests/Fixtures Reports/samples/app -name '*.swift' | sort)
python3 - "$OUT/seeds-normalizer" Reports/samples/night-0[1-3]/*.xml <<'PY'
import html, re, sys
out, files = sys.argv[1], sys.argv[2:]
seen = set()
for path in files:
    for message in re.findall(r'message="([^"]*)"', open(path, encoding="utf-8", errors="replace").read()):
        message = html.unescape(message)
        if message and message not in seen and len(seen) < 200:
            seen.add(message)
            open(f"{out}/m{len(seen):03d}", "w").write(message)
PY

ROWS=()
FAILED=0
for target in $TARGETS; do
  log="$OUT/$target.log"
  echo "fuzz: $target for ${SECONDS_PER_TARGET}s"
  dict=()
  case $target in
  junit | json) dict=(-dict=Fuzz/numbers.dict) ;;
  source) dict=(-dict=Fuzz/swift.dict) ;;
  esac
  CANOPY_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 "$BIN" "${dict[@]}" \
    -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2560 -max_len=131072 \
    -print_final_stats=1 -artifact_prefix="$OUT/artifacts/$target-" \
    "$OUT/corpus-$target" "$OUT/seeds-$target" >"$log" 2>&1
  status=$?
  inputs=$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  crashes=$(grep -cE 'ERROR: (AddressSanitizer|libFuzzer: (deadly signal|out-of-memory|fuzz target exited|malloc limit))' "$log")
  hangs=$(grep -c 'ERROR: libFuzzer: timeout' "$log")
  if [ "$status" -ne 0 ] && [ "$crashes" = 0 ] && [ "$hangs" = 0 ]; then
    crashes=1
    echo "fuzz: $target exited $status without a finding libFuzzer named; see $log"
  fi
  [ "$crashes" = 0 ] && [ "$hangs" = 0 ] || FAILED=1
  ROWS+=("$(printf '| %-10s | %12s | %7s | %5s |' "$target" "${inputs:-?}" "$crashes" "$hangs")")
done

echo
echo "| target     | inputs tried | crashes | hangs |"
echo "|------------|--------------|---------|-------|"
printf '%s\n' "${ROWS[@]}"
echo
echo "- ${SECONDS_PER_TARGET}s per target, libFuzzer + AddressSanitizer (leak detection off), -timeout=10 per input; logs in $OUT/"
if [ $FAILED = 1 ]; then echo "fuzz: FAILED (findings in $OUT/artifacts/)"; exit 1; fi
echo "fuzz: passed"
