#!/usr/bin/env bash
# Developer tool: compares what two index directories hold (their current generations):
# the Xapian contents (arbitro_index_dump) and the SQLite dump, but for the meta rows
# 'built' and 'corpus'. Prints "same" or the first differences.
# usage: bench/index_diff.sh BUILD_DIR INDEX_A INDEX_B
set -euo pipefail
build=$1 a=$2 b=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/arbitro-index-diff-XXXXXX")
trap 'rm -rf "$work"' EXIT
for side in a b; do
  dir=${!side}
  "$build/bench/arbitro_index_dump" "$dir/current/xapian" >"$work/$side.xapian"
  sqlite3 "file:$dir/current/arbitro.sqlite?immutable=1" .dump |
    grep -v -e "'built'" -e "'corpus'" >"$work/$side.sql"
done
status=0
for part in xapian sql; do
  if ! cmp -s "$work/a.$part" "$work/b.$part"; then
    echo "$part differs:"
    diff "$work/a.$part" "$work/b.$part" | head -20
    status=1
  fi
done
[ "$status" -ne 0 ] || echo same
exit "$status"
