// Dice duels and numbers as people write them (query/src/resolve/dice.h), resolved on the
// real corpus: whose roll each number is, who rolled higher, which phase a duel is, and
// the numbers that are no roll.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::RunArbitro;
using arbitro::test::Values;

TEST_CASE("resolve reads dice duels: side, number and who rolled higher", "[e2e]") {
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  const std::string& index = arbitro::test::BundledCorpusIndex();

  {  // First and third person; the writer is the side with the ball unless told otherwise.
    const Json j =
        ResolveBundled("soccer-tactics", "contrasto a centrocampo: io faccio 1 e lui fa 6");
    CHECK(ReadValues(j, "dado-sia") == Values{"1"});
    CHECK(ReadValues(j, "dado-sid") == Values{"6"});
    CHECK(ReadValues(j, "esito-contrasto") == Values{"vince-sid"});
    // The book: the side that rolled 1 against 6 fouled; free kick to the other side.
    bool free_kick = false;
    for (size_t r = 0; r < j["rulings"].size(); ++r) {
      for (size_t s = 0; s < j["rulings"][r]["sanctions"].size(); ++s) {
        const Json& sanction = j["rulings"][r]["sanctions"][s];
        if (sanction["type"].string == "punizione")
          free_kick = sanction["beneficiary"].string == "squadra-in-difesa";
      }
    }
    CHECK(free_kick);
  }
  {  // "il mio difensore" makes the writer the defending side.
    const Json j = ResolveBundled("soccer-tactics",
                                  "contrasto: il mio difensore tira 3 e il loro attaccante tira 5");
    CHECK(ReadValues(j, "dado-sia") == Values{"5"});
    CHECK(ReadValues(j, "dado-sid") == Values{"3"});
    CHECK(ReadValues(j, "esito-contrasto") == Values{"vince-sia"});
    const Json mine = ResolveBundled(
        "soccer-tactics", "contrasto, io difendo: faccio due e l'avversario fa un quattro");
    CHECK(ReadValues(mine, "dado-sia") == Values{"4"});
    CHECK(ReadValues(mine, "dado-sid") == Values{"2"});
  }
  {  // Both sides the same number, in words: a tie, the dice are rolled again.
    const Json j =
        ResolveBundled("soccer-tactics", "ci battiamo per la palla e tutti e due facciamo tre");
    CHECK(ReadValues(j, "dado-sia") == Values{"3"});
    CHECK(ReadValues(j, "dado-sid") == Values{"3"});
    CHECK(ReadValues(j, "esito-contrasto") == Values{"parita"});
    REQUIRE(j["rulings"].size() >= 1);
    CHECK(j["rulings"][0]["sanctions"][0]["type"].string == "ripetizione");
  }
  {  // A bare "fa 6" is no longer read as both sides' roll.
    const Json j = ResolveBundled(
        "soccer-tactics", "contrasto in area di rigore, l'attaccante fa 1 e il difensore fa 6");
    CHECK(ReadValues(j, "dado-sia") == Values{"1"});
    CHECK(ReadValues(j, "dado-sid") == Values{"6"});
  }
  {  // Calciotto compares totals: a tackle, and against the goalkeeper a shot on goal.
    const Json tackle =
        ResolveBundled("calciotto", "chi contrasta totalizza 8 e io con la palla 11");
    CHECK(ReadValues(tackle, "punteggio") == Values{"maggiore-attaccante"});
    CHECK(ReadValues(tackle, "fase") == Values{"contrasto"});
    const Json shot = ResolveBundled("calciotto", "il portiere arriva a 9 e io a 9");
    CHECK(ReadValues(shot, "punteggio") == Values{"parita"});
    CHECK(ReadValues(shot, "fase") == Values{"tiro-in-porta"});
    CHECK(ReadValues(shot, "dadi-possesso").empty());  // not the kick-off roll
    REQUIRE(shot["rulings"].size() >= 1);
    CHECK(shot["rulings"][0]["sanctions"][0]["type"].string == "rilancio-dadi");
  }
  {  // A total no six-sided die gives is no Soccer Tactics duel: the game inferred is Calciotto.
    auto r = RunArbitro(
        {"--index", index, "resolve", "--json", "il portiere fa 11 coi dadi e il mio tiratore 8"},
        real);
    REQUIRE(r.exit_code == 0);
    const Json j = Json::Parse(r.out);
    CHECK(j["game"].string == "calciotto");
    CHECK(ReadValues(j, "punteggio") == Values{"maggiore-difensore"});
  }
  {  // Who won, said in words: the writer's side by what the text says of it.
    const Json mine =
        ResolveBundled("soccer-tactics",
                       "il mio attaccante e un loro difensore sulla stessa casella: vinco io "
                       "il contrasto");
    CHECK(ReadValues(mine, "esito-contrasto") == Values{"vince-sia"});
    const Json lost =
        ResolveBundled("soccer-tactics",
                       "il mio difensore entra sulla casella della palla ma il contrasto lo "
                       "vince lui");
    CHECK(ReadValues(lost, "esito-contrasto") == Values{"vince-sia"});
    const Json calciotto = ResolveBundled("calciotto", "ho la palla e perdo il contrasto");
    CHECK(ReadValues(calciotto, "punteggio") == Values{"maggiore-difensore"});
    const Json match = ResolveBundled("calciotto", "alla fine vinco la partita");
    CHECK(ReadValues(match, "punteggio").empty());
  }
  {  // Numbers that are no roll: players, movement points, centimetres.
    const Json j = ResolveBundled(
        "calciotto", "giochiamo due contro due e il mio compagno mi lascia 3 punti spostamento");
    CHECK(ReadValues(j, "punteggio").empty());
    const Json cm = ResolveBundled(
        "soccer-tactics", "il mio attaccante va avanti di 2 caselle e la palla si ferma a 3 cm");
    CHECK(ReadValues(cm, "dado-sia").empty());
    CHECK(ReadValues(cm, "esito-contrasto").empty());
  }
}

// Duels told in more ways (dice.h): each block a pattern of how people state a duel, on
// sentences of our own; the expected values are the rulebooks'.
TEST_CASE("resolve reads a roll said with 'ho fatto' as the teller's", "[e2e]") {
  // Calciotto, AZIONE DI CONTRASTO: the higher score wins; the teller has the ball unless told.
  const Json j = ResolveBundled("calciotto", "nel contrasto coi dadi ho fatto 10 e lui 8");
  CHECK(ReadValues(j, "punteggio") == Values{"maggiore-attaccante"});
  CHECK(ReadValues(j, "fase") == Values{"contrasto"});
}

TEST_CASE("resolve reads 'ho rubato palla' as the teller who contrasted", "[e2e]") {
  // "ho rubato palla" is no "ho la palla": the teller took it, the contrasting side won
  // (Calciotto, AZIONE DI CONTRASTO: the higher score wins the ball).
  const Json stolen = ResolveBundled(
      "calciotto", "ho rubato palla al loro centravanti: nel contrasto faccio 8 e lui 5");
  CHECK(ReadValues(stolen, "punteggio") == Values{"maggiore-difensore"});
  REQUIRE(stolen["rulings"].size() >= 1);
  CHECK(stolen["rulings"][0]["sanctions"][0]["beneficiary"].string == "difensore");
}

TEST_CASE("resolve reads a piece's shirt number as no roll", "[e2e]") {
  // "col suo 9" names the piece; its roll is the 5 (Soccer Tactics: the higher die wins).
  const Json shirt = ResolveBundled("soccer-tactics", "contrasto: io faccio 2, lui col suo 9 fa 5");
  CHECK(ReadValues(shirt, "dado-sia") == Values{"2"});
  CHECK(ReadValues(shirt, "dado-sid") == Values{"5"});
  CHECK(ReadValues(shirt, "esito-contrasto") == Values{"vince-sid"});
  // Set against another number, "il mio 6" is a roll: 6 against 1 (the defence's foul).
  const Json set = ResolveBundled("soccer-tactics", "nel contrasto il mio 6 contro il suo 1");
  CHECK(ReadValues(set, "dado-sia") == Values{"6"});
  CHECK(ReadValues(set, "dado-sid") == Values{"1"});
  // After "e", like a roll said without its verb: the other side's 6.
  const Json after = ResolveBundled("soccer-tactics", "nel contrasto io faccio 1 e il suo 6");
  CHECK(ReadValues(after, "dado-sia") == Values{"1"});
  CHECK(ReadValues(after, "dado-sid") == Values{"6"});
}

TEST_CASE("resolve reads 'N contro il mio M' as the two sides' rolls", "[e2e]") {
  // The number set against the teller's is the other side's: 1 against 6 is the
  // defence's foul (Soccer Tactics, falli).
  const Json j = ResolveBundled("soccer-tactics", "nel contrasto perde facendo 1 contro il mio 6");
  CHECK(ReadValues(j, "dado-sia") == Values{"6"});
  CHECK(ReadValues(j, "dado-sid") == Values{"1"});
  CHECK(ReadValues(j, "esito-contrasto") == Values{"vince-sia"});
}

TEST_CASE("resolve reads the teller rolling for the goalkeeper as the defence", "[e2e]") {
  // Calciotto, AZIONE PER TIRO IN PORTA: the goalkeeper scoring more saves (parata).
  const Json j = ResolveBundled(
      "calciotto",
      "il loro centravanti tira in porta e io lancio per il portiere: faccio 10 contro il suo 7");
  CHECK(ReadValues(j, "fase") == Values{"tiro-in-porta"});
  CHECK(ReadValues(j, "punteggio") == Values{"maggiore-difensore"});
  REQUIRE(j["rulings"].size() >= 1);
  CHECK(j["rulings"][0]["sanctions"][0]["type"].string == "parata");
  // "un lancio per il portiere" is a ball thrown to him: the teller stays the side with it.
  const Json pass = ResolveBundled(
      "calciotto", "faccio un lancio per il portiere, poi nel contrasto faccio 5 e lui 3");
  CHECK(ReadValues(pass, "punteggio") == Values{"maggiore-attaccante"});
}

TEST_CASE("resolve reads a duel's result said as a score", "[e2e]") {
  // A tie in a contrast is no drawn match: the dice are rolled again (Calciotto).
  const Json tie = ResolveBundled("calciotto", "il contrasto è finito 8 a 8");
  CHECK(ReadValues(tie, "punteggio") == Values{"parita"});
  CHECK(ReadValues(tie, "esito-partita").empty());
  REQUIRE(tie["rulings"].size() >= 1);
  CHECK(tie["rulings"][0]["sanctions"][0]["type"].string == "rilancio-dadi");
  // Unequal, with who won: the winner rolled the higher number.
  const Json won = ResolveBundled("soccer-tactics", "contrasto a centrocampo, lo vince lui 4 a 2");
  CHECK(ReadValues(won, "dado-sid") == Values{"4"});
  CHECK(ReadValues(won, "dado-sia") == Values{"2"});
  CHECK(ReadValues(won, "esito-contrasto") == Values{"vince-sid"});
}

TEST_CASE("resolve reads the start-of-match roll as the roll for the ball and no contrast",
          "[e2e]") {
  // Calciotto, SCHIERAMENTO: the higher score has the ball; a tie is rolled again (reading).
  const Json lost = ResolveBundled(
      "calciotto", "a inizio partita lanciamo i dadi: io faccio 5 e lui 10, chi batte?");
  CHECK(ReadValues(lost, "dadi-possesso") == Values{"minore"});
  CHECK(ReadValues(lost, "fase") == Values{"schieramento"});
  CHECK(ReadValues(lost, "punteggio").empty());
  REQUIRE(lost["rulings"].size() >= 1);
  CHECK(lost["rulings"][0]["sanctions"][0]["type"].string == "possesso-palla");
  const Json tie = ResolveBundled("calciotto", "sorteggio coi dadi: facciamo tutti e due 7");
  CHECK(ReadValues(tie, "dadi-possesso") == Values{"parita"});
  CHECK(ReadValues(tie, "punteggio").empty());
}

TEST_CASE("resolve reads a lone 'ho fatto N' and a match score near a duel as no duel", "[e2e]") {
  // "ho fatto 4" alone may be any roll: no side's die in Soccer Tactics.
  const Json alone = ResolveBundled(
      "soccer-tactics", "ho fatto 4 col dado della palla e la porto avanti di quattro caselle");
  CHECK(ReadValues(alone, "dado-sia").empty());
  CHECK(ReadValues(alone, "dado-sid").empty());
  // "siamo 1 a 1" is the match's score, even with a contrast told before it.
  const Json match = ResolveBundled("calciotto", "dopo quel contrasto siamo 1 a 1");
  CHECK(ReadValues(match, "punteggio").empty());
  CHECK(ReadValues(match, "esito-partita") == Values{"pareggio"});
}
