// Fuzz target "ask": the question analyser and query builder (Engine::Ask) and the
// FTS5 baseline's query builder, on an index of the fixture corpus.
//
// The input is the question. It is asked with no game, then filtered to the
// fixture's first game with a small limit. Any status is fine; a crash, a sanitizer
// report, an escaping exception or a hang is a bug.
#include <memory>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "fuzz_util.h"

ARBITRO_FUZZ_TARGET(ask) {
  arbitro::Engine& engine = arbitro::fuzz::FixtureEngine();
  static std::unique_ptr<arbitro::Fts5Baseline> baseline = [] {
    std::unique_ptr<arbitro::Fts5Baseline> b;
    arbitro::Fts5Baseline::Open(arbitro::fuzz::FixtureIndexDir(), &b);
    return b;
  }();
  const std::string question(reinterpret_cast<const char*>(data), size);

  arbitro::AskResult result;
  engine.Ask(question, arbitro::AskOptions{}, &result);
  arbitro::AskOptions filtered;
  const std::vector<std::string> games = engine.GameNames();
  if (!games.empty()) filtered.game = games.front();
  filtered.limit = 3;
  engine.Ask(question, filtered, &result);
  for (const arbitro::AskHit& hit : result.hits) {
    for (const auto& [begin, end] : hit.highlights) {
      if (begin > end || end > hit.provision.text.size()) __builtin_trap();  // bad highlight
    }
  }
  if (baseline) {
    std::vector<std::string> ids;
    baseline->Search(question, "", 5, &ids);
  }
  return 0;
}
