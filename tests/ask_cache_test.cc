// What an engine keeps between questions (ask.cc: posting sets from a term's second test
// on, termfreqs, candidate lengths, the unit of each returned document; rules.cc: a
// game's vocabulary read in one pass per table and put in order in C++) changes no
// answer: a question asked again by a warm engine gets what a fresh engine answers, and
// the vocabulary keeps the order the rulebook's vocabulary.xml declares.
#include <catch2/catch.hpp>

#include "arbitro/query.h"
#include "test_util.h"

using namespace arbitro;
using arbitro::test::TempDir;

namespace {

AskResult AskOnce(Engine& engine, const std::string& question, const std::string& game = "") {
  AskOptions options;
  options.game = game;
  AskResult r;
  REQUIRE(engine.Ask(question, options, &r).ok());
  return r;
}

void RequireSameAnswer(const AskResult& a, const AskResult& b) {
  REQUIRE(a.hits.size() == b.hits.size());
  CHECK(a.game == b.game);
  for (size_t i = 0; i < a.hits.size(); ++i) {
    CHECK(a.hits[i].provision.id == b.hits[i].provision.id);
    CHECK(a.hits[i].score == b.hits[i].score);
    CHECK(a.hits[i].highlights == b.hits[i].highlights);
  }
}

}  // namespace

TEST_CASE("a warm engine answers a question as a fresh one does", "[ask][corpus]") {
  TempDir dir;
  arbitro::test::IndexOrFail(ARBITRO_CORPUS_DIR, dir.path());
  std::unique_ptr<Engine> fresh, warm;
  REQUIRE(Engine::Open(dir.path(), &fresh).ok());
  REQUIRE(Engine::Open(dir.path(), &warm).ok());
  // My own wording; the two share their words, so the second reads the sets the first
  // left behind. The third time every term's set is kept.
  const std::string question = "la mia miniatura tocca la palla due volte di fila, cosa succede?";
  const std::string other = "quante volte posso toccare la palla con la stessa miniatura?";
  const AskResult expected = AskOnce(*fresh, question);
  REQUIRE_FALSE(expected.hits.empty());
  for (int round = 0; round < 3; ++round) {
    AskOnce(*warm, other);
    RequireSameAnswer(AskOnce(*warm, question), expected);
  }
  // The same with the game named (the search is filtered, the sets are not).
  std::unique_ptr<Engine> fresh_game;
  REQUIRE(Engine::Open(dir.path(), &fresh_game).ok());
  RequireSameAnswer(AskOnce(*warm, question, "subbuteo"), AskOnce(*fresh_game, question, "subbuteo"));
}

TEST_CASE("a game's vocabulary keeps the declared order of facts, values and forms",
          "[facts][index]") {
  TempDir dir;
  auto engine = arbitro::test::IndexAndOpen(arbitro::test::MiniCorpusDir(), dir.path());
  std::vector<FactInfo> facts;
  REQUIRE(engine->Facts("mini", &facts).ok());
  // tests/fixtures/corpus-mini/mini/vocabulary.xml, in the order written there.
  REQUIRE(facts.size() == 2);
  CHECK(facts[0].name == "infrazione");
  CHECK(facts[1].name == "occorrenza");
  REQUIRE(facts[0].values.size() == 2);
  CHECK(facts[0].values[0].id == "fuorigioco");
  CHECK(facts[0].values[0].forms == std::vector<std::string>{"fuorigioco", "offside"});
  CHECK(facts[0].values[1].id == "parata-fuori-area");
  CHECK(facts[0].values[1].forms == std::vector<std::string>{"para fuori", "parata fuori area"});
  REQUIRE(facts[1].values.size() == 2);
  CHECK(facts[1].values[0].id == "1");
  CHECK(facts[1].values[1].forms == std::vector<std::string>{"di nuovo", "seconda volta"});
}

TEST_CASE("a real vocabulary keeps the declared order of values, not their names'",
          "[facts][corpus]") {
  TempDir dir;
  auto engine = arbitro::test::IndexAndOpen(ARBITRO_CORPUS_DIR, dir.path());
  std::vector<FactInfo> facts;
  REQUIRE(engine->Facts("calciotto", &facts).ok());
  // corpus/calciotto/vocabulary.xml declares the phases of play in this order (not the
  // alphabetical one).
  const FactInfo* phase = nullptr;
  for (const FactInfo& f : facts) {
    if (f.name == "fase") phase = &f;
  }
  REQUIRE(phase != nullptr);
  std::vector<std::string> ids;
  for (const auto& v : phase->values) ids.push_back(v.id);
  const std::vector<std::string> declared = {"spostamento",  "contrasto",        "tiro-in-porta",
                                             "punizione",    "rigore",           "tiro-d-inizio",
                                             "schieramento", "rilancio-pallone", "dopo-tiro-in-porta"};
  CHECK(ids == declared);
}
