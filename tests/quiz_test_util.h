// Shared by the quiz tests (quiz_test.cc, quiz_formats_test.cc): the indexes they build
// and small helpers on quiz results.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "quiz_formats.h"
#include "test_util.h"

namespace arbitro::quiz_test {

inline const std::string& MiniDir() {
  static const std::string dir = arbitro::test::MiniCorpusDir();
  return dir;
}
inline const std::string& MiniEnv() {
  static const std::string env = arbitro::test::CorpusEnv(MiniDir());
  return env;
}

inline void Build(const std::string& corpus_dir, const std::string& index_dir) {
  arbitro::test::IndexOrFail(corpus_dir, index_dir);
}

inline std::unique_ptr<Engine> Open(const std::string& index_dir) {
  std::unique_ptr<Engine> engine;
  REQUIRE(Engine::Open(index_dir, &engine).ok());
  return engine;
}

// The real corpus, indexed once for every [corpus] test of a file.
struct RealIndex {
  arbitro::test::TempDir dir;
  std::string path = dir.path();
  RealIndex() { Build(ARBITRO_CORPUS_DIR, path); }
};
inline const std::string& RealIndexDir() {
  static RealIndex index;
  return index.path;
}

// Every question the real corpus yields with the default options (all games, the default
// seed), generated once per test process: several review tests scan the same set.
inline const QuizResult& FullRealQuiz() {
  static const QuizResult quiz = [] {
    auto engine = Open(RealIndexDir());
    QuizOptions options;
    options.count = 10000;
    QuizResult r;
    REQUIRE(GenerateQuiz(*engine, options, &r).ok());
    return r;
  }();
  return quiz;
}

using Pairs = std::set<std::pair<std::string, std::string>>;
inline Pairs PairsOf(const std::vector<SanctionInfo>& s) {
  Pairs out;
  for (const auto& x : s) out.emplace(x.type, x.beneficiary);
  return out;
}
inline bool Disjoint(const Pairs& a, const Pairs& b) {
  for (const auto& p : a) {
    if (b.count(p)) return false;
  }
  return true;
}

inline const Question* Find(const QuizResult& r, const std::string& id) {
  for (const auto& q : r.questions) {
    if (q.id == id) return &q;
  }
  return nullptr;
}

inline std::string ExportJson(const QuizResult& r, unsigned long long seed) {
  std::ostringstream out;
  cli::WriteQuizJson(out, cli::QuizExport{&r, seed});
  return out.str();
}

}  // namespace arbitro::quiz_test
