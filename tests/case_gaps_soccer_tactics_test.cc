// Soccer Tactics rulings the rulebook states with no case until the case base gained one
// (corpus/soccer-tactics): the 60-second limit of a move (r11__a__p1, sanctioned through
// r11__a__p3 and rule 9C), the star squares counting normally for every move (r5__b__p2),
// the same piece moved more than once when placing for a corner (r8__p5).
// Expected values come from the rulebook; the sentences are our own.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::Cites;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

namespace {

Json Soccer(const char* text) { return ResolveBundled("soccer-tactics", text); }

// "type/beneficiary" of every sanction of the first ruling.
Values Sanctions(const Json& j) {
  Values out;
  if (j["rulings"].size() == 0) return out;
  const Json& s = j["rulings"][0]["sanctions"];
  for (size_t i = 0; i < s.size(); ++i) out.push_back(s[i]["type"].string + "/" + s[i]["beneficiary"].string);
  return out;
}

}  // namespace

TEST_CASE("soccer-tactics: rulings of provisions that had no case", "[e2e][corpus-e2e]") {
  SECTION("r11__a__p1: team A over the 60 seconds, a free kick for the opponent") {
    const Json j = Soccer("la squadra in attacco tira il dado e poi ci pensa troppo: passano due minuti prima che giochi la palla");
    CHECK(ReadValues(j, "infrazione") == Values{"limite-di-tempo"});
    REQUIRE(j["rulings"].size() > 0);
    CHECK(Sanctions(j) == Values{"punizione/avversario"});
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r11__a__p1"));
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r11__a__p3"));
  }
  SECTION("r11__a__p1: team D over the 60 seconds, team A chooses free kick or advantage") {
    const Json j = Soccer("la squadra in difesa tira il dado e ci mette più di un minuto a spostare un difensore");
    CHECK(ReadValues(j, "squadra") == Values{"squadra-in-difesa"});
    REQUIRE(j["rulings"].size() > 0);
    CHECK(Sanctions(j) == Values{"punizione/squadra-in-attacco", "vantaggio/squadra-in-attacco"});
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r11__a__p1"));
  }
  SECTION("r5__b__p2: a piece crosses a star square like any other") {
    const Json j = Soccer("la casella con la stella la posso attraversare con un centrocampista come le altre caselle?");
    CHECK(ReadValues(j, "uso-casella-stella") == Values{"mossa-normale"});
    REQUIRE(j["rulings"].size() > 0);
    CHECK(Sanctions(j) == Values{"nessuna-sanzione/"});
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r5__b__p2"));
  }
  SECTION("r5__b__p1 still wins on a direct pass received on the star: shoot") {
    const Json j = Soccer("un mio attaccante riceve un passaggio diretto sulla casella con la stella");
    REQUIRE(j["rulings"].size() > 0);
    CHECK(Sanctions(j) == Values{"tiro-in-porta/squadra-in-attacco"});
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r5__b__p1"));
    CHECK_FALSE(Cites(j["rulings"][0], "soccer-tactics-completo#r5__b__p2"));
  }
  SECTION("r8__p5: for a corner the same piece may take all three moves") {
    const Json j = Soccer("sul calcio d'angolo posso spostare tre volte la stessa pedina invece di tre pedine diverse?");
    CHECK(ReadValues(j, "mosse-stessa-pedina") == Values{"piu-di-una"});
    REQUIRE(j["rulings"].size() > 0);
    CHECK(Sanctions(j) == Values{"nessuna-sanzione/"});
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r8__p5"));
  }
  SECTION("r8__p5: placing for a corner with the same piece twice is still allowed") {
    const Json j = Soccer("piazziamo le pedine per il corner e io muovo due volte la stessa pedina: si può?");
    REQUIRE(j["rulings"].size() > 0);
    CHECK(Sanctions(j) == Values{"nessuna-sanzione/"});
    CHECK(Cites(j["rulings"][0], "soccer-tactics-completo#r8__p5"));
  }
}
