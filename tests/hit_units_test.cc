// An engine keeps the provisions it returned as hits (core/hit_units.cc): a question
// asked again, after others that share its hits, gets the same answer, highlights
// marking its own words.
#include <catch2/catch.hpp>

#include "arbitro/query.h"
#include "test_util.h"

using namespace arbitro;

TEST_CASE("a hit read again from the engine's table has the question's highlights", "[index]") {
  test::TempDir dir;
  auto engine = test::IndexAndOpen(test::MiniCorpusDir(), dir.path());
  AskResult first, other, again;
  REQUIRE(engine->Ask("cosa succede in caso di fuorigioco?", AskOptions{}, &first).ok());
  REQUIRE(engine->Ask("quando un giocatore è in fuorigioco?", AskOptions{}, &other).ok());
  REQUIRE(engine->Ask("cosa succede in caso di fuorigioco?", AskOptions{}, &again).ok());
  REQUIRE_FALSE(first.hits.empty());
  REQUIRE(again.hits.size() == first.hits.size());
  for (size_t i = 0; i < first.hits.size(); ++i) {
    CHECK(again.hits[i].provision.id == first.hits[i].provision.id);
    CHECK(again.hits[i].provision.text == first.hits[i].provision.text);
    CHECK(again.hits[i].provision.sanctions.size() == first.hits[i].provision.sanctions.size());
    CHECK(again.hits[i].highlights == first.hits[i].highlights);
  }
  // Each question marks its own words in a shared hit.
  const ProvisionInfo& p = first.hits[0].provision;
  for (const auto& [b, e] : first.hits[0].highlights) {
    const std::string word = p.text.substr(b, e - b);
    CHECK((word == "fuorigioco" || word == "caso" || word == "succede"));
  }
  for (const AskHit& h : other.hits) {
    for (const auto& [b, e] : h.highlights) CHECK(h.provision.text.substr(b, e - b) != "caso");
  }
}
