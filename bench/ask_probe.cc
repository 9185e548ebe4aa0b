// arbitro_ask_probe: times every question of the given files in-process (warm engine),
// with the game inferred, and prints the slowest ones with their median time, so that
// the tail can be callgrinded question by question. Figures, not pass/fail.
//
// usage: arbitro_ask_probe --index DIR [--reps N] [--top K] [--dump] QUESTIONS.tsv…
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
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--index" && i + 1 < argc) {
      index = argv[++i];
    } else if (a == "--reps" && i + 1 < argc) {
      reps = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--dump") {
      dump = true;
    } else if (a == "--top" && i + 1 < argc) {
      top = static_cast<size_t>(std::max(0, std::atoi(argv[++i])));
    } else {
      files.push_back(a);
    }
  }
  const std::vector<std::string> questions = arbitro::bench::ReadColumn(files);
  if (index.empty() || questions.empty()) {
    std::fprintf(stderr, "usage: arbitro_ask_probe --index DIR [--reps N] [--top K] [--dump] Q.tsv…\n");
    return 2;
  }
  std::unique_ptr<arbitro::Engine> engine;
  if (!arbitro::Engine::Open(index, &engine).ok()) return 1;
  for (const auto& q : questions) {  // warm-up: lazy loading is not the tail studied here
    arbitro::AskResult r;
    engine->Ask(q, arbitro::AskOptions{}, &r);
  }
  std::vector<std::vector<double>> ms(questions.size());
  for (int rep = 0; rep < reps; ++rep) {
    for (size_t i = 0; i < questions.size(); ++i) {
      arbitro::AskResult r;
      const bool dumped = dump && rep == 0;
#ifdef ARBITRO_DUMP_SUPPORTED
      if (dumped) CALLGRIND_TOGGLE_COLLECT;
#endif
      const auto start = Clock::now();
      engine->Ask(questions[i], arbitro::AskOptions{}, &r);
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
  std::printf("ask in-process: n=%zu p50=%.3f ms p99=%.3f ms\n", all.size(),
              Percentile(all, 0.5), Percentile(all, 0.99));
  std::vector<size_t> order(questions.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return median[a] > median[b]; });
  for (size_t k = 0; k < top && k < order.size(); ++k) {
    std::printf("%8.3f ms  %s\n", median[order[k]], questions[order[k]].c_str());
  }
  return 0;
}
