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

namespace {

using Values = std::vector<std::string>;

}  // namespace

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
