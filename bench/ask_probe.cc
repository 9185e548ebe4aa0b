// arbitro_ask_probe: times every question of the given files in-process (warm engine),
// with the game inferred, and prints the slowest ones with their median time, so that
// the tail can be callgrinded question by question. Figures, not pass/fail. With
// --resolve the lines are situations, and it times `resolve` instead.
//
// usage: arbitro_ask_probe --index DIR [--reps N] [--top K] [--dump] [--resolve] FILE.tsv…
//
// --dump, under `valgrind --tool=callgrind --collect-atstart=no`: the first timed rep
// collects each question alone and dumps its costs (one callgrind.out file per question,
// in order), so that the instructions of every question, tail included, can be read
// without the noise of wall-clock time (bench/ask_cost.sh).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define ARBITRO_DUMP_SUPPORTED 1
#endif

#include "arbitro/query.h"
#include "bench_util.h"

using arbitro::bench::Clock;
using arbitro::bench::Ms;
using arbitro::bench::Percentile;

int main(int argc, char** argv) {
  std::string index;
  int reps = 9;
  size_t top = 20;
  bool dump = false;
  bool resolve = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--index" && i + 1 < argc) {
      index = argv[++i];
    } else if (a == "--reps" && i + 1 < argc) {
      reps = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--dump") {
      dump = true;
    } else if (a == "--resolve") {
      resolve = true;
    } else if (a == "--top" && i + 1 < argc) {
      top = static_cast<size_t>(std::max(0, std::atoi(argv[++i])));
    } else {
      files.push_back(a);
    }
  }
  const std::vector<std::string> questions = arbitro::bench::ReadColumn(files);
  if (index.empty() || questions.empty()) {
    std::fprintf(stderr,
                 "usage: arbitro_ask_probe --index DIR [--reps N] [--top K] [--dump] "
                 "[--resolve] FILE.tsv…\n");
    return 2;
  }
  std::unique_ptr<arbitro::Engine> engine;
  if (!arbitro::Engine::Open(index, &engine).ok()) return 1;
  // One question or situation, the game inferred.
  auto run = [&](const std::string& text) {
    if (resolve) {
      arbitro::ResolveResult r;
      engine->Resolve(text, arbitro::ResolveOptions{}, &r);
    } else {
      arbitro::AskResult r;
      engine->Ask(text, arbitro::AskOptions{}, &r);
    }
  };
  for (const auto& q : questions) run(q);  // warm-up: lazy loading is not the tail studied here
  std::vector<std::vector<double>> ms(questions.size());
  for (int rep = 0; rep < reps; ++rep) {
    for (size_t i = 0; i < questions.size(); ++i) {
      const bool dumped = dump && rep == 0;
#ifdef ARBITRO_DUMP_SUPPORTED
      if (dumped) CALLGRIND_TOGGLE_COLLECT;
#endif
      const auto start = Clock::now();
      run(questions[i]);
      ms[i].push_back(Ms(Clock::now() - start));
#ifdef ARBITRO_DUMP_SUPPORTED
      if (dumped) {
        CALLGRIND_TOGGLE_COLLECT;
        CALLGRIND_DUMP_STATS;
      }
#else
      (void)dumped;
#endif
    }
  }
  std::vector<double> all, median(questions.size());
  for (size_t i = 0; i < questions.size(); ++i) {
    all.insert(all.end(), ms[i].begin(), ms[i].end());
    median[i] = Percentile(ms[i], 0.5);
  }
  std::printf("%s in-process: n=%zu p50=%.3f ms p99=%.3f ms\n", resolve ? "resolve" : "ask", all.size(),
              Percentile(all, 0.5), Percentile(all, 0.99));
  std::vector<size_t> order(questions.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return median[a] > median[b]; });
  for (size_t k = 0; k < top && k < order.size(); ++k) {
    std::printf("%8.3f ms  %s\n", median[order[k]], questions[order[k]].c_str());
  }
  return 0;
}
