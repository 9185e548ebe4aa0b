#!/usr/bin/env bash
# The scale bench: does the cost of a question grow with the number of games?
#
# For each size (documents), builds a synthetic corpus from the real one: the 5 real
# documents plus copies of every game folder under new game and document ids
# (subbuteo → subbuteo-c007, subbuteo-2.0 → subbuteo-c007-2.0, …; the source texts
# are linked, not copied), indexes it and prints:
#   - index build, total and per document (`arbitro index`, whole process), and the
#     load average just before it (the build uses every core: other work slows it);
#   - whole-process `arbitro ask`, median of 20, with --game subbuteo and with the game
#     inferred;
#   - in-process ask p50/p99, served ask p50/p99 and in-process resolve p50/p99, the
#     game inferred (arbitro_scale_probe).
# Figures, not pass/fail. Needs about 0.7 MB of disk per document (corpus and index).
#
# usage: bench/scale.sh [BUILD_DIR] [SIZES…]      (default: build 5 100 1000)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(5 100 1000)
arbitro=$build/cli/arbitro
probe=$build/bench/arbitro_scale_probe
for tool in "$arbitro" "$probe"; do
  [ -x "$tool" ] || { echo "missing $tool: build first (cmake --build $build)" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/arbitro-scale-XXXXXX")
trap 'rm -rf "$work"' EXIT

games=(calciotto soccer-tactics subbuteo subbuteo-rugby)
real_docs=$(ls "$root"/corpus/*/*.xml | grep -vc -e vocabulary.xml -e phrasing.xml -e scenes.xml -e asked.xml)

# make_corpus DIR DOCS: the real corpus plus copies until DOCS documents.
make_corpus() {
  local dir=$1 want=$2 copy=0 have=$real_docs
  mkdir -p "$dir"
  cp "$root/corpus/lexicon.xml" "$dir/"
  for g in "${games[@]}"; do
    mkdir -p "$dir/$g"
    cp "$root/corpus/$g"/*.xml "$dir/$g/"
    ln -s "$root/corpus/$g/source" "$dir/$g/source"
  done
  while [ "$have" -lt "$want" ]; do
    copy=$((copy + 1))
    local suffix
    suffix=$(printf 'c%03d' "$copy")
    for g in "${games[@]}"; do
      [ "$have" -lt "$want" ] || break
      local ng="$g-$suffix"
      mkdir -p "$dir/$ng"
      ln -s "$root/corpus/$g/source" "$dir/$ng/source"
      # game="g" → game="g-cNNN"; every document id "g…" → "g-cNNN…" (ids, refs, summarises,
      # the cases of scenes.xml and the provisions of asked.xml).
      for f in "$root/corpus/$g"/*.xml; do
        local base
        base=$(basename "$f")
        sed -E -e "s/game=\"$g\"/game=\"$ng\"/g" \
          -e "s/(doc=\"|target=\"|case=\"|ref=\")$g([-\"#])/\1$ng\2/g" \
          "$f" >"$dir/$ng/${base/$g/$ng}"
      done
      have=$((have + $(ls "$root/corpus/$g"/*.xml | grep -vc -e vocabulary.xml -e phrasing.xml -e scenes.xml -e asked.xml)))
    done
  done
}

median_ms() {  # runs "$@" 20 times, prints the median wall time in ms
  local times=()
  for _ in $(seq 20); do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s%N)
    times+=($(((t1 - t0) / 1000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 10p | awk '{printf "%.1f", $1 / 1000}'
}

question="quanti tocchi può fare la stessa miniatura?"
echo "arbitro scale bench: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%6s %10s %9s %7s %14s %14s  %s\n' docs build_s s/doc load "ask --game ms" "ask (infer) ms" "in-process and served (probe)"
for n in "${sizes[@]}"; do
  corpus=$work/corpus-$n
  index=$work/index-$n
  make_corpus "$corpus" "$n"
  build_load=$(cut -d' ' -f1 /proc/loadavg)  # other work on the machine, before the build
  t0=$(date +%s%N)
  "$arbitro" --index "$index" index --corpus "$corpus" >/dev/null
  t1=$(date +%s%N)
  build_s=$(awk -v ns=$((t1 - t0)) 'BEGIN {printf "%.2f", ns / 1e9}')
  docs=$(ARBITRO_CORPUS=$corpus "$arbitro" --index "$index" games --json | grep -o '"doc":' | wc -l)
  per_doc=$(awk -v s="$build_s" -v d="$docs" 'BEGIN {printf "%.3f", s / d}')
  with_game=$(median_ms "$arbitro" --index "$index" ask --json --game subbuteo "$question")
  inferred=$(median_ms "$arbitro" --index "$index" ask --json "$question")
  probe_out=$("$probe" --binary "$arbitro" --index "$index" "$root"/tests/eval/questions-*.tsv \
    "$root"/tests/eval/scenarios-*.tsv)
  printf '%6s %10s %9s %7s %14s %14s  %s\n' "$docs" "$build_s" "$per_doc" "$build_load" "$with_game" "$inferred" "$probe_out"
  rm -rf "$corpus" "$index"
done
