// Thesaurus links (see thesaurus.h).
#include "thesaurus.h"

#include <sys/stat.h>

#include <fstream>
#include <memory>
#include <mythes.hxx>
#include <set>
#include <string>

namespace arbitro {
namespace {

// A headword with more synonyms in the corpus is vague ("fare", "cosa"): its first
// few meanings are enough.
constexpr size_t kMaxPerWord = 4;

bool Exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

bool SingleWord(const std::string& w) {
  return !w.empty() && w.find(' ') == std::string::npos && w.find('(') == std::string::npos;
}

}  // namespace

ThesaurusFiles DefaultThesaurus() {
  const std::string base = "/usr/share/mythes/th_it_IT_v2";
  if (Exists(base + ".idx") && Exists(base + ".dat")) return {base + ".idx", base + ".dat"};
  return {};
}

size_t AddThesaurus(const ThesaurusFiles& files, const Analyzer& analyzer,
                    Xapian::WritableDatabase* db) {
  if (files.idx.empty()) return 0;
  // The headwords, from the index file ("encoding", count, then "word|offset" lines).
  std::ifstream idx(files.idx);
  std::string line;
  std::vector<std::string> words;
  for (int n = 0; std::getline(idx, line); ++n) {
    if (n < 2) continue;
    const std::string word = line.substr(0, line.find('|'));
    if (SingleWord(word)) words.push_back(word);
  }
  MyThes thesaurus(files.idx.c_str(), files.dat.c_str());
  size_t linked = 0;
  std::set<std::string> done;
  for (const std::string& word : words) {
    const std::vector<Token> head = analyzer.Tokenize(word);
    if (head.size() != 1 || head[0].stop) continue;
    const std::string& stem = head[0].term;
    if (!done.insert(stem).second) continue;
    mentry* meanings = nullptr;
    const int count = thesaurus.Lookup(word.c_str(), static_cast<int>(word.size()), &meanings);
    std::set<std::string> added;
    for (int m = 0; m < count && added.size() < kMaxPerWord; ++m) {
      for (int k = 0; k < meanings[m].count && added.size() < kMaxPerWord; ++k) {
        const std::string synonym = meanings[m].psyns[k];
        if (!SingleWord(synonym)) continue;
        const std::vector<Token> t = analyzer.Tokenize(synonym);
        if (t.size() != 1 || t[0].stop || t[0].term == stem) continue;
        if (db->get_termfreq(t[0].term) == 0) continue;  // only words the rulebooks use
        if (added.insert(t[0].term).second) db->add_synonym(prefix::kThesaurus + stem, t[0].term);
      }
    }
    if (count > 0) thesaurus.CleanUpAfterLookup(&meanings, count);
    linked += added.empty() ? 0 : 1;
  }
  return linked;
}

}  // namespace arbitro
