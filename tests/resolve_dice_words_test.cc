// Dice duels told in more ways (query/src/resolve/dice.h): the verb before its subject
// ("facciamo tutti e due 5"), a tie restated as a score ("9 a 9"), a comparison in words
// ("faccio più di lui"), the side named after the number ("il 6 del loro difensore") and a
// piece's own number ("n.10"), resolved on the real corpus.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("resolve reads dice duels told with the verb first, scores and comparisons", "[e2e]") {
  {  // The verb before its subject: both sides, then one side each.
    const Json both = ResolveBundled("soccer-tactics",
                                     "ci contendiamo la palla e facciamo tutti e due 5 col dado");
    CHECK(ReadValues(both, "dado-sia") == Values{"5"});
    CHECK(ReadValues(both, "dado-sid") == Values{"5"});
    CHECK(ReadValues(both, "esito-contrasto") == Values{"parita"});
    const Json each =
        ResolveBundled("soccer-tactics", "contrasto a centrocampo: faccio io 2 e poi tira lui 4");
    CHECK(ReadValues(each, "dado-sia") == Values{"2"});
    CHECK(ReadValues(each, "dado-sid") == Values{"4"});
    CHECK(ReadValues(each, "esito-contrasto") == Values{"vince-sid"});
  }
  {  // A tie restated as a score after the rolls: the totals replace the dice said before.
    const Json j = ResolveBundled(
        "calciotto", "nel contrasto io totalizzo 7 col bonus, lui uguale: siamo 9 a 9");
    CHECK(ReadValues(j, "punteggio") == Values{"parita"});
    REQUIRE(j["rulings"].size() >= 1);
    CHECK(j["rulings"][0]["sanctions"][0]["type"].string == "rilancio-dadi");
    // A score with no roll said before it is no duel (a match score).
    const Json score = ResolveBundled("calciotto", "la partita finisce 2 a 2");
    CHECK(ReadValues(score, "punteggio").empty());
  }
  {  // A comparison in words, by whom it is said of.
    const Json more =
        ResolveBundled("calciotto", "ho io la palla, mi contrasta e coi dadi faccio più di lui");
    CHECK(ReadValues(more, "punteggio") == Values{"maggiore-attaccante"});
    const Json less =
        ResolveBundled("calciotto", "mi fa il contrasto e ai dadi ho fatto meno di lui");
    CHECK(ReadValues(less, "punteggio") == Values{"maggiore-difensore"});
    const Json them =
        ResolveBundled("calciotto", "contrasto sul mio centrocampista: coi dadi lui fa più di me");
    CHECK(ReadValues(them, "punteggio") == Values{"maggiore-difensore"});
    // "più di" with no duel near says nothing of the dice.
    const Json far =
        ResolveBundled("calciotto", "il mio attaccante corre più di lui verso la porta");
    CHECK(ReadValues(far, "punteggio").empty());
  }
  {  // The side named after the number, and a piece's own number that is no roll.
    const Json j = ResolveBundled("soccer-tactics",
                                  "il mio centrocampista n.10 contrasta e tira 2 contro il 5 "
                                  "dell'attaccante avversario");
    CHECK(ReadValues(j, "dado-sid") == Values{"2"});
    CHECK(ReadValues(j, "dado-sia") == Values{"5"});
    CHECK(ReadValues(j, "esito-contrasto") == Values{"vince-sia"});
  }
}

TEST_CASE("resolve reads score comparisons said of a role, a possessive or after the verb", "[e2e]") {
  // Calciotto: the higher score wins the contrast or the shot ("AZIONE DI CONTRASTO", "AZIONE
  // PER TIRO IN PORTA"). The subject before the comparison is the goalkeeper.
  const Json keeper =
      ResolveBundled("calciotto", "tiro in porta: il portiere ottiene un punteggio più alto del mio");
  CHECK(ReadValues(keeper, "punteggio") == Values{"maggiore-difensore"});
  // The other side named after "di quello del".
  const Json mine =
      ResolveBundled("calciotto", "tiro in porta: il mio punteggio è più alto di quello del portiere");
  CHECK(ReadValues(mine, "punteggio") == Values{"maggiore-attaccante"});
  // "lui ha il pallone": he is the ball holder, and he rolled less than the teller.
  const Json holder = ResolveBundled("calciotto", "contrasto: lui ha il pallone ma fa meno di me");
  CHECK(ReadValues(holder, "punteggio") == Values{"maggiore-difensore"});
  // The teller contrasts ("io contrasto") and the other side scores more.
  const Json contrast = ResolveBundled("calciotto", "contrasto: io contrasto e lui fa più punti di me");
  CHECK(ReadValues(contrast, "punteggio") == Values{"maggiore-attaccante"});
  // A word that says who won says nothing else: no minus on the plus/minus die.
  const Json less = ResolveBundled("calciotto", "tiro in porta: lui fa meno di me coi dadi");
  CHECK(ReadValues(less, "punteggio") == Values{"maggiore-attaccante"});
  CHECK(ReadValues(less, "dado-piu-meno").empty());
}

TEST_CASE("resolve reads a roll after an adverb or an infinitive, and a drawn match score", "[e2e]") {
  {  // "arriva solo a 9": the keeper's roll, after an adverb.
    const Json j = ResolveBundled(
        "calciotto", "tiro in porta: il loro centravanti fa 10 e il mio portiere arriva solo a 8");
    CHECK(ReadValues(j, "punteggio") == Values{"maggiore-attaccante"});
  }
  {  // "sono io a fare 2": the roll of an infinitive after its subject.
    const Json j = ResolveBundled(
        "soccer-tactics", "nel contrasto sono io a fare 2, mentre la loro pedina fa 5");
    CHECK(ReadValues(j, "dado-sia") == Values{"2"});
    CHECK(ReadValues(j, "dado-sid") == Values{"5"});
    CHECK(ReadValues(j, "esito-contrasto") == Values{"vince-sid"});
  }
  {  // A drawn match score, with "a" or a hyphen: the game's draw; an unequal one is none.
    const Json draw = ResolveBundled("soccer-tactics", "tempi regolamentari finiti sul 2 a 2");
    CHECK(ReadValues(draw, "punteggio") == Values{"parita"});
    const Json hyphen = ResolveBundled("soccer-tactics", "tempi regolamentari finiti, siamo 0-0");
    CHECK(ReadValues(hyphen, "punteggio") == Values{"parita"});
    const Json ahead = ResolveBundled("soccer-tactics", "tempi regolamentari finiti sul 2 a 1");
    CHECK(ReadValues(ahead, "punteggio").empty());
    const Json match = ResolveBundled("calciotto", "la partita finisce 3 a 3");
    CHECK(ReadValues(match, "esito-partita") == Values{"pareggio"});
  }
}
