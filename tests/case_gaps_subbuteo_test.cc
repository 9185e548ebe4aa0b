// Rulings the Subbuteo rulebook states for which no case carried the sanction type a
// referee would give (corpus/subbuteo/subbuteo-2.0.xml): each sentence is ours, each
// expected ruling is read from the cited provision.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::Cites;
using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ResolveBundled;

TEST_CASE("subbuteo rulings stated by the book now have their case", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo", text); };

  SECTION("a lying miniature hit by the ball: possession unchanged, no sanction (Regola 5)") {
    const Json j = best("il tiro colpisce una miniatura sdraiata del mio avversario: cambia il possesso?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(FirstRulingHas(j, "possesso", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "cambio-possesso"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r5__attaccante__p2"));
  }
  SECTION("a rebounded miniature not yet repositioned is a neutral object (Regola 2)") {
    const Json j = best("la palla colpisce una miniatura rimbalzata che non è ancora stata riposizionata");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r2__rimbalzo__p4"));
  }
  SECTION("the block may start as the attacker flicks (Regola 6)") {
    const Json j = best("posso eseguire il marcamento anticipato, senza attendere che l'attaccante tocchi la palla?");
    CHECK(FirstRulingHas(j, "marcamento-difensivo", "difensore"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r6__marcamento__p1"));
  }
  SECTION("the goalkeeper has no touch limit in his goal area (Regola 8)") {
    const Json j = best("il mio portiere tocca la palla sette volte nella sua area di porta: c'è un limite di tocchi?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r8__applicazione__p16"));
  }
  SECTION("a ball on the line, not wholly over it, is still in play (Regola 4)") {
    const Json j = best("la palla resta sulla linea laterale, non completamente fuori: il gioco prosegue?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "rimessa-laterale"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r4__palla-in-gioco__p2"));
  }
  SECTION("a block hitting a miniature and then the ball: free kick to the attacker (Regola 6)") {
    const Json j = best("nel marcamento difensivo la mia miniatura colpisce prima una miniatura e poi la palla");
    CHECK(FirstRulingHas(j, "punizione", "attaccante"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r6__marcamento__t1__r5"));
  }
}

TEST_CASE("subbuteo: a faulty block on a miniature and then the ball is the schema's PUNIZIONE",
          "[e2e][corpus-e2e]") {
  // r6__marcamento__t1__r5 "Miniatura in campo e successivamente la palla": the ladder of
  // r10__definizione__p1, seen from the defender who made the block.
  auto best = [](const char* text) { return ResolveBundled("subbuteo", text); };

  SECTION("in his own area di tiro: direct free kick to the attacker, not a BACK") {
    const Json j = best(
        "col suo marcamento, dentro la sua area di tiro, l'omino avversario tocca un mio omino "
        "fermo e poi la palla");
    CHECK(FirstRulingHas(j, "punizione-diretta", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "back"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r6__marcamento__t1__r5"));
  }
  SECTION("in his own penalty area: penalty kick to the attacker") {
    const Json j =
        best("marcamento nella sua area di rigore: la sua miniatura urta prima un mio omino e poi la palla");
    CHECK(FirstRulingHas(j, "calcio-di-rigore", "attaccante"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r6__marcamento__t1__r5"));
  }
}
