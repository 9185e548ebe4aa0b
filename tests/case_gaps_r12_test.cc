// Rulings the books state that the case base lacked (round 12 of the case gaps). Each sentence
// is ours; each expected ruling is read from the cited provision of
// corpus/<game>/<rulebook>.xml.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::AnyRulingHas;
using arbitro::test::Cites;
using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("soccer tactics: the ball played into a penalty-area square with two pieces starts a "
          "contest (Regola 5A, passaggi diretti in area, p2, round 12)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("two pieces, one per side, in the square: a contest, no immediate shot") {
    const Json j = best(
        "gioco la palla direttamente in area di rigore in una casella con due pedine, una mia e una "
        "sua: cosa succede?");
    CHECK(FirstRulingHas(j, "contrasto-per-la-palla"));
    CHECK_FALSE(FirstRulingHas(j, "tiro-in-porta"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r5__a__2__p2"));
  }
  SECTION("the contest is then won by the attacking side: the shot for the goal") {
    const Json j = best(
        "passaggio diretto in area di rigore a una casella con una pedina per squadra, facciamo il "
        "contrasto e vince la squadra in attacco");
    CHECK(FirstRulingHas(j, "tiro-in-porta", "squadra-in-attacco"));
    CHECK_FALSE(FirstRulingHas(j, "contrasto-per-la-palla"));
  }
  SECTION("only one own piece in the square: the direct pass, shot at once") {
    const Json j = best(
        "passaggio diretto in area di rigore a una casella dove c'è solo una mia pedina: cosa "
        "succede?");
    CHECK(FirstRulingHas(j, "tiro-in-porta", "squadra-in-attacco"));
    CHECK_FALSE(FirstRulingHas(j, "contrasto-per-la-palla"));
  }
}

TEST_CASE("soccer tactics: three pieces one behind the other are the most allowed, four are an "
          "excessive block (Regola 2 p8, round 12)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("three in a column: no infringement") {
    const Json j = best("in difesa ho messo tre pedine una dietro l'altra sulla stessa colonna, è regolare?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "punizione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p8"));
  }
  SECTION("four in a column: a minor foul, the free kick") {
    const Json j = best("in difesa ho messo quattro pedine una dietro l'altra sulla stessa colonna, è regolare?");
    CHECK(FirstRulingHas(j, "punizione"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p8"));
  }
}

TEST_CASE("rugby: a miniature is offside only when it has wholly passed the ball, with light "
          "between them seen from the side (cap. 10.1, round 12)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo-rugby", text); };

  SECTION("no light between base and ball: not offside, play goes on") {
    const Json j = best(
        "l'arbitro guarda di lato: tra la base del mio omino e la palla non c'è luce, si "
        "sovrappongono. Sono in fuorigioco?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap10__s10.1__p1"));
  }
  SECTION("light between them and the attacker's piece touches the ball: offside, free kick") {
    const Json j = best(
        "attacco io: un mio omino è in fuorigioco, guardando di lato si vede luce tra lui e la "
        "palla, e la tocca. Cosa succede?");
    CHECK(FirstRulingHas(j, "punizione", "difensore"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap10__s10.1__p1"));
  }
}

TEST_CASE("soccer tactics: the ball may move diagonally and change direction once in a move, "
          "not twice (Regola 3 p3, round 12)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("a diagonal pass: allowed") {
    const Json j = best("posso passare la palla in diagonale?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r3__p3"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-abbreviato#pt2__p1"));
  }
  SECTION("the ball changes direction twice in one move: a minor foul") {
    const Json j = best("nella stessa mossa la palla cambia direzione due volte");
    CHECK(FirstRulingHas(j, "punizione"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r3__p3"));
  }
}

TEST_CASE("soccer tactics: a spin of the arrow counts with at least two full turns (Regola 5 p5, "
          "round 12)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("three full turns: the spin is valid") {
    const Json j = best("tiro per il gol: la freccia fa tre giri completi, il tiro è valido?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "ripetizione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r5__p5"));
  }
  SECTION("one turn only: spun again") {
    const Json j = best("tiro per il gol: la freccia fa solo un giro, vale?");
    CHECK(FirstRulingHas(j, "ripetizione"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
  }
  SECTION("two turns and the arrow stops on a ball: the goal, not the bare validity") {
    const Json j = best("tiro per il gol: la freccia fa due giri e si ferma sul pallone");
    CHECK(FirstRulingHas(j, "gol-valido"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
  }
}

TEST_CASE("calciotto: whoever scores fewer goals than the opponent loses the match (scopo p1, "
          "round 12)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("calciotto", text); };

  SECTION("fewer goals: the other player wins") {
    const Json j = best("finita la partita di calciotto, io ho fatto meno gol del mio amico: chi vince?");
    CHECK(FirstRulingHas(j, "vittoria-partita", "altro-giocatore"));
    CHECK(Cites(j["rulings"][0], "calciotto#scopo__p1"));
  }
  SECTION("more goals: the same player wins") {
    const Json j = best("a fine partita ho fatto più gol dell'avversario: chi vince?");
    CHECK(FirstRulingHas(j, "vittoria-partita", "stesso-giocatore"));
    CHECK_FALSE(FirstRulingHas(j, "vittoria-partita", "altro-giocatore"));
  }
}

TEST_CASE("calciotto: the allowed side of two limits, the moving number of a footballer and the "
          "own half at the line-up (fase spostamento p3, schieramento p1, round 12)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("calciotto", text); };

  SECTION("within the footballer's moving number: allowed") {
    const Json j = best("muovo il mio mediano entro il suo numero spostamento: è regolare?");
    CHECK(FirstRulingHas(j, "mossa-consentita"));
    CHECK_FALSE(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK(Cites(j["rulings"][0], "calciotto#fase-spostamento__p3"));
  }
  SECTION("beyond it: not allowed") {
    const Json j = best("muovo il mio mediano di più caselle del suo numero spostamento: è regolare?");
    CHECK(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK(Cites(j["rulings"][0], "calciotto#fase-spostamento__p3"));
  }
  SECTION("line-up in the own half: allowed") {
    const Json j = best(
        "allo schieramento metto tutti i miei calciatori nella mia metà campo, fuori dal cerchio: va bene?");
    CHECK(FirstRulingHas(j, "mossa-consentita"));
    CHECK_FALSE(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK(Cites(j["rulings"][0], "calciotto#schieramento__p1"));
  }
  SECTION("a footballer lined up in the opponent's half: not allowed") {
    const Json j = best("allo schieramento metto un mio calciatore nella metà campo avversaria");
    CHECK(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK(Cites(j["rulings"][0], "calciotto#schieramento__p1"));
  }
}

// The round's cases reviewed against the books (a referee instructor's review): a limit's
// allowed side no longer stands beside the foul the same paragraph or a later rule states,
// and the forms of a defender expelled read only a past expulsion.
TEST_CASE("round 12's cases as the books state them, after review", "[e2e][corpus-e2e]") {
  SECTION("rugby: a piece brought back from offside that stops within 5 cm is offside, light "
          "or not (10.1 e, 6 e)") {
    const Json j = ResolveBundled("subbuteo-rugby",
                                  "il difensore fa rientrare dal fuorigioco un suo omino che si "
                                  "ferma a 3 cm dalla palla, e tra omino e palla non c'è luce");
    CHECK(FirstRulingHas(j, "punizione", "attaccante"));
    CHECK_FALSE(AnyRulingHas(j, "nessuna-sanzione"));
  }
  SECTION("calciotto: in the own half but inside the centre circle is not allowed") {
    const Json j = ResolveBundled("calciotto",
                                  "allo schieramento metto un mio calciatore nella mia metà campo "
                                  "ma dentro il cerchio di centrocampo");
    CHECK(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK_FALSE(AnyRulingHas(j, "mossa-consentita"));
  }
  SECTION("soccer tactics: a diagonal ball that goes back over a column it crossed is a foul") {
    const Json j = ResolveBundled("soccer-tactics",
                                  "la palla va in diagonale e poi torna indietro su una colonna "
                                  "che ha già attraversato");
    CHECK(FirstRulingHas(j, "punizione"));
    CHECK_FALSE(AnyRulingHas(j, "nessuna-sanzione"));
  }
  SECTION("soccer tactics: a defender expelled reads the group's count only when past") {
    CHECK(ReadValues(ResolveBundled("soccer-tactics",
                                    "avevo già avuto un difensore espulso, ora un altro mio "
                                    "difensore fa fallo 1 contro 6"),
                     "occorrenza") == Values{"3"});
    CHECK(ReadValues(ResolveBundled("soccer-tactics",
                                    "secondo giallo al mio difensore: viene espulso un difensore?"),
                     "occorrenza") != Values{"3"});
  }
}
