// Rulings the books state that the case base lacked or encoded wrongly (round 13 of the case
// gaps). Each sentence is ours; each expected ruling is read from the cited provision of
// corpus/<game>/<rulebook>.xml.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::Cites;
using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ResolveBundled;

TEST_CASE("soccer tactics: after a goal the side that conceded kicks off, over the generic "
          "kick-off line-up (Regola 5 p4, abridged 6 p1, round 13)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("a goal was scored: the kick-off goes to the side that conceded") {
    const Json j = best(
        "abbiamo preso gol, adesso si rimettono le pedine nella posizione iniziale: a chi tocca "
        "battere il calcio d'inizio?");
    CHECK(FirstRulingHas(j, "calcio-d-inizio", "squadra-in-difesa"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r5__p4"));
  }
  SECTION("no goal told: the generic kick-off line-up of side A") {
    const Json j = best("come si posizionano le pedine per il calcio d'inizio?");
    CHECK(FirstRulingHas(j, "calcio-d-inizio", "squadra-in-attacco"));
    CHECK_FALSE(Cites(j["rulings"][0], "soccer-tactics-completo#r5__p4"));
  }
}
