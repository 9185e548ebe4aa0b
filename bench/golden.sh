#!/usr/bin/env bash
# Developer tool: prints `ask --json` and `resolve --json` (with and without --game; and --explain) for every eval question and situation, to diff before/after an engine change.
# usage: bench/golden.sh ARBITRO INDEX_DIR > out.txt
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$1 index=$2
run() {  # label, command…
  local out rc
  out=$("$bin" --index "$index" "$@" 2>&1)
  rc=$?
  printf '### %s rc=%d\n%s\n' "$*" "$rc" "$out"
}
for f in "$root"/tests/eval/questions-*.tsv "$root"/tests/eval/users/train/questions-*.tsv; do
  game=$(basename "$f" .tsv)
  game=${game#questions-}
  grep -v '^#' "$f" | cut -f1 | while IFS= read -r q; do
    [ -n "$q" ] || continue
    run ask --json -- "$q"
    run ask --json --game "$game" -- "$q"
  done
done
for f in "$root"/tests/eval/scenarios-*.tsv "$root"/tests/eval/users/train/situations-*.tsv; do
  game=$(basename "$f" .tsv)
  game=${game#scenarios-}
  game=${game#situations-}
  game=${game%-r[0-9]*}  # situations-subbuteo-r7.tsv: the game of a later batch
  grep -v '^#' "$f" | cut -f1 | while IFS= read -r q; do
    [ -n "$q" ] || continue
    run resolve --json -- "$q"
    run resolve --json --game "$game" -- "$q"
    run resolve --json --explain -- "$q"
  done
done
