// Subbuteo situations whose ruling the case base held but whose words were not read into the
// facts that case needs (or a neighbouring case won): each told in new words, with the
// sanction and the provision the book gives.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

namespace {

const arbitro::test::RulingChecker CheckRuling{"subbuteo", "subbuteo-2.0"};

}  // namespace

TEST_CASE("subbuteo reading: the ball hits a rebounded miniature not yet replaced",
          "[e2e][corpus-e2e]") {
  // Regola 2: a rebounded miniature hit by the ball before it is replaced leaves possession
  // unchanged; that wins over the rebounded miniature touching a still ball (BACK).
  CheckRuling(
      "un suo omino rimbalza sulla sponda, resta fermo lì e la palla colpisce l'omino "
      "rimbalzato",
      "possesso", "attaccante", "r2__rimbalzo__p4");
}

TEST_CASE("subbuteo reading: the re-entry flicks come back with a restart", "[e2e][corpus-e2e]") {
  // Regola 12: a throw-in, corner or goal kick for the attacker gives back the two re-entries.
  CheckRuling(
      "ho già fatto i due rientri dal fuorigioco e adesso abbiamo una rimessa laterale: "
      "posso riavere i rientri?",
      "rientri-ripristinati", "attaccante", "r12__rientro__p2");
  // The restart told as the teller's own.
  CheckRuling(
      "ho già usato tutti e due i rientri dal fuorigioco; ora la palla esce e la "
      "rimessa è mia: li ho di nuovo?",
      "rientri-ripristinati", "attaccante", "r12__rientro__p2");
  CheckRuling("i rientri li avevo finiti, ma adesso il calcio d'angolo è mio: ne ho ancora?",
              "rientri-ripristinati", "attaccante", "r12__rientro__p2");
}

TEST_CASE("subbuteo reading: one flick, the ball touched twice", "[e2e][corpus-e2e]") {
  // Regola 5: the miniature keeps possession and the later touches of the same flick do not
  // count as flicks.
  CheckRuling(
      "colpisco il mio omino una volta sola e lui tocca la palla, poi la tocca una "
      "seconda volta nello stesso colpo",
      "possesso", "attaccante", "r5__falli-attaccante__p3");
}

TEST_CASE("subbuteo reading: a ball stopped on the line is still in play", "[e2e][corpus-e2e]") {
  // Regola 4: a ball that has not wholly crossed the line stays in play.
  CheckRuling("la palla si ferma sulla linea di fondo senza superarla del tutto",
              "nessuna-sanzione", "", "r4__palla-in-gioco__p2");
  CheckRuling("la palla rimane sulla linea laterale: è ancora in gioco?", "nessuna-sanzione", "",
              "r4__palla-in-gioco__p2");
}

TEST_CASE("subbuteo reading: in a tiro piazzato the shooter knocks the rebound in",
          "[e2e][corpus-e2e]") {
  // Regola 16: "in ogni caso" the shooting miniature touching the ball again before it stops,
  // even after the post, bar or goalkeeper, scores; that wins over the one-flick rule.
  CheckRuling("ai tiri piazzati la palla prende il palo e la stessa ala la ribadisce in rete",
              "gol-valido", "attaccante", "r16__procedura__p8");
}

TEST_CASE("subbuteo reading: the flicked miniature misses the ball", "[e2e][corpus-e2e]") {
  // Regola 5: a flicked miniature that misses the ball loses possession.
  CheckRuling("colpisco l'ala, ma passa accanto alla palla senza prenderla: chi gioca ora?",
              "cambio-possesso", "difensore", "r5__attaccante__p2");
}

TEST_CASE("subbuteo reading: back off the goalkeeper onto the same miniature",
          "[e2e][corpus-e2e]") {
  // Regola 5: off the goalkeeper (unlike an outfield defender) the same miniature regains its
  // three consecutive flicks.
  CheckRuling(
      "la palla colpisce il portiere e torna sulla stessa miniatura che ha tirato: ho di "
      "nuovo tre colpi?",
      "conteggio-azzerato", "attaccante", "r5__gioco-d-attacco__p3");
}

TEST_CASE("subbuteo reading: the ball hits a miniature lying on the pitch", "[e2e][corpus-e2e]") {
  // Regola 5: a lying miniature is a neutral object and gains no possession.
  CheckRuling(
      "la palla va addosso a un difensore rimasto sdraiato dopo il contrasto: di chi è "
      "la palla?",
      "possesso", "attaccante", "r5__attaccante__p2");
}

TEST_CASE("subbuteo reading: after a limited flick the attacker plays on without the block",
          "[e2e][corpus-e2e]") {
  // Regola 5: after a colpo limitato the attacker must let the defender make the block; if not,
  // BACK for the defender and change of possession (rather than the procedure's own ruling).
  CheckRuling(
      "mi sporgo dietro la linea di fondo avversaria per colpire, tiro e poi gioco ancora "
      "senza aspettare che marchi",
      "back", "difensore", "r5__colpo-limitato__procedura__p3");
}
