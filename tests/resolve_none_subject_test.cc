// A form whose subject is "nessuno" is negated (query/src/core/fact_reader.cc): "nessuna
// loro pedina ci arriva" reads the other value of a two-valued fact, resolved on the real
// corpus.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("resolve negates a form whose subject is nessuno", "[e2e]") {
  const Json some =
      ResolveBundled("soccer-tactics", "faccio un dribbling e una sua pedina ci arriva");
  CHECK(ReadValues(some, "sid-raggiunge") == Values{"si"});
  // Through a possessive: the other value, and the ruling that follows from it.
  const Json none =
      ResolveBundled("soccer-tactics", "dribblo, lui tira il dado e nessuna sua pedina ci arriva");
  CHECK(ReadValues(none, "sid-raggiunge") == Values{"no"});
  REQUIRE(none["rulings"].size() >= 1);
  CHECK(none["rulings"][0]["sanctions"][0]["type"].string == "possesso-palla");
  // Right before the form.
  const Json bare =
      ResolveBundled("soccer-tactics", "dribbling riuscito, nessuna pedina avversaria ci arriva");
  CHECK(ReadValues(bare, "sid-raggiunge") == Values{"no"});
  // "nessun" that is not the form's subject negates nothing.
  const Json other = ResolveBundled("soccer-tactics",
                                    "dribbling: nessun problema, la pedina avversaria ci arriva");
  CHECK(ReadValues(other, "sid-raggiunge") == Values{"si"});
}

TEST_CASE("resolve negates a form whose subject is nessuno, through a noun and a modal", "[e2e]") {
  // Soccer Tactics, after a dribble: no piece of the defence reaches the ball's square.
  const Json modal = ResolveBundled(
      "soccer-tactics", "dribblo di una casella, lui tira il dado ma nessun omino riesce ad arrivare "
                        "sulla mia casella");
  CHECK(ReadValues(modal, "sid-raggiunge") == Values{"no"});
  const Json noun = ResolveBundled(
      "soccer-tactics", "dribblo di una casella, lui tira il dado e nessun difensore arriva sulla mia casella");
  CHECK(ReadValues(noun, "sid-raggiunge") == Values{"no"});
  // The same words with a subject of their own: the defence gets there.
  const Json some = ResolveBundled(
      "soccer-tactics", "dribblo di una casella, lui tira il dado e un suo difensore arriva sulla mia casella");
  CHECK(ReadValues(some, "sid-raggiunge") == Values{"si"});
  // "nessuno" in an earlier clause says nothing of this one.
  const Json earlier = ResolveBundled(
      "soccer-tactics", "nessun problema col dribbling; lui tira il dado e il suo difensore arriva sulla mia casella");
  CHECK(ReadValues(earlier, "sid-raggiunge") == Values{"si"});
}

TEST_CASE("a nessuno after non is the negated verb's object, not the next form's subject", "[e2e]") {
  // Rugby scrum: the ball touches nobody and stops between the packs: it is still.
  const Json stops = ResolveBundled(
      "subbuteo-rugby", "introduco in mischia, la palla non tocca nessuno e si ferma tra i pacchetti");
  CHECK(ReadValues(stops, "stato-oggetto") == Values{"fermo"});
}
