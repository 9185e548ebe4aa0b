#!/usr/bin/env bash
# The re-index bench: what a request pays when `arbitro index` publishes a new
# generation while `arbitro serve` is busy. Builds an index of the bundled corpus in a
# temporary folder, serves it, runs arbitro_serve_bench (mixed ask/resolve) for SECONDS
# and re-indexes twice during the run (at a third and two thirds of it); the bench's max
# is the slowest request, the one that would have waited for an engine to open.
# Figures, not pass/fail.
#
# usage: bench/serve_reindex.sh [BUILD_DIR] [CLIENTS] [SECONDS]   (default: build 10 12)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
clients=${2:-10}
seconds=${3:-12}
arbitro=$build/cli/arbitro
bench=$build/bench/arbitro_serve_bench
for tool in "$arbitro" "$build/cli/arbitro-serve" "$bench"; do
  [ -x "$tool" ] || { echo "missing $tool: build first (cmake --build $build)" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/arbitro-reindex-XXXXXX")
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
"$arbitro" --index "$work/index" index >/dev/null
"$arbitro" --index "$work/index" serve --listen 127.0.0.1:0 --quiet >"$work/url" &
server=$!
for _ in $(seq 300); do
  grep -q '^http' "$work/url" 2>/dev/null && break
  sleep 0.1
done
url=$(head -1 "$work/url")
[ -n "$url" ] || { echo "the server did not start" >&2; exit 1; }
(
  sleep $((seconds / 3))
  "$arbitro" --index "$work/index" index >/dev/null
  sleep $((seconds / 3))
  "$arbitro" --index "$work/index" index >/dev/null
) &
reindex=$!
echo "arbitro re-index bench: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), 2 re-indexes in ${seconds} s"
"$bench" --binary "$arbitro" --url "$url" --seconds "$seconds" --clients "$clients" \
  --scenarios "$root"/tests/eval/scenarios-subbuteo.tsv \
  --scenarios "$root"/tests/eval/scenarios-subbuteo-rugby.tsv \
  --scenarios "$root"/tests/eval/scenarios-soccer-tactics.tsv \
  --scenarios "$root"/tests/eval/scenarios-calciotto.tsv "$root"/tests/eval/questions-*.tsv
wait "$reindex"
