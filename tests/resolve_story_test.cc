// Descriptions that tell more than the event ruled on (query/src/resolve/resolve.cc,
// KeepLastOccurrence) and rulings of summary rows that cite the provision they summarise
// (query/src/resolve/evaluate.cc), resolved on the real corpus.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Cites;
using arbitro::test::FirstSanction;
using arbitro::test::Json;
using arbitro::test::ResolveBundled;

namespace {

// The facts resolve evaluated (read, given or assumed): "facts" of resolve --json.
std::string Evaluated(const Json& r, const std::string& fact) { return r["facts"][fact].string; }

}  // namespace

TEST_CASE("resolve rules on the last occurrence a description tells", "[e2e]") {
  // Subbuteo Table Rugby 9 f3: the ball stops outside the space between the packs: the
  // attacker puts it in again; the second time, the defender chooses a scrum to him or a
  // possession attempt. The first time is history, the ruling is on the second.
  const Json again = ResolveBundled(
      "subbuteo-rugby",
      "in mischia la palla introdotta finisce fuori dallo spazio tra i due raggruppamenti: "
      "la prima volta ho ripetuto l'introduzione, ora succede di nuovo");
  CHECK(Evaluated(again, "occorrenza") == "2");
  CHECK(FirstSanction(again) == "mischia/difensore");
  REQUIRE(again["rulings"].size() >= 1);
  CHECK(Cites(again["rulings"][0], "subbuteo-rugby-4.0#cap9__f3"));

  // Told once: the first time, the attacker puts the ball in again.
  const Json once = ResolveBundled(
      "subbuteo-rugby",
      "in mischia la palla introdotta finisce fuori dallo spazio tra i due raggruppamenti per "
      "la prima volta");
  CHECK(Evaluated(once, "occorrenza") == "1");
  CHECK(FirstSanction(once) == "ripetizione/attaccante");
}

TEST_CASE("a summary row's ruling cites the provision it summarises", "[e2e]") {
  // Subbuteo Table Rugby 6.1, "casistiche riassuntive" row 5 summarises 6.1 b): the
  // advancing figure touches a defender first and then the ball: broken tackle, the
  // attacker keeps possession. The row does not state the defender's position, b) wants
  // it regular; nothing said of it, both are cited.
  const Json plain = ResolveBundled(
      "subbuteo-rugby",
      "nell'avanzamento il mio omino urta prima una miniatura difensiva e poi la palla");
  REQUIRE(plain["rulings"].size() >= 1);
  CHECK(Cites(plain["rulings"][0], "subbuteo-rugby-4.0#cap6__s6.1__casistiche__r5"));
  CHECK(Cites(plain["rulings"][0], "subbuteo-rugby-4.0#cap6__s6.1__b"));

  // The defender was offside: b) is ruled out, only the row is cited.
  const Json offside = ResolveBundled(
      "subbuteo-rugby",
      "nell'avanzamento il mio omino urta prima un difensore in fuorigioco e poi la palla");
  REQUIRE(offside["rulings"].size() >= 1);
  CHECK(Cites(offside["rulings"][0], "subbuteo-rugby-4.0#cap6__s6.1__casistiche__r5"));
  CHECK_FALSE(Cites(offside["rulings"][0], "subbuteo-rugby-4.0#cap6__s6.1__b"));

  // Subbuteo's appendix row "tocca la palla con le mani ... se nell'area di rigore CALCIO DI
  // RIGORE" rules "per l'avversario" and says nothing of who offended; Regola 11's case is
  // the defender's handball, "per l'attaccante": the same ruling, so Regola 11 is cited.
  const Json hands = ResolveBundled(
      "subbuteo", "un giocatore ferma la palla con la mano nella propria area di rigore");
  REQUIRE(hands["rulings"].size() >= 1);
  CHECK(Cites(hands["rulings"][0], "subbuteo-2.0#app__t1__r10"));
  CHECK(Cites(hands["rulings"][0], "subbuteo-2.0#r11__definizione__p1"));
}
