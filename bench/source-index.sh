#!/usr/bin/env bash
# The source index of a generated app (issue 39: 5,000 files, cold under 10 s on 2 cores):
# `canopy index-source DIR --format json` cold (no cache file), warm (the cache, nothing changed),
# warm after one view body changed (that file parsed, the rest reused), and warm after a shared
# constant changed (the second pass re-runs on every file). Paired rounds (bench/measure.py); each
# round restores the tree and deletes the cache file first, untimed. The edits run inside the timed
# command (one perl substitution, a few milliseconds).
#
#   bench/source-index.sh CANOPY OUT [RUNS]      (BENCH_SOURCE_FILES, default 5000)
set -euo pipefail
cd "$(dirname "$0")/.."
canopy=$1
out=$2
runs=${3:-3}
files=${BENCH_SOURCE_FILES:-5000}
app="$out/source-app-$files"
[ -d "$app" ] || python3 bench/gen_sources.py --files "$files" --out "$app"
app=$(cd "$app" && pwd -P)

# Canopy's cache file for the tree: the caches directory, then canopy/source-index/<key>.json.
export XDG_CACHE_HOME="$(cd "$out" && pwd -P)/source-cache"
case "$(uname)" in Darwin) caches="$HOME/Library/Caches" ;; *) caches="$XDG_CACHE_HOME" ;; esac
key=$(python3 -c 'import hashlib, os, sys; print(hashlib.sha256(os.path.realpath(sys.argv[1]).encode()).hexdigest()[:16])' "$app")
cache_file="$caches/canopy/source-index/$key.json"

view="$app/App/Features/Feature000/Feature000HomeView.swift"
constants="$app/App/Features/Feature000/Feature000AccessibilityID.swift"
restore="perl -pi -e 's/Bench edit B/Bench edit A/' '$view' && perl -pi -e 's/Bench.Constant.B/Bench.Constant.A/' '$constants' && rm -f '$cache_file'"
index="'$canopy' index-source '$app' --format json"
edit_view="perl -pi -e 's/Bench edit A/Bench edit B/' '$view' && exec $index"
edit_constant="perl -pi -e 's/Bench.Constant.A/Bench.Constant.B/' '$constants' && exec $index"

summary() { python3 -c 'import json, sys; s = json.load(sys.stdin)["summary"]; print(", ".join(f"{k} {v}" for k, v in s.items()))'; }
strip() { python3 -c 'import json, sys; d = json.load(sys.stdin); [d["summary"].pop(k) for k in ("parsed", "reused")]; print(json.dumps(d, sort_keys=True))'; }

echo "$(find "$app" -name '*.swift' | wc -l | tr -d ' ') Swift files, $(cat $(find "$app" -name '*.swift') | wc -l | tr -d ' ') lines, $(( $(cat $(find "$app" -name '*.swift') | wc -c) / 1000000 )) MB; cache file $cache_file"
bash -c "$restore"
cold=$(bash -c "$index")
warm=$(bash -c "$index")
echo "cold:             $(summary <<<"$cold")"
echo "warm:             $(summary <<<"$warm")"
echo "one view changed: $(bash -c "$edit_view" | summary)"
changed=$(bash -c "$edit_constant")
echo "constant changed: $(summary <<<"$changed"); Bench.Constant.B declared in the view: $(grep -q '"Bench.Constant.B"' <<<"$changed" && echo yes || echo NO)"
if [ "$(strip <<<"$cold")" = "$(strip <<<"$warm")" ]; then echo "warm index = cold index: yes"; else echo "warm index = cold index: NO"; fi
echo "cache file: $(( $(wc -c <"$cache_file") / 1000 )) kB"
echo
python3 bench/measure.py --runs "$runs" --setup "$restore" \
  --label "index-source cold (no cache)" -- bash -c "exec $index" \
  --label "warm, nothing changed" -- bash -c "exec $index" \
  --label "warm, one view body changed" -- bash -c "$edit_view" \
  --label "warm, a shared constant changed" -- bash -c "$edit_constant"
bash -c "$restore"
