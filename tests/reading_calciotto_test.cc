// Calciotto situations whose ruling the case base held but whose words were not read into
// the facts that case needs (or a neighbouring case won): each told in new words, with the
// sanction and the provision the book gives.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

namespace {

const arbitro::test::RulingChecker CheckRuling{"calciotto", "calciotto"};

}  // namespace

TEST_CASE("calciotto reading: a move told square by square", "[e2e][corpus-e2e]") {
  // FASE SPOSTAMENTO: horizontal and vertical steps may be mixed ('1 casella orizzontale e
  // 2 verticali'); two squares to the side are no tackle from afar.
  CheckRuling(
      "a calciotto il mio difensore fa due caselle a sinistra e poi una casella in "
      "avanti: va bene?",
      "mossa-consentita", "", "fase-spostamento__p2");
  CheckRuling(
      "il mio centrocampista va una casella a destra e poi due caselle in avanti, a "
      "forma di L: a calciotto si può?",
      "mossa-consentita", "", "fase-spostamento__p2");
}

TEST_CASE("calciotto reading: four players, the partner's unused points", "[e2e][corpus-e2e]") {
  // PIU' DI 2 GIOCATORI: the movement points one player leaves unused can be used by his
  // team-mate in the same turn. Saying how many play ('siamo in quattro') means team play.
  CheckRuling(
      "Siamo in quattro: il mio compagno ha avanzato solo con 4 punti su 7, posso usare "
      "io gli altri 3 nello stesso turno?",
      "mossa-consentita", "", "piu-giocatori__p4");
}

TEST_CASE("calciotto reading: contrasto in the defender's zone of competence",
          "[e2e][corpus-e2e]") {
  // AZIONE DI CONTRASTO: each player adds the circled number only if the square of the ball
  // carrier is in his own zone of competence; here it is the contrasting defender's zone.
  CheckRuling(
      "Contrasto sulla fascia: il pallone e su una casella che e zona di competenza del "
      "suo difensore. Chi somma il numero cerchiato?",
      "bonus-base", "difensore", "fase-azione__contrasto__p2");
}

TEST_CASE("calciotto reading: a shot that ends on the goalkeeper's square", "[e2e][corpus-e2e]") {
  // AZIONE PER TIRO IN PORTA: the shooter adds his base only if the shot reached an empty square
  // of the goal zone, not if he shot on the goalkeeper.
  CheckRuling(
      "Ho calciato e il pallone finisce sulla casella del portiere: conto anche la base "
      "del mio tiratore?",
      "nessun-bonus", "difensore", "fase-azione__tiro__p2");
}
