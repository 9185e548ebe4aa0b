// Reading held-out wording, round 12 (query/src/resolve/sides.cc, competence.cc, resolve.cc,
// core/fact_reader.cc, the vocabularies' forms), on sentences of our own: the teller's seat
// ("attacco io", "sto attaccando", "ero in attacco") is no reading of who acted when a piece or an
// action of the other side opens a clause ("il suo marcamento", "e il loro difensore …"); Soccer
// Tactics' keeper called "portierino"; the yellow cards told before the foul ruled on ("era stato
// ammonito", "avevano già un difensore espulso"); the touchline called "la laterale"; calciotto's
// zone of competence said without "di competenza" ("fuori dalla zona del mio mediano"), the
// carrier's zone deciding; a prepositional form read across a definite article ("tra i pali");
// "prima che …" and a bare "prima" are no "prima della palla"; a roll set against another with
// "vs".
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

TEST_CASE("the teller's seat is not the actor when the other side's piece acts", "[e2e]") {
  for (const char* s : {"attacco io: il suo marcamento butta la palla oltre la sua linea di fondo",
                        "io attacco e il suo omino in marcamento tocca la palla",
                        "sto attaccando e il suo omino in marcamento tocca la palla",
                        "ero in attacco e il loro difensore tocca la palla con la mano"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("subbuteo", s), "autore") == Values{"difensore"});
  }
  // The corner is the attacker's when the defender's marking sends the ball over his line.
  CHECK(FirstRulingHas(ResolveBundled("subbuteo", "attacco io: il suo marcamento butta per "
                                                  "sbaglio la palla oltre la sua linea di fondo"),
                       "calcio-d-angolo", "attaccante"));
  // Soccer Tactics: the defending side's minor foul, told from the attacker's seat.
  const Json j = ResolveBundled("soccer-tactics", "attacco io e il suo difensore passa la metà campo");
  CHECK(ReadValues(j, "squadra") == Values{"squadra-in-difesa"});
  CHECK(ReadValues(j, "squadra-di-turno") == Values{"squadra-in-attacco"});
}

TEST_CASE("a third-person possessive that may be the teller's piece's own is no actor", "[e2e]") {
  // "suo" after the teller's piece in the sentence, or after a verb or a preposition.
  for (const char* s :
       {"attacco io: il mio omino colpisce la palla e il suo tiro finisce sul portiere",
        "attacco io e il mio omino fa il suo tiro toccando la palla due volte"}) {
    INFO(s);
    const std::vector<std::string> autore = ReadValues(ResolveBundled("subbuteo", s), "autore");
    CHECK(std::find(autore.begin(), autore.end(), "difensore") == autore.end());
  }
}

TEST_CASE("Soccer Tactics' keeper called 'portierino'", "[e2e]") {
  // The keeper adds 2 to his roll in a duel: 4 + 2 beats 5.
  const Json j = ResolveBundled("soccer-tactics",
                                "il suo portierino esce di una casella e va sul mio attaccante che "
                                "ha la palla in area; io faccio 5, lui 4. Chi vince il contrasto?");
  const std::vector<std::string> pieces = ReadValues(j, "pedina");
  CHECK(std::find(pieces.begin(), pieces.end(), "portiere") != pieces.end());
  CHECK(ReadValues(j, "esito-contrasto") == Values{"vince-sid"});
}

TEST_CASE("Soccer Tactics: the yellow cards told before the foul ruled on", "[e2e]") {
  // A yellow told as history ("era stato ammonito", "ha preso un giallo prima"): the foul
  // now is the second (for the unnumbered defenders, the group's second).
  for (const char* s :
       {"il suo numero 7 era stato ammonito nel primo tempo, ora fa 1 contro il mio 6",
        "un suo difensore ha preso un giallo prima; adesso un altro difensore fa 1 contro il mio 6",
        "il loro centrocampista ha già preso un giallo, adesso fa 1 contro il mio 6"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "occorrenza") == Values{"2"});
    CHECK(FirstRulingHas(j, "cartellino-rosso"));
  }
  // A defender expelled before, told in either order: the count starts again (the third
  // yellow of the group counts as a first). Told as past ("già", "dopo"): a bare "espulso un
  // difensore" may be the foul's own outcome ("secondo giallo: viene espulso un difensore?").
  for (const char* s :
       {"gli hanno già espulso un difensore per due gialli, adesso un altro difensore fa 1 contro "
        "il mio 6",
        "avevano già un difensore espulso, ora un altro suo difensore fa 1 contro il mio 6"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "occorrenza") == Values{"3"});
    CHECK(FirstRulingHas(j, "cartellino-giallo"));
    CHECK_FALSE(FirstRulingHas(j, "cartellino-rosso"));
  }
  // The yellow of the foul itself is no history.
  CHECK(ReadValues(ResolveBundled("soccer-tactics",
                                  "il suo difensore fa 1 contro il mio 6 e prende il giallo: giusto?"),
                   "occorrenza")
            .empty());
}

TEST_CASE("the touchline called 'la laterale'", "[e2e]") {
  for (const char* s : {"il suo marcamento mi sposta la palla che finisce oltre la laterale; io "
                        "dico vantaggio",
                        "col marcamento mi prende l'omino e la palla va fuori dalla linea "
                        "laterale: io dico vantaggio"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo", s);
    CHECK(ReadValues(j, "esito") == Values{"linea-laterale"});
    CHECK(FirstRulingHas(j, "rimessa-laterale", "attaccante"));
  }
  CHECK(ReadValues(ResolveBundled("subbuteo-rugby",
                                  "a rugby la palla dopo il mio calcio finisce oltre la laterale"),
                   "uscita-palla") == Values{"laterale-campo"});
}

TEST_CASE("calciotto: a zone of competence said without 'di competenza'", "[e2e]") {
  for (const char* s :
       {"contrasto: il loro col pallone sta fuori dalla zona del mio mediano",
        "contrasto: il mio mediano è nella sua zona, ma il loro col pallone è fuori dalla zona "
        "del mio mediano",
        "vado in contrasto col mio centrocampista, che sta nella sua zona; il loro portatore però "
        "è una casella fuori dalla zona del mio centrocampista"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "competenza-difensore") == Values{"no"});
    CHECK(FirstRulingHas(j, "nessun-bonus"));
  }
  // The zone the carrier is in decides, whichever is told first.
  CHECK(ReadValues(ResolveBundled("calciotto", "il loro attaccante col pallone è nella zona del "
                                               "mio difensore, che però sta fuori dalla sua zona"),
                   "competenza-difensore") == Values{"si"});
  // The goal's zone is no zone of competence, also with a possessive.
  for (const char* s : {"tiro e la palla arriva nella zona porta di fianco al portiere",
                        "contrasto nella mia zona porta col loro attaccante col pallone"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "competenza-difensore").empty());
    CHECK(ReadValues(j, "competenza-attaccante").empty());
  }
}

TEST_CASE("a prepositional form read across a definite article", "[e2e]") {
  // "tra i pali" is the form "tra i pali" (between the posts), not "palo" (the post hit).
  const Json j = ResolveBundled("subbuteo-rugby", "trasformazione: la palla va tra i pali");
  CHECK(ReadValues(j, "esito-calcio") == Values{"in-porta"});
  CHECK(FirstRulingHas(j, "punti", "attaccante"));
  CHECK(ReadValues(ResolveBundled("subbuteo-rugby", "trasformazione: la palla prende il palo ed esce"),
                   "esito-calcio") == Values{"palo-traversa"});
  // Not across "una" (a number as often) nor the elided "l'".
  CHECK(ReadValues(ResolveBundled("calciotto", "batto la punizione e la palla finisce in una "
                                               "casella della zona porta"),
                   "distanza-barriera")
            .empty());
}

TEST_CASE("'prima che' and a bare 'prima' say no piece before the ball", "[e2e]") {
  for (const char* s : {"il suo portiere si muove prima che io colpisca la palla",
                        "tiro da fuori area e segno, ma prima la palla tocca un suo difensore"}) {
    INFO(s);
    const std::vector<std::string> read = ReadValues(ResolveBundled("subbuteo", s), "infrazione");
    CHECK(std::find(read.begin(), read.end(), "miniatura-prima-della-palla") == read.end());
  }
  for (const char* s : {"il suo omino colpisce il mio prima della palla",
                        "il suo omino colpisce il mio prima di toccare la palla"}) {
    INFO(s);
    const std::vector<std::string> read = ReadValues(ResolveBundled("subbuteo", s), "infrazione");
    CHECK(std::find(read.begin(), read.end(), "miniatura-prima-della-palla") != read.end());
  }
}

TEST_CASE("a roll set against another with 'vs'", "[e2e]") {
  for (const char* s : {"contrasto fuori area, il suo difensore 1 vs il mio 6",
                        "contrasto fuori area, il suo difensore 1 versus il mio 6"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "dado-sid") == Values{"1"});
    CHECK(ReadValues(j, "dado-sia") == Values{"6"});
    CHECK(FirstRulingHas(j, "punizione", "squadra-in-attacco"));
  }
}
