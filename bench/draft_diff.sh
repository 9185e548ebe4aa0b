#!/usr/bin/env bash
# Prints the whole-process time and peak memory of `arbitro diff DOC DRAFT` on a draft of
# about 1 MB of text (the Subbuteo and rugby sources repeated), and on each source text
# against its own document. Usage: bench/draft_diff.sh [path/to/arbitro]
set -euo pipefail
cd "$(dirname "$0")/.."
arbitro=${1:-build/cli/arbitro}
big=$(mktemp --suffix=.txt)
trap 'rm -f "$big"' EXIT
python3 - "$big" <<'PY'
import sys
s = open("corpus/subbuteo/source/000_f7ad0d7cb51ba501.txt", encoding="utf-8").read()
r = open("corpus/subbuteo-rugby/source/001_d6620528cb72de8a.txt", encoding="utf-8").read()
out = s
while len(out.encode()) < 1_000_000:
    out += "\n" + r + "\n" + s
open(sys.argv[1], "w", encoding="utf-8").write(out)
PY
measure() {
  local label=$1; shift
  /usr/bin/time -f "$label: %e s, peak %M KB" "$arbitro" diff --json "$@" >/dev/null
}
echo "draft of $(wc -c <"$big") bytes:"
measure "  subbuteo-2.0 vs 1 MB draft" subbuteo-2.0 "$big"
measure "  subbuteo-2.0 vs its source" subbuteo-2.0 corpus/subbuteo/source/000_f7ad0d7cb51ba501.txt
measure "  soccer-tactics-completo vs its one-line source" soccer-tactics-completo corpus/soccer-tactics/source/002_1e790f0b55dbd764.txt
