// arbitro_bench: prints index build time, ask/resolve latency in-process (p50/p99)
// and as whole CLI processes (median). Figures, not pass/fail.
//
// usage: arbitro_bench [--corpus DIR] [--binary PATH] [--runs N] [QUESTIONS.tsv …]
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "bench_util.h"

namespace {

using arbitro::bench::Clock;
using arbitro::bench::Ms;
using arbitro::bench::Percentile;
using arbitro::bench::ReadColumn;

void Report(const char* what, const std::vector<double>& ms) {
  std::printf("%-34s n=%-5zu p50=%8.3f ms  p99=%8.3f ms  max=%8.3f ms\n", what, ms.size(),
              Percentile(ms, 0.5), Percentile(ms, 0.99),
              ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()));
}

double RunProcess(const std::vector<std::string>& argv) {
  std::fflush(stdout);  // the child must not inherit unflushed output
  auto start = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    std::freopen("/dev/null", "w", stdout);
    std::freopen("/dev/null", "w", stderr);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return Ms(Clock::now() - start);
}

}  // namespace

int main(int argc, char** argv) {
  std::string corpus_dir = ARBITRO_CORPUS_DIR, binary;
  int runs = 3;
  std::vector<std::string> question_files, scenario_files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--corpus" && i + 1 < argc)
      corpus_dir = argv[++i];
    else if (a == "--binary" && i + 1 < argc)
      binary = argv[++i];
    else if (a == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (a == "--scenarios" && i + 1 < argc)
      scenario_files.push_back(argv[++i]);
    else
      question_files.push_back(a);
  }
  const std::string index_dir =
      (std::filesystem::temp_directory_path() / ("arbitro-bench-" + std::to_string(getpid())))
          .string();

  // ---- index build
  std::vector<double> load_ms, build_ms;
  arbitro::IndexStats stats;
  for (int r = 0; r < runs; ++r) {
    auto t0 = Clock::now();
    arbitro::Corpus corpus;
    std::vector<arbitro::Diagnostic> diagnostics;
    arbitro::Status s = arbitro::LoadCorpus(corpus_dir, &corpus, &diagnostics);
    auto t1 = Clock::now();
    if (!s.ok()) {
      std::fprintf(stderr, "corpus: %s\n", s.message().c_str());
      return 1;
    }
    s = arbitro::BuildIndex(corpus, index_dir, &stats);
    if (!s.ok()) {
      std::fprintf(stderr, "index: %s\n", s.message().c_str());
      return 1;
    }
    load_ms.push_back(Ms(t1 - t0));
    build_ms.push_back(Ms(Clock::now() - t1));
  }
  std::printf("corpus: %zu documents, %zu units, %zu searchable, %zu cases\n", stats.documents,
              stats.units, stats.xapian_documents, stats.cases);
  Report("load + check corpus", load_ms);
  Report("build index (SQLite + Xapian)", build_ms);

  // ---- committee tools: check and diff over the whole corpus, in-process
  {
    arbitro::Corpus corpus;
    std::vector<arbitro::Diagnostic> diagnostics;
    if (!arbitro::LoadCorpus(corpus_dir, &corpus, &diagnostics).ok()) return 1;
    std::vector<double> check_ms, diff_ms, revised_ms;
    size_t findings_n = 0, changes_n = 0;
    for (int rep = 0; rep < 20; ++rep) {
      std::vector<arbitro::Finding> findings;
      auto start = Clock::now();
      arbitro::CheckCorpus(corpus, arbitro::CheckOptions{}, &findings);
      check_ms.push_back(Ms(Clock::now() - start));
      findings_n = findings.size();
      // Every document against itself and against the other editions of its game.
      start = Clock::now();
      for (const auto& a : corpus.rulebooks) {
        for (const auto& b : corpus.rulebooks) {
          arbitro::DiffResult d;
          if (a.game == b.game) arbitro::DiffRulebooks(a, b, &d);
        }
      }
      diff_ms.push_back(Ms(Clock::now() - start));
      // Every document against a revision of it: reworded, renumbered and replaced units.
      start = Clock::now();
      changes_n = 0;
      for (const auto& a : corpus.rulebooks) {
        arbitro::Rulebook b = a;
        for (size_t i = 0; i < b.units.size(); ++i) {
          if (i % 7 == 0) b.units[i].text += " (modificato)";
          if (i % 11 == 0 && !b.units[i].eid.empty()) b.units[i].eid += "-bis";
          if (i % 13 == 0) b.units[i].text = "Testo nuovo numero " + std::to_string(i) + ".";
        }
        arbitro::DiffResult d;
        arbitro::DiffRulebooks(a, b, &d);
        changes_n += d.changes.size();
      }
      revised_ms.push_back(Ms(Clock::now() - start));
    }
    std::printf("check: %zu findings; diff of revised documents: %zu changes\n", findings_n,
                changes_n);
    Report("check whole corpus", check_ms);
    Report("diff every same-game pair", diff_ms);
    Report("diff every document vs a revision", revised_ms);
  }

  // ---- ask in-process
  std::unique_ptr<arbitro::Engine> engine;
  auto t0 = Clock::now();
  if (!arbitro::Engine::Open(index_dir, &engine).ok()) return 1;
  std::printf("engine open: %.3f ms\n", Ms(Clock::now() - t0));
  std::vector<std::string> questions = ReadColumn(question_files);
  if (questions.empty())
    questions = {"cosa succede se tocco la palla con la mano", "fuorigioco",
                 "quanto dura una partita"};
  {
    // The first question of a process pays for what the engine loads lazily.
    arbitro::AskResult result;
    auto start = Clock::now();
    engine->Ask(questions[0], arbitro::AskOptions{}, &result);
    std::printf("first ask after open: %.3f ms\n", Ms(Clock::now() - start));
  }
  std::vector<double> ask_ms;
  for (int rep = 0; rep < 20; ++rep) {
    for (const auto& q : questions) {
      arbitro::AskResult result;
      auto start = Clock::now();
      engine->Ask(q, arbitro::AskOptions{}, &result);
      ask_ms.push_back(Ms(Clock::now() - start));
    }
  }
  Report("ask in-process", ask_ms);

  std::vector<std::string> scenarios = ReadColumn(scenario_files);
  if (!scenarios.empty()) {
    std::vector<double> resolve_ms;
    for (int rep = 0; rep < 20; ++rep) {
      for (const auto& sc : scenarios) {
        arbitro::ResolveResult result;
        auto start = Clock::now();
        engine->Resolve(sc, arbitro::ResolveOptions{}, &result);
        resolve_ms.push_back(Ms(Clock::now() - start));
      }
    }
    Report("resolve in-process", resolve_ms);
  }

  // ---- hostile input (tests/hostile_test.cc has the full list): the worst case
  {
    std::string long_text;
    while (long_text.size() < 100 * 1024) long_text += "fuorigioco portiere area ";
    const std::vector<std::string> hostile = {
        "",
        long_text,
        "!!!???...,,,;;;",
        "il la di che cosa se",
        "fuorigioco AND NOT ( \" * NEAR",
        "'; DROP TABLE units; --",
        "\x01\x1b[31m fuorigioco \x7f",
        "\xff\xfe\xc3 fuorigioco \xed\xa0\x80",
        "\xe2\x80\xae"
        "fuorigioco\xe2\x80\x8f",
        "\xe2\x9a\xbd\xf0\x9f\x9f\xa5 fuorigioco \xf0\x9f\xa4\xb7"};
    std::vector<double> hostile_ms;
    for (int rep = 0; rep < 5; ++rep) {
      for (const auto& h : hostile) {
        auto start = Clock::now();
        arbitro::AskResult ask;
        engine->Ask(h, arbitro::AskOptions{}, &ask);
        arbitro::ResolveResult resolve;
        engine->Resolve(h, arbitro::ResolveOptions{}, &resolve);
        hostile_ms.push_back(Ms(Clock::now() - start));
      }
    }
    Report("hostile ask+resolve (worst = max)", hostile_ms);
  }

  // ---- whole process
  if (!binary.empty()) {
    std::vector<double> proc_ms;
    for (size_t i = 0; i < questions.size() && i < 40; ++i) {
      proc_ms.push_back(RunProcess({binary, "--index", index_dir, "ask", "--json", questions[i]}));
    }
    Report("ask whole process", proc_ms);
    if (!scenarios.empty()) {
      std::vector<double> res_ms;
      for (size_t i = 0; i < scenarios.size() && i < 40; ++i) {
        res_ms.push_back(
            RunProcess({binary, "--index", index_dir, "resolve", "--json", scenarios[i]}));
      }
      Report("resolve whole process", res_ms);
    }
    std::vector<double> check_proc_ms, diff_proc_ms;
    for (int r = 0; r < 10; ++r) {
      check_proc_ms.push_back(
          RunProcess({binary, "check", "--corpus", corpus_dir, "--json", "--severity", "info"}));
      diff_proc_ms.push_back(RunProcess({binary, "diff", "--corpus", corpus_dir, "--json",
                                         "soccer-tactics-abbreviato", "soccer-tactics-completo"}));
    }
    Report("check whole process", check_proc_ms);
    Report("diff whole process", diff_proc_ms);
  }
  std::error_code ec;
  std::filesystem::remove_all(index_dir, ec);
  return 0;
}
