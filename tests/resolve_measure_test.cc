// Measured lengths as people write them (query/src/resolve/measure.h): the value of a
// threshold fact whose declared range holds the length, on the real corpus (rugby's
// distanza-palla: less than 5 cm / more than 5 cm) and on a corpus of two facts measured in
// centimetres, where the words around a length decide which fact it belongs to.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::Resolve;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;
using arbitro::test::Values;

namespace {

// Every value the description was read to give `fact`, as value@words.
std::vector<std::string> ReadFrom(const Json& j, const std::string& fact) {
  return arbitro::test::ReadValues(j, fact, /*with_words=*/true);
}

}  // namespace

TEST_CASE("resolve reads a measured distance as the range that holds it", "[e2e]") {
  TempDir idx;
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  REQUIRE(RunArbitro({"--index", idx.path(), "index"}, real).exit_code == 0);
  auto read = [&](const char* text) {
    return ReadFrom(Resolve(idx.path(), real, "subbuteo-rugby", text), "distanza-palla");
  };

  {  // Under 5 cm: possession (cap. 4.1), whatever the unit or the way the number is written.
    const Json j = Resolve(idx.path(), real, "subbuteo-rugby",
                           "tento il possesso col mio omino e la palla si ferma a 4 cm da lui");
    CHECK(ReadFrom(j, "distanza-palla") == Values{"entro-5cm@4 cm"});
    CHECK(FirstRulingHas(j, "possesso", "attaccante"));
    CHECK(read("tento il possesso e l'ovale si ferma a 30 mm dalla pedina") ==
          Values{"entro-5cm@30 mm"});
    CHECK(read("tento il possesso e la palla resta a 1,5 cm") == Values{"entro-5cm@1.5 cm"});
    CHECK(read("tento il possesso, la palla si ferma tra 2 e 3 centimetri dall'omino") ==
          Values{"entro-5cm@tra 2 e 3 centimetri"});
    CHECK(read("tento il possesso, la palla arriva a quasi 5 cm") ==
          Values{"entro-5cm@quasi 5 cm"});
  }
  {  // Over 5 cm forward: in avanti, scrum to the defence (cap. 4.1).
    const Json j = Resolve(idx.path(), real, "subbuteo-rugby",
                           "nel tentativo di possesso la palla schizza 11 cm in avanti");
    CHECK(ReadFrom(j, "distanza-palla") == Values{"oltre-5cm@11 cm"});
    CHECK(FirstRulingHas(j, "mischia", "difensore"));
    CHECK(read("durante l'avanzamento l'ovale rotola indietro di una quindicina di centimetri") ==
          Values{"oltre-5cm@una quindicina di centimetri"});
    CHECK(read("tento il possesso e la palla corre 6cm di lato") == Values{"oltre-5cm@6cm"});
    // A bound the text states is the half-line it says.
    CHECK(read("tento il possesso e la palla si allontana di oltre 8 cm all'indietro") ==
          Values{"oltre-5cm@oltre 8 cm"});
    CHECK(read("tento il possesso, la palla non supera i 3 cm") ==
          Values{"entro-5cm@non supera i 3 cm"});
  }
  {  // A length no range wholly holds reads nothing: exactly 5 cm (the book says less or more
     // than 5), a bound that straddles 5 ("meno di 9 cm").
    CHECK(read("tento il possesso e la palla si ferma esattamente a 5 cm dalla miniatura").empty());
    CHECK(read("tento il possesso e la palla si ferma a meno di 9 cm").empty());
  }
  {  // A measure is more precise than a word: "lontano" and "più vicina" give way to it.
    CHECK(read("tento il possesso, la palla non va lontano: si ferma a 2 cm dalla miniatura") ==
          Values{"entro-5cm@2 cm"});
    CHECK(read("tento il possesso e la palla si ferma 7 cm più vicina alla meta avversaria") ==
          Values{"oltre-5cm@7 cm"});
  }
  {  // Measured from the teller's own piece ("da me") as from a piece named.
    CHECK(read("avanzo col mediano, la palla scappa e si ferma a 2 cm da me") ==
          Values{"entro-5cm@2 cm"});
    CHECK(read("tento il possesso ma l'ovale finisce a 9 cm da te") == Values{"oltre-5cm@9 cm"});
    // Still no piece: a line is not what the fact measures.
    CHECK(read("avanzo e la palla si ferma a 2 cm dalla linea di meta").empty());
  }
}

TEST_CASE("resolve reads a measure for the fact the words around it name", "[e2e]") {
  namespace fs = std::filesystem;
  TempDir corpus, idx;
  fs::copy(arbitro::test::MiniCorpusDir(), corpus.path(), fs::copy_options::recursive);
  const std::string path = corpus / "mini/vocabulary.xml";
  std::string xml = arbitro::test::ReadFile(path);
  xml.insert(xml.find("  <hint>"),
             R"(  <fact name="distanza-palla" ask="A che distanza dalla miniatura è la palla?">
    <value id="attaccata" label="palla attaccata alla miniatura" unit="cm" less-than="2"/>
    <value id="staccata" label="palla staccata dalla miniatura" unit="cm" at-least="2"/>
  </fact>
  <fact name="distanza-barriera" ask="A che distanza dalla punizione è la barriera?">
    <value id="vicina" label="barriera troppo vicina" unit="cm" less-than="9"/>
    <value id="regolare" label="barriera regolare" unit="cm" at-least="9"/>
  </fact>
)");
  arbitro::test::WriteFile(path, xml);
  const std::string env = arbitro::test::CorpusEnv(corpus.path());
  const auto indexed = RunArbitro({"--index", idx.path(), "index"}, env);
  INFO(indexed.err);
  REQUIRE(indexed.exit_code == 0);
  auto facts = [&](const char* text) {
    const Json j = Resolve(idx.path(), env, "mini", text);
    Values both = ReadFrom(j, "distanza-palla");
    for (const std::string& v : ReadFrom(j, "distanza-barriera")) both.push_back("barriera:" + v);
    return both;
  };
  CHECK(facts("fuorigioco e la barriera è a 5 cm") == Values{"barriera:vicina@5 cm"});
  CHECK(facts("fuorigioco, la barriera sta a 12 cm") == Values{"barriera:regolare@12 cm"});
  CHECK(facts("fuorigioco, la miniatura tocca la palla che si ferma a 5 cm") ==
        Values{"staccata@5 cm"});
  CHECK(facts("fuorigioco, la palla resta a 1 cm dalla miniatura") == Values{"attaccata@1 cm"});
  // Both facts' words around the number, or neither: unsure, nothing read.
  CHECK(facts("fuorigioco, la barriera e la palla a 5 cm").empty());
  CHECK(facts("fuorigioco, si ferma a 5 cm").empty());
}
