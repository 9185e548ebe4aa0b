// What the fifth blind trainer review (seed 7421) found stays fixed: a ruling the book does
// not state (a case with basis="reading") is shown as the encoders' reading and is never a
// quiz's key; no definition is wrapped in "quale termine indica".
#include <catch2/catch.hpp>
#include <filesystem>
#include <pugixml.hpp>
#include <set>
#include <string>

#include "arbitro/query.h"
#include "json_value.h"
#include "quiz_test_util.h"
#include "test_util.h"

using namespace arbitro;
using namespace arbitro::quiz_test;
using arbitro::test::Json;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;

namespace {

// "doc#eId/case" of every case the corpus marks basis="reading", read from the XML itself.
std::set<std::string> ReadingCases() {
  std::set<std::string> keys;
  for (const auto& game : std::filesystem::directory_iterator(ARBITRO_CORPUS_DIR)) {
    if (!game.is_directory()) continue;
    for (const auto& file : std::filesystem::directory_iterator(game.path())) {
      if (file.path().extension() != ".xml") continue;
      pugi::xml_document doc;
      REQUIRE(doc.load_file(file.path().c_str()));
      const pugi::xml_node root = doc.child("rulebook");
      if (!root) continue;
      for (const pugi::xpath_node& n : root.select_nodes("//case[@basis='reading']")) {
        keys.insert(std::string(root.attribute("doc").value()) + "#" +
                    n.node().parent().attribute("eId").value() + "/" +
                    n.node().attribute("id").value());
      }
    }
  }
  return keys;
}

}  // namespace

TEST_CASE("what the fifth trainer review found stays fixed", "[corpus][quiz][review]") {
  const std::set<std::string> readings = ReadingCases();
  CHECK(readings.size() >= 20);
  CHECK(readings.count("calciotto#schieramento__p4/c3"));  // round 5, 40: the tied opening roll
  CHECK(readings.count("subbuteo-rugby-4.0#cap3__s3.4__p1/c7"));  // round 5, 8
  const QuizResult& r = FullRealQuiz();
  REQUIRE(r.questions.size() > 300);
  for (const Question& q : r.questions) {
    INFO(q.id << ": " << q.stem);
    for (const std::string& key : readings) CHECK(q.id.rfind(key + "/", 0) != 0);
    // Round 5, 31 and 48: a rule sentence quoted as a definition to name.
    CHECK(q.stem.find("quale termine indica") == std::string::npos);
    CHECK(q.stem.find("[1/6]") == std::string::npos);
  }
}

TEST_CASE("resolve says when a ruling is the encoders' reading", "[e2e]") {
  TempDir idx;
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  REQUIRE(RunArbitro({"--index", idx.path(), "index"}, real).exit_code == 0);
  auto resolve = [&](const char* roll, bool json) {
    std::vector<std::string> args{"--index",
                                  idx.path(),
                                  "resolve",
                                  "--game",
                                  "calciotto",
                                  "--fact",
                                  "fase=schieramento",
                                  "--fact",
                                  std::string("dadi-possesso=") + roll};
    if (json) args.push_back("--json");
    auto run = RunArbitro(args, real);
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    return run.out;
  };
  // The book says nothing of a tied opening roll: the re-roll is a reading.
  const Json tie = Json::Parse(resolve("parita", true));
  REQUIRE(tie["rulings"].size() >= 1);
  CHECK(tie["rulings"][0]["case"].string == "calciotto#schieramento__p4/c3");
  CHECK(tie["rulings"][0]["reading"].boolean);
  CHECK(resolve("parita", false).find("Il regolamento non lo dice espressamente") !=
        std::string::npos);
  // "vince il punteggio più alto" is the book's.
  const Json higher = Json::Parse(resolve("maggiore", true));
  REQUIRE(higher["rulings"].size() >= 1);
  CHECK(higher["rulings"][0]["case"].string == "calciotto#schieramento__p4/c1");
  CHECK(higher["rulings"][0]["reading"].type == Json::Type::kBool);
  CHECK_FALSE(higher["rulings"][0]["reading"].boolean);
  CHECK(resolve("maggiore", false).find("Il regolamento non lo dice espressamente") ==
        std::string::npos);
}
