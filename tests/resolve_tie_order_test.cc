// Rulings as specific as the first and read from as many words (query/src/resolve/resolve.cc,
// OrderTiedRulings): the one citing the provision retrieval finds closest to the description
// comes first. Own sentence: a Subbuteo attacker who has used both offside re-entry flicks
// is given a throw-in; regola 12 says he regains them ("riguadagna il diritto ai due colpi
// di rientro quando gli è assegnata una rimessa laterale"), while the same facts also reach
// the throw-in's own provision and the count of flicks.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::BundledCorpusIndex;
using arbitro::test::CheckFirstRuling;
using arbitro::test::CorpusEnv;
using arbitro::test::Json;
using arbitro::test::RunArbitro;

namespace {

constexpr const char* kRegained =
    "ho già fatto i due rientri, poi l'avversario manda la palla fuori in laterale e la rimessa "
    "tocca a me: posso rientrare ancora?";

}  // namespace

TEST_CASE("resolve puts first the tied ruling whose provision is closest to the description", "[e2e]") {
  CheckFirstRuling("subbuteo", kRegained, "rientri-ripristinati", "attaccante",
                   "subbuteo-2.0#r12__rientro__p2");
  // The other tied rulings stay as alternatives, and the first is the ruling of the facts
  // read: before, a tied ruling of one condition led and retrieval replaced it with the
  // same decision at half the confidence, as one deduced from the closest rule.
  const Json r = arbitro::test::ResolveBundled("subbuteo", kRegained);
  CHECK(r["rulings"].size() >= 2);
  for (size_t i = 0; i < r["notes"].size(); ++i) {
    CHECK(r["notes"][i].string.find("regola più vicina") == std::string::npos);
  }
}

TEST_CASE("resolve --explain says when retrieval ordered tied rulings", "[e2e]") {
  auto run = RunArbitro({"--index", BundledCorpusIndex(), "resolve", "--json", "--explain", "--game",
                         "subbuteo", kRegained},
                        CorpusEnv(ARBITRO_CORPUS_DIR));
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const Json j = Json::Parse(run.out);
  bool said = false;
  for (size_t i = 0; i < j["explanation"].size(); ++i) {
    said = said || j["explanation"][i].string.find("a parità di fatti e di parole lette") != std::string::npos;
  }
  CHECK(said);
  // Without --explain nothing is added to the explanation.
  const Json quiet = arbitro::test::ResolveBundled("subbuteo", kRegained);
  CHECK(quiet["explanation"].size() == 0);
}
