#!/usr/bin/env bash
# Bounded libFuzzer run of every fuzz target, with AddressSanitizer and
# UndefinedBehaviorSanitizer. Anyone can run it; it is not part of CI.
#
#   tests/fuzz/run.sh [SECONDS_PER_TARGET] [TARGET…]     (default: 60 s, all targets)
#
# Installs clang and its runtime (Debian: clang, libclang-rt-14-dev) when missing,
# builds in build-fuzz/ with -DARBITRO_FUZZ=ON -DARBITRO_SANITIZE=ON, then fuzzes each
# target from its seeds (tests/fuzz/seeds/<target>/) plus the inputs earlier runs
# found (build-fuzz/fuzz-corpus/<target>/). A crash, sanitizer report, timeout (10 s
# per input) or out-of-memory input is saved to tests/fuzz/crashes/<target>/: fix the
# bug, keep the file (it becomes the regression test fuzz-crash-<target>-<file>), and
# commit both. Prints, per target, executions, coverage (edges and features) and
# corpus size, also written to build-fuzz/fuzz-summary.txt. Exits 1 when anything was
# found.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
seconds="${1:-60}"
shift || true

need=()
command -v clang++ >/dev/null || need+=(clang)
compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null ||
  need+=(libclang-rt-14-dev)
if ((${#need[@]})); then
  echo "installing: ${need[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

build="$root/build-fuzz"
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DARBITRO_FUZZ=ON -DARBITRO_SANITIZE=ON >/dev/null

targets=("$@")
if ((${#targets[@]} == 0)); then
  for f in tests/fuzz/fuzz_*.cc; do
    t="$(basename "$f" .cc)"
    t="${t#fuzz_}"
    [ "$t" = util ] && continue
    # A target whose code is not there yet is not configured (see CMakeLists.txt).
    cmake --build "$build" --target help | grep -w "fuzz_$t" >/dev/null && targets+=("$t")
  done
fi
cmake --build "$build" -j2 --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
summary="$build/fuzz-summary.txt"
printf '%-9s %8s %10s %7s %7s %7s %9s %s\n' target seconds execs exec/s cov ft corpus found \
  | tee "$summary"
found_any=0
for t in "${targets[@]}"; do
  work="$build/fuzz-corpus/$t"
  crashes="tests/fuzz/crashes/$t"
  mkdir -p "$work" "$crashes"
  dict=()
  [ -f "tests/fuzz/$t.dict" ] && dict=(-dict="tests/fuzz/$t.dict")
  before=$(find "$crashes" -type f ! -name 'README*' | wc -l)
  log="$build/fuzz-$t.log"
  set +e
  "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$crashes/" "${dict[@]}" "$work" "tests/fuzz/seeds/$t" \
    >"$log" 2>&1
  status=$?
  set -e
  after=$(find "$crashes" -type f ! -name 'README*' | wc -l)
  found=$((after - before))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<<"$last")
  printf '%-9s %8s %10s %7s %7s %7s %9s %s\n' "$t" "$seconds" "${execs:-?}" "${speed:-?}" \
    "${cov:-?}" "${ft:-?}" "${corp:-?}" "$found" | tee -a "$summary"
  if ((status != 0 || found > 0)); then
    found_any=1
    echo "  $t: libFuzzer exited $status; log: $log; new files in $crashes/" >&2
  fi
done
# Scratch folders of targets that crashed (a clean exit removes its own).
for d in /dev/shm/arbitro-fuzz-*; do
  [ -e "$d" ] || continue
  pid="${d#/dev/shm/arbitro-fuzz-}"
  kill -0 "${pid%%-*}" 2>/dev/null || rm -rf "$d"
done
exit "$found_any"
