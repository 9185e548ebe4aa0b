// Negation that reaches a form through the verb before it (query/src/core/negation.h),
// read on the real corpus: "non" + a modal verb + its infinitive, and "non" + auxiliaries
// or adverbs of time ("non era ancora", "non aveva mai"), flip a two-valued fact; the same
// words without "non" do not.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::Resolve;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;

namespace {

using Values = std::vector<std::string>;

}  // namespace

TEST_CASE("resolve reads a negation through a modal verb or an auxiliary", "[e2e]") {
  TempDir idx;
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  REQUIRE(RunArbitro({"--index", idx.path(), "index"}, real).exit_code == 0);

  // "non" + modal + infinitive before the form.
  const Json modal = Resolve(idx.path(), real, "subbuteo",
                             "il difensore sbaglia il marcamento e io non voglio giocare il "
                             "vantaggio");
  CHECK(ReadValues(modal, "vantaggio") == Values{"non-richiesto"});
  const Json wants = Resolve(idx.path(), real, "subbuteo",
                             "il difensore sbaglia il marcamento e io voglio giocare il vantaggio");
  CHECK(ReadValues(wants, "vantaggio") == Values{"richiesto"});

  // "non" + auxiliary + adverb of time before the form.
  const Json not_yet = Resolve(idx.path(), real, "subbuteo",
                               "il mio omino colpisce la palla che non era ancora ferma");
  CHECK(ReadValues(not_yet, "stato-oggetto") == Values{"in-movimento"});
  const Json still =
      Resolve(idx.path(), real, "subbuteo", "il mio omino colpisce la palla che era ancora ferma");
  CHECK(ReadValues(still, "stato-oggetto") == Values{"fermo"});

  // "non" three words before the form, through a verb that is neither a modal nor an
  // auxiliary, negates nothing.
  const Json other = Resolve(idx.path(), real, "subbuteo",
                             "il difensore sbaglia il marcamento, io non guardo l'arbitro: "
                             "vantaggio!");
  CHECK(ReadValues(other, "vantaggio") == Values{"richiesto"});
}
