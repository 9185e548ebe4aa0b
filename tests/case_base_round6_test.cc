// The sixth case review's findings (tests/eval/case-review/round6/), each resolved from a
// described situation on the real corpus: the book's ruling and the provision that states it,
// and what the book no longer lets fire beside it.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::AnyRulingCites;
using arbitro::test::AnyRulingHas;
using arbitro::test::Cites;
using arbitro::test::Json;
using arbitro::test::Resolve;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;

TEST_CASE("resolve gives the book's ruling on the sixth case review's findings", "[e2e]") {
  TempDir idx;
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  REQUIRE(RunArbitro({"--index", idx.path(), "index"}, real).exit_code == 0);

  {  // Subbuteo 12: the trajectory request only past a diagonal of about 45 degrees
    const Json over = Resolve(idx.path(), real, "subbuteo",
                              "l'attaccante chiede all'arbitro se esiste una traiettoria di "
                              "rientro ammissibile con una diagonale oltre i 45 gradi");
    REQUIRE(over["rulings"].size() >= 1);
    CHECK(over["rulings"][0]["sanctions"][0]["type"].string == "conferma-arbitro");
    CHECK(Cites(over["rulings"][0], "subbuteo-2.0#r12__procedura-rientro__p11"));
    const Json within = Resolve(idx.path(), real, "subbuteo",
                                "l'attaccante chiede all'arbitro se esiste una traiettoria di "
                                "rientro ammissibile con una diagonale entro i 45 gradi");
    CHECK_FALSE(AnyRulingHas(within, "conferma-arbitro"));
    CHECK_FALSE(AnyRulingCites(within, "subbuteo-2.0#r12__procedura-rientro__p11"));
  }

  {  // Subbuteo 3: near-simultaneous goals go on only when the first scorer is unknown
    const Json known = Resolve(idx.path(), real, "subbuteo",
                               "in una competizione a squadre due giocatori segnano quasi "
                               "contemporaneamente su tavoli diversi ma gli arbitri stabiliscono "
                               "chi ha segnato per primo");
    REQUIRE(known["rulings"].size() >= 1);
    CHECK(known["rulings"][0]["sanctions"][0]["type"].string == "fine-incontro");
    CHECK(Cites(known["rulings"][0], "subbuteo-2.0#r3__sudden-death__squadre__p3"));
    CHECK_FALSE(AnyRulingHas(known, "nessuna-sanzione"));
    const Json unknown = Resolve(idx.path(), real, "subbuteo",
                                 "in una competizione a squadre due giocatori segnano quasi "
                                 "contemporaneamente su tavoli diversi e gli arbitri non "
                                 "riescono a stabilire chi ha segnato per primo");
    REQUIRE(unknown["rulings"].size() >= 1);
    CHECK(unknown["rulings"][0]["sanctions"][0]["type"].string == "nessuna-sanzione");
    CHECK(Cites(unknown["rulings"][0], "subbuteo-2.0#r3__sudden-death__squadre__p3"));
  }

  {  // Subbuteo 9: the portierino brought on without the ball stays for three touches
    const Json j = Resolve(idx.path(), real, "subbuteo",
                           "il difensore, senza essere in possesso di palla, fa entrare il "
                           "portierino in modo irregolare");
    REQUIRE(j["rulings"].size() >= 1);
    const Json& ruling = j["rulings"][0];
    CHECK(ruling["sanctions"][0]["type"].string == "back");
    CHECK(ruling["sanctions"][0]["beneficiary"].string == "avversario");
    CHECK(Cites(ruling, "subbuteo-2.0#r9__applicazione__p1"));
    const std::string& decision = ruling["decision"].string;
    CHECK(decision.find("nel punto in cui è entrato irregolarmente in gioco") != std::string::npos);
    CHECK(decision.find("per tre tocchi effettuati dalla stessa miniatura attaccante") !=
          std::string::npos);
  }

  {  // Soccer Tactics 9A: on a second yellow the red, not the yellow, is placed
    // Team D's numbered pedina (6 against 1), outside and inside the penalty area, and team
    // A's (1 against 6): the red card of 9A p3, never the yellow's placement of p2 / 9B p1.
    const char* kSecondYellows[] = {
        "nel contrasto l'attacco tira 6 e la difesa tira 1 fuori dall'area: il centrocampista "
        "della difesa riceve il secondo cartellino giallo",
        "nel contrasto in area di rigore l'attacco tira 6 e la difesa tira 1: il centrocampista "
        "della difesa riceve il secondo cartellino giallo",
        "nel contrasto l'attacco tira 1 e la difesa tira 6: il centrocampista della squadra A "
        "riceve il secondo cartellino giallo",
    };
    for (const char* text : kSecondYellows) {
      INFO(text);
      const Json j = Resolve(idx.path(), real, "soccer-tactics", text);
      CHECK(AnyRulingHas(j, "cartellino-rosso"));
      CHECK(AnyRulingCites(j, "soccer-tactics-completo#r9__a__p3"));
      CHECK_FALSE(AnyRulingCites(j, "soccer-tactics-completo#r9__a__p2"));
    }
    // In the area the penalty stands, from 9B p1 itself.
    const Json area = Resolve(idx.path(), real, "soccer-tactics", kSecondYellows[1]);
    CHECK(AnyRulingHas(area, "calcio-di-rigore"));
    CHECK(AnyRulingCites(area, "soccer-tactics-completo#r9__b__p1"));
    // A first yellow is still placed in the foul section (9A p2).
    const Json first = Resolve(idx.path(), real, "soccer-tactics",
                               "nel contrasto l'attacco tira 6 e la difesa tira 1 fuori "
                               "dall'area: il centrocampista della difesa riceve il primo "
                               "cartellino giallo");
    CHECK(AnyRulingCites(first, "soccer-tactics-completo#r9__a__p2"));
  }
}
