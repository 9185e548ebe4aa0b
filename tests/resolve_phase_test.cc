// The phase a fact read implies (query/src/resolve/resolve.cc, ImplyPhase) and forms that
// stay within a clause (query/src/core/fact_reader.cc), resolved on the real corpus.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::FirstSanction;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

namespace {

std::string Fact(const Json& r, const std::string& fact) {
  for (size_t i = 0; i < r["facts_read"].size(); ++i) {
    if (r["facts_read"][i]["fact"].string == fact) return r["facts_read"][i]["value"].string;
  }
  return "";
}

}  // namespace

TEST_CASE("resolve infers the phase every case of a fact read is about", "[e2e]") {
  // Calciotto: where the shot lands is ruled on only in the shot action ("AZIONE PER TIRO IN
  // PORTA"): the shot lands next to the goalkeeper, who adds his base score.
  const Json shot = ResolveBundled("calciotto", "la palla arriva sulla casella accanto al portiere");
  CHECK(Fact(shot, "fase") == "tiro-in-porta");
  CHECK(FirstSanction(shot) == "bonus-base/difensore");
  // Subbuteo rugby: "la miniatura dell'attaccante tocca la palla e poi una miniatura
  // avversaria" is a tackle of the advance (6.1 c); within 5 cm a ruck, the ball stays
  // with the attacker (c2).
  const Json ruck = ResolveBundled(
      "subbuteo-rugby", "il mio omino tocca la palla e poi un loro omino, la palla si ferma a 3 cm");
  CHECK(Fact(ruck, "fase") == "avanzamento");
  CHECK(FirstSanction(ruck) == "possesso/attaccante");
  // A phase the description names is kept: the same contact in the defensive move.
  const Json named = ResolveBundled(
      "subbuteo-rugby", "durante la mossa difensiva il mio omino tocca la palla e poi un loro omino");
  CHECK(Fact(named, "fase") == "mossa-difensiva");
}

TEST_CASE("resolve reads a form within one clause", "[e2e]") {
  // "casella, il portiere" is no "casella del portiere": the comma ends the clause.
  const Json r = ResolveBundled("calciotto", "la palla finisce sulla terza casella, il portiere si butta");
  CHECK(ReadValues(r, "bersaglio-tiro") == Values{"terza-casella"});
  // A form written as a prepositional phrase ("sul portiere") reads its word only after a
  // preposition: "il portiere" names the goalkeeper, not where the shot went.
  const Json keeper = ResolveBundled("calciotto", "il portiere si butta a destra");
  CHECK(ReadValues(keeper, "bersaglio-tiro").empty());
  const Json on = ResolveBundled("calciotto", "la palla arriva proprio sul portiere");
  CHECK(ReadValues(on, "bersaglio-tiro") == Values{"portiere"});
  // A possessive may stand between the preposition and the word ("in area": "nella mia area").
  const Json area = ResolveBundled("soccer-tactics", "contrasto nella mia area col loro attaccante");
  CHECK(ReadValues(area, "zona") == Values{"area-di-rigore"});
}
