#!/usr/bin/env bash
# `make run`: ingest the 14 sample nights into a fresh store, run the CI post-step on the last
# night (summary, dashboard, gates), render the trend report, and say where everything is.
set -euo pipefail
cd "$(dirname "$0")/../.."
canopy=${CANOPY:-.build/release/canopy}
config=${CANOPY_CONFIG_FILE:-Reports/samples/canopy.yml}
# The sample app's Swift sources and CODEOWNERS: failures link to declarations and owners.
sources=Reports/samples/app
out=${CANOPY_OUT:-Reports}
rm -f "$out"/history.sqlite "$out"/history.sqlite-wal "$out"/history.sqlite-shm
last=$(grep -v '^#' Reports/samples/nights.tsv | tail -1 | cut -f1)
while IFS=$'\t' read -r folder started commit branch; do
  case "$folder" in ''|'#'*) continue ;; esac
  [ "$folder" = "$last" ] && break
  "$canopy" ingest --quiet --config "$config" --out "$out" --run-key "nightly-${started%%T*}" --commit "$commit" --branch "$branch" --started-at "$started" "Reports/samples/$folder"
done < Reports/samples/nights.tsv
read -r folder started commit branch < <(grep "^$last" Reports/samples/nights.tsv)
echo "== canopy run on $folder (the CI post-step; exit 1 would mean a gate failed)"
set +e
"$canopy" run --config "$config" --out "$out" --source "$sources" --run-key "nightly-${started%%T*}" --commit "$commit" --branch "$branch" --started-at "$started" "Reports/samples/$folder" 2>/dev/null
status=$?
set -e
[ "$status" -le 1 ] || exit "$status"
echo "== canopy trend --runs 14 --branch main"
"$canopy" trend --config "$config" --out "$out" --source "$sources" --runs 14 --branch main
echo
case "$out" in /*) where=$out ;; *) where=$(pwd)/$out ;; esac
echo "Open the dashboard: file://$where/site/index.html"
echo "Open the trend:     file://$where/trend/index.html"
