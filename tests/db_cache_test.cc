// The small databases kept between builds (indexer/src/db_cache.h): a database taken
// from the cache holds exactly what writing its operations holds, and an entry is used
// only for the same operations; a re-index of the real corpus, served from the caches,
// holds the same synonyms, spellings and metadata as the first build.
#include "db_cache.h"

#include <xapian.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "arbitro/indexer.h"
#include "test_util.h"

using namespace arbitro;

namespace {

// Everything a small database holds: its synonyms, spellings and metadata, as lines.
std::vector<std::string> Contents(const Xapian::Database& db) {
  std::vector<std::string> out;
  for (auto k = db.synonym_keys_begin(); k != db.synonym_keys_end(); ++k) {
    for (auto s = db.synonyms_begin(*k); s != db.synonyms_end(*k); ++s) out.push_back("syn " + *k + " " + *s);
  }
  for (auto w = db.spellings_begin(); w != db.spellings_end(); ++w) {
    out.push_back("spell " + *w + " " + std::to_string(w.get_termfreq()));
  }
  for (auto m = db.metadata_keys_begin(); m != db.metadata_keys_end(); ++m) {
    out.push_back("meta " + *m + " " + db.get_metadata(*m));
  }
  return out;
}

DbOps SomeOps(const std::string& extra = "") {
  DbOps ops;
  ops.Synonym("palla", "sfera");
  ops.Synonym("palla", "pallone");
  ops.Synonym("urto", "colpo");
  ops.Spelling("pallone", 3);
  ops.Spelling("rimessa", 1);
  ops.Metadata("k", "v\n1");
  if (!extra.empty()) ops.Synonym("urto", extra);
  return ops;
}

}  // namespace

TEST_CASE("a cached small database holds what its operations write", "[index][cache]") {
  test::TempDir dir;
  const std::string cache = dir.path() + "/cache";
  std::filesystem::create_directory(cache);
  const DbOps ops = SomeOps();

  WriteCachedDatabase(ops, dir.path() + "/plain", "", "db");
  const std::vector<std::string> expected = Contents(Xapian::Database(dir.path() + "/plain"));
  REQUIRE(expected.size() == 6);
  CHECK_FALSE(std::filesystem::exists(cache + "/db"));  // no cache folder, nothing kept

  WriteCachedDatabase(ops, dir.path() + "/first", cache, "db");
  REQUIRE(std::filesystem::exists(cache + "/db/key"));
  const std::string cached_uuid = Xapian::Database(cache + "/db").get_uuid();
  CHECK(Xapian::Database(dir.path() + "/first").get_uuid() == cached_uuid);

  SECTION("the same operations: the cached files, the same contents") {
    WriteCachedDatabase(ops, dir.path() + "/second", cache, "db");
    const Xapian::Database second(dir.path() + "/second");
    CHECK(second.get_uuid() == cached_uuid);  // a copy, not written anew
    CHECK(Contents(second) == expected);
  }

  SECTION("other operations: written anew, and cached in place of the old ones") {
    const DbOps other = SomeOps("spinta");
    WriteCachedDatabase(other, dir.path() + "/other", cache, "db");
    const Xapian::Database db(dir.path() + "/other");
    CHECK(db.get_uuid() != cached_uuid);
    std::vector<std::string> more = expected;
    more.insert(more.begin() + 3, "syn urto spinta");
    CHECK(Contents(db) == more);
    CHECK(Xapian::Database(cache + "/db").get_uuid() == db.get_uuid());
  }

  SECTION("an entry without its key (cut short) is not used") {
    std::filesystem::remove(cache + "/db/key");
    WriteCachedDatabase(ops, dir.path() + "/again", cache, "db");
    const Xapian::Database db(dir.path() + "/again");
    CHECK(db.get_uuid() != cached_uuid);
    CHECK(Contents(db) == expected);
  }

  SECTION("an entry whose key differs in one byte is not used") {
    std::string key;
    {
      std::ifstream in(cache + "/db/key", std::ios::binary);
      key.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    key[key.size() - 2] ^= 1;
    std::ofstream(cache + "/db/key", std::ios::binary | std::ios::trunc) << key;
    WriteCachedDatabase(ops, dir.path() + "/again", cache, "db");
    CHECK(Xapian::Database(dir.path() + "/again").get_uuid() != cached_uuid);
  }
}

TEST_CASE("a re-index served from the caches holds what the first build held",
          "[index][cache][corpus]") {
  test::TempDir dir;
  test::IndexOrFail(ARBITRO_CORPUS_DIR, dir.path());
  std::string first;
  REQUIRE(OpenCurrentGeneration(dir.path(), &first).ok());
  const std::vector<std::string> expected = Contents(Xapian::Database(XapianPath(first)));
  REQUIRE(std::filesystem::exists(dir.path() + "/cache/thesaurus-links"));
  REQUIRE(std::filesystem::exists(dir.path() + "/cache/synonyms/key"));

  test::IndexOrFail(ARBITRO_CORPUS_DIR, dir.path());
  std::string second;
  REQUIRE(OpenCurrentGeneration(dir.path(), &second).ok());
  REQUIRE(second != first);
  const Xapian::Database db(XapianPath(second));
  CHECK(Contents(db) == expected);
  CHECK(db.get_doccount() == Xapian::Database(XapianPath(first)).get_doccount());
}
