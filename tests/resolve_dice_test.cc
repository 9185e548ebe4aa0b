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
