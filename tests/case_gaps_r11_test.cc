// Rulings the last reading round found wrong or missing (round 11 of the case gaps): a
// calciotto card played after the roll, the second direct pass received in the Soccer
// Tactics penalty area, a draw in a calciotto tournament, a calciotto substitution after the
// goalkeeper's save. Each sentence is ours; each expected ruling is read from the cited
// provision of corpus/<game>/<rulebook>.xml.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::Cites;
using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ResolveBundled;

TEST_CASE("calciotto: a card in the moving phase is played before the roll, never after "
          "(fase spostamento p9, carte p2, round 11)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("calciotto", text); };

  SECTION("a movement card after the roll: not allowed, over the permission of carte p3") {
    const Json j = best(
        "fase spostamento di calciotto: ho già tirato i dadi e ho fatto 7, poi gioco la carta CONTROPIEDE. "
        "È regolare?");
    CHECK(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK_FALSE(FirstRulingHas(j, "mossa-consentita"));
    CHECK(Cites(j["rulings"][0], "calciotto#fase-spostamento__p9"));
  }
  SECTION("the same card before the roll: allowed") {
    const Json j = best(
        "fase spostamento di calciotto: prima di lanciare i dadi gioco la carta CONTROPIEDE, è regolare?");
    CHECK(FirstRulingHas(j, "mossa-consentita"));
    CHECK_FALSE(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK(Cites(j["rulings"][0], "calciotto#fase-spostamento__p9"));
  }
}

TEST_CASE("soccer tactics: the second direct pass received in the penalty area is shot at once "
          "(Regola 4B, round 11)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("received inside the penalty area: shot for the attacking side, r4 B p2 cited with r5") {
    const Json j = best(
        "faccio il secondo passaggio diretto consecutivo e la palla la riceve una mia pedina dentro l'area "
        "di rigore: cosa succede?");
    CHECK(FirstRulingHas(j, "tiro-in-porta", "squadra-in-attacco"));
    CHECK_FALSE(FirstRulingHas(j, "turno-difesa"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r4__b__p2"));
  }
  SECTION("received far from the area: the turn passes to the defending side") {
    const Json j = best(
        "faccio il secondo passaggio diretto consecutivo e la palla la riceve una mia pedina a "
        "centrocampo, lontano dall'area: cosa succede?");
    CHECK(FirstRulingHas(j, "turno-difesa", "squadra-in-difesa"));
    CHECK_FALSE(FirstRulingHas(j, "tiro-in-porta"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r4__b__p2"));
  }
}

TEST_CASE("calciotto: a draw in tournament mode stands and is worth one point (scopo p5, round 11)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("calciotto", text); };

  SECTION("tournament: the draw and its point, scopo p5") {
    const Json j = best("modalità torneo: finisce 1-1, la partita è pareggiata. Cosa succede?");
    CHECK(FirstRulingHas(j, "pareggio-partita"));
    CHECK(FirstRulingHas(j, "punti-classifica"));
    CHECK(Cites(j["rulings"][0], "calciotto#scopo__p5"));
  }
  SECTION("no tournament: the plain draw of scopo p1, no standings points") {
    const Json j = best("partita amichevole finita con lo stesso numero di gol: chi vince?");
    CHECK(FirstRulingHas(j, "pareggio-partita"));
    CHECK_FALSE(FirstRulingHas(j, "punti-classifica"));
    CHECK(Cites(j["rulings"][0], "calciotto#scopo__p1"));
  }
}

TEST_CASE("calciotto: a substitution after the goalkeeper's save, before the relaunch, is allowed "
          "(sostituzione p2, round 11)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("calciotto", text); };

  SECTION("after the save, before the relaunch: allowed") {
    const Json j = best(
        "dopo che il portiere ha parato il mio tiro, voglio cambiare un calciatore prima del suo rilancio: "
        "posso?");
    CHECK(FirstRulingHas(j, "mossa-consentita"));
    CHECK_FALSE(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK(Cites(j["rulings"][0], "calciotto#sostituzione__p2"));
  }
  SECTION("during the moving phase: not allowed") {
    const Json j = best("durante la fase spostamento voglio fare una sostituzione: posso?");
    CHECK(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK_FALSE(FirstRulingHas(j, "mossa-consentita"));
    CHECK(Cites(j["rulings"][0], "calciotto#sostituzione__p2"));
  }
}
