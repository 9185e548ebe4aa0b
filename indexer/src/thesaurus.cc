// Thesaurus links (see thesaurus.h).
#include "thesaurus.h"

#include <sys/stat.h>

#include <fstream>
#include <memory>
#include <mythes.hxx>
#include <set>
#include <string>
#include <unordered_map>

#include "phase_times.h"

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

ThesaurusLinks ThesaurusCandidates(const ThesaurusFiles& files, const Analyzer& analyzer) {
  ThesaurusLinks links;
  if (files.idx.empty()) return links;
  // The headwords, from the index file ("encoding", count, then "word|offset" lines).
  std::ifstream idx(files.idx);
  std::string line;
  std::vector<std::string> words;
  for (int n = 0; std::getline(idx, line); ++n) {
    if (n < 2) continue;
    const std::string word = line.substr(0, line.find('|'));
    if (SingleWord(word)) words.push_back(word);
  }
  // The term of a one-word synonym ("" when it is not one content word): synonyms
  // recur across headwords, each is analysed once.
  std::unordered_map<std::string, std::string> synonym_terms;
  auto synonym_term = [&](const std::string& synonym) -> const std::string& {
    auto [it, fresh] = synonym_terms.emplace(synonym, std::string());
    if (fresh) {
      const std::vector<Token> t = analyzer.Tokenize(synonym);
      if (t.size() == 1 && !t[0].stop) it->second = t[0].term;
    }
    return it->second;
  };
  MyThes thesaurus(files.idx.c_str(), files.dat.c_str());
  std::set<std::string> done;
  for (const std::string& word : words) {
    const std::vector<Token> head = analyzer.Tokenize(word);
    if (head.size() != 1 || head[0].stop) continue;
    const std::string& stem = head[0].term;
    if (!done.insert(stem).second) continue;
    mentry* meanings = nullptr;
    const int count = thesaurus.Lookup(word.c_str(), static_cast<int>(word.size()), &meanings);
    std::vector<std::string> terms;
    std::set<std::string> seen;
    for (int m = 0; m < count; ++m) {
      for (int k = 0; k < meanings[m].count; ++k) {
        const std::string synonym = meanings[m].psyns[k];
        if (!SingleWord(synonym)) continue;
        const std::string& term = synonym_term(synonym);
        if (term.empty() || term == stem) continue;
        if (seen.insert(term).second) terms.push_back(term);
      }
    }
    if (count > 0) thesaurus.CleanUpAfterLookup(&meanings, count);
    if (!terms.empty()) links.emplace_back(stem, std::move(terms));
  }
  return links;
}

size_t AddThesaurus(const ThesaurusLinks& links, const Xapian::Database& index,
                    Xapian::WritableDatabase* db) {
  PhaseTime time("thesaurus-add");
  size_t linked = 0;
  std::unordered_map<std::string, bool> indexed;  // a term recurs across headwords
  for (const auto& [stem, terms] : links) {
    size_t added = 0;
    for (const std::string& term : terms) {
      if (added == kMaxPerWord) break;
      auto [it, fresh] = indexed.emplace(term, false);
      if (fresh) it->second = index.get_termfreq(term) > 0;
      if (!it->second) continue;  // only words the rulebooks use
      db->add_synonym(prefix::kThesaurus + stem, term);
      ++added;
    }
    linked += added ? 1 : 0;
  }
  return linked;
}

}  // namespace arbitro
