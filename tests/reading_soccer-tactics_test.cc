// Soccer Tactics situations whose ruling the case base held but whose words were not read
// into the facts that case needs, or where a neighbouring case won (the step before the
// arrow's result, the possession after a contest): each told in new words, with the
// sanction and the provision the book gives.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

namespace {

const arbitro::test::RulingChecker CheckRuling{"soccer-tactics", "soccer-tactics-completo"};

}  // namespace

TEST_CASE("soccer-tactics reading: the defence fails to reach the ball just won",
          "[e2e][corpus-e2e]") {
  // Regola 4A: if team D cannot reach the square, team A keeps the ball and starts a new
  // offensive action.
  CheckRuling(
      "ho conquistato la palla fuori area, poi l'avversario tira il dado ma non arriva a "
      "contrastarmi",
      "possesso-palla", "squadra-in-attacco", "r4__a__p4");
  // Regola 5A.1: in the penalty area the attack then shoots at once.
  CheckRuling(
      "conquisto la palla in area di rigore e lui non arriva con nessuna pedina sulla mia "
      "casella",
      "tiro-in-porta", "squadra-in-attacco", "r5__a__1__p3");
}

TEST_CASE("soccer-tactics reading: a piece left offside in the goal area", "[e2e][corpus-e2e]") {
  // Regola 7: an attacker offside in the goal area while a team-mate can shoot: offside at
  // once, free kick to team D.
  CheckRuling(
      "ho una punta lasciata nell'area di porta, in fuorigioco, e passo la palla a un "
      "compagno in area di rigore che può tirare",
      "punizione", "squadra-in-difesa", "r7__p4");
}

TEST_CASE("soccer-tactics reading: the arrow's result decides after a contest won in the area",
          "[e2e][corpus-e2e]") {
  // r5__p3: 'Se la freccia indica una delle due bandiere rosse, è calcio d'angolo per la
  // squadra A' - the contest won in the area only grants the shot (r5__a__1__p2).
  CheckRuling(
      "Abbiamo vinto il contrasto dentro l'area, facciamo ruotare la freccia e punta la "
      "bandiera rossa: che si fa?",
      "calcio-d-angolo", "squadra-in-attacco", "r5__p3");
}

TEST_CASE("soccer-tactics reading: the arrow stopping on the line between two sectors",
          "[e2e][corpus-e2e]") {
  // r5__p6: 'Se la freccia indica esattamente la linea, è gol.'
  CheckRuling(
      "Faccio girare la freccia dopo il contrasto vinto in area e si blocca sulla riga "
      "fra due spicchi: com'è?",
      "gol-valido", "squadra-in-attacco", "r5__p6");
  // The line told as 'la riga' between a ball sector and a flag.
  CheckRuling(
      "giro la freccia e si ferma sulla riga che separa un pallone da una bandierina: "
      "cosa succede?",
      "gol-valido", "squadra-in-attacco", "r5__p6");
}

TEST_CASE("soccer-tactics reading: no shot after a contest won outside the area",
          "[e2e][corpus-e2e]") {
  // r5__p1: 'Fare gol è permesso solo nell'area di rigore' (star squares only after a direct
  // pass, 5B); it wins over the possession a won contest gives (r4__d__p2).
  CheckRuling(
      "Il mio centrocampista ha vinto il contrasto sulla fascia, lontano dall'area e non "
      "su una stella: posso far girare la freccia per il gol?",
      "tiro-non-consentito", "", "r5__p1");
  // Same after conquering the ball a few squares before the area.
  CheckRuling(
      "Prendo la palla a due caselle dall'area, ne resto fuori, poi vinco anche il "
      "contrasto: faccio girare la freccia?",
      "tiro-non-consentito", "", "r5__p1");
}
