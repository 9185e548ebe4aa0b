#include <xapian.h>

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_set>

#include "arbitro/indexer.h"

namespace arbitro {
namespace {

// Elided words that carry no meaning of their own ("nell'area" → "nell" + "area").
const char* const kElisionStopwords[] = {"l",    "d",     "dell",  "nell", "all", "dall",
                                         "sull", "un",    "c",     "s",    "m",   "t",
                                         "v",    "quell", "quest", "coll", "po",  "anch"};

// Decodes one UTF-8 code point at text[*i]; advances *i. Returns 0xFFFD for invalid input.
char32_t DecodeUtf8(std::string_view text, size_t* i) {
  unsigned char c = static_cast<unsigned char>(text[*i]);
  size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || *i + len > text.size()) {
    ++*i;
    return 0xFFFD;
  }
  char32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
  for (size_t k = 1; k < len; ++k) {
    unsigned char cc = static_cast<unsigned char>(text[*i + k]);
    if ((cc >> 6) != 0x2) {
      ++*i;
      return 0xFFFD;
    }
    cp = (cp << 6) | (cc & 0x3F);
  }
  static const char32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++*i;
    return 0xFFFD;
  }
  *i += len;
  return cp;
}

void AppendUtf8(std::string* out, char32_t cp) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

char32_t FoldCodePoint(char32_t cp) {
  if (cp >= 'A' && cp <= 'Z') return cp + 32;
  if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;
  switch (cp) {
    case 0x2018:
    case 0x2019:
    case 0x201B:
    case 0x0060:
    case 0x00B4:
    case 0x02BC:
    case 0x2032:
      return '\'';
    case 0x201C:
    case 0x201D:
    case 0x00AB:
    case 0x00BB:
    case 0x201E:
      return '"';
    default:
      return cp;
  }
}

bool IsLetter(char32_t cp) {
  return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
         (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) || cp == 0xFB01 || cp == 0xFB02;
}
bool IsDigit(char32_t cp) {
  return cp >= '0' && cp <= '9';
}

// "e'" → "è": an apostrophe that closes a word stands for the accent.
std::string AccentFinalVowel(const std::string& word) {
  if (word.empty()) return word;
  static const std::pair<char, const char*> kMap[] = {
      {'a', "à"}, {'e', "è"}, {'i', "ì"}, {'o', "ò"}, {'u', "ù"}};
  for (const auto& [plain, accented] : kMap) {
    if (word.back() == plain) return word.substr(0, word.size() - 1) + accented;
  }
  return word;
}

// One code point of the text, folded, with its byte range in the original.
struct CodePoint {
  char32_t cp;
  size_t begin, end;
};

void DecodeInto(std::string_view text, std::vector<CodePoint>* out) {
  out->clear();
  out->reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    size_t begin = i;
    char32_t cp = FoldCodePoint(DecodeUtf8(text, &i));
    out->push_back({cp, begin, i});
  }
}

std::vector<CodePoint> Decode(std::string_view text) {
  std::vector<CodePoint> out;
  DecodeInto(text, &out);
  return out;
}

}  // namespace

std::string FoldCase(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const CodePoint& c : Decode(text)) {
    if (c.cp == 0xFB01) {
      out += "fi";
    } else if (c.cp == 0xFB02) {
      out += "fl";
    } else {
      AppendUtf8(&out, c.cp);
    }
  }
  return out;
}

std::string StripAccents(std::string_view text) {
  std::string out;
  for (const CodePoint& c : Decode(text)) {
    char32_t cp = c.cp;
    if (cp >= 0xE0 && cp <= 0xE5)
      cp = 'a';
    else if (cp >= 0xE8 && cp <= 0xEB)
      cp = 'e';
    else if (cp >= 0xEC && cp <= 0xEF)
      cp = 'i';
    else if (cp >= 0xF2 && cp <= 0xF6)
      cp = 'o';
    else if (cp >= 0xF9 && cp <= 0xFC)
      cp = 'u';
    AppendUtf8(&out, cp);
  }
  return out;
}

std::string SanitizeUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    char32_t cp = DecodeUtf8(text, &i);
    bool control = cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) ||
                   (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
                   (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF || cp == 0xFFFD;
    AppendUtf8(&out, control ? U' ' : cp);
  }
  return out;
}

Analyzer::Analyzer(const Lexicon& lexicon) {
  std::vector<std::string> phrases = lexicon.phrases;
  for (const auto& group : lexicon.synonyms) {
    for (const auto& term : group) {
      if (term.find(' ') != std::string::npos || term.find('\'') != std::string::npos) {
        phrases.push_back(term);
      }
    }
  }
  Init(phrases, lexicon.protect, lexicon.stopwords);
}

Analyzer::Analyzer(std::vector<std::string> phrases, std::vector<std::string> protect,
                   std::vector<std::string> stopwords) {
  Init(phrases, protect, stopwords);
}

void Analyzer::Init(const std::vector<std::string>& phrases,
                    const std::vector<std::string>& protect,
                    const std::vector<std::string>& stopwords) {
  for (const auto& w : stopwords) stopwords_.insert(FoldCase(w));
  for (const char* w : kElisionStopwords) stopwords_.insert(w);
  for (const auto& entry : protect) {
    // "portiere portieri": the forms of one word, canonical first.
    std::vector<Token> forms = Tokenize(entry);
    if (forms.empty()) continue;
    for (const auto& f : forms) protected_[f.word] = forms.front().word;
  }
  for (const auto& phrase : phrases) {
    std::vector<Token> tokens = Tokenize(phrase);
    if (tokens.size() < 2) continue;
    std::vector<std::string> terms;
    std::string slug;
    for (const auto& t : tokens) {
      terms.push_back(t.term);
      if (!slug.empty()) slug += '_';
      slug += StripAccents(t.word);
    }
    if (std::none_of(phrases_.begin(), phrases_.end(),
                     [&](const auto& p) { return p.first == terms; })) {
      phrases_.emplace_back(std::move(terms), std::move(slug));
    }
  }
  // Longest phrases first, so "calcio di rigore" wins over "rigore"-like overlaps.
  std::stable_sort(phrases_.begin(), phrases_.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  for (size_t i = 0; i < phrases_.size(); ++i) phrases_by_first_[phrases_[i].first[0]].push_back(i);
}

std::string Analyzer::Identity() const {
  // Sorted, each field ended by a byte no word holds: the same sets give the same
  // string whatever the order of the hash tables.
  std::vector<std::string> parts;
  for (const auto& w : stopwords_) parts.push_back("s\x1f" + w);
  for (const auto& [form, canonical] : protected_) parts.push_back("p\x1f" + form + "\x1f" + canonical);
  std::sort(parts.begin(), parts.end());
  std::string out;
  for (const auto& p : parts) out += p + '\x1e';
  for (const auto& [terms, slug] : phrases_) {  // in their (significant) order
    out += "f";
    for (const auto& t : terms) out += "\x1f" + t;
    out += "\x1f" + slug + '\x1e';
  }
  return out;
}

std::string Analyzer::TermOf(const std::string& word, bool cache) const {
  auto p = protected_.find(word);
  if (p != protected_.end()) return p->second + "_";
  if (word.empty() || IsDigit(static_cast<unsigned char>(word[0])) || word.size() < 3) {
    return word;
  }
  if (cache) {
    auto cached = stem_cache_.find(word);
    if (cached != stem_cache_.end()) return cached->second;
  }
  // Snowball stemmers keep working buffers: one per thread (engines run in parallel).
  static thread_local const Xapian::Stem stemmer("italian");
  std::string stem = StripAccents(stemmer(word));
  if (cache && stem_cache_.size() < 100000) stem_cache_[word] = stem;
  return stem;
}

std::vector<Token> Analyzer::Tokenize(std::string_view text) const {
  // The decoded text, in a buffer each thread reuses (Tokenize runs for every text
  // of every document).
  thread_local std::vector<CodePoint> cps;
  DecodeInto(text, &cps);
  std::vector<Token> tokens;
  size_t i = 0;
  size_t position = 0;
  auto finish = [&](std::string word, size_t begin, size_t end) {
    // No real word is this long (OCR runs, hashes): skipped, so that no index term
    // exceeds Xapian's 245-byte limit, even with a prefix or as half of a bigram.
    constexpr size_t kMaxWordBytes = 100;
    if (word.size() > kMaxWordBytes) return;
    Token t;
    t.word = std::move(word);
    t.term = TermOf(t.word);
    t.position = ++position;
    t.begin = begin;
    t.end = end;
    t.stop = stopwords_.count(t.word) > 0;
    tokens.push_back(std::move(t));
  };
  while (i < cps.size()) {
    if (!IsLetter(cps[i].cp) && !IsDigit(cps[i].cp)) {
      ++i;
      continue;
    }
    std::string word;
    size_t begin = cps[i].begin;
    size_t end = begin;
    bool numeric = IsDigit(cps[i].cp);
    while (i < cps.size()) {
      char32_t cp = cps[i].cp;
      if (IsLetter(cp) || IsDigit(cp)) {
        if (cp == 0xFB01)
          word += "fi";
        else if (cp == 0xFB02)
          word += "fl";
        else
          AppendUtf8(&word, cp);
        end = cps[i].end;
        ++i;
      } else if (numeric && (cp == ',' || cp == '.') && i + 1 < cps.size() &&
                 IsDigit(cps[i + 1].cp)) {
        word.push_back(static_cast<char>(cp == ',' ? '.' : cp));  // 2,5 → 2.5
        ++i;
      } else {
        break;
      }
    }
    if (i < cps.size() && cps[i].cp == '\'') {
      bool letter_follows = i + 1 < cps.size() && IsLetter(cps[i + 1].cp);
      if (!letter_follows && !numeric) {
        word = AccentFinalVowel(word);  // "E'" → "è", "piu'" → "più"
        end = cps[i].end;
      }
      ++i;
    }
    finish(std::move(word), begin, end);
  }
  constexpr size_t kKeptCodePoints = 1 << 16;  // a huge text's buffer is not kept
  if (cps.capacity() > kKeptCodePoints) std::vector<CodePoint>().swap(cps);
  return tokens;
}

std::vector<PhraseMatch> Analyzer::Phrases(const std::vector<Token>& tokens) const {
  std::vector<PhraseMatch> out;
  // Every (phrase, start) whose first term is the token at start, in the phrases'
  // priority order and then from left to right: the only places a phrase can match.
  std::vector<std::pair<size_t, size_t>> candidates;
  for (size_t start = 0; start < tokens.size(); ++start) {
    auto it = phrases_by_first_.find(tokens[start].term);
    if (it == phrases_by_first_.end()) continue;
    for (size_t index : it->second) candidates.emplace_back(index, start);
  }
  if (candidates.empty()) return out;
  std::sort(candidates.begin(), candidates.end());
  std::vector<char> used(tokens.size(), 0);
  for (const auto& [index, start] : candidates) {
    const auto& [terms, slug] = phrases_[index];
    if (start + terms.size() > tokens.size()) continue;
    bool match = true;
    for (size_t k = 0; k < terms.size() && match; ++k) {
      match = !used[start + k] && tokens[start + k].term == terms[k];
    }
    if (!match) continue;
    for (size_t k = 0; k < terms.size(); ++k) used[start + k] = 1;
    out.push_back({std::string(prefix::kPhrase) + slug, slug, start, terms.size()});
  }
  std::sort(out.begin(), out.end(),
            [](const PhraseMatch& a, const PhraseMatch& b) { return a.first < b.first; });
  return out;
}

bool IsNumberWord(const std::string& word) {
  // A hash set of views: this runs for every token of every indexed text.
  static const std::unordered_set<std::string_view> kWords = {
      "uno",         "una",      "due",    "tre",    "quattro", "cinque",   "sei",
      "sette",       "otto",     "nove",   "dieci",  "undici",  "dodici",   "tredici",
      "quattordici", "quindici", "sedici", "venti",  "trenta",  "quaranta", "cinquanta",
      "sessanta",    "novanta",  "cento",  "doppio", "doppia",  "metà"};
  return (!word.empty() && word[0] >= '0' && word[0] <= '9') || kWords.count(word) > 0;
}

namespace {

bool IsArticle(const std::string& w) {
  static const std::unordered_set<std::string_view> kArticles = {"un", "uno", "una"};
  return kArticles.count(w) > 0;
}

bool IsOnly(const std::string& w) {
  static const std::unordered_set<std::string_view> kOnly = {
      "solo", "sola", "soli", "sole", "singolo", "singola", "unico", "unica"};
  return kOnly.count(w) > 0;
}

}  // namespace

std::vector<std::string> CountedTerms(const std::vector<Token>& tokens) {
  // "Una" is mostly an article: it counts only as "una sola carta".
  std::vector<std::string> out;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& word = tokens[i].word;
    if (IsArticle(word)) {
      if (i + 1 >= tokens.size() || !IsOnly(tokens[i + 1].word)) continue;
    } else if (!IsNumberWord(word)) {
      continue;
    }
    // The first content word within the next three tokens that is not itself a number.
    for (size_t j = i + 1; j < tokens.size() && j <= i + 3; ++j) {
      if (IsNumberWord(tokens[j].word) || IsOnly(tokens[j].word)) continue;
      if (tokens[j].stop) continue;
      out.push_back(tokens[j].term);
      break;
    }
  }
  return out;
}

std::string BigramTerm(const std::string& a, const std::string& b) {
  return std::string(prefix::kBigram) + a + "_" + b;
}

std::string NameTerm(const std::vector<Token>& tokens) {
  std::string name;
  for (const Token& t : tokens) {
    if (!t.stop) name += (name.empty() ? "" : "_") + t.term;
  }
  constexpr size_t kMaxName = 160;  // Xapian terms are at most 245 bytes
  return name.empty() || name.size() > kMaxName ? "" : prefix::kName + name;
}

std::string Analyzer::ExpressionTerm(std::string_view expression) const {
  std::vector<Token> tokens = Tokenize(expression);
  if (tokens.empty()) return "";
  if (tokens.size() == 1) return tokens[0].term;
  std::string slug;
  for (const auto& t : tokens) {
    if (!slug.empty()) slug += '_';
    slug += StripAccents(t.word);
  }
  return std::string(prefix::kPhrase) + slug;
}

}  // namespace arbitro
