// Rulings the rulebooks state that the case base lacked (round 10 of the case gaps): who
// takes the ball after a line-out that stays in the corridor, a defensive block that the
// attacker's own miniature completes, moves of exactly the number rolled, the COL's
// choice to skip extra time. Each sentence is ours; each expected ruling is read from the
// cited provision of corpus/<game>/<rulebook>.xml.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::Cites;
using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ResolveBundled;

TEST_CASE("subbuteo rugby: the line-out in the corridor goes to the owner of the last miniature touched "
          "(cap. 8.2 e1, round 10)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo-rugby", text); };

  SECTION("last touched by a miniature of the side that did not throw: possession to the defender") {
    const Json j = best(
        "ho lanciato la touche: la palla rimane nel corridoio e tocca per ultima una miniatura avversaria");
    CHECK(FirstRulingHas(j, "possesso", "difensore"));
    CHECK(FirstRulingHas(j, "tocco-di-pressione", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "possesso", "attaccante"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap8__s8.2__e1"));
  }
  SECTION("last touched by a miniature of the thrower: possession to the attacker") {
    const Json j = best(
        "ho lanciato la touche, la palla tocca gli schieramenti e resta nel corridoio: l'ultimo tocco è di "
        "una mia miniatura");
    CHECK(FirstRulingHas(j, "possesso", "attaccante"));
    CHECK(FirstRulingHas(j, "tocco-di-pressione", "difensore"));
    CHECK_FALSE(FirstRulingHas(j, "possesso", "difensore"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap8__s8.2__e1"));
  }
  SECTION("no miniature touched: the thrower only has the attempt at possession (e2)") {
    const Json j = best("ho lanciato la touche: la palla rimane nel corridoio senza toccare nessuna miniatura");
    CHECK(FirstRulingHas(j, "tentativo-di-possesso", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "possesso"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap8__s8.2__e2"));
  }
}

TEST_CASE("subbuteo: a defender's miniature pushed against his own hand counts as his block "
          "(Regola 6, round 10)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo", text); };

  SECTION("the finger behind without obstructing: the block is done, no other one is due") {
    const Json j = best(
        "la mia miniatura, ancora in corsa dopo aver giocato la palla, spinge la sua miniatura contro la sua "
        "mano: lui teneva il dito dietro senza ostacolarmi");
    CHECK(FirstRulingHas(j, "nessun-marcamento", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "punizione"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r6__marcamento__p2"));
  }
  SECTION("a hand put on purpose in the attacker's way is an obstruction: free kick for the attacker") {
    const Json j = best("il difensore mette apposta la mano davanti alla mia miniatura e mi ostruisce");
    CHECK(FirstRulingHas(j, "punizione", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "nessun-marcamento"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r5__falli-attaccante__p2"));
  }
}

TEST_CASE("soccer tactics: a piece moves exactly the number rolled (rule 2, round 10)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("exactly the number rolled: a legal move") {
    const Json j = best("ho fatto 3 e muovo il mio attaccante esattamente del numero uscito, tre caselle");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "punizione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p1"));
  }
  SECTION("one square short of the roll, by the attacking side: minor foul, free kick for the opponent") {
    const Json j = best("la squadra in attacco tira il dado e muove una pedina di una casella in meno del dado");
    CHECK(FirstRulingHas(j, "punizione"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p1"));
  }
  SECTION("by the defending side: the attacking side may take the free kick or play on") {
    const Json j = best("la squadra in difesa muove un difensore di più caselle del tiro");
    CHECK(FirstRulingHas(j, "punizione", "squadra-in-attacco"));
    CHECK(FirstRulingHas(j, "vantaggio", "squadra-in-attacco"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p1"));
  }
}

TEST_CASE("soccer tactics: the ball moves exactly the number rolled (rule 3, round 10)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("exactly the number rolled: a legal move") {
    const Json j = best("gioco la palla: ho fatto 4 e muovo la palla esattamente quanto il dado");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "punizione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r3__p2"));
  }
  SECTION("stopped one square short: minor foul, free kick for the opponent") {
    const Json j = best("tiro il dado per giocare la palla, esce 6, ma fermo la palla prima, dopo cinque caselle");
    CHECK(FirstRulingHas(j, "punizione"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r3__p2"));
  }
}

TEST_CASE("subbuteo: the COL may skip the extra time and go straight to the placed shots "
          "(Regola 3, round 10)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo", text); };

  SECTION("a draw at full time and the COL skips the extra time: placed shots at once") {
    const Json j = best(
        "torneo individuale a eliminazione diretta, finiamo pari i tempi regolamentari ma il col salta il "
        "supplementare: cosa si fa?");
    CHECK(FirstRulingHas(j, "tiri-piazzati"));
    CHECK_FALSE(FirstRulingHas(j, "tempo-supplementare"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r3__sudden-death__individuale__p4"));
  }
  SECTION("without that decision a draw at full time still means five minutes of extra time") {
    const Json j =
        best("torneo individuale a eliminazione diretta, finiamo pari alla fine dei tempi regolamentari: cosa si fa?");
    CHECK(FirstRulingHas(j, "tempo-supplementare"));
    CHECK_FALSE(FirstRulingHas(j, "tiri-piazzati"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r3__sudden-death__individuale__p1"));
  }
}

TEST_CASE("subbuteo rugby: a miniature that leaves the field after touching the ball keeps its attempt "
          "(cap. 4.1 a and c, round 10)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo-rugby", text); };

  SECTION("the ball stops within 5 cm of where it went off: possession all the same") {
    const Json j = best(
        "tentativo di possesso: il mio omino in posizione regolare colpisce la palla, poi la miniatura esce dal "
        "campo; la palla si ferma a 3 cm dalla miniatura");
    CHECK(FirstRulingHas(j, "possesso", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "touche"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap4__s4.1__a"));
  }
  SECTION("the ball stops more than 5 cm back: an automatic pass all the same") {
    const Json j = best(
        "tentativo di possesso: il mio omino in posizione regolare colpisce la palla, poi la miniatura esce dal "
        "campo; la palla torna indietro e si ferma a 8 cm dalla miniatura");
    CHECK(FirstRulingHas(j, "passaggio-al-volo", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "possesso"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap4__s4.1__c"));
  }
  SECTION("the ball stops more than 5 cm forward: still a knock-on, scrum to the defence (b)") {
    const Json j = best(
        "tentativo di possesso: il mio omino in posizione regolare colpisce la palla, poi la miniatura esce dal "
        "campo; la palla va in avanti e si ferma a 8 cm dalla miniatura");
    CHECK(FirstRulingHas(j, "mischia", "difensore"));
    CHECK_FALSE(FirstRulingHas(j, "possesso"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap4__s4.1__b"));
  }
}

TEST_CASE("calciotto: the sanction cards answer a hard tackle only (punizione p1, round 10)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("calciotto", text); };

  SECTION("AMMONIZIONE on a SCIVOLATA: free kick for whoever has the ball") {
    const Json j = best("nel contrasto il mio avversario cala la carta scivolata e io ci rispondo con la carta ammonizione");
    CHECK(FirstRulingHas(j, "punizione", "attaccante"));
    CHECK_FALSE(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK(Cites(j["rulings"][0], "calciotto#punizione__p1"));
  }
  SECTION("AMMONIZIONE on a DRIBBLING, no hard tackle: the card may not be played, no free kick") {
    const Json j = best("nel contrasto il mio avversario cala la carta dribbling e io ci rispondo con la carta ammonizione");
    CHECK(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK_FALSE(FirstRulingHas(j, "punizione"));
    CHECK(Cites(j["rulings"][0], "calciotto#punizione__p1"));
  }
}

TEST_CASE("subbuteo: more than 10 miniatures cost the free kick and the removal together (Regola 1, round 10)",
          "[e2e][corpus-e2e]") {
  SECTION("one ruling: free kick from the offender's penalty spot and twice the excess removed") {
    const Json j = ResolveBundled("subbuteo", "il mio avversario gioca con dodici miniature in campo invece di dieci");
    CHECK(FirstRulingHas(j, "punizione", "avversario"));
    CHECK(FirstRulingHas(j, "rimozione-miniature"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r1__numero__p1"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r1__numero__p2"));
  }
}

TEST_CASE("subbuteo: the wall on a direct free kick, at most four in one row (Regola 10, round 10)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo", text); };

  SECTION("four miniatures in one row: the defender's wall") {
    const Json j =
        best("punizione diretta per l'avversario: io metto una barriera di quattro miniature in fila a 9 cm dalla palla, va bene?");
    CHECK(FirstRulingHas(j, "barriera", "difensore"));
    CHECK_FALSE(FirstRulingHas(j, "non-consentito"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r10__procedura__punizione-diretta__p1"));
  }
  SECTION("five miniatures: not allowed") {
    const Json j =
        best("punizione diretta per l'avversario: io metto una barriera di cinque miniature a 9 cm dalla palla, va bene?");
    CHECK(FirstRulingHas(j, "non-consentito"));
    CHECK_FALSE(FirstRulingHas(j, "barriera"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r10__procedura__punizione-diretta__p1"));
  }
}

TEST_CASE("subbuteo: a rientro runs parallel to the touchline unless the way is blocked (Regola 12, round 10)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo", text); };

  SECTION("not parallel with nobody in the way: not allowed") {
    const Json j = best("faccio un rientro non parallelo alla linea laterale anche se non c'è nessuno in mezzo");
    CHECK(FirstRulingHas(j, "non-consentito"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r12__procedura-rientro__p8"));
  }
  SECTION("the parallel way blocked: the useful diagonal within about 45 degrees is allowed (p10)") {
    const Json j = best("il rientro parallelo è ostruito da due omini, allora rientro in diagonale entro i 45 gradi");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "non-consentito"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r12__procedura-rientro__p10"));
  }
}
