// What the eighth blind trainer review (seed 3307) found stays fixed: situations are told in
// the encoders' words (scenes.xml), never composed from fact phrases; an unqualified
// "calcio di punizione" never stands beside a direct or indirect one; no decision that names
// nobody; no exception note that cites its own provision; one colon per statement.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "quiz_test_util.h"

using namespace arbitro;
using namespace arbitro::quiz_test;

TEST_CASE("what the eighth trainer review found stays fixed", "[corpus][quiz][review]") {
  const std::string& index_dir = RealIndexDir();
  std::string gen;
  REQUIRE(OpenCurrentGeneration(index_dir, &gen).ok());
  Database db;
  REQUIRE(Database::Open(SqlitePath(gen), true, &db).ok());
  std::set<std::string> tells;
  Statement st;
  REQUIRE(db.Prepare("SELECT tell FROM phrase_scenes WHERE tell != ''", &st).ok());
  while (st.Step()) tells.insert(st.Text(0));
  REQUIRE(tells.size() > 500);

  const QuizResult& r = FullRealQuiz();
  size_t cases = 0;
  for (const Question& q : r.questions) {
    INFO(q.id << ": " << q.stem);
    const bool from_case = q.kind == "situation" || (q.kind == "tf" && q.basis == "ruling") ||
                           (q.kind == "cloze" && q.id.find("/c") != std::string::npos &&
                            q.id.find("/cloze/") == std::string::npos);
    if (from_case) {
      ++cases;
      // Round 8, 20, 22 and 29: "la pedina coinvolta è un difensore", a scene composed from
      // the phrases of facts; every case question is told by a scene of scenes.xml.
      const std::string opening = "In una partita di " + q.game_title + ", ";
      REQUIRE(q.stem.rfind(opening, 0) == 0);
      bool told = false;
      for (const auto& t : tells) told = told || q.stem.compare(opening.size(), t.size(), t) == 0;
      CHECK(told);
    }
    // Round 8, 2 and 60: "calcio di punizione" and "calcio di punizione indiretto" for one
    // side are one decision as far as a trainee can tell.
    std::set<std::string> plain, qualified;
    for (const auto& a : q.answers) {
      for (const auto& s : a.sanctions) {
        if (s.type == "punizione") plain.insert(s.beneficiary);
        if (s.type == "punizione-diretta" || s.type == "punizione-indiretta")
          qualified.insert(s.beneficiary);
      }
      // Round 8, 56: "La partita è vinta" names no winner.
      CHECK(a.text != "La partita è vinta");
    }
    for (const auto& side : plain) CHECK(qualified.count(side) == 0);
    // Round 8, 16: "L'arbitro decide: nessuna infrazione: il gioco prosegue".
    const size_t decides = q.stem.find("L'arbitro decide: ");
    if (decides != std::string::npos) CHECK(q.stem.find(": ", decides + 18) == std::string::npos);
  }
  CHECK(cases > 200);
  // Round 8, 31: the advance of 4.2 d) was said to be an exception to 4.2 d) itself.
  for (const Question& q : r.questions) {
    if (q.id.rfind("subbuteo-rugby-4.0#cap4__s4.2__d/", 0) != 0) continue;
    INFO(q.id << ": " << q.feedback);
    CHECK(q.feedback.find("È un'eccezione") == std::string::npos);
  }
}
