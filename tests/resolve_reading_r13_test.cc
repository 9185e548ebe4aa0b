// Reading held-out wording, round 13 (query/src/resolve/sides.cc, core/fact_reader.cc), on
// sentences of our own: "tocca (di nuovo) a me" says whose turn it is, not a touch of the ball;
// told by a teller who defends, a third-person possessive piece ("un suo omino") is the
// attacker's, and such a piece opening a clause is who acted.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("'tocca a me' is whose turn it is, not a second touch", "[e2e]") {
  for (const char* s : {"ho preso la palla, lui tira e non ci arriva, tocca di nuovo a me?",
                        "lui non arriva sulla palla: adesso tocca ancora a me o a lui?",
                        "la mia pedina prende la palla e poi tocca a lui tirare il dado"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("soccer-tactics", s), "infrazione").empty());
  }
  // The touch itself is still read.
  for (const char* s : {"dopo la punizione lui tocca di nuovo la palla",
                        "batte la punizione e la tocca di nuovo subito"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("soccer-tactics", s), "infrazione") == Values{"doppio-tocco"});
  }
}

TEST_CASE("a defending teller's 'suo omino' is the attacker's piece", "[e2e]") {
  for (const char* s : {"sto difendendo e un suo omino in fuorigioco tocca la palla",
                        "difendo io: la palla calciata da lui sbatte su un suo omino",
                        "il mio avversario calcia e la palla sbatte su un suo omino"}) {
    INFO(s);
    const std::vector<std::string> contatto = ReadValues(ResolveBundled("subbuteo-rugby", s), "contatto");
    CHECK(std::count(contatto.begin(), contatto.end(), "miniatura-offensiva") == 1);
    CHECK(std::count(contatto.begin(), contatto.end(), "miniatura-difensiva") == 0);
  }
  // From the attacker's seat (the default) it stays the defender's piece.
  CHECK(ReadValues(ResolveBundled("subbuteo-rugby", "calcio io e la palla sbatte su un suo omino"),
                   "contatto") == Values{"miniatura-difensiva"});
  // The offside of the attacker's piece, told by the defender: a penalty kick to the defence.
  for (const char* s : {"subbuteo rugby, sto difendendo e un suo omino in fuorigioco tocca la palla, "
                        "che mi date",
                        "rugby da tavolo, difendo io: e un suo omino in fuorigioco tocca l'ovale"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo-rugby", s);
    CHECK(ReadValues(j, "autore") == Values{"attaccante"});
    CHECK(FirstRulingHas(j, "punizione", "difensore"));
  }
  // A piece after a verb is its object, not who acted ("supera tutti i miei omini"): the
  // actor stays the one the teller's seat says.
  const Json k = ResolveBundled("subbuteo-rugby",
                                "difendo io: la palla supera tutti i miei omini e va oltre");
  CHECK(ReadValues(k, "autore") == Values{"difensore"});
}

TEST_CASE("'lui' opening a clause with an attacking verb seats the teller in defence", "[e2e]") {
  for (const char* s : {"lui calcia lungo e la palla colpisce un mio omino dentro i miei 22",
                        "rugby: poi lei calcia e la palla sbatte su un mio omino"}) {
    INFO(s);
    const std::vector<std::string> contatto = ReadValues(ResolveBundled("subbuteo-rugby", s), "contatto");
    CHECK(std::count(contatto.begin(), contatto.end(), "miniatura-difensiva") == 1);
    CHECK(std::count(contatto.begin(), contatto.end(), "miniatura-offensiva") == 0);
  }
  CHECK(ReadValues(ResolveBundled("subbuteo-rugby", "lui calcia lungo e la palla colpisce un mio "
                                                    "omino dentro i miei 22"),
                   "zona") == Values{"area-22-metri-difensore"});
  // "lui tira 2", "lui tira un sei": a roll, which either side makes; the teller who took the
  // ball still attacks.
  for (const char* s : {"ho preso palla col mediano, lui tira 2 e non ci arriva con nessuno. e mo?",
                        "ho preso palla col mediano, lui tira un tre e non ci arriva"}) {
    INFO(s);
    CHECK(FirstRulingHas(ResolveBundled("soccer-tactics", s), "possesso-palla", "squadra-in-attacco"));
  }
}

TEST_CASE("the teller's seat yields to another reading of who acted", "[e2e]") {
  // "mentre sto attaccando" says who tells; "il suo difensore" who crossed the half.
  for (const char* s : {"a soccer tactics il suo difensore passa la meta campo mentre sto attaccando",
                        "il loro difensore passa la metà campo mentre sto attaccando"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "squadra") == Values{"squadra-in-difesa"});
    CHECK(FirstRulingHas(j, "punizione", "squadra-in-attacco"));
  }
  // The seat alone still says who acted.
  for (const char* s : {"io difendo e un mio difensore passa la metà campo",
                        "difendo io: il mio terzino va nella loro metà campo"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("soccer-tactics", s), "squadra") == Values{"squadra-in-difesa"});
  }
}

TEST_CASE("Soccer Tactics: the ball taken told in the past ('ho preso palla')", "[e2e]") {
  for (const char* s :
       {"ho preso la palla con la mia punta, lui tira il dado e non ci arriva: tocca a me?",
        "soccer tactics: preso palla col terzino, lui non ci arriva. palla mia?",
        "la mia ala ha preso palla in una casella libera e il suo difensore non arriva"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "sia-raggiunge") == Values{"si"});
    CHECK(FirstRulingHas(j, "possesso-palla", "squadra-in-attacco"));
  }
  // A goal or a card taken is no ball taken.
  CHECK(ReadValues(ResolveBundled("soccer-tactics", "il portiere ha preso gol e io ho preso un giallo"),
                   "sia-raggiunge")
            .empty());
}

TEST_CASE("Soccer Tactics: the dribble told as the piece 'e la palla insieme'", "[e2e]") {
  for (const char* s :
       {"ho fatto 1: sposto il mediano e la palla insieme di una casella in diagonale, lui tira e "
        "non arriva",
        "soccer tactics: fatto 1, avanzo di una casella con la punta e la palla insieme, lui tira e "
        "non arriva. palla mia?"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "fase") == Values{"dribbling"});
    CHECK(FirstRulingHas(j, "possesso-palla", "squadra-in-attacco"));
  }
  CHECK(ReadValues(ResolveBundled("soccer-tactics", "faccio 1 e muovo la punta con la palla insieme"),
                   "fase") == Values{"dribbling"});
}

TEST_CASE("'che stava più avanti' is where a piece stood, not where the ball went", "[e2e]") {
  for (const char* s :
       {"il mio avversario calcia col cuneo e la palla sbatte su un suo omino che stava più avanti",
        "A subbuteo rugby il mio avversario calcia col cuneo, la palla sbatte su un suo omino che "
        "stava piu avanti e si ferma lì accanto, a due centimetri scarsi.",
        "il mio omino si trovava un po' più indietro"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo-rugby", s);
    CHECK(ReadValues(j, "direzione-palla").empty());
    CHECK(ReadValues(j, "infrazione").empty());
  }
  // The kicker's own piece ahead of the ball: offside, a penalty kick to the defence.
  CHECK(FirstRulingHas(ResolveBundled("subbuteo-rugby", "il mio avversario calcia col cuneo e la "
                                                        "palla sbatte su un suo omino che stava "
                                                        "più avanti"),
                       "punizione", "difensore"));
  // Where the ball went is still read.
  for (const char* s : {"passo e la palla va avanti", "la palla finisce più avanti di dove era"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("subbuteo-rugby", s), "direzione-palla") == Values{"avanti"});
  }
}

TEST_CASE("calciotto: the zone of the piece a tackle is made with", "[e2e]") {
  for (const char* s : {"lui mi contrasta con un omino fuori dalla sua zona di competenza",
                        "il mio avversario mi contrasta con un omino che non è nella sua zona di "
                        "competenza e somma il numero cerchiato"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "competenza-difensore") == Values{"no"});
    CHECK(FirstRulingHas(j, "nessun-bonus"));
  }
  CHECK(ReadValues(ResolveBundled("calciotto", "lui mi contrasta col suo terzino, che è nella sua "
                                               "zona di competenza"),
                   "competenza-difensore") == Values{"si"});
}

TEST_CASE("calciotto: the players moved before a free kick counted as 'omini'", "[e2e]") {
  for (const char* s : {"Sulla punizione a gioco fermo l'altro sposta cinque dei suoi omini invece "
                        "di quattro. Devo accettarlo?",
                        "prima della punizione sposto 5 omini"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "calciatori-spostati") == Values{"5"});
    CHECK(FirstRulingHas(j, "mossa-non-consentita"));
  }
  const Json k = ResolveBundled("calciotto", "a gioco fermo muovo quattro dei miei omini prima della "
                                             "punizione");
  CHECK(ReadValues(k, "calciatori-spostati") == Values{"4"});
  CHECK(FirstRulingHas(k, "mossa-consentita"));
}

TEST_CASE("'lui' after a preposition is no other side acting", "[e2e]") {
  // "tra lui e la palla": the teller's own piece; the teller attacks and its piece is offside.
  for (const char* s : {"attacco io: un mio omino è in fuorigioco, guardando di lato si vede luce "
                        "tra lui e la palla, e la tocca",
                        "attacco io: il mio omino in fuorigioco, con lui davanti alla palla, la "
                        "tocca"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("subbuteo-rugby", s), "autore") == Values{"attaccante"});
  }
  // Said as a subject, it is the other side.
  CHECK(ReadValues(ResolveBundled("subbuteo-rugby",
                                  "sto attaccando, lui tocca la palla con un omino in fuorigioco"),
                   "autore") == Values{"difensore"});
}
