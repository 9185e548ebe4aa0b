// The per-game term counts of the index (arbitro/game_terms.h) against the documents
// themselves: for every word term of the real corpus, the count stored for each game
// is the number of that game's Xapian documents whose posting list holds the term.
#include "arbitro/game_terms.h"

#include <xapian.h>

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "test_util.h"

using namespace arbitro;

TEST_CASE("the index counts each word term's documents per game", "[index][corpus]") {
  test::TempDir dir;
  test::IndexOrFail(ARBITRO_CORPUS_DIR, dir.path());
  std::string gen;
  REQUIRE(OpenCurrentGeneration(dir.path(), &gen).ok());
  Xapian::Database db(XapianPath(gen));

  std::vector<std::string> games;
  const std::string listed = db.get_metadata(game_terms::kGameList);
  for (size_t at = 0, end; at < listed.size(); at = end + 1) {
    end = listed.find('\n', at);
    games.push_back(listed.substr(at, end - at));
  }
  REQUIRE(games ==
          std::vector<std::string>{"calciotto", "soccer-tactics", "subbuteo", "subbuteo-rugby"});
  // The game of each document, by its game term.
  std::map<Xapian::docid, unsigned> game_of;
  for (unsigned g = 0; g < games.size(); ++g) {
    const std::string game_term = prefix::kGame + games[g];
    for (auto p = db.postlist_begin(game_term); p != db.postlist_end(game_term); ++p)
      game_of[*p] = g;
  }
  REQUIRE(game_of.size() == db.get_doccount());

  size_t checked = 0;
  for (auto t = db.allterms_begin(); t != db.allterms_end(); ++t) {
    const std::string term = *t;
    if ((term[0] >= 'A' && term[0] <= 'Z') || term.size() > game_terms::kMaxTerm) continue;
    std::map<unsigned, unsigned> expected;
    for (auto p = db.postlist_begin(term); p != db.postlist_end(term); ++p) ++expected[game_of[*p]];
    std::vector<std::pair<unsigned, unsigned>> stored;
    INFO(term);
    REQUIRE(game_terms::Decode(db.get_metadata(game_terms::kGameTermKey + term), &stored));
    CHECK(stored == std::vector<std::pair<unsigned, unsigned>>(expected.begin(), expected.end()));
    ++checked;
  }
  CHECK(checked > 1000);
  std::vector<std::pair<unsigned, unsigned>> none;
  CHECK(game_terms::Decode(db.get_metadata(std::string(game_terms::kGameTermKey) + "zzzznonesiste"),
                           &none));
  CHECK(none.empty());
  CHECK_FALSE(game_terms::Decode(std::string(1, '\x80'), &none));
}
