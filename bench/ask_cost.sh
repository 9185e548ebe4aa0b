#!/usr/bin/env bash
# Instructions per ask, question by question (callgrind: repeatable where wall-clock time
# on a shared machine is not): every question is asked once to warm the engine, then
# once more alone under collection. Prints the mean, p50, p99 and maximum instructions
# per ask and the slowest questions.
#
# usage: bench/ask_cost.sh BUILD_DIR INDEX [TOP] QUESTIONS.tsv…
set -euo pipefail
build=$1 index=$2
shift 2
top=10
if [[ ${1:-} =~ ^[0-9]+$ ]]; then top=$1; shift; fi
work=$(mktemp -d "${TMPDIR:-/tmp}/arbitro-cost-XXXXXX")
trap 'rm -rf "$work"' EXIT
valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$work/cg.out" \
  "$build/bench/arbitro_ask_probe" --index "$index" --reps 1 --top 0 --dump "$@" >/dev/null 2>"$work/log"
# One dump per question, numbered in the order asked: its "totals:" line is its cost.
questions=$(cat "$@" | grep -v -e '^#' -e '^$' | cut -f1)
for f in $(ls "$work"/cg.out.* | sort -t. -k3 -n); do
  grep -m1 '^totals:' "$f" | awk '{print $2}'
done | paste - <(printf '%s\n' "$questions") | sort -n -r >"$work/costs"
awk -F'\t' -v top="$top" '
  { c[NR] = $1; q[NR] = $2 }
  END {
    n = NR; s = 0; for (i = 1; i <= n; ++i) s += c[i]
    # sorted descending: the p-quantile is the value at rank n·(1−p) from the top
    printf "questions %d  mean %d  p50 %d  p99 %d  max %d instructions per ask\n",
      n, s / n, c[int(n * 0.5) + 1], c[int(n * 0.01) + 1], c[1]
    for (i = 1; i <= top && i <= n; ++i) printf "%10d  %s\n", c[i], q[i]
  }' "$work/costs"
