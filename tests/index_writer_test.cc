// What the index writer's shortcuts must not change: the SQLite indexes created after
// the rows are all there, and a rulebook copied under other games (its texts analysed
// once per shard and then reused) gets the same terms and frequencies as the original.
#include <xapian.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "test_util.h"

namespace arbitro {
namespace {

using test::TempDir;

// Each document's terms and within-document frequencies, but for the terms that name
// its game, document or rule.
std::map<Xapian::docid, std::map<std::string, Xapian::termcount>> DocumentTerms(
    const Xapian::Database& db) {
  std::map<Xapian::docid, std::map<std::string, Xapian::termcount>> out;
  for (auto t = db.allterms_begin(); t != db.allterms_end(); ++t) {
    const std::string term = *t;
    if (term.rfind(prefix::kGame, 0) == 0 || term.rfind(prefix::kDoc, 0) == 0 ||
        term.rfind(prefix::kRule, 0) == 0)
      continue;
    for (auto p = db.postlist_begin(term); p != db.postlist_end(term); ++p) {
      out[*p][term] = p.get_wdf();
    }
  }
  return out;
}

std::vector<Xapian::docid> DocumentsOf(const Xapian::Database& db, const std::string& doc) {
  std::vector<Xapian::docid> ids;
  const std::string term = std::string(prefix::kDoc) + doc;
  for (auto p = db.postlist_begin(term); p != db.postlist_end(term); ++p) ids.push_back(*p);
  return ids;
}

}  // namespace

TEST_CASE("index writer: every index of the schema is created, after the rows", "[index]") {
  TempDir work;
  IndexStats stats;
  test::IndexOrFail(test::MiniCorpusDir(), work / "index", &stats);
  std::set<std::string> declared;
  const std::string sql = IndexSchemaSql();
  const std::regex create_index("CREATE (UNIQUE )?INDEX (\\w+)");
  for (auto m = std::sregex_iterator(sql.begin(), sql.end(), create_index);
       m != std::sregex_iterator(); ++m) {
    declared.insert((*m)[2]);
  }
  REQUIRE(declared.size() >= 10);  // the schema declares a dozen
  Database db;
  REQUIRE(Database::Open(SqlitePath(stats.generation), /*read_only=*/true, &db).ok());
  Statement st;
  REQUIRE(db.Prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL", &st)
              .ok());
  std::set<std::string> created;
  while (st.Step()) created.insert(st.Text(0));
  CHECK(created == declared);
  Statement check;
  REQUIRE(db.Prepare("PRAGMA integrity_check", &check).ok());
  REQUIRE(check.Step());
  CHECK(check.Text(0) == "ok");
}

TEST_CASE("index writer: copies of a rulebook get the original's terms and frequencies",
          "[index]") {
  // Eight rulebooks: whatever the number of shards (at most four), one of them indexes
  // two with the same texts, the second from its analyses of the first.
  TempDir work;
  test::WriteMiniCopies(work / "corpus", 7);
  IndexStats stats;
  test::IndexOrFail(work / "corpus", work / "index", &stats);
  CHECK(stats.documents == 8);
  Xapian::Database db(XapianPath(stats.generation));
  const auto terms = DocumentTerms(db);
  const std::vector<Xapian::docid> original = DocumentsOf(db, "mini-1.0");
  REQUIRE(original.size() >= 3);
  for (Xapian::docid d : original) CHECK(terms.at(d).size() >= 5);
  for (int c = 1; c <= 7; ++c) {
    char doc[32];
    std::snprintf(doc, sizeof doc, "mini-c%03d-1.0", c);
    INFO(doc);
    const std::vector<Xapian::docid> copy = DocumentsOf(db, doc);
    REQUIRE(copy.size() == original.size());
    for (size_t i = 0; i < copy.size(); ++i) {
      CHECK(terms.at(copy[i]) == terms.at(original[i]));
      CHECK(db.get_doclength(copy[i]) == db.get_doclength(original[i]));
    }
  }
}

}  // namespace arbitro
