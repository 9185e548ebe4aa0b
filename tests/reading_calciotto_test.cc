// Calciotto situations whose ruling the case base held but whose words were not read into
// the facts that case needs (or a neighbouring case won): each told in new words, with the
// sanction and the provision the book gives.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::CheckFirstRuling;

namespace {

constexpr char kGame[] = "calciotto";

// The first ruling of `text` has the sanction `type` for `beneficiary` and cites `provision`.
void CheckRuling(const char* text, const std::string& type, const std::string& beneficiary,
                 const std::string& provision) {
  CheckFirstRuling(kGame, text, type, beneficiary, "calciotto#" + provision);
}

}  // namespace

TEST_CASE("calciotto reading: a move told square by square", "[e2e]") {
  // FASE SPOSTAMENTO: horizontal and vertical steps may be mixed ('1 casella orizzontale e
  // 2 verticali'); two squares to the side are no tackle from afar.
  CheckRuling("a calciotto il mio difensore fa due caselle a sinistra e poi una casella in "
              "avanti: va bene?",
              "mossa-consentita", "", "fase-spostamento__p2");
  CheckRuling("il mio centrocampista va una casella a destra e poi due caselle in avanti, a "
              "forma di L: a calciotto si può?",
              "mossa-consentita", "", "fase-spostamento__p2");
}
