// Reading held-out wording, round 11 (query/src/resolve/sides.cc, core/fact_reader.cc,
// core/negation.cc), on sentences of our own: who reaches the ball told in other tenses and
// persons ("non ci arrivavo", "ci è arrivato", "chi difende non riesce ad arrivare"); a
// reach the text negates stands against the closest rule; a "non" negates only within its
// clause; a rule's name ("regola avanzata") is read only after "regola"; what is done
// "invece di" / "anziché" something did not happen.
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

TEST_CASE("who reaches the ball, told in other tenses and persons", "[e2e]") {
  // The teller misses, the other side reaches: the defence wins the ball.
  for (const char* s :
       {"gioco la palla in una casella libera ma col dado non ci arrivavo con nessun omino; lui "
        "ha tirato e ci è arrivato subito",
        "passo in una casella vuota e non ci sono arrivato con nessuno dei miei, poi lui ci e "
        "arrivato con un suo difensore",
        "palla in una casella libera: io non riuscivo ad arrivarci, lui invece l'ha raggiunta"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "sia-raggiunge") == Values{"no"});
    CHECK(ReadValues(j, "sid-raggiunge") == Values{"si"});
    CHECK(FirstRulingHas(j, "possesso-palla", "squadra-in-difesa"));
  }
  // The side named by its role, also before an inserted clause.
  for (const char* s :
       {"chi attacca prende la palla in area e poi chi difende, tirando il dado, non riesce ad "
        "arrivare sulla sua casella",
        "la palla è conquistata in area e la difesa non riesce a raggiungere la casella"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "sid-raggiunge") == Values{"no"});
    CHECK(FirstRulingHas(j, "tiro-in-porta"));
  }
}

TEST_CASE("a reach the text negates is not overwritten by the closest rule", "[e2e]") {
  for (const char* s : {"gioco la palla in una casella vuota ma non la raggiungo con nessuno",
                        "metto la palla in una casella libera e non ci arrivo con nessun omino"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "sia-raggiunge") == Values{"no"});
    // Not the ruling of a reach ("la SiA ha conquistato la palla").
    CHECK_FALSE(FirstRulingHas(j, "turno-difesa"));
  }
}

TEST_CASE("a negation does not reach across the end of its clause", "[e2e]") {
  // "non arriva. palla mia?": the ball is still the attacker's, not negated.
  const Json j = ResolveBundled("soccer-tactics",
                                "dribblo di una casella, lui tira e non arriva. palla mia?");
  CHECK(ReadValues(j, "squadra") == Values{"squadra-in-attacco"});
  CHECK(ReadValues(j, "sid-raggiunge") == Values{"no"});
}

TEST_CASE("a rule's name is read only after 'regola'", "[e2e]") {
  for (const char* s : {"avanzo di una casella con la punta e la palla",
                        "i miei omini avanzano di due caselle"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("soccer-tactics", s), "variante").empty());
  }
  for (const char* s : {"giochiamo con la regola avanzata: il mio difensore fa 3 e la sua punta 4",
                        "con le regole avanzate quanto aggiunge il difensore?"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("soccer-tactics", s), "variante") ==
          Values{"regola-avanzata"});
  }
}

TEST_CASE("what is done instead of something means it did not happen", "[e2e]") {
  for (const char* s :
       {"sto difendendo e invece di tirare il dado sposto il mio portiere di una casella",
        "difendo: anziché tirare il dado muovo il portiere di una casella",
        "in difesa, al posto di tirare il dado, muovo il portiere di una casella in diagonale"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("soccer-tactics", s), "dado-tirato") == Values{"no"});
  }
  // A form that says "invece di" itself reads what was done instead.
  CHECK(ReadValues(ResolveBundled("subbuteo-rugby",
                                  "lui mi placca male ma preferisco andare avanti a giocare "
                                  "invece di fermare tutto"),
                   "evento") == Values{"vantaggio"});
}

TEST_CASE("who won a duel named after the verb by a piece or a role", "[e2e]") {
  for (const char* s : {"attacco io, contrasto in area vinto dal suo difensore: palla a lui?",
                        "sto attaccando e il contrasto in area lo vince il loro difensore"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "esito-contrasto") == Values{"vince-sid"});
    CHECK(FirstRulingHas(j, "possesso-palla", "squadra-in-difesa"));
  }
  CHECK(ReadValues(ResolveBundled("soccer-tactics", "contrasto in area vinto dal mio attaccante"),
                   "esito-contrasto") == Values{"vince-sia"});
}

TEST_CASE("a ball not yet wholly inside the shooting area", "[e2e]") {
  for (const char* s : {"tiro da lontano, la palla non era ancora tutta dentro l'area di tiro e va "
                        "in rete",
                        "la palla non era completamente dentro l'area di tiro quando ho tirato, ed "
                        "è entrata in porta"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo", s);
    CHECK(ReadValues(j, "palla-in-area-di-tiro") == Values{"no"});
    CHECK(FirstRulingHas(j, "rimessa-dal-fondo", "difensore"));
  }
  CHECK(ReadValues(ResolveBundled("subbuteo",
                                  "tiro quando la palla è tutta dentro l'area di tiro e segno"),
                   "palla-in-area-di-tiro") == Values{"si"});
}

TEST_CASE("a word of leaving a place parts a form's words", "[e2e]") {
  for (const char* s : {"il portiere può uscire dalle 4 caselle della porta per prendere palla?",
                        "il mio portiere è uscito dalla zona porta per chiudere l'attaccante"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "posizione-portiere") == Values{"fuori-zona-porta"});
    CHECK(FirstRulingHas(j, "mossa-non-consentita"));
  }
}

TEST_CASE("a card played after the dice told in the order it happened", "[e2e]") {
  for (const char* s : {"Contrasto io. Ho già tirato i dadi del contrasto e ho fatto solo 4, allora "
                        "gioco la carta TACKLE",
                        "siamo in contrasto: lancio i dadi, faccio poco e poi uso la carta TACKLE"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "momento-carta") == Values{"dopo-il-lancio"});
    CHECK(FirstRulingHas(j, "mossa-non-consentita"));
  }
  CHECK(ReadValues(ResolveBundled("calciotto", "gioco la carta SPRINT e poi tiro i dadi"),
                   "momento-carta") == Values{"prima-del-lancio"});
  // A question about the order tells none; the forms read what it says.
  CHECK(ReadValues(ResolveBundled("calciotto", "la carta la gioco prima o dopo aver tirato i dadi?"),
                   "momento-carta") == Values{"dopo-il-lancio"});
}

TEST_CASE("a zone of competence said of a role after it", "[e2e]") {
  for (const char* s : {"nel contrasto il difensore che contrasta e l'avversario col pallone "
                        "stanno nella zona di competenza di quel difensore",
                        "contrasto: il loro attaccante col pallone è nella zona di competenza "
                        "del difensore"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "competenza-difensore") == Values{"si"});
    CHECK(FirstRulingHas(j, "bonus-base", "difensore"));
  }
  CHECK(ReadValues(ResolveBundled("calciotto",
                                  "contrasto: il loro attaccante col pallone è fuori dalla zona "
                                  "di competenza del difensore che contrasta"),
                   "competenza-difensore") == Values{"no"});
}

TEST_CASE("a duel told by two rolls of which one names its side", "[e2e]") {
  for (const char* s : {"poi tira dall'area, fa 8 in tutto, il mio portiere fa 11",
                        "tiro in porta: alla fine fa 7 e il mio portiere ne fa 10"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "punteggio") == Values{"maggiore-difensore"});
    CHECK(FirstRulingHas(j, "parata", "difensore"));
  }
}

TEST_CASE("the readers of who did what read misspelt words as the fact reader does", "[e2e]") {
  for (const char* s : {"contarsto 4 a 4 che si fa", "nel contrsato facciamo 4 a 4, e adesso?"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "esito-contrasto") == Values{"parita"});
    CHECK(FirstRulingHas(j, "ripetizione"));
  }
}

TEST_CASE("the same piece that kicked reaches the ball again", "[e2e]") {
  for (const char* s : {"batto l'angolo in una casella libera e col dado ci arrivo con la stessa "
                        "pedina che l'ha battuto",
                        "batto la punizione in una casella libera e col dado ci arrivo con la "
                        "stessa pedina che ha calciato"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "infrazione") == Values{"doppio-tocco"});
    CHECK(FirstRulingHas(j, "punizione"));
  }
}
