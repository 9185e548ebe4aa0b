// Who did what, as the teller tells it (query/src/resolve/sides.h), resolved on the real
// corpus: the teller's side read from what the text says of them, first-person and
// "avversario" forms restated from that seat, and a side acted on that is no actor.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("resolve reads the teller's side and the actor apart from the object", "[e2e]") {
  {  // "my 22" is the kicker's area when the teller kicks, the defender's when the other
     // side is the one attacking; when nothing says, the form's attacker's-seat reading.
    const Json kicker = ResolveBundled(
        "subbuteo-rugby", "ho calciato dalla mia area dei 22 metri e la palla esce in laterale");
    CHECK(ReadValues(kicker, "zona") == Values{"area-22-metri-attaccante"});
    const Json defender = ResolveBundled(
        "subbuteo-rugby",
        "il loro attaccante calcia e la palla colpisce un mio omino nella mia area dei 22 metri");
    CHECK(ReadValues(defender, "zona") == Values{"area-22-metri-difensore"});
    CHECK(ReadValues(defender, "autore") == Values{"attaccante"});
    const Json unknown =
        ResolveBundled("subbuteo-rugby", "la palla esce in laterale dalla mia area dei 22 metri");
    CHECK(ReadValues(unknown, "zona") == Values{"area-22-metri-attaccante"});
  }
  {  // "una mia miniatura": the attacker's piece when the teller advances, the defender's
     // when the teller defends. The ball named as what touches is no contact with the ball.
    const Json attacking =
        ResolveBundled("subbuteo-rugby", "sto avanzando e la palla tocca una mia miniatura ferma");
    CHECK(ReadValues(attacking, "contatto") == Values{"miniatura-offensiva"});
    const Json defending =
        ResolveBundled("subbuteo-rugby", "io difendo e la palla tocca una mia miniatura ferma");
    CHECK(ReadValues(defending, "contatto") == Values{"miniatura-difensiva"});
  }
  {  // The side acted on is no actor: the direct object, a piece of that side, a passive.
    const Json piece =
        ResolveBundled("subbuteo", "il mio attaccante colpisce un omino del difensore");
    CHECK(ReadValues(piece, "autore") == Values{"attaccante"});
    const Json keeper = ResolveBundled(
        "subbuteo", "l'attaccante tocca il portiere avversario con la sua miniatura");
    CHECK(ReadValues(keeper, "autore") == Values{"attaccante"});
    CHECK(ReadValues(keeper, "oggetto") == Values{"portiere", "miniatura"});
    const Json passive = ResolveBundled(
        "subbuteo", "il mio attaccante è stato colpito dal difensore durante il tiro");
    CHECK(ReadValues(passive, "autore") == Values{"difensore"});
    const Json agent =
        ResolveBundled("subbuteo", "la palla è stata toccata con la mano da parte del difensore");
    CHECK(ReadValues(agent, "autore") == Values{"difensore"});
  }
  {  // The teller's own role is not who committed the foul when the other side is named
     // doing it; when nobody else is, it is.
    const Json other =
        ResolveBundled("soccer-tactics",
                       "sto attaccando e l'avversario mette cinque pedine in fila davanti "
                       "alla porta");
    CHECK(ReadValues(other, "squadra") == Values{"squadra-in-difesa"});
    const Json own =
        ResolveBundled("soccer-tactics", "stiamo attaccando e commettiamo un fallo di mano");
    CHECK(ReadValues(own, "squadra") == Values{"squadra-in-attacco"});
  }
}

TEST_CASE("resolve reads the side of a piece named as the agent", "[e2e]") {
  // Subbuteo, Regola 14: the ball sent over the opponent's goal line by the attacker is a
  // goal kick for the defender. "da un mio omino": the teller's piece played it last.
  const Json mine = ResolveBundled(
      "subbuteo", "la palla, calciata da un mio omino, esce oltre la linea di fondo avversaria");
  CHECK(ReadValues(mine, "autore") == Values{"attaccante"});
  REQUIRE(mine["rulings"].size() >= 1);
  CHECK(mine["rulings"][0]["sanctions"][0]["type"].string == "rimessa-dal-fondo");
  CHECK(mine["rulings"][0]["sanctions"][0]["beneficiary"].string == "difensore");
  // The other side's piece as the agent.
  const Json theirs = ResolveBundled(
      "subbuteo", "la palla, toccata per ultima dalla sua miniatura, finisce oltre la linea laterale");
  CHECK(ReadValues(theirs, "autore") == Values{"difensore"});
  // The teller's piece as the subject says nothing new of who acts.
  const Json subject = ResolveBundled("subbuteo", "il mio omino manca la palla per la seconda volta");
  CHECK(ReadValues(subject, "autore").empty());
}
