// Roll bonuses in dice duels (query/src/resolve/dice_bonus.h): the sanction types a game's
// vocabulary marks adds-to-roll="yes" are schema-checked, and resolve says who won a duel
// on the totals (Soccer Tactics 4D: defender +1, goalkeeper +2; variant 12A: defender +2),
// citing the provision of the bonus.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "arbitro/schema.h"
#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Cites;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::RunArbitro;
using arbitro::test::Values;

namespace {

const std::string kSchemaFixtures = std::string(ARBITRO_FIXTURES_DIR) + "/schema";

// `resolve --json --game soccer-tactics --variant VARIANT TEXT`.
Json ResolveWithVariant(const std::string& index, const std::string& env, const char* variant,
                        const char* text) {
  auto r = RunArbitro({"--index", index, "resolve", "--json", "--game", "soccer-tactics",
                       "--variant", variant, text},
                      env);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return Json::Parse(r.out);
}

}  // namespace

TEST_CASE("a sanction type that adds to a roll needs points on every sanction", "[schema]") {
  arbitro::Corpus corpus;
  std::vector<arbitro::Diagnostic> diagnostics;
  REQUIRE(arbitro::LoadCorpus(kSchemaFixtures + "/valid", &corpus, &diagnostics).ok());
  arbitro::Labelled bonus{"bonus", "Bonus al dado", {}};
  bonus.adds_to_roll = true;
  corpus.vocabularies["demo"].sanction_types.push_back(bonus);
  arbitro::Rulebook book;
  diagnostics.clear();
  const std::string f = kSchemaFixtures + "/bad/roll-bonus.xml";
  arbitro::LoadRulebookFile(f, corpus, &book, &diagnostics);
  std::vector<std::string> lines;
  for (const auto& d : diagnostics) lines.push_back(d.ToString());
  // c1 (2 points) and c2 (0 points) are fine; c3 states no points.
  CHECK(lines ==
        std::vector<std::string>{
            f + ":15:68: error: sanction type 'bonus' adds to a dice roll: points are required"});
}

TEST_CASE("the real vocabulary marks the Soccer Tactics dice bonus", "[corpus]") {
  arbitro::Corpus corpus;
  std::vector<arbitro::Diagnostic> diagnostics;
  REQUIRE(arbitro::LoadCorpus(ARBITRO_CORPUS_DIR, &corpus, &diagnostics).ok());
  const arbitro::Labelled* bonus = corpus.SanctionType("soccer-tactics", "bonus-dado");
  REQUIRE(bonus != nullptr);
  CHECK(bonus->adds_to_roll);
  const arbitro::Labelled* free_kick = corpus.SanctionType("soccer-tactics", "punizione");
  REQUIRE(free_kick != nullptr);
  CHECK_FALSE(free_kick->adds_to_roll);
}

TEST_CASE("resolve compares the totals of a duel with the bonuses of the pieces named", "[e2e]") {
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  const std::string& index = arbitro::test::BundledCorpusIndex();

  {  // The goalkeeper adds 2: 3 + 2 beats 4. The dice stay as rolled; the bonus is cited.
    const Json j = ResolveBundled("soccer-tactics",
                                  "il portiere avversario mi contrasta: io faccio 4 e lui fa 3");
    CHECK(ReadValues(j, "dado-sia") == Values{"4"});
    CHECK(ReadValues(j, "dado-sid") == Values{"3"});
    CHECK(ReadValues(j, "esito-contrasto") == Values{"vince-sid"});
    REQUIRE(j["rulings"].size() >= 1);
    CHECK(j["rulings"][0]["sanctions"][0]["type"].string == "possesso-palla");
    CHECK(j["rulings"][0]["sanctions"][0]["beneficiary"].string == "squadra-in-difesa");
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r4__d__p5"));
  }
  {  // The defender piece adds 1: 4 + 1 against 5 is a tie, the dice are rolled again.
    const Json j = ResolveBundled("soccer-tactics",
                                  "contrasto: il mio attaccante tira 5, il loro difensore tira 4");
    CHECK(ReadValues(j, "esito-contrasto") == Values{"parita"});
    REQUIRE(j["rulings"].size() >= 1);
    CHECK(j["rulings"][0]["sanctions"][0]["type"].string == "ripetizione");
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r4__d__p5"));
  }
  {  // No piece named: the bare dice decide, nothing more is cited.
    const Json j = ResolveBundled("soccer-tactics", "contrasto: io faccio 5 e lui fa 4");
    CHECK(ReadValues(j, "esito-contrasto") == Values{"vince-sia"});
    REQUIRE(j["rulings"].size() >= 1);
    CHECK_FALSE(Cites(j["rulings"][0], "soccer-tactics-completo#r4__d__p5"));
  }
  {  // Variant 12A: the defender adds 2 instead of 1, so 4 + 2 beats 5.
    const char* text = "contrasto: il loro difensore fa 4 e il mio attaccante fa 5";
    CHECK(ReadValues(ResolveBundled("soccer-tactics", text), "esito-contrasto") ==
          Values{"parita"});
    const Json j = ResolveWithVariant(index, real, "regola-avanzata", text);
    CHECK(ReadValues(j, "esito-contrasto") == Values{"vince-sid"});
    REQUIRE(j["rulings"].size() >= 1);
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r12__a__p1"));
  }
  {  // One side named by two pieces with different bonuses: who won is left unsaid.
    const Json j = ResolveBundled(
        "soccer-tactics", "il loro difensore e il portiere mi chiudono: io tiro 5, lui tira 4");
    CHECK(ReadValues(j, "dado-sia") == Values{"5"});
    CHECK(ReadValues(j, "dado-sid") == Values{"4"});
    CHECK(ReadValues(j, "esito-contrasto").empty());
  }
}
