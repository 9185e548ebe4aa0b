// The thesaurus links of the indexer (indexer/src/thesaurus.h): the reading of the
// mythes files from memory gives what libmythes gives, on the installed Italian
// thesaurus and on small files written here, including the cases where libmythes
// reads a line in its own way.
#include "thesaurus.h"

#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "arbitro/indexer.h"
#include "test_util.h"

using namespace arbitro;

namespace {

// An analyser with no lexicon: plain Snowball stems.
Analyzer PlainAnalyzer() { return Analyzer({}, {}, {"di", "il"}); }

// Writes a thesaurus of `entries` (headword, meaning lines) into `dir`: the data
// file and its index, whose headwords are listed in the given order (the caller sorts
// them, or not).
ThesaurusFiles WriteThesaurus(const std::string& dir,
                              const std::vector<std::pair<std::string, std::vector<std::string>>>& entries) {
  std::string dat = "UTF-8\n";
  std::string idx = "UTF-8\n" + std::to_string(entries.size()) + "\n";
  for (const auto& [word, meanings] : entries) {
    idx += word + "|" + std::to_string(dat.size()) + "\n";
    dat += word + "|" + std::to_string(meanings.size()) + "\n";
    for (const std::string& m : meanings) dat += m + "\n";
  }
  const ThesaurusFiles files{dir + "/th.idx", dir + "/th.dat"};
  std::ofstream(files.idx, std::ios::binary) << idx;
  std::ofstream(files.dat, std::ios::binary) << dat;
  return files;
}

}  // namespace

TEST_CASE("the installed thesaurus read from memory links what libmythes links",
          "[index][thesaurus]") {
  const ThesaurusFiles files = DefaultThesaurus();
  REQUIRE_FALSE(files.idx.empty());  // mythes-it, as ask_test.cc needs too
  const Analyzer analyzer = PlainAnalyzer();
  const ThesaurusLinks memory = ThesaurusCandidates(files, analyzer, ThesaurusReader::kMemory);
  const ThesaurusLinks mythes = ThesaurusCandidates(files, analyzer, ThesaurusReader::kMyThes);
  CHECK(memory.size() > 10000);
  CHECK(memory == mythes);
  // mythes-it: "lambire|1", "(v.)|accarezzare|rasentare|scorrere lungo|sfiorare".
  const std::vector<std::string> lambire = {analyzer.TermOf("accarezzare"),
                                            analyzer.TermOf("rasentare"),
                                            analyzer.TermOf("sfiorare")};
  auto it = std::find_if(memory.begin(), memory.end(),
                         [&](const auto& l) { return l.first == analyzer.TermOf("lambire"); });
  REQUIRE(it != memory.end());
  CHECK(it->second == lambire);
}

TEST_CASE("thesaurus files are read as libmythes reads them", "[index][thesaurus]") {
  test::TempDir dir;
  const Analyzer analyzer = PlainAnalyzer();
  auto term = [&](const char* w) { return analyzer.TermOf(w); };
  auto both = [&](const ThesaurusFiles& files) {
    const ThesaurusLinks memory = ThesaurusCandidates(files, analyzer, ThesaurusReader::kMemory);
    CHECK(memory == ThesaurusCandidates(files, analyzer, ThesaurusReader::kMyThes));
    return memory;
  };

  SECTION("one-word synonyms, each term once, in order; phrases, stop words and the stem left out") {
    const ThesaurusFiles files = WriteThesaurus(
        dir.path(), {{"palla", {"(s.f.)|sfera|pallone|palle|il|palla di cuoio", "(s.f. fig.)|sfere|bugia"}},
                     {"palle", {"(s.f. pl.)|frottole"}},  // the stem of "palla": skipped
                     {"urto", {"(s.m.)|colpo|spinta"}}});
    const ThesaurusLinks expected = {
        {term("palla"), {term("sfera"), term("pallone"), term("bugia")}},
        {term("urto"), {term("colpo"), term("spinta")}}};
    CHECK(both(files) == expected);
  }

  SECTION("an empty field but the last stands for the rest of the line, as in MyThes::Lookup") {
    // libmythes splits "sfera||pallone|boccia" into "sfera", then "|pallone|boccia"
    // three times (two words: no synonym).
    const ThesaurusFiles files =
        WriteThesaurus(dir.path(), {{"palla", {"(s.f.)|sfera||pallone|boccia"}},
                                    {"urto", {"(s.m.)|colpo|"}}});
    const ThesaurusLinks expected = {{term("palla"), {term("sfera")}},
                                     {term("urto"), {term("colpo")}}};
    CHECK(both(files) == expected);
  }

  SECTION("an index out of order is read through libmythes, whose binary search misses") {
    // MyThes's search gives up on a word before the first entry or after the last one:
    // here every word ("zona" sorts after "area", "palla" before "zona").
    const ThesaurusFiles files = WriteThesaurus(
        dir.path(), {{"zona", {"(s.f.)|regione"}}, {"palla", {"(s.f.)|sfera"}}, {"area", {"(s.f.)|spazio"}}});
    CHECK(both(files).empty());
  }

  SECTION("an entry cut short by the end of the data file is read through libmythes") {
    ThesaurusFiles files = WriteThesaurus(dir.path(), {{"palla", {"(s.f.)|sfera"}}, {"urto", {"(s.m.)|colpo"}}});
    // "urto" announces two meanings and has one.
    std::ifstream in(files.dat);
    std::string dat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    dat.replace(dat.find("urto|1"), 6, "urto|2");
    std::ofstream(files.dat, std::ios::binary) << dat;
    const ThesaurusLinks links = both(files);
    REQUIRE_FALSE(links.empty());
    CHECK(links[0] == std::pair<std::string, std::vector<std::string>>{term("palla"), {term("sfera")}});
  }

  SECTION("no files, no links") {
    CHECK(ThesaurusCandidates({}, analyzer).empty());
    CHECK(ThesaurusCandidates({dir.path() + "/none.idx", dir.path() + "/none.dat"}, analyzer).empty());
  }
}

TEST_CASE("the thesaurus's links are cached, and never read back for other files or another analyser",
          "[index][thesaurus]") {
  test::TempDir dir;
  const Analyzer analyzer = PlainAnalyzer();
  auto term = [&](const char* w) { return analyzer.TermOf(w); };
  const std::string cache = dir.path() + "/links";
  ThesaurusFiles files = WriteThesaurus(dir.path(), {{"palla", {"(s.f.)|sfera|pallone"}}, {"urto", {"(s.m.)|colpo"}}});
  const ThesaurusLinks expected = ThesaurusCandidates(files, analyzer);
  REQUIRE(expected.size() == 2);

  // The first build computes and stores them; the next one reads the same back.
  CHECK(CachedThesaurusCandidates(files, analyzer, cache) == expected);
  const std::string stored = test::ReadFile(cache);
  REQUIRE_FALSE(stored.empty());
  CHECK(CachedThesaurusCandidates(files, analyzer, cache) == expected);

  // What is read back is the file's (so that a hit costs no analysis): a link edited in
  // the file under the same key comes back edited.
  std::string edited = stored;
  const std::string sfera = term("sfera");
  edited.replace(edited.find(sfera), sfera.size(), "sfer" + std::string("x"));
  std::ofstream(cache, std::ios::binary) << edited;
  CHECK(CachedThesaurusCandidates(files, analyzer, cache)[0].second[0] == "sferx");

  SECTION("a file cut short is not read: the links are computed and stored again") {
    std::ofstream(cache, std::ios::binary) << stored.substr(0, stored.size() - 4);
    CHECK(CachedThesaurusCandidates(files, analyzer, cache) == expected);
    CHECK(test::ReadFile(cache) == stored);
  }

  SECTION("another thesaurus (same size, other content) gives its own links") {
    files = WriteThesaurus(dir.path(), {{"palla", {"(s.f.)|globo|pallone"}}, {"urto", {"(s.m.)|colpo"}}});
    const ThesaurusLinks changed = ThesaurusCandidates(files, analyzer);
    REQUIRE(changed != expected);
    CHECK(CachedThesaurusCandidates(files, analyzer, cache) == changed);
    CHECK(CachedThesaurusCandidates(files, analyzer, cache) == changed);
  }

  SECTION("another analyser (one more stop word) gives its own links") {
    const Analyzer other({}, {}, {"di", "il", "colpo"});
    const ThesaurusLinks theirs = ThesaurusCandidates(files, other);
    REQUIRE(theirs != expected);
    CHECK(CachedThesaurusCandidates(files, other, cache) == theirs);
  }

  SECTION("without a cache path or files, nothing is stored") {
    CHECK(CachedThesaurusCandidates(files, analyzer, "") == expected);
    CHECK(CachedThesaurusCandidates({}, analyzer, dir.path() + "/other").empty());
    CHECK_FALSE(std::ifstream(dir.path() + "/other").good());
  }
}
