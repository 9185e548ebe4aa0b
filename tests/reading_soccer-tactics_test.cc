// Soccer Tactics WORLD situations whose ruling the case base held but where a neighbouring case
// won (the step before the arrow's result, or the possession after a contest): each told in new
// words, with the sanction and the provision the book gives.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::Cites;
using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ResolveBundled;

namespace {

constexpr char kGame[] = "soccer-tactics";

// The first ruling of `text` has the sanction `type` for `beneficiary` and cites `provision`.
void CheckRuling(const char* text, const std::string& type, const std::string& beneficiary,
                 const std::string& provision) {
  INFO(text);
  const Json j = ResolveBundled(kGame, text);
  REQUIRE(j["rulings"].size() >= 1);
  CHECK(FirstRulingHas(j, type, beneficiary));
  CHECK(Cites(j["rulings"][0], provision));
}

}  // namespace

TEST_CASE("soccer-tactics reading: the arrow's result decides after a contest won in the area",
          "[e2e]") {
  // r5__p3: 'Se la freccia indica una delle due bandiere rosse, è calcio d'angolo per la
  // squadra A' - the contest won in the area only grants the shot (r5__a__1__p2).
  CheckRuling("Abbiamo vinto il contrasto dentro l'area, facciamo ruotare la freccia e punta la "
              "bandiera rossa: che si fa?",
              "calcio-d-angolo", "squadra-in-attacco", "soccer-tactics-completo#r5__p3");
}

TEST_CASE("soccer-tactics reading: the arrow stopping on the line between two sectors", "[e2e]") {
  // r5__p6: 'Se la freccia indica esattamente la linea, è gol.'
  CheckRuling("Faccio girare la freccia dopo il contrasto vinto in area e si blocca sulla riga "
              "fra due spicchi: com'è?",
              "gol-valido", "squadra-in-attacco", "soccer-tactics-completo#r5__p6");
}

TEST_CASE("soccer-tactics reading: no shot after a contest won outside the area", "[e2e]") {
  // r5__p1: 'Fare gol è permesso solo nell'area di rigore' (star squares only after a direct
  // pass, 5B); it wins over the possession a won contest gives (r4__d__p2).
  CheckRuling("Il mio centrocampista ha vinto il contrasto sulla fascia, lontano dall'area e non "
              "su una stella: posso far girare la freccia per il gol?",
              "tiro-non-consentito", "", "soccer-tactics-completo#r5__p1");
  // Same after conquering the ball a few squares before the area.
  CheckRuling("Prendo la palla a due caselle dall'area, ne resto fuori, poi vinco anche il "
              "contrasto: faccio girare la freccia?",
              "tiro-non-consentito", "", "soccer-tactics-completo#r5__p1");
}
