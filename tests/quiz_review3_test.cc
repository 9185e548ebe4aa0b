// What the third blind trainer review (seed 8803) found stays fixed: scenes tell one
// event, not the rule's alternatives; outcomes are not a referee's decision; parameter
// questions state every qualifier and give no number away; no combination of facts that
// no rule allows.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "quiz_test_util.h"
#include "test_util.h"

using namespace arbitro;
using namespace arbitro::quiz_test;

TEST_CASE("what the third trainer review found stays fixed", "[corpus][quiz][review]") {
  const QuizResult& r = FullRealQuiz();
  // The rule's disjunctions copied as a scene, the referee "deciding" an outcome, the meta
  // definition stem and the arithmetic giveaway: never in what a trainee reads.
  const std::vector<std::string> never = {
      "sospinge o trascina la miniatura, o la tocca due volte",
      "tocca un'altra miniatura o la palla",
      "chi ha il pallone o tira",
      "o oltre la sua linea di fondo",
      "si sposta, passa o tira",
      "L'arbitro decide: mossa",
      "L'arbitro decide: la mossa",
      "L'arbitro decide: vittoria",
      "L'arbitro decide: l'incontro finisce",
      "vince chi ha segnato:",
      "come si chiama ciò che il testo definisce così",
      "10 per 6",
      "la difesa della zona porta",
  };
  for (const Question& q : r.questions) {
    std::vector<std::string> texts = {q.stem};
    for (const auto& a : q.answers) texts.push_back(a.text);
    for (const auto& t : texts) {
      INFO(q.id << ": " << t);
      for (const auto& n : never) CHECK(t.find(n) == std::string::npos);
    }
    // An outcome is no cloze ("______ per il giocatore che ha segnato più punti").
    if (q.kind == "cloze") {
      INFO(q.id << ": " << q.stem);
      CHECK(q.stem.find("che ha segnato più") == std::string::npos);
    }
  }
  // Scenes told as one event, in words written here.
  const Question* push = nullptr;
  for (const Question& q : r.questions) {
    if (q.stem.find("sospinge la sua miniatura") != std::string::npos) push = &q;
  }
  REQUIRE(push);
  CHECK(push->stem.find("sospinge la sua miniatura invece di colpirla a punta di dito") !=
        std::string::npos);
  // The number of positional moves is per player (round 3, 10).
  for (const Question& q : r.questions) {
    if (q.kind != "numeric" || q.id.find("/movimenti-posizionali") == std::string::npos) continue;
    INFO(q.id);
    CHECK(q.stem.find("ciascun giocatore") != std::string::npos);
  }
  // A reached move limit is an outcome: "Secondo il regolamento, la mossa non è consentita."
  bool outcome = false;
  for (const Question& q : r.questions) {
    if (q.kind == "tf" &&
        q.stem.find("Secondo il regolamento, la mossa non è consentita.") != std::string::npos)
      outcome = true;
  }
  CHECK(outcome);
}
