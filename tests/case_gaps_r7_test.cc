// Rulings the rulebooks state, outside an "In caso di infrazione" or beside one, for which
// no case existed (round 7 of the case gaps): each sentence is ours, each expected ruling is
// read from the cited provision of corpus/<game>/<rulebook>.xml.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::Cites;
using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ResolveBundled;

TEST_CASE("subbuteo: rulings of the book with a case of their own (round 7)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo", text); };

  SECTION("a block that meets the moving ball is a giocata al volo: BACK AL VOLO, the move is replayed") {
    const Json j = best("il suo marcamento intercetta la palla mentre sta ancora correndo dopo il mio tiro");
    CHECK(FirstRulingHas(j, "back-al-volo", "attaccante"));
    CHECK(FirstRulingHas(j, "ripetizione", "attaccante"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r6__back-al-volo__p1"));
  }
  SECTION("a blocked parallel re-entry may take the useful diagonal (Regola 12)") {
    const Json j = best(
        "il rientro parallelo alla laterale è bloccato da altre miniature: posso rientrare in diagonale, "
        "che resta sotto i 45 gradi?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r12__procedura-rientro__p10"));
  }
  SECTION("polishing the miniatures in the interval is allowed (Regola 3)") {
    const Json j = best("durante l'intervallo posso lucidare le basi dei miei omini?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r3__durata__p3"));
  }
  SECTION("at the kick-off the defender may not place a miniature in the centre circle (Regola 4)") {
    const Json j = best("al calcio d'inizio il mio avversario, che difende, sistema un omino dentro il cerchio centrale");
    CHECK(FirstRulingHas(j, "non-consentito"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r4__procedura__p1"));
  }
  SECTION("the goalkeeper's rod may not be flicked (Regola 8)") {
    const Json j = best("si può colpire l'asticciola del portiere a punta di dito?");
    CHECK(FirstRulingHas(j, "non-consentito"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r8__applicazione__p14"));
  }
}

TEST_CASE("soccer tactics: rulings of the book with a case of their own (round 7)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("the 60-second limit restated in rule 2 gives the rule 11A ruling") {
    const Json j =
        best("la squadra in difesa ci mette più di 60 secondi per muovere la pedina dopo aver tirato il dado");
    CHECK(FirstRulingHas(j, "punizione", "squadra-in-attacco"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p10"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r11__a__p1"));
  }
}

TEST_CASE("calciotto: the base strength is active only in the own zone (round 7)", "[e2e][corpus-e2e]") {
  const Json j = ResolveBundled(
      "calciotto", "in contrasto il mio terzino è fuori dalla sua zona di competenza: aggiunge il numero cerchiato?");
  CHECK(FirstRulingHas(j, "nessun-bonus"));
  CHECK_FALSE(FirstRulingHas(j, "bonus-base"));
  CHECK(Cites(j["rulings"][0], "calciotto#zona-competenza__p5"));
}

TEST_CASE("subbuteo rugby: rulings of the book with a case of their own (round 7)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo-rugby", text); };

  SECTION("no added time at the end of a half (cap. 2.2 b)") {
    const Json j = best("il primo tempo è scaduto: si giocano minuti di recupero?");
    CHECK(FirstRulingHas(j, "non-consentito"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap2__s2.2__b"));
  }
  SECTION("the defender may use his defensive moves to bring offside miniatures back (cap. 10.1 h)") {
    const Json j = best(
        "difendo: uso la mossa difensiva per far rientrare un mio omino in posizione irregolare, portandolo "
        "dietro la linea della palla. Posso?");
    CHECK(FirstRulingHas(j, "consentito", "difensore"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap10__s10.1__h"));
  }
  SECTION("a defensive re-entry stopping within 5 cm of the ball is still a free kick (cap. 6 e)") {
    const Json j = best(
        "con la mossa difensiva faccio rientrare un mio omino in posizione irregolare ma si ferma a 3 cm "
        "dalla palla");
    CHECK(FirstRulingHas(j, "punizione", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "consentito"));
  }
}
