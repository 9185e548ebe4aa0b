// Subbuteo Table Rugby situations whose ruling the case base held but whose words were not read
// into the facts that case needs (or a neighbouring case won): each told in new words, with the
// sanction and the provision the book gives.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ResolveBundled;

namespace {

constexpr char kGame[] = "subbuteo-rugby";
const arbitro::test::RulingChecker CheckRuling{kGame, "subbuteo-rugby-4.0"};

}  // namespace

TEST_CASE("subbuteo-rugby reading: eight pieces on one line while placing by hand",
          "[e2e][corpus-e2e]") {
  // cap. 10.2 g: 'più di sette miniature sulla stessa linea' during the placing by hand is
  // SCHIERAMENTO IRREGOLARE, a penalty to the opponent; it wins over the placing of 7.1 m.
  CheckRuling(
      "Ripresa dai miei 22: riposiziono gli omini e ne metto 8 omini sulla stessa linea, "
      "quasi attaccati.",
      "punizione", "avversario", "cap10__s10.2__g");
}

TEST_CASE("subbuteo-rugby reading: nine pieces in one quarter at the kick-off",
          "[e2e][corpus-e2e]") {
  // cap. 3 b: more than eight per quarter for the receiver: calcio di spostamento to the attack.
  CheckRuling(
      "Tocca a me ricevere il calcio d'inizio e ho sistemato nove omini nello stesso "
      "quarto di campo.",
      "calcio-di-spostamento", "attaccante", "cap3__b");
}

TEST_CASE("subbuteo-rugby reading: scrummer rear exit on the opponent's side",
          "[e2e][corpus-e2e]") {
  // cap. 13.2 f: the player who did not put the ball in gets the possession.
  CheckRuling(
      "Mischia con lo scrummer: l'ovale che ho introdotto esce da dietro, dal lato del "
      "mio avversario.",
      "possesso", "avversario", "cap13__s13.2__f");
}

TEST_CASE("subbuteo-rugby reading: the ball hits a lying piece during an advance",
          "[e2e][corpus-e2e]") {
  // cap. 10.2 h / 12 d: TENUTO A TERRA, penalty to the opponent; over the advance (4.2).
  CheckRuling("Avanzo col mio centro e la palla sbatte su un loro omino sdraiato sul campo.",
              "punizione", "avversario", "cap10__s10.2__h");
}

TEST_CASE("subbuteo-rugby reading: obstruction while the try is being scored",
          "[e2e][corpus-e2e]") {
  // cap. 11.1 d: OSTRUZIONE by the defender in his in-goal: meta tecnica to the attack.
  CheckRuling(
      "Nella sua area di meta sto per schiacciare e lui butta in mezzo un suo omino con "
      "la mossa difensiva.",
      "meta-tecnica", "attaccante", "cap11__s11.1__d");
  // The defensive move that hits the moving attacker there: the same meta tecnica (the
  // ruling of cap. 6 d's reading, which names 11.1 d in its decision).
  const Json j = ResolveBundled(kGame,
                                "Sto per segnare nella sua area di meta e con la mossa difensiva "
                                "lui colpisce il mio omino ancora in movimento.");
  REQUIRE(j["rulings"].size() >= 1);
  CHECK(FirstRulingHas(j, "meta-tecnica", "attaccante"));
}

TEST_CASE("subbuteo-rugby reading: recalled offside pieces still in the way", "[e2e][corpus-e2e]") {
  // cap. 10.1 d: the defender loses his first defensive move.
  CheckRuling(
      "Gli ho chiesto di far rientrare i suoi omini in fuorigioco, li ha colpiti ma "
      "continuano a ostacolarmi.",
      "perdita-mossa-difensiva", "colpevole", "cap10__s10.1__d");
}

TEST_CASE("subbuteo-rugby reading: annullo after the kick-off", "[e2e][corpus-e2e]") {
  // cap. 3.3 c: a successful annullo after the kick-off restarts with a scrum at midfield for
  // the defence, not with the 22-metre kick of 11.3 c.
  CheckRuling(
      "Dopo il calcio d'inizio dell'avversario la palla entra nella mia area di meta: "
      "ottengo il possesso con un omino e dichiaro ANNULLO!",
      "mischia", "difensore", "cap3__s3.3__c");
}

TEST_CASE("subbuteo-rugby reading: a defensive recall that stops inside 5 cm",
          "[e2e][corpus-e2e]") {
  // cap. 10.1 e (and 6 e): FUORIGIOCO, penalty to the attack.
  CheckRuling(
      "Col colpo difensivo faccio rientrare dal fuorigioco un mio omino, che però si "
      "ferma a 2 cm dalla palla.",
      "punizione", "attaccante", "cap10__s10.1__e");
}

TEST_CASE("subbuteo-rugby reading: refusing the agreed kicker", "[e2e][corpus-e2e]") {
  // cap. 13 a: the match is lost 20-0.
  CheckRuling(
      "Avevamo scelto di giocare col kicker, ma adesso il mio avversario non lo vuole "
      "più usare.",
      "sconfitta-a-tavolino", "colpevole", "cap13__a");
}

TEST_CASE("subbuteo-rugby reading: possession attempt with an offside piece", "[e2e][corpus-e2e]") {
  // cap. 10.1 b: an attacking piece in an irregular position touches the ball: penalty to the
  // defence.
  CheckRuling("Tento il possesso con un omino in fuorigioco, oltre la palla, e tocco l'ovale.",
              "punizione", "difensore", "cap10__s10.1__b");
}

TEST_CASE("subbuteo-rugby reading: a throw through the whole corridor", "[e2e][corpus-e2e]") {
  // cap. 8.2 e6: a new touche to the opponent from the same point.
  CheckRuling(
      "In touche la palla attraversa tutto il corridoio senza toccare alcun saltatore "
      "ed esce dal campo.",
      "touche", "avversario", "cap8__s8.2__e6");
}

TEST_CASE("subbuteo-rugby reading: a tackle told as 'no sfondamento' forms a ruck",
          "[e2e][corpus-e2e]") {
  // cap. 6.1 c2: ball, then one defender, ball within 5 cm: ruck, the attack keeps possession.
  CheckRuling(
      "Avanzo, tocco la palla e poi un solo omino avversario, niente sfondamento; la "
      "palla si ferma a 2 cm dal mio omino.",
      "possesso", "attaccante", "cap6__s6.1__c2");
}

TEST_CASE("subbuteo-rugby reading: the defending scrum-half past the pack", "[e2e][corpus-e2e]") {
  // cap. 10.1 f: FUORIGIOCO of the defending scrum-half, penalty to the attack.
  CheckRuling(
      "Ha vinto lui la mischia e il mio mediano, col tocco di pressione, finisce oltre "
      "gli ultimi omini del suo pacchetto.",
      "punizione", "attaccante", "cap10__s10.1__f");
}

TEST_CASE("subbuteo-rugby reading: the attacker does not wait for the defence",
          "[e2e][corpus-e2e]") {
  // cap. 6 b: 'l'attaccante non è tenuto ad attendere le mosse difensive'.
  CheckRuling(
      "Posso colpire di nuovo il portatore senza aspettare che l'altro faccia la sua "
      "mossa difensiva?",
      "consentito", "attaccante", "cap6__b");
}

TEST_CASE("subbuteo-rugby reading: ball against both pieces at the end of an advance",
          "[e2e][corpus-e2e]") {
  // cap. 4.2 g: the defence gets the possession.
  CheckRuling(
      "Fine dell'avanzata, tutto fermo: il mio omino tocca la palla, che è appoggiata a "
      "un loro difensore.",
      "possesso", "difensore", "cap4__s4.2__g");
}

TEST_CASE("subbuteo-rugby reading: the next flick does not reach the ball", "[e2e][corpus-e2e]") {
  // cap. 4.2 d: the ball more than 5 cm forward is kept only if touched again; otherwise the
  // possession attempt passes to the defender.
  CheckRuling(
      "Avanzo e la palla mi scappa 10 cm in avanti; al colpo successivo il mio omino "
      "non ci arriva.",
      "tentativo-di-possesso", "difensore", "cap4__s4.2__d");
}

TEST_CASE("subbuteo-rugby reading: a try not yet declared", "[e2e][corpus-e2e]") {
  // cap. 11.1 c: before declaring META! the attacker may keep advancing in the in-goal.
  CheckRuling(
      "L'ovale è già oltre la loro linea di meta e potrei dichiarare meta: posso "
      "spingerla ancora più in centro?",
      "consentito", "attaccante", "cap11__s11.1__c");
}

TEST_CASE("subbuteo-rugby reading: the defender's flick on a moving ball", "[e2e][corpus-e2e]") {
  // cap. 10.2 d: the defence hits the ball in motion: PLACCAGGIO IRREGOLARE, penalty to the attack.
  CheckRuling(
      "Io difendo: mentre la sua palla rotola ancora, il mio colpo difensivo la prende in "
      "pieno.",
      "punizione", "attaccante", "cap10__s10.2__d");
}

TEST_CASE("subbuteo-rugby reading: a drop off the bar onto an own onside piece",
          "[e2e][corpus-e2e]") {
  // cap. 7.2 h: the possession attempt goes to the attacker when the ball touches his piece
  // in a regular position.
  CheckRuling(
      "Il mio drop colpisce la traversa, ricade in campo e tocca un mio compagno che stava "
      "in posizione regolare.",
      "tentativo-di-possesso", "attaccante", "cap7__s7.2__h");
}

TEST_CASE("subbuteo-rugby reading: a volley pass back on the passer", "[e2e][corpus-e2e]") {
  // cap. 5.2 e: PASSAGGIO IN AVANTI, scrum to the defender (not 5.2 f's possession).
  CheckRuling(
      "Passaggio al volo: l'ovale tocca un mio omino regolare e poi torna sull'omino che "
      "aveva passato.",
      "mischia", "difensore", "cap5__s5.2__e");
}

TEST_CASE("subbuteo-rugby reading: playing on after an infringement", "[e2e][corpus-e2e]") {
  // cap. 10.3: the side wronged may play the advantage instead of the sanction.
  CheckRuling(
      "L'avversario commette un'infrazione, ma io preferisco continuare e provare a "
      "prendere la palla.",
      "vantaggio", "avversario", "cap10__s10.3__p1");
}

TEST_CASE("subbuteo-rugby reading: the ball on an own piece ahead of it", "[e2e][corpus-e2e]") {
  // cap. 7.1 h: after a kick the ball touches an attacking piece offside at the kick and stops
  // within 5 cm of it: FUORIGIOCO, penalty to the defence.
  CheckRuling(
      "Calcio di spostamento: l'ovale colpisce un mio omino che stava oltre la palla al "
      "momento del calcio e si ferma a 3 cm da lui.",
      "punizione", "difensore", "cap7__s7.1__h");
  // cap. 4.1 d: in a possession attempt the ball touches an attacking piece nearer the
  // opposing goal line than the ball: PASSAGGIO IN AVANTI, scrum to the defence.
  CheckRuling(
      "Tento il possesso e la palla sbatte su un mio omino che stava più avanti della "
      "palla, verso la meta avversaria.",
      "mischia", "difensore", "cap4__s4.1__d");
}
