#!/usr/bin/env bash
# Whole-process `arbitro index` on the bundled corpus: the median, minimum and maximum
# wall time of N runs (default 10) into one index directory, after one run not counted:
# every run is a re-index, served from INDEX/cache (the thesaurus's links, the small
# synonym and spelling databases); with --cold, that folder is removed before each run
# (a first build's cost). Prints the per-phase medians too (ARBITRO_INDEX_TIMES:
# end - start in ms, and CPU ms). The machine may be shared: compare medians.
# usage: bench/index_time.sh [BUILD_DIR] [N] [--cold]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
n=${2:-10}
cold=${3:-}
arbitro=$build/cli/arbitro
[ -x "$arbitro" ] || { echo "missing $arbitro: build first" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/arbitro-index-time-XXXXXX")
trap 'rm -rf "$work"' EXIT
export ARBITRO_INDEX=$work/index
"$arbitro" index >/dev/null  # warm-up: the file cache, and the cached links
for i in $(seq "$n"); do
  [ "$cold" != --cold ] || rm -rf "$work/index/cache"
  start=$(date +%s%N)
  ARBITRO_INDEX_TIMES=1 "$arbitro" index >/dev/null 2>"$work/phases-$i"
  end=$(date +%s%N)
  echo $(((end - start) / 1000)) >>"$work/wall"
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "whole process, $n runs${cold:+ ($cold)}: median $(median <"$work/wall" | awk '{printf "%.1f", $1/1000}') ms," \
  "min $(sort -n "$work/wall" | head -1 | awk '{printf "%.1f", $1/1000}') ms," \
  "max $(sort -n "$work/wall" | tail -1 | awk '{printf "%.1f", $1/1000}') ms"
cat "$work"/phases-* | awk '$1 == "index-time" {print $2}' | sort -u | while read -r phase; do
  wall=$(cat "$work"/phases-* | awk -v p="$phase" '$1 == "index-time" && $2 == p {print $4 - $3}' | median)
  cpu=$(cat "$work"/phases-* | awk -v p="$phase" '$1 == "index-time" && $2 == p {print $5}' | median)
  printf '  %-16s %8.1f ms %8.1f ms CPU\n' "$phase" "$wall" "$cpu"
done
