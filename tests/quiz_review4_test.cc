// What the fourth blind trainer review (seed 5119) found stays fixed: a die face is asked
// with faces of a die only; a block that hits the goalkeeper tells that he is still.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "quiz_test_util.h"
#include "test_util.h"

using namespace arbitro;
using namespace arbitro::quiz_test;

TEST_CASE("what the fourth trainer review found stays fixed", "[corpus][quiz][review]") {
  auto engine = Open(RealIndexDir());
  QuizOptions options;
  options.count = 10000;
  const QuizResult& r = FullRealQuiz();

  // Round 4, 47: "7" and "8" offered for a die numbered 1 to 6. Which questions on a
  // parameter a run holds depends on the seed: a few seeds are enough to meet a multiple
  // choice on a die.
  std::set<std::string> offered;
  for (unsigned long long seed = 1; seed <= 12 && offered.empty(); ++seed) {
    QuizOptions o = options;
    o.seed = seed;
    QuizResult rs;
    REQUIRE(GenerateQuiz(*engine, o, &rs).ok());
    for (const Question& q : rs.questions) {
      const bool die = q.param == "dado-fallo-vincente" || q.param == "dado-fallo-colpevole" ||
                       q.param == "dado-dribbling" || q.param == "valore-pesca";
      if (!die) continue;
      INFO(q.id);
      if (q.kind == "tf") {
        CHECK(q.value >= 1);
        CHECK(q.value <= 6);
      }
      for (const auto& a : q.answers) {
        INFO(a.text);
        CHECK((a.text == "1" || a.text == "2" || a.text == "3" || a.text == "4" || a.text == "5" ||
               a.text == "6"));
        if (q.kind == "mc" && q.param == "dado-fallo-vincente") offered.insert(a.text);
      }
    }
  }
  // 6 is right and three faces of a die beside it (the encoders' near misses since
  // phrasing.xml has wrong="…"); never 7 or 8, checked above.
  CHECK(offered.count("6") == 1);
  CHECK(offered.size() == 4);

  // Round 4, 34: the goalkeeper counts among the still miniatures ("portiere compreso").
  bool still_keeper = false;
  for (const Question& q : r.questions) {
    INFO(q.id << ": " << q.stem);
    CHECK(q.stem.find("tocca il portiere e l'attaccante manca la palla") == std::string::npos);
    // One question per situation is drawn, of a kind the seeded draw picks: the situation
    // question or a true/false one on the same scene.
    if (q.id.rfind("subbuteo-2.0#r6__riepilogo-back__p5/c2/", 0) == 0) {
      still_keeper = true;
      // Told since by the encoders' scene (scenes.xml), which names the keeper as the
      // miniature hit.
      CHECK(q.stem.find("marcamento difensivo") != std::string::npos);
      CHECK(q.stem.find("portiere") != std::string::npos);
    }
  }
  CHECK(still_keeper);

  // Round 4, 20: the return to the passer follows a touch on a teammate in regular position
  // (5.2 e), and the place that only rules out the 5 m areas is an ordinary one.
  bool passer = false;
  for (const Question& q : r.questions) {
    if (q.id != "subbuteo-rugby-4.0#cap5__s5.2__e/c2/situation") continue;
    passer = true;
    INFO(q.stem);
    // Either way 5.2 e) gives: back on the passer, or at rest between the two.
    CHECK(q.stem.find("in posizione regolare") != std::string::npos);
    CHECK(q.stem.find("la miniatura che l'ha passata") != std::string::npos);
    CHECK(q.stem.find("dall'interno dei 22 metri dell'attaccante") == std::string::npos);
  }
  CHECK(passer);

  // Round 4, 18: 10-minute halves are an option of Regola 3 ("tempi da 10 minuti anzichè
  // 15"), never the wrong value of a question on the halves' length, nor 15 the wrong one
  // of the shortened halves.
  int halves = 0;
  for (const Question& q : r.questions) {
    if (q.game != "subbuteo" || (q.param != "durata-tempo" && q.param != "durata-tempo-ridotta"))
      continue;
    ++halves;
    const std::string other = q.param == "durata-tempo" ? "10" : "15";
    INFO(q.id << ": " << q.stem);
    if (q.kind == "tf" && !q.truth)
      CHECK(q.stem.find(" " + other + " minuti") == std::string::npos);
    for (const auto& a : q.answers) {
      INFO(a.text);
      CHECK(a.text.rfind(other + " ", 0) == std::string::npos);
    }
  }
  CHECK(halves > 0);

  // Round 4, 31, 42, 44 and 14: what the toss winner chooses, a ball stopped by the badly
  // fixed net (not gone out of the goal), which 4 squares the goalkeeper keeps to, and a
  // piece that takes the ball rather than "receives" it from a free square.
  const std::vector<std::string> never = {
      "il vincitore del sorteggio sceglie.",
      "la palla esce dalla porta perché la rete è mal fissata",
      "il portiere può stare e muoversi solo in 4 caselle",
      "la pedina che riceve la palla",
  };
  bool toss = false, net = false;
  for (const Question& q : r.questions) {
    INFO(q.id << ": " << q.stem);
    for (const auto& n : never) CHECK(q.stem.find(n) == std::string::npos);
    // Said in the stem of a faithful statement or in the feedback of an altered one.
    toss = toss || (q.stem + " " + q.feedback)
                           .find(
                               "il vincitore del sorteggio sceglie il calcio d'inizio o il "
                               "campo") != std::string::npos;
    net =
        net || q.stem.find("viene fermata dalla rete della porta mal fissata") != std::string::npos;
  }
  CHECK(toss);
  CHECK(net);
}
