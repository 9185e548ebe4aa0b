// Rulings the rulebooks state, outside an "In caso di infrazione" or beside one, for which
// no case existed or whose case said less than the book (round 8 of the case gaps): each
// sentence is ours, each expected ruling is read from the cited provision of
// corpus/<game>/<rulebook>.xml.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::Cites;
using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ResolveBundled;

TEST_CASE("soccer tactics: rulings of the book with a case of their own (round 8)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("soccer-tactics", text); };

  SECTION("a piece stopped on an opponent's square may pass it in a later move (rule 2)") {
    const Json j = best(
        "nella mossa di prima la mia ala si è fermata sulla casella di un loro difensore: in una mossa "
        "successiva posso passarci sopra?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "punizione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p4"));
  }
  SECTION("passing through an opponent in the same move is still a minor foul (rule 2)") {
    const Json j = best("la squadra in attacco muove un attaccante che attraversa una pedina avversaria");
    CHECK(FirstRulingHas(j, "punizione"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
  }
  SECTION("attackers and midfielders may go anywhere: crossing the halfway line is no foul (rule 2)") {
    const Json j = best("il mio attaccante supera la linea del centrocampo, è fallo?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK_FALSE(FirstRulingHas(j, "punizione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p5"));
  }
  SECTION("a defender beyond the halfway line is still a minor foul (rule 2)") {
    const Json j = best("la squadra in attacco porta un suo difensore oltre la metà campo");
    CHECK(FirstRulingHas(j, "punizione"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
  }
  SECTION("the abridged rules say it too: moving through teammates is allowed (pt. 1), and the body is cited") {
    const Json j = best("il mio centrocampista si muove attraverso i miei compagni per arrivare avanti, è regolare?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-abbreviato#pt1__p3"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r2__p4"));
  }
  SECTION("the ball may pass over any number of pieces of either side (pt. 2 and rule 3)") {
    const Json j = best("la palla passa sopra tre caselle occupate da pedine avversarie e nostre: vale?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-abbreviato#pt2__p2"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r3__p5"));
  }
  SECTION("a goal in extra time ends nothing: both extra periods are played to the end (rule 11C)") {
    const Json j = best("siamo ai tempi supplementari e la squadra avversaria segna un gol: finisce subito la partita?");
    CHECK(FirstRulingHas(j, "tempi-supplementari"));
    CHECK(FirstRulingHas(j, "calcio-d-inizio", "squadra-in-difesa"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r11__c__p1"));
  }
}

TEST_CASE("calciotto: the tackle is a faculty, not a duty (round 8)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("calciotto", text); };

  SECTION("staying next to the ball carrier without tackling is no infringement") {
    const Json j = best(
        "il mio mediano resta sulla casella contigua a quella del loro attaccante col pallone ma non chiedo "
        "il contrasto, è un problema?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "calciotto#fase-azione__contrasto__p1"));
  }
  SECTION("a tackle from a diagonal square is still refused") {
    const Json j = best("chiedo il contrasto con un calciatore che sta in diagonale rispetto all'avversario col pallone");
    CHECK(FirstRulingHas(j, "mossa-non-consentita"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
  }
}

TEST_CASE("subbuteo: the players' own timing devices (Regola 3, round 8)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo", text); };

  SECTION("a player may keep his own timer, but only the referee's watch counts") {
    const Json j = best(
        "il mio avversario usa il suo cronometro sul telefono e dice che il tempo è finito, ma l'arbitro no: "
        "chi ha ragione?");
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r3__durata__p4"));
  }
  SECTION("a device that disturbs the match with its sound is not allowed") {
    const Json j = best("il timer del cellulare del mio avversario suona ogni minuto e mi distrae");
    CHECK(FirstRulingHas(j, "non-consentito"));
    CHECK_FALSE(FirstRulingHas(j, "nessuna-sanzione"));
    CHECK(Cites(j["rulings"][0], "subbuteo-2.0#r3__durata__p4"));
  }
}

TEST_CASE("subbuteo rugby: the scoring table cites with the chapter it refers to (cap. 2.1, round 8)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo-rugby", text); };

  SECTION("a successful drop: 3 points, cap. 2.1 d with cap. 7.2 f") {
    const Json j = best("il mio drop passa in mezzo ai pali sopra la traversa: quanti punti faccio?");
    CHECK(FirstRulingHas(j, "punti", "attaccante"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap2__s2.1__d"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap7__s7.2__f"));
  }
  SECTION("a try scored and declared: 5 points, cap. 2.1 a with cap. 11.1 c") {
    const Json j = best("ho segnato la meta e ho dichiarato META!: quanti punti?");
    CHECK(FirstRulingHas(j, "punti", "attaccante"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap2__s2.1__a"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap11__s11.1__c"));
  }
}

TEST_CASE("subbuteo rugby: a miniature off the field used at once stays where it is (cap. 12 b, round 8)",
          "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo-rugby", text); };

  SECTION("used with a flick for the next action: allowed, left where it went off") {
    const Json j = best(
        "un mio omino è uscito dal campo: posso usarlo per l'azione successiva colpendolo da dove si trova, "
        "senza rimetterlo in campo?");
    CHECK(FirstRulingHas(j, "consentito", "proprietario-miniatura"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap12__b"));
  }
  SECTION("otherwise the owner's choice between the two places stands") {
    const Json j = best("una miniatura esce dal campo dopo un contatto: dove si rimette?");
    CHECK(FirstRulingHas(j, "riposizionamento"));
    CHECK_FALSE(FirstRulingHas(j, "consentito"));
  }
}

TEST_CASE("subbuteo rugby: the materials fit for play (cap. 1.1, round 8)", "[e2e][corpus-e2e]") {
  auto best = [](const char* text) { return ResolveBundled("subbuteo-rugby", text); };

  SECTION("a replica ball of the same shape, weight and size is allowed (b)") {
    const Json j = best("posso usare un pallone replica identico per forma, peso e misure all'originale?");
    CHECK(FirstRulingHas(j, "consentito"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap1__s1.1__b"));
  }
  SECTION("a heavier ball is not (b)") {
    const Json j = best("giochiamo con una palla più pesante di quella originale, va bene?");
    CHECK(FirstRulingHas(j, "non-consentito"));
    CHECK_FALSE(FirstRulingHas(j, "consentito"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap1__s1.1__b"));
  }
  SECTION("only the original kicking tee: no replicas exist (d)") {
    const Json j = best("il cuneo me lo sono stampato in 3d: posso usarlo in torneo?");
    CHECK(FirstRulingHas(j, "non-consentito"));
    CHECK(Cites(j["rulings"][0], "subbuteo-rugby-4.0#cap1__s1.1__d"));
  }
}
