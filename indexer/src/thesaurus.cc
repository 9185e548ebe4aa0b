// Thesaurus links (see thesaurus.h).
#include "thesaurus.h"

#include <sys/stat.h>
#include <unistd.h>
#include <xapian.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <fstream>
#include <memory>
#include <mythes.hxx>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "db_cache.h"
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

bool SingleWord(std::string_view w) {
  return !w.empty() && w.find(' ') == std::string::npos && w.find('(') == std::string::npos;
}

// The term of `text` when analyzer.Tokenize finds it one content word, else nothing.
// A word of lower-case ASCII letters, as most of the thesaurus's, is one token of
// itself: its term is found without decoding the text into tokens, nor caching its
// stem (the caller analyses each word once).
std::optional<std::string> OneWordTerm(const Analyzer& analyzer, std::string_view text) {
  constexpr size_t kMaxWordBytes = 100;  // Tokenize skips longer words
  const bool plain = !text.empty() && text.size() <= kMaxWordBytes &&
                     std::all_of(text.begin(), text.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  if (plain) {
    std::string word(text);
    if (analyzer.IsStopword(word)) return std::nullopt;
    return analyzer.TermOf(word, /*cache=*/false);
  }
  std::vector<Token> tokens = analyzer.Tokenize(text);
  if (tokens.size() != 1 || tokens[0].stop) return std::nullopt;
  return std::move(tokens[0].term);
}

// The headwords in the index file's order ("encoding", count, then "word|offset"
// lines; the word is the whole line when it has no '|'), as std::getline splits lines.
std::vector<std::string> Headwords(std::string_view idx) {
  std::vector<std::string> words;
  size_t at = 0;
  for (int n = 0; at < idx.size(); ++n) {
    size_t end = idx.find('\n', at);
    if (end == std::string_view::npos) end = idx.size();
    const std::string_view line = idx.substr(at, end - at);
    at = end + 1;
    if (n < 2) continue;
    const std::string_view word = line.substr(0, line.find('|'));
    if (SingleWord(word)) words.emplace_back(word);
  }
  return words;
}

// For every headword (the first one of each stem) that is one content word, the terms
// of the one-word synonyms `synonyms(i, visit)` passes to visit(synonym) for words[i],
// in that order, each once, without the stem itself.
template <typename Synonyms>
ThesaurusLinks Links(const std::vector<std::string>& words, const Analyzer& analyzer,
                     Synonyms&& synonyms) {
  ThesaurusLinks links;
  // The term of each word met, headword or synonym (nothing when it is not one content
  // word): synonyms recur across headwords and most are headwords too; each word is
  // analysed once.
  std::unordered_map<std::string, std::optional<std::string>> word_terms;
  word_terms.reserve(2 * words.size());
  auto term_of = [&](std::string_view word) -> const std::optional<std::string>& {
    auto [it, fresh] = word_terms.try_emplace(std::string(word));
    if (fresh) it->second = OneWordTerm(analyzer, word);
    return it->second;
  };
  std::unordered_set<std::string> done;
  done.reserve(words.size());
  for (size_t i = 0; i < words.size(); ++i) {
    const std::optional<std::string>& head = term_of(words[i]);
    if (!head) continue;
    const std::string& stem = *head;
    if (!done.insert(stem).second) continue;
    std::vector<std::string> terms;
    synonyms(i, [&](std::string_view synonym) {
      if (!SingleWord(synonym)) return;
      const std::optional<std::string>& term = term_of(synonym);
      if (!term || term->empty() || *term == stem) return;
      if (std::find(terms.begin(), terms.end(), *term) == terms.end()) terms.push_back(*term);
    });
    if (!terms.empty()) links.emplace_back(stem, std::move(terms));
  }
  return links;
}

// ------------------------------------------------------------ the files in memory
//
// The thesaurus read from memory, with what libmythes would read (MyThes::Lookup):
// only for files on which that is plain to see, checked first: the index's entries
// "word|offset", each on a line of its own, in strictly increasing byte order (so that
// MyThes's binary search finds each headword's own entry), and every entry of the data
// file complete ("word|count" and count lines, none so long that MyThes's line buffer
// would split it, no NUL bytes or carriage returns). Any other file is read through
// libmythes itself.

// MyThes's line buffers: fgets(buffer, size) reads at most size - 1 bytes.
constexpr size_t kIdxLineBytes = MAX_WD_LEN - 1;
constexpr size_t kDatLineBytes = MAX_LN_LEN - 2;

// The line of `text` at `*at` (without its '\n'), moving *at past it; false at the
// end of the text, or when the line is longer than `max_bytes` with its '\n' or holds
// a NUL or a carriage return.
bool PlainLine(std::string_view text, size_t* at, size_t max_bytes, std::string_view* line) {
  if (*at >= text.size()) return false;
  size_t end = text.find('\n', *at);
  const size_t next = end == std::string_view::npos ? text.size() : end + 1;
  if (end == std::string_view::npos) end = text.size();
  *line = text.substr(*at, end - *at);
  if (next - *at > max_bytes || line->find('\0') != std::string_view::npos ||
      line->find('\r') != std::string_view::npos) {
    return false;
  }
  *at = next;
  return true;
}

// The offsets of the entries of `words` (Headwords of the same file) in the data file,
// in the same order; false when the index file is not plain (see above).
bool PlainOffsets(std::string_view idx, const std::vector<std::string>& words,
                  std::vector<size_t>* offsets) {
  size_t at = 0;
  std::string_view line;
  if (!PlainLine(idx, &at, kIdxLineBytes, &line)) return false;  // encoding
  if (!PlainLine(idx, &at, kIdxLineBytes, &line)) return false;  // count
  const long count = std::atol(std::string(line).c_str());
  std::string_view previous;
  size_t w = 0;
  for (long n = 0; at < idx.size(); ++n) {
    if (n >= count || !PlainLine(idx, &at, kIdxLineBytes, &line)) return false;
    const size_t bar = line.find('|');
    if (line.empty() || bar == std::string_view::npos) return false;
    const std::string_view word = line.substr(0, bar);
    if (n > 0 && !(previous < word)) return false;
    previous = word;
    if (!SingleWord(word)) continue;
    if (w >= words.size() || words[w] != word) return false;
    offsets->push_back(static_cast<size_t>(std::atol(std::string(line.substr(bar + 1)).c_str())));
    ++w;
  }
  return w == words.size();
}

// One entry of the data file in memory: its meanings' lines, each after its part of
// speech, split as MyThes splits them.
class PlainEntries {
 public:
  explicit PlainEntries(std::string_view dat) : dat_(dat) {}

  // Calls visit(synonym) for the synonyms of the entry at `offset`; false when the
  // entry is not plain (see above).
  template <typename Visit>
  bool Synonyms(size_t offset, Visit&& visit) const {
    size_t at = offset;
    std::string_view line;
    if (!PlainLine(dat_, &at, kDatLineBytes, &line)) return false;
    const size_t bar = line.find('|');
    if (bar == std::string_view::npos) return true;  // no meanings
    const int meanings = std::atoi(std::string(line.substr(bar + 1)).c_str());
    for (int m = 0; m < meanings; ++m) {
      if (!PlainLine(dat_, &at, kDatLineBytes, &line)) return false;
      // The part of speech ends at the first '|'; without one, the line is all synonyms.
      const size_t pos_end = line.find('|');
      std::string_view rest = pos_end == std::string_view::npos ? line : line.substr(pos_end + 1);
      // As MyThes: one field more than there are '|'; an empty field but the last stands
      // for the rest of the line, from it, and so do all the fields after it.
      const size_t fields = 1 + static_cast<size_t>(std::count(rest.begin(), rest.end(), '|'));
      for (size_t f = 0; f < fields; ++f) {
        const size_t end = rest.find('|');
        if (end != std::string_view::npos && end > 0) {
          visit(rest.substr(0, end));
          rest.remove_prefix(end + 1);
        } else {
          visit(rest);
        }
      }
    }
    return true;
  }

 private:
  std::string_view dat_;
};

// The links read through libmythes: the reference for the reading from memory, and
// what reads files that are not plain.
ThesaurusLinks LinksThroughMyThes(const ThesaurusFiles& files, const std::vector<std::string>& words,
                                  const Analyzer& analyzer) {
  MyThes thesaurus(files.idx.c_str(), files.dat.c_str());
  return Links(words, analyzer, [&](size_t i, auto&& visit) {
    const std::string& word = words[i];
    mentry* meanings = nullptr;
    const int count = thesaurus.Lookup(word.c_str(), static_cast<int>(word.size()), &meanings);
    for (int m = 0; m < count; ++m) {
      for (int k = 0; k < meanings[m].count; ++k) visit(std::string_view(meanings[m].psyns[k]));
    }
    if (count > 0) thesaurus.CleanUpAfterLookup(&meanings, count);
  });
}

}  // namespace

ThesaurusFiles DefaultThesaurus() {
  const std::string base = "/usr/share/mythes/th_it_IT_v2";
  if (Exists(base + ".idx") && Exists(base + ".dat")) return {base + ".idx", base + ".dat"};
  return {};
}

namespace {

// ThesaurusCandidates given the index file's text `idx` (read by the caller) and,
// when already read, the data file's text `dat` (else read here).
ThesaurusLinks CandidatesOf(const ThesaurusFiles& files, const std::string& idx, std::string dat,
                            bool dat_read, const Analyzer& analyzer, ThesaurusReader reader) {
  const std::vector<std::string> words = Headwords(idx);
  if (reader == ThesaurusReader::kMyThes) return LinksThroughMyThes(files, words, analyzer);
  // The whole data file in memory (2 MB), each entry parsed where it starts, instead
  // of libmythes's fseek, line reads and allocations for each of them.
  std::vector<size_t> offsets;
  offsets.reserve(words.size());
  if ((!dat_read && !ReadWholeFile(files.dat, &dat)) || !PlainOffsets(idx, words, &offsets)) {
    return LinksThroughMyThes(files, words, analyzer);
  }
  const PlainEntries entries(dat);
  bool plain = true;
  ThesaurusLinks links = Links(words, analyzer, [&](size_t i, auto&& visit) {
    if (plain) plain = entries.Synonyms(offsets[i], visit);
  });
  if (!plain) return LinksThroughMyThes(files, words, analyzer);
  return links;
}

// ------------------------------------------------------------ the cache of the links

constexpr const char* kCacheMagic = "arbitro thesaurus links 1";

// What the links are computed from, as the first lines of the cache file.
std::string CacheKey(const std::string& idx, const std::string& dat, const Analyzer& analyzer,
                     const std::string& code) {
  return std::string(kCacheMagic) + "\nidx " + TextIdentity(idx) + "\ndat " + TextIdentity(dat) +
         "\nanalyzer " + TextIdentity(analyzer.Identity()) + "\nxapian " +
         Xapian::version_string() + "\ncode " + code + "\n";
}

bool Storable(const std::string& s) {
  return !s.empty() && s.find_first_of("\t\n") == std::string::npos;
}

// The cache file's text: the key, then one line per headword ("stem\tterm\tterm"),
// then "end"; false when a term could not be read back as it is.
bool CacheText(const std::string& key, const ThesaurusLinks& links, std::string* out) {
  *out = key;
  for (const auto& [stem, terms] : links) {
    if (!Storable(stem) || terms.empty()) return false;
    *out += stem;
    for (const std::string& t : terms) {
      if (!Storable(t)) return false;
      *out += '\t';
      *out += t;
    }
    *out += '\n';
  }
  *out += "end\n";
  return true;
}

// The links of a cache file's text when it starts with `key` and is complete.
bool ParseCache(std::string_view text, const std::string& key, ThesaurusLinks* links) {
  if (text.substr(0, key.size()) != key) return false;
  text.remove_prefix(key.size());
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    if (nl == std::string_view::npos) return false;
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl + 1);
    if (line == "end") return text.empty();
    size_t tab = line.find('\t');
    if (tab == 0 || tab == std::string_view::npos) return false;
    auto& [stem, terms] = links->emplace_back(std::string(line.substr(0, tab)), std::vector<std::string>());
    (void)stem;
    line.remove_prefix(tab + 1);
    while (true) {
      tab = line.find('\t');
      const std::string_view term = line.substr(0, tab);
      if (term.empty()) return false;
      terms.emplace_back(term);
      if (tab == std::string_view::npos) break;
      line.remove_prefix(tab + 1);
    }
  }
  return false;  // no "end": cut short
}

// Writes `text` to `path` whole or not at all (a temporary file renamed into place).
void WriteWhole(const std::string& path, const std::string& text) {
  const std::string temp = path + ".new-" + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) {
      std::remove(temp.c_str());
      return;
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) std::remove(temp.c_str());
}

}  // namespace

ThesaurusLinks ThesaurusCandidates(const ThesaurusFiles& files, const Analyzer& analyzer,
                                   ThesaurusReader reader) {
  std::string idx;
  if (files.idx.empty() || !ReadWholeFile(files.idx, &idx)) return {};
  return CandidatesOf(files, idx, "", /*dat_read=*/false, analyzer, reader);
}

ThesaurusLinks CachedThesaurusCandidates(const ThesaurusFiles& files, const Analyzer& analyzer,
                                         const std::string& cache_path) {
  if (cache_path.empty()) return ThesaurusCandidates(files, analyzer);
  std::string idx, dat;
  if (files.idx.empty() || !ReadWholeFile(files.idx, &idx)) return {};
  const std::string code = CodeIdentity();
  if (code.empty() || !ReadWholeFile(files.dat, &dat)) return ThesaurusCandidates(files, analyzer);
  const std::string key = CacheKey(idx, dat, analyzer, code);
  std::string cached;
  if (ReadWholeFile(cache_path, &cached)) {
    ThesaurusLinks links;
    if (ParseCache(cached, key, &links)) return links;
  }
  ThesaurusLinks links = CandidatesOf(files, idx, std::move(dat), /*dat_read=*/true, analyzer,
                                      ThesaurusReader::kMemory);
  std::string text;
  if (CacheText(key, links, &text)) WriteWhole(cache_path, text);
  return links;
}

size_t AddThesaurus(const ThesaurusLinks& links,
                    const std::function<bool(const std::string&)>& indexed,
                    DbOps* db) {
  PhaseTime time("thesaurus-add");
  size_t linked = 0;
  std::unordered_map<std::string, bool> known;  // a term recurs across headwords
  for (const auto& [stem, terms] : links) {
    size_t added = 0;
    for (const std::string& term : terms) {
      if (added == kMaxPerWord) break;
      auto [it, fresh] = known.emplace(term, false);
      if (fresh) it->second = indexed(term);
      if (!it->second) continue;  // only words the rulebooks use
      db->Synonym(prefix::kThesaurus + stem, term);
      ++added;
    }
    linked += added ? 1 : 0;
  }
  return linked;
}

}  // namespace arbitro
