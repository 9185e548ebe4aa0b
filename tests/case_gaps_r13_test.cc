// Rulings the books state that the case base lacked or encoded wrongly (round 13 of the case
// gaps). Each sentence is ours; each expected ruling is read from the cited provision of
// corpus/<game>/<rulebook>.xml.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::Cites;
using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("soccer tactics: after a goal the side that conceded kicks off, over the generic "
          "kick-off line-up (Regola 5 p4, abridged 6 p1, round 13)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("a goal was scored: the kick-off goes to the side that conceded") {
    const Json j = best(
        "abbiamo preso gol, adesso si rimettono le pedine nella posizione iniziale: a chi tocca "
        "battere il calcio d'inizio?");
    CHECK(FirstRulingHas(j, "calcio-d-inizio", "squadra-in-difesa"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r5__p4"));
  }
  SECTION("no goal told: the generic kick-off line-up of side A") {
    const Json j = best("come si posizionano le pedine per il calcio d'inizio?");
    CHECK(FirstRulingHas(j, "calcio-d-inizio", "squadra-in-attacco"));
    CHECK_FALSE(Cites(j["rulings"][0], "soccer-tactics-completo#r5__p4"));
  }
}

TEST_CASE("calciotto: the zone of competence is found from the ball-carrier's square, not the "
          "tackler's own (zona di competenza p1, round 13)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("calciotto", text); };

  SECTION("the carrier's square is outside the tackler's zone: no base score for the tackler") {
    const Json j = best(
        "nel contrasto il mio difensore sta nella sua zona, però l'avversario col pallone è in una "
        "casella fuori dalla zona di competenza del mio difensore: aggiungo il numero cerchiato?");
    CHECK(FirstRulingHas(j, "nessun-bonus", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "bonus-base", "difensore"));
    CHECK(Cites(j["rulings"][0], "calciotto#zona-competenza__p1"));
  }
  SECTION("the carrier's square is inside the tackler's zone: the tackler adds the base score") {
    const Json j = best(
        "nel contrasto l'avversario col pallone sta in una casella dentro la zona di competenza del "
        "mio difensore: aggiungo il numero cerchiato?");
    CHECK(FirstRulingHas(j, "bonus-base", "difensore"));
    CHECK(Cites(j["rulings"][0], "calciotto#zona-competenza__p1"));
  }
}

TEST_CASE("soccer tactics: the timer sounds just after the ball is won; in the penalty area the "
          "attack is completed, elsewhere the time ends (Regola 11B p1-p2, round 13)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("ball already won in the penalty area: the attack is completed") {
    const Json j = best(
        "ho portato la palla in una casella libera dell'area di rigore e la mia punta ci è "
        "arrivata; adesso che tocca a lui suona il timer: si smette?");
    CHECK(FirstRulingHas(j, "completamento-azione", "squadra-in-attacco"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r11__b__p2"));
  }
  SECTION("ball won at midfield: the time ends") {
    const Json j =
        best("a metà campo ho appena conquistato la palla con la mia punta e suona il timer: si smette?");
    CHECK(FirstRulingHas(j, "fine-del-tempo"));
    CHECK_FALSE(FirstRulingHas(j, "completamento-azione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r11__b__p1"));
  }
}

TEST_CASE("subbuteo: what counts is when the shooting miniature is hit, before or after the "
          "start of the end-of-time signal (Regola 7, segnatura corretta p1 b, round 13)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo", text); };

  SECTION("hit before the signal, the ball goes in after it: the goal stands") {
    const Json j = best(
        "ho colpito la miniatura per il tiro dall'area di tiro prima del segnale di fine e la palla "
        "è entrata in porta a segnale già iniziato: la rete vale?");
    CHECK(FirstRulingHas(j, "gol-valido", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "gol-annullato"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r7__segnatura-corretta__p1"));
  }
  SECTION("hit after the signal started: no goal") {
    const Json j = best(
        "ho colpito la miniatura per il tiro dall'area di tiro dopo il segnale di fine e la palla è "
        "entrata in porta: la rete vale?");
    CHECK(FirstRulingHas(j, "gol-annullato"));
    CHECK_FALSE(FirstRulingHas(j, "gol-valido", "attaccante"));
  }
}

TEST_CASE("rugby: the kick-off that passes the 10 m line and stays in the field is valid, play "
          "goes on by the distance (cap. 3.2 b and 3.3, round 13)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo-rugby", text); };

  SECTION("past the 10 m line, in the field: the kick is valid, no defender's choice") {
    const Json j = best(
        "al calcio d'inizio la palla supera la linea dei 10 metri e resta in campo: il calcio è "
        "buono?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "mischia", "difensore"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap3__s3.2__b"));
  }
  SECTION("short of the 10 m line: the defender's choice") {
    const Json j = best(
        "al calcio d'inizio la palla non supera la linea dei 10 metri e si ferma in campo: il calcio "
        "è buono?");
    CHECK(FirstRulingHas(j, "mischia", "difensore"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
  }
  SECTION("past the 10 m line and less than a quarter: the attacker tries for possession") {
    const Json j = best(
        "al calcio d'inizio la palla supera la linea dei 10 metri e si ferma in campo dopo meno di "
        "un quarto di campo: chi tenta il possesso?");
    CHECK(FirstRulingHas(j, "tentativo-di-possesso", "attaccante"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap3__s3.3__a"));
  }
}

// The round's forms reviewed against the books (a referee instructor's review): a form reads
// only the situation of its value.
TEST_CASE("round 13's forms read only their own situation, after review", "[e2e][corpus-e2e]") {
  // Subbuteo: the referee whistles for other things than the end of the time (the restart).
  CHECK(ReadValues(ResolveBundled("subbuteo", "tiro prima del fischio dell'arbitro per la ripresa "
                                              "del gioco e la palla entra in porta"),
                   "momento") == Values{});
  CHECK(ReadValues(ResolveBundled("subbuteo", "ho colpito la miniatura prima del fischio finale e "
                                              "la palla è entrata dopo"),
                   "momento") == Values{"prima-segnale-fine"});
  // Rugby: miniatures beyond the 10 m line at the kick-off are a disposition, not a long kick.
  const Json j = ResolveBundled("subbuteo-rugby",
                                "al calcio d'inizio due mie miniature sono già oltre la linea dei "
                                "10 metri");
  CHECK(ReadValues(j, "esito-calcio") == Values{});
  CHECK(ReadValues(j, "infrazione") == Values{"disposizione-in-campo-irregolare"});
}
