// What people write in situations beyond facts word by word (query/src/resolve/): the order
// of two contacts (contact_order.h: rugby's contatto, subbuteo's oggetto), a length measured
// from something a threshold fact does not measure (measure.h), and a variant of the game
// the description names (the vocabulary fact `variante`: Calciotto's piu-giocatori).
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ResolveBundled;
using arbitro::test::RunArbitro;
using arbitro::test::Values;

namespace {

Values Strings(const Json& array) {
  Values out;
  for (size_t i = 0; i < array.size(); ++i) out.push_back(array[i].string);
  return out;
}

}  // namespace

TEST_CASE("resolve reads contact orders, what a length is measured from, a named variant",
          "[e2e]") {
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  const std::string& index = arbitro::test::BundledCorpusIndex();
  auto rugby = [&](const char* text, const char* fact) {
    return arbitro::test::ReadValues(ResolveBundled("subbuteo-rugby", text), fact,
                                     /*with_words=*/true);
  };

  SECTION("contact order, either way round, however ordered") {
    CHECK(rugby("in avanzamento il mio omino prende prima la palla, poi il difensore",
                "contatto") == Values{"palla-poi-difensore@prima la palla poi il difensore"});
    CHECK(rugby("avanzo: ovale toccato e poi la pedina avversaria", "contatto") ==
          Values{"palla-poi-difensore@ovale toccato e poi la pedina"});
    CHECK(rugby("avanzando colpisco prima l'omino avversario quindi la palla", "contatto") ==
          Values{"difensore-poi-palla@prima l omino avversario quindi la palla"});
    CHECK(rugby("in avanzamento, dopo aver toccato la palla il mio portatore urta un avversario",
                "contatto") ==
          Values{"palla-poi-difensore@dopo aver toccato la palla il mio portatore"});
    // Several miniatures after the ball are no order of two contacts.
    const Values several =
        rugby("in avanzamento l'omino tocca la palla e poi due miniature avversarie", "contatto");
    CHECK(std::find(several.begin(), several.end(),
                    "palla-poi-difensore@palla e poi due miniature") == several.end());
    // "prima di" orders nothing (the words still read what they read alone).
    for (const std::string& v : rugby("prima della palla sposto l'omino", "contatto")) {
      CHECK(v.find("-poi-") == std::string::npos);
    }
    // The order decides: a ruck (ball first, then the defender, ball within 5 cm) keeps
    // the possession.
    const Json j =
        ResolveBundled("subbuteo-rugby",
                       "durante l'avanzamento tocco prima la palla, poi il difensore, e la "
                       "palla si ferma a 2 cm dal mio omino");
    REQUIRE(j["rulings"].size() > 0);
    CHECK(arbitro::test::Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap6__s6.1__c2"));

    // Subbuteo's object fact takes the miniature-first order only.
    const Json s = ResolveBundled(
        "subbuteo", "in area il difensore colpisce prima il mio centravanti, poi la palla");
    CHECK(arbitro::test::ReadValues(s, "oggetto") == Values{"miniatura-poi-palla"});
  }

  SECTION("a length measured from something else is not the ball's distance") {
    CHECK(rugby("tento il possesso e la palla si ferma a 20 cm dalla linea laterale",
                "distanza-palla")
              .empty());
    CHECK(rugby("tento il possesso, l'ovale finisce a 3 cm dalla porta", "distanza-palla").empty());
    CHECK(rugby("tento il possesso e la palla si ferma a 3 cm dal mio portatore",
                "distanza-palla") == Values{"entro-5cm@3 cm"});
    CHECK(rugby("tento il possesso e l'ovale si ferma a 8 cm da lei", "distanza-palla") ==
          Values{"oltre-5cm@8 cm"});
  }

  SECTION("a variant the description names is applied as --variant") {
    const char* text =
        "giochiamo due contro due: il mio compagno lascia 3 punti spostamento "
        "inutilizzati e li uso io nello stesso turno";
    const Json named = ResolveBundled("calciotto", text);
    CHECK(Strings(named["variants_named"]) == Values{"piu-giocatori"});
    REQUIRE(named["rulings"].size() > 0);
    CHECK(arbitro::test::Cites(named["rulings"][0], "calciotto#piu-giocatori__p4"));
    // Given with --variant, the same ruling; nothing is said to be named.
    auto given = RunArbitro(
        {"--index", index, "resolve", "--json", "--game", "calciotto", "--variant", "piu-giocatori",
         "il mio compagno lascia 3 punti spostamento inutilizzati e li uso "
         "io nello stesso turno"},
        real);
    REQUIRE(given.exit_code == 0);
    const Json g = Json::Parse(given.out);
    CHECK(Strings(g["variants_named"]).empty());
    REQUIRE(g["rulings"].size() > 0);
    CHECK(g["rulings"][0]["case"].string == named["rulings"][0]["case"].string);
    // A description that names no variant applies none.
    CHECK(Strings(ResolveBundled("calciotto",
                                 "il mio terzino prende il secondo giallo")["variants_named"])
              .empty());
  }
}
