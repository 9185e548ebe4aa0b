// Reading held-out wording (query/src/resolve/dice.cc, corpus vocabularies), on sentences of
// our own: goal tallies told by person ("io ho fatto 3 gol e lui 2", in either order), a
// drawn score read as the same number of goals, the ball carrier named by who holds the
// ball ("a fianco di quello con la palla", "vicino al portatore"), a rugby miniature left
// lying on the cloth ("rimasto sdraiato sul panno") and playing on said with a verb of
// continuing ("dice di continuare", "decido di proseguire", "lascio correre").
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::FirstSanction;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("goal tallies told by person compare the teller's goals with the opponent's",
          "[e2e]") {
  // The teller first, more goals.
  CHECK(ReadValues(ResolveBundled("calciotto", "finito il tempo io ho fatto 3 gol e lui 2"),
                   "confronto-gol") == Values{"piu"});
  // The opponent first: "lui ha segnato 4 gol e io 2" is fewer goals for the teller.
  CHECK(ReadValues(ResolveBundled("calciotto", "a fine partita lui ha segnato 4 gol e io 2"),
                   "confronto-gol") == Values{"meno"});
  // Equal tallies.
  CHECK(ReadValues(ResolveBundled("calciotto", "allo scadere io ho fatto 2 gol e l'avversario 2"),
                   "confronto-gol") == Values{"pari"});
  // A drawn score ("1-1") is the same number of goals too.
  CHECK(ReadValues(ResolveBundled("calciotto", "partita finita 1-1, chi passa il turno?"),
                   "confronto-gol") == Values{"pari"});
  // Two numbers with no goal word and no persons are no tally (dice, squares).
  CHECK(ReadValues(ResolveBundled("calciotto", "io ho fatto 3 ai dadi e lui 2"), "confronto-gol")
            .empty());
}

TEST_CASE("the ball carrier named by who holds the ball", "[e2e]") {
  for (const char* s : {"il mio omino arriva a fianco di quello con la palla, devo contrastare?",
                        "mi fermo di fianco a chi ha la palla: posso non contrastarlo?",
                        "il mio calciatore si ferma vicino al portatore, sono obbligato?"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "posizione-contrasto") == Values{"contigua"});
  }
  // Staying next to him without tackling is no infringement.
  CHECK(FirstSanction(ResolveBundled(
            "calciotto", "a calciotto mi fermo di fianco a chi ha la palla: posso non contrastarlo?")) ==
        "nessuna-sanzione/");
}

TEST_CASE("a rugby miniature left lying on the cloth is held on the ground", "[e2e]") {
  for (const char* s : {"un mio omino era rimasto sdraiato sul panno e la palla gli finisce addosso",
                        "il suo omino è rimasto a terra e la mia palla ci sbatte contro",
                        "una mia miniatura stesa sul panno viene colpita dalla palla"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo-rugby", s);
    CHECK(ReadValues(j, "infrazione") == Values{"tenuto-a-terra"});
    CHECK(FirstSanction(j).rfind("punizione/", 0) == 0);
  }
}

TEST_CASE("playing on said with a verb of continuing is the advantage", "[e2e]") {
  for (const char* s :
       {"il difensore fa un marcamento scorretto, l'attaccante dice di continuare e segna da "
        "centrocampo",
        "l'avversario mi sposta un omino nel marcamento ma io decido di proseguire",
        "mi fanno fallo nel marcamento e lascio correre"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("subbuteo", s), "vantaggio") == Values{"richiesto"});
  }
  // Negated, it is no request for the advantage.
  CHECK(ReadValues(ResolveBundled("subbuteo", "mi fanno fallo nel marcamento e non voglio continuare"),
                   "vantaggio") != Values{"richiesto"});
}

TEST_CASE("a piece passing over its teammates' squares, said in the plural", "[e2e]") {
  for (const char* s : {"la mia punta passa sopra 2 caselle con dentro miei compagni, e valido?",
                        "la mia pedina scavalca i compagni durante il movimento, si puo?",
                        "la mia ala oltrepassa un compagno per andare avanti, va bene?"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "ostacolo") == Values{"compagno"});
    CHECK(FirstSanction(j) == "nessuna-sanzione/");
  }
}

TEST_CASE("a rugby advance that hits two opponents said with omini", "[e2e]") {
  for (const char* s :
       {"avanzo col pilone: tocca la palla e poi va a sbattere su due omini avversari di fila",
        "la mia miniatura prende la palla e poi urta due omini della difesa"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo-rugby", s);
    const std::vector<std::string> contact = ReadValues(j, "contatto");
    CHECK(std::find(contact.begin(), contact.end(), "piu-miniature") != contact.end());
    CHECK(FirstSanction(j) == "punizione/difensore");
  }
}

TEST_CASE("the players fielded counted with any word for a piece", "[e2e]") {
  const Json nine = ResolveBundled(
      "calciotto", "schiero la squadra e metto in campo nove omini, portiere compreso");
  CHECK(ReadValues(nine, "calciatori-in-campo") == Values{"9"});
  CHECK(FirstSanction(nine) == "mossa-non-consentita/");
  CHECK(ReadValues(ResolveBundled("calciotto", "il mio amico schiera 9 giocatori, è regolare?"),
                   "calciatori-in-campo") == Values{"9"});
  CHECK(ReadValues(ResolveBundled("calciotto", "schiero solo sette pedine"), "calciatori-in-campo") ==
        Values{"7"});
}

TEST_CASE("refusing the agreed accessories said reflexively", "[e2e]") {
  for (const char* s :
       {"in un torneo si era deciso di usare lo scrummer; a metà girone un giocatore si rifiuta",
        "torneo di table rugby, avevamo scelto gli accessori ma un giocatore si è rifiutato di "
        "usarli"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo-rugby", s);
    CHECK(ReadValues(j, "evento") == Values{"rifiuto-accessori"});
  }
}

TEST_CASE("the goalkeeper out of his area said apart from him or after an auxiliary", "[e2e]") {
  for (const char* s :
       {"c'e la rimessa dal fondo ma il portiere era uscito di un paio di caselle fuori dall'area "
        "piccola",
        "rimessa dal fondo, il portiere si trova fuori dall'area di porta: che si fa?"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "portiere-fuori-area-di-porta") == Values{"si"});
    CHECK(FirstSanction(j).rfind("riposizionamento/", 0) == 0);
  }
}

TEST_CASE("CALCIO! said or shouted while something still moves is no valid declaration",
          "[e2e]") {
  for (const char* s : {"subbuteo rugby: grido calcio mentre la palla rotola ancora, è valido?",
                        "ho dichiarato calcio prima che la sua miniatura si fermasse"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo-rugby", s);
    CHECK(ReadValues(j, "dichiarazione") == Values{"calcio-non-valida"});
    CHECK(FirstSanction(j) == "nessuna-sanzione/");
  }
}

TEST_CASE("the arrow's empty sector said by what it lacks", "[e2e]") {
  for (const char* s :
       {"ho vinto il contrasto in area, giro la freccia e si ferma su una zona senza pallone e "
        "senza bandiera",
        "contrasto in area vinto, la freccia finisce in uno spicchio vuoto"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("soccer-tactics", s), "freccia") == Values{"uno"});
  }
}
