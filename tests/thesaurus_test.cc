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
