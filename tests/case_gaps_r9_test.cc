// Rulings the rulebooks state at a limit, which needed a fact of their own (round 9 of the
// case gaps): at the limit the book allows the move, over it the existing minor foul stands.
// Each sentence is ours; each expected ruling is read from the cited provision of
// corpus/<game>/<rulebook>.xml.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::Cites;
using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ResolveBundled;

TEST_CASE("soccer tactics: the limits of rule 2, both sides (round 9)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("one change of direction in a move is allowed (r2 p2, abridged pt. 1)") {
    const Json j = best(
        "muovo il mio centrocampista prima dritto e poi in diagonale, con un solo cambio di direzione: è valido?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "punizione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p2"));
  }
  SECTION("a second change of direction is still a minor foul") {
    const Json j = best("la squadra in attacco muove una pedina che cambia direzione due volte nella stessa mossa");
    CHECK(FirstRulingHas(j, "punizione"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p2"));
  }
  SECTION("the goalkeeper moved one square is allowed (r2 p6)") {
    const Json j = best("sono in difesa e sposto il portiere di una casella in avanti, va bene?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "punizione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p6"));
  }
  SECTION("the goalkeeper moved two squares is still a minor foul") {
    const Json j = best("la squadra in difesa sposta il portiere di due caselle");
    CHECK(FirstRulingHas(j, "punizione", "squadra-in-attacco"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p6"));
  }
  SECTION("four pieces side by side on a row are allowed (r2 p8)") {
    const Json j = best("ho messo quattro pedine fianco a fianco sulla stessa riga per chiudere la fascia, è permesso?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "punizione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p8"));
  }
  SECTION("five pieces side by side are still a minor foul") {
    const Json j = best("la squadra in difesa mette cinque pedine fianco a fianco");
    CHECK(FirstRulingHas(j, "punizione", "squadra-in-attacco"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p8"));
  }
  SECTION("four pieces one behind the other (the limit is three) are a minor foul") {
    const Json j = best("la squadra in attacco ha quattro pedine una dietro l'altra");
    CHECK(FirstRulingHas(j, "punizione"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p8"));
  }
}

TEST_CASE("subbuteo: halves of 10 minutes only when the organisers announce them (Regola 3, round 9)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo", text); };

  SECTION("10-minute halves decided by the organisers and written in the tournament notice: allowed") {
    const Json j = best(
        "al nostro torneo gli organizzatori hanno deciso tempi da 10 minuti e l'hanno scritto nel bando: è regolare?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "non-consentito"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r3__durata__p1"));
  }
  SECTION("10-minute halves agreed between the players: not allowed, the halves are of 15 minutes") {
    const Json j = best(
        "io e il mio avversario ci mettiamo d'accordo per tempi da 10 minuti anche se il bando non ne parla, si può?");
    CHECK(FirstRulingHas(j, "non-consentito"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r3__durata__p1"));
  }
}
