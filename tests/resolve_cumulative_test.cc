// Rulings that add to each other are one ruling (query/src/resolve/evaluate.cc): in
// Calciotto a shot on the goalkeeper gives the shooter no base score and the goalkeeper
// his ("solo se ... il tiro è arrivato in una casella vuota ... (non se si tira sul
// portiere)"; the goalkeeper "aggiunge il punteggio base solo se il tiro arriva sulla sua
// casella o su quella di fianco"), a decision about each side, not two contradicting ones.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ResolveBundled;

namespace {

std::set<std::string> Sanctions(const Json& ruling) {
  std::set<std::string> out;
  for (size_t i = 0; i < ruling["sanctions"].size(); ++i) {
    out.insert(ruling["sanctions"][i]["type"].string + "/" + ruling["sanctions"][i]["beneficiary"].string);
  }
  return out;
}

bool Notes(const Json& r, const std::string& words) {
  for (size_t i = 0; i < r["notes"].size(); ++i) {
    if (r["notes"][i].string.find(words) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("resolve joins the score parts of both sides into one ruling", "[e2e]") {
  const Json r = ResolveBundled("calciotto", "nel tiro in porta la palla arriva sul portiere");
  REQUIRE(r["rulings"].size() >= 1);
  // The shooter adds nothing (in the goalkeeper's favour) and the goalkeeper adds his.
  CHECK(Sanctions(r["rulings"][0]) ==
        std::set<std::string>{"nessun-bonus/difensore", "bonus-base/difensore"});
  CHECK(r["rulings"][0]["citations"].size() == 2);
  CHECK_FALSE(Notes(r, "decisioni diverse"));
  // A contrast: the ball holder in his zone adds his base score, the contrasting piece out
  // of its zone adds none (in the ball holder's favour): both parts, one ruling.
  const Json c = ResolveBundled(
      "calciotto", "contrasto: il mio attaccante è nella sua zona di competenza e il loro difensore fuori zona");
  REQUIRE(c["rulings"].size() >= 1);
  CHECK(Sanctions(c["rulings"][0]) ==
        std::set<std::string>{"bonus-base/attaccante", "nessun-bonus/attaccante"});
  // A shot that leaves the goalkeeper beaten: his base score is lost, in the shooter's favour.
  const Json far =
      ResolveBundled("calciotto", "nel tiro in porta la palla arriva nella terza casella della zona porta");
  REQUIRE(far["rulings"].size() >= 1);
  CHECK(Sanctions(far["rulings"][0]).count("nessun-bonus/attaccante") == 1);
}
