// Values that declare the range of a measured length (vocabulary <value unit=… more-than=…
// less-than=…>, corpus/README.md §6): the model the loader builds and every diagnostic of
// a wrong declaration, on a copy of the valid fixture corpus with one fact added.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "arbitro/schema.h"
#include "test_util.h"

namespace arbitro {
namespace {

namespace fs = std::filesystem;

// Loads the valid fixture corpus with `fact` (XML) added to the demo game's vocabulary;
// *at receives the vocabulary's path, *lines the diagnostics.
Status LoadWithFact(const test::TempDir& dir, const std::string& fact, Corpus* corpus,
                    std::string* at, std::vector<std::string>* lines) {
  fs::copy(std::string(ARBITRO_FIXTURES_DIR) + "/schema/valid", dir.path(),
           fs::copy_options::recursive);
  *at = dir / "demo/vocabulary.xml";
  std::string xml = test::ReadFile(*at);
  xml.insert(xml.find("  <sanction-type"), fact);
  test::WriteFile(*at, xml);
  std::vector<Diagnostic> diagnostics;
  const Status s = LoadCorpus(dir.path(), corpus, &diagnostics);
  for (const Diagnostic& d : diagnostics) lines->push_back(d.ToString());
  return s;
}

}  // namespace

// Unit and bounds as written; touching ends allowed when one of them is excluded,
// millimetres and centimetres compared.
TEST_CASE("values may declare the range of a measured length", "[schema]") {
  test::TempDir dir;
  Corpus corpus;
  std::string path;
  std::vector<std::string> lines;
  REQUIRE(LoadWithFact(dir,
                       R"(  <fact name="distanza" ask="A che distanza?">
    <value id="sotto" label="meno di 5 cm" unit="cm" less-than="5"/>
    <value id="medio" label="da 5 a 10 cm" unit="mm" at-least="50" at-most="100"/>
    <value id="oltre" label="oltre 10 cm" unit="cm" more-than="10"/>
    <value id="ferma" label="non si muove"/>
  </fact>
)",
                       &corpus, &path, &lines)
              .ok());
  CHECK(lines.empty());
  const Fact* f = corpus.FindVocabulary("demo")->FindFact("distanza");
  REQUIRE(f != nullptr);
  REQUIRE(f->values.size() == 4);
  const MeasureRange& below = f->Value("sotto")->range;
  CHECK(below.unit == "cm");
  CHECK_FALSE(below.has_low);
  CHECK((below.has_high && below.high == 5 && !below.high_inclusive));
  CHECK(below.Holds(4.9));
  CHECK_FALSE(below.Holds(5));
  const MeasureRange& mid = f->Value("medio")->range;
  CHECK(mid.unit == "mm");
  CHECK((mid.has_low && mid.low == 50 && mid.low_inclusive));
  CHECK((mid.has_high && mid.high == 100 && mid.high_inclusive));
  CHECK(mid.Holds(50));
  CHECK(mid.Holds(100));
  CHECK_FALSE(mid.Holds(100.5));
  const MeasureRange& above = f->Value("oltre")->range;
  CHECK((above.has_low && above.low == 10 && !above.low_inclusive && !above.has_high));
  CHECK_FALSE(above.Holds(10));
  CHECK(above.Holds(1000));
  CHECK(f->Value("ferma")->range.empty());
  CHECK_FALSE(f->Value("ferma")->range.Holds(1));
  CHECK(MillimetresPerUnit("cm") == 10);
  CHECK(MillimetresPerUnit("m") == 0);
}

TEST_CASE("a wrong range of a measured length is reported where it is declared", "[schema]") {
  test::TempDir dir;
  Corpus corpus;
  std::string path;
  std::vector<std::string> lines;
  // The fact starts on line 16 of the demo vocabulary.
  const Status s = LoadWithFact(dir,
                                R"(  <fact name="distanza" ask="A che distanza?">
    <value id="vicino" label="vicino" unit="cm" less-than="5"/>
    <value id="medio" label="medio" unit="cm" at-least="4" at-most="10"/>
    <value id="lontano" label="lontano" more-than="10"/>
    <value id="muro" label="muro" unit="mm"/>
    <value id="doppio" label="doppio" unit="cm" more-than="20" at-least="20"/>
    <value id="vuoto" label="vuoto" unit="cm" more-than="30" less-than="30"/>
    <value id="sotto" label="sotto" unit="cm" at-most="-1"/>
    <value id="oltre" label="oltre" unit="mm" more-than="100"/>
  </fact>
  <fact name="volte" type="integer" ask="Quante?">
    <value id="1" label="una" unit="cm" at-most="1"/>
  </fact>
)",
                                &corpus, &path, &lines);
  CHECK(s.code() == Status::Code::kCorpusError);
  CHECK(lines ==
        std::vector<std::string>{
            path + ":18:5: error: values 'vicino' and 'medio' of fact 'distanza' are overlapping "
                   "ranges",
            path + ":19:5: error: value 'lontano' of fact 'distanza' has bounds but no unit",
            path + ":20:5: error: value 'muro' of fact 'distanza' has a unit but no bound",
            path + ":21:5: error: value 'doppio' of fact 'distanza' has two lower bounds",
            path + ":22:5: error: value 'vuoto' of fact 'distanza' is an empty range",
            path + ":23:5: error: value 'sotto' of fact 'distanza': 'at-most' is a negative "
                   "length",
            path + ":27:5: error: value '1' of fact 'volte': the values of an integer fact are "
                   "no ranges",
        });
  // A unit the reader does not know is refused by the grammar.
  test::TempDir other;
  Corpus unread;
  lines.clear();
  CHECK(LoadWithFact(other, R"(  <fact name="metri" ask="Quanti metri?">
    <value id="molti" label="molti" unit="m" more-than="1"/>
  </fact>
)",
                     &unread, &path, &lines)
            .code() == Status::Code::kCorpusError);
  CHECK(lines == std::vector<std::string>{path + ":17:5: error: attribute 'unit' of <value> has "
                                                 "invalid value 'm' (expected one of: mm cm)"});
}

// The reserved fact `variante` (corpus/README.md §6) names variants of the game only.
TEST_CASE("the values of the fact variante are variants of the game", "[schema]") {
  {
    test::TempDir dir;
    Corpus corpus;
    std::string path;
    std::vector<std::string> lines;
    CHECK(LoadWithFact(dir,
                       R"(  <fact name="variante" ask="Quale variante?">
    <value id="avanzata" label="regola avanzata"><form>regola avanzata</form></value>
  </fact>
)",
                       &corpus, &path, &lines)
              .ok());
    CHECK(lines.empty());
  }
  test::TempDir dir;
  Corpus corpus;
  std::string path;
  std::vector<std::string> lines;
  CHECK_FALSE(LoadWithFact(dir,
                           R"(  <fact name="variante" ask="Quale variante?">
    <value id="avanzata" label="regola avanzata"/>
    <value id="lampo" label="partita lampo"/>
  </fact>
)",
                           &corpus, &path, &lines)
                  .ok());
  CHECK(lines == std::vector<std::string>{path + ":16:3: error: value 'lampo' of fact 'variante' "
                                                 "is no variant of game 'demo'"});
}

}  // namespace arbitro
