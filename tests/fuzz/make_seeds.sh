#!/usr/bin/env bash
# Regenerates the generated part of the fuzz seeds from the bundled corpus, the test
# fixtures and the evaluation sets (tests/eval/). Hand-written seeds (named
# hostile-*, mini-*) are kept. Run from anywhere; then commit tests/fuzz/seeds/.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
seeds="$root/tests/fuzz/seeds"
mkdir -p "$seeds"/{corpus,ask,resolve}

# Generated seeds are named by the SHA-1 of their content, as libFuzzer names its own.
add() {  # add TARGET FILE
  local sum
  sum=$(sha1sum "$2" | cut -c1-40)
  cp "$2" "$seeds/$1/$sum"
}

find "$seeds"/corpus "$seeds"/ask "$seeds"/resolve -type f -regextype posix-extended \
  -regex '.*/[0-9a-f]{40}' -delete

# corpus: every XML file of the real corpus and of the fixtures.
while IFS= read -r f; do add corpus "$f"; done < <(
  find "$root/corpus" "$root/tests/fixtures" -name '*.xml' -type f | sort)

# ask / resolve: the first column of every question and scenario set.
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for kind in questions:ask scenarios:resolve; do
  for tsv in "$root"/tests/eval/"${kind%%:*}"-*.tsv; do
    [ -e "$tsv" ] || continue
    grep -v '^#' "$tsv" | cut -f1 | while IFS= read -r line; do
      [ -n "$line" ] || continue
      printf '%s' "$line" >"$tmp"
      add "${kind##*:}" "$tmp"
    done
  done
done
for t in corpus ask resolve; do
  echo "$t: $(find "$seeds/$t" -type f | wc -l) seeds"
done
