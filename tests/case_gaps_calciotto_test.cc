// Calciotto rulings the rulebook states that had no case: the goalkeeper's rilancio del
// pallone may also move the team (fase-azione__tiro__p7/c2), and the free-kick wall must
// stand at 2 squares from the player with the ball (punizione__p4/c2). Resolved end to end
// on the bundled corpus; expected values written from the rulebook (corpus/calciotto).
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Cites;
using arbitro::test::FirstSanction;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

namespace {

// The first ruling, or an empty object when there is none (the checks then fail).
Json First(const Json& r) {
  REQUIRE(r["rulings"].size() > 0);
  return r["rulings"][0];
}

}  // namespace

TEST_CASE("calciotto: the rilancio after a save may pass the ball and move the team",
          "[e2e][corpus-e2e]") {
  // "il punteggio totale così ottenuto verrà utilizzato per passare il pallone ad un altro
  // calciatore e anche, volendo, per spostare la squadra" (fase-azione__tiro__p7).
  const Json move = ResolveBundled(
      "calciotto", "il portiere ha parato e ora col rilancio del pallone voglio avanzare con due difensori, si può?");
  CHECK(ReadValues(move, "fase") == Values{"rilancio-pallone"});
  CHECK(FirstSanction(move) == "mossa-consentita/");
  CHECK(Cites(First(move), "calciotto#fase-azione__tiro__p7"));

  const Json pass =
      ResolveBundled("calciotto", "nel rilancio del portiere uso i punti per passare la palla al terzino");
  CHECK(FirstSanction(pass) == "mossa-consentita/");
  CHECK(Cites(First(pass), "calciotto#fase-azione__tiro__p7"));
}

TEST_CASE("calciotto: the free-kick wall stands at 2 squares, not nearer nor farther",
          "[e2e][corpus-e2e]") {
  // "deve posizionare 2 calciatori come barriera a 2 caselle di distanza dal calciatore con
  // possesso palla" (punizione__p4).
  const Json near = ResolveBundled(
      "calciotto", "sulla punizione l'avversario mette la barriera a 1 casella dal mio calciatore");
  CHECK(ReadValues(near, "distanza-barriera") == Values{"1"});
  CHECK(FirstSanction(near) == "mossa-non-consentita/");
  CHECK(Cites(First(near), "calciotto#punizione__p4"));

  const Json near_words = ResolveBundled(
      "calciotto", "punizione contro: piazzo la barriera a una casella di distanza dal loro tiratore");
  CHECK(FirstSanction(near_words) == "mossa-non-consentita/");
  CHECK(Cites(First(near_words), "calciotto#punizione__p4"));

  const Json far = ResolveBundled("calciotto", "punizione: la barriera messa a 3 caselle dal pallone va bene?");
  CHECK(ReadValues(far, "distanza-barriera") == Values{"3"});
  CHECK(FirstSanction(far) == "mossa-non-consentita/");

  // At the prescribed distance the placement ruling stands, no violation.
  const Json right = ResolveBundled(
      "calciotto", "sulla punizione il difensore mette la barriera a 2 caselle dal calciatore con la palla");
  CHECK(FirstSanction(right) == "riposizionamento/difensore");
  CHECK(Cites(First(right), "calciotto#punizione__p4"));
}
