// Subbuteo situations whose ruling the case base held but whose words were not read into the
// facts that case needs (or a neighbouring case won): each told in new words, with the
// sanction and the provision the book gives.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::CheckFirstRuling;

namespace {

constexpr char kGame[] = "subbuteo";

// The first ruling of `text` has the sanction `type` for `beneficiary` and cites `provision`.
void CheckRuling(const char* text, const std::string& type, const std::string& beneficiary,
                 const std::string& provision) {
  CheckFirstRuling(kGame, text, type, beneficiary, "subbuteo-2.0#" + provision);
}

}  // namespace

TEST_CASE("subbuteo reading: the ball hits a rebounded miniature not yet replaced", "[e2e]") {
  // Regola 2: a rebounded miniature hit by the ball before it is replaced leaves possession
  // unchanged; that wins over the rebounded miniature touching a still ball (BACK).
  CheckRuling("un suo omino rimbalza sulla sponda, resta fermo lì e la palla colpisce l'omino "
              "rimbalzato",
              "possesso", "attaccante", "r2__rimbalzo__p4");
}

TEST_CASE("subbuteo reading: the re-entry flicks come back with a restart", "[e2e]") {
  // Regola 12: a throw-in, corner or goal kick for the attacker gives back the two re-entries.
  CheckRuling("ho già fatto i due rientri dal fuorigioco e adesso abbiamo una rimessa laterale: "
              "posso riavere i rientri?",
              "rientri-ripristinati", "attaccante", "r12__rientro__p2");
  // The restart told as the teller's own.
  CheckRuling("ho già usato tutti e due i rientri dal fuorigioco; ora la palla esce e la "
              "rimessa è mia: li ho di nuovo?",
              "rientri-ripristinati", "attaccante", "r12__rientro__p2");
  CheckRuling("i rientri li avevo finiti, ma adesso il calcio d'angolo è mio: ne ho ancora?",
              "rientri-ripristinati", "attaccante", "r12__rientro__p2");
}

TEST_CASE("subbuteo reading: one flick, the ball touched twice", "[e2e]") {
  // Regola 5: the miniature keeps possession and the later touches of the same flick do not
  // count as flicks.
  CheckRuling("colpisco il mio omino una volta sola e lui tocca la palla, poi la tocca una "
              "seconda volta nello stesso colpo",
              "possesso", "attaccante", "r5__falli-attaccante__p3");
}

TEST_CASE("subbuteo reading: a ball stopped on the line is still in play", "[e2e]") {
  // Regola 4: a ball that has not wholly crossed the line stays in play.
  CheckRuling("la palla si ferma sulla linea di fondo senza superarla del tutto",
              "nessuna-sanzione", "", "r4__palla-in-gioco__p2");
  CheckRuling("la palla rimane sulla linea laterale: è ancora in gioco?", "nessuna-sanzione", "",
              "r4__palla-in-gioco__p2");
}
