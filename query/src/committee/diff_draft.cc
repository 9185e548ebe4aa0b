// DiffDraft: an encoded rulebook against a draft revision that exists only as text.
//
// The draft is never segmented on its own terms (a PDF extraction may be one line, or
// reflowed, with headers and captions inside sentences). Instead every unit of the
// encoded document is aligned into the draft's word stream:
// 1. Words: the draft is folded (lower case, no accents, letters and digits) into one
//    stream of words with their line numbers; words broken by a hyphen at a line end
//    are joined; page numbers alone on a line are dropped.
// 2. Units: each unit's words are its text as the source prints it (OCR sic forms, so a
//    source repaired in the corpus aligns exactly), furniture excluded.
// 3. Alignment: candidate places come from the unit's word trigrams found in the draft;
//    each is scored by the longest common subsequence of words in a window; the best
//    place over kAligned is taken, units in order of confidence, spans never shared.
// 4. Report: a unit aligned with all its words is unchanged; else reworded (with the
//    redline), renumbered (its printed number changed), moved (out of the document's
//    order); not aligned: removed. Draft words no unit covers, apart from furniture
//    (page numbers, lines repeated as headers, the encoded document's own furniture
//    and table of contents), are insertions. Parameters are re-read where the draft
//    keeps the words around their number; a sanction whose wording left the provision
//    is a sanction change. Checks on the draft: references to rules that no longer
//    exist, values that another document of the game still states, duplicated text.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "committee/diff_internal.h"

namespace arbitro {
namespace {

using diff_detail::ParamValue;
using diff_detail::Redline;

constexpr double kAligned = 0.5;     // share of a unit's words found in order at one place
constexpr size_t kMinInsertion = 4;  // uncovered words that make an insertion
constexpr size_t kWindowSlack = 8;   // extra draft words a window may hold around a unit
constexpr int kCandidates = 4;       // places tried per unit
constexpr size_t kMinDuplicate = 10;  // words of a paragraph found twice
constexpr double kTie = 0.05;         // places this close in score are equally good

struct Word {
  std::string folded;    // lower case, no accents, letters and digits only
  std::string original;  // as printed
  int line = 0;          // 1-based line of the draft
};

std::string FoldWord(const std::string& w) {
  std::string out;
  for (char c : StripAccents(FoldCase(w))) {
    const unsigned char u = static_cast<unsigned char>(c);
    if ((u >= 'a' && u <= 'z') || (u >= '0' && u <= '9')) out.push_back(static_cast<char>(u));
  }
  return out;
}

// Splits text into words; `line` numbers them when given.
std::vector<Word> Split(const std::string& text, int line = 0) {
  std::vector<Word> out;
  std::string cur;
  auto flush = [&] {
    if (cur.empty()) return;
    // Punctuation attached to words ("rigore," "(vedi") is not a word of its own; a
    // word made of punctuation only is dropped.
    std::string f = FoldWord(cur);
    if (!f.empty()) out.push_back({f, cur, line});
    cur.clear();
  };
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\'' ||
        c == '/') {
      flush();
    } else {
      cur.push_back(c);
    }
    // Typographic apostrophe (U+2019, E2 80 99) separates words like "'".
    if (cur.size() >= 3 && cur.compare(cur.size() - 3, 3, "\xE2\x80\x99") == 0) {
      cur.resize(cur.size() - 3);
      flush();
    }
  }
  flush();
  return out;
}

bool IsNumber(const std::string& folded) {
  return !folded.empty() && std::all_of(folded.begin(), folded.end(),
                                        [](char c) { return c >= '0' && c <= '9'; });
}

// The draft's words, line by line: hyphenated line ends joined, lone page numbers and
// lines repeated as running headers (3 times or more, short) dropped.
std::vector<Word> DraftWords(const std::string& raw, std::set<int>* furniture_lines) {
  // Formatting marks of an export (underline, bold) are not words.
  std::string text;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw.compare(i, 3, "<u>") == 0) { i += 2; continue; }
    if (raw.compare(i, 4, "</u>") == 0) { i += 3; continue; }
    if (raw.compare(i, 2, "**") == 0) { ++i; continue; }
    text.push_back(raw[i]);
  }
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  // Running headers and footers: the first and last line of a page (pages end at form
  // feeds, as pdftotext writes them) when the same words open or close 3 pages or more.
  // A text with no page breaks has none we can tell from its own lines.
  auto key_of = [](const std::string& line) {
    std::string key;
    for (const auto& x : Split(line)) key += x.folded + " ";
    return key;
  };
  std::map<std::string, int> repeats;
  std::vector<size_t> edge_lines;  // first and last non-blank line of each page
  {
    size_t page_first = SIZE_MAX, page_last = SIZE_MAX;
    auto close_page = [&] {
      if (page_first != SIZE_MAX) edge_lines.push_back(page_first);
      if (page_last != SIZE_MAX && page_last != page_first) edge_lines.push_back(page_last);
      page_first = page_last = SIZE_MAX;
    };
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].find('\f') != std::string::npos) close_page();
      if (key_of(lines[i]).empty()) continue;
      if (page_first == SIZE_MAX) page_first = i;
      page_last = i;
    }
    const bool paged = text.find('\f') != std::string::npos;
    close_page();
    if (!paged) edge_lines.clear();
  }
  for (size_t i : edge_lines) ++repeats[key_of(lines[i])];
  std::set<size_t> headers;
  for (size_t i : edge_lines) {
    const std::string key = key_of(lines[i]);
    if (repeats[key] >= 3 && Split(lines[i]).size() <= 12) headers.insert(i);
  }
  std::vector<Word> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::vector<Word> w = Split(lines[i], static_cast<int>(i + 1));
    if (w.empty()) continue;
    const bool page_number = w.size() == 1 && IsNumber(w[0].folded);
    const bool header = headers.count(i) > 0;
    if (page_number || header) {
      furniture_lines->insert(static_cast<int>(i + 1));
      continue;
    }
    // "calcio di puni-" + "zione …": the hyphen at a line end breaks one word.
    if (!out.empty()) {
      const std::string& prev = lines[i - 1];
      size_t e = prev.find_last_not_of(" \t\r");
      if (e != std::string::npos && prev[e] == '-' && e > 0 &&
          std::isalpha(static_cast<unsigned char>(prev[e - 1])) && out.back().line == int(i)) {
        out.back().folded += w[0].folded;
        out.back().original = out.back().original.substr(0, out.back().original.size() - 1) +
                              w[0].original;
        w.erase(w.begin());
      }
    }
    out.insert(out.end(), w.begin(), w.end());
  }
  return out;
}

// The unit's words as the source prints them: its segments (sic forms), furniture and
// table-of-contents entries excluded, in the XML span of the unit.
struct UnitWords {
  int unit = -1;
  std::vector<Word> num;   // its printed number ("c)", "Regola 12")
  std::vector<Word> body;  // heading and text
};

bool Before(const SourcePos& a, const SourcePos& b) {
  return a.line != b.line ? a.line < b.line : a.column < b.column;
}

std::vector<UnitWords> WordsOfUnits(const Rulebook& book, std::vector<Word>* furniture) {
  std::vector<UnitWords> out(book.units.size());
  for (size_t i = 0; i < book.units.size(); ++i) out[i].unit = static_cast<int>(i);
  // Units in XML order, each owning the segments up to the next unit's start.
  std::vector<int> order(book.units.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return Before(book.units[a].pos, book.units[b].pos); });
  for (const TextSegment& seg : book.segments) {
    std::vector<Word> words = Split(seg.text);
    if (seg.element == "fw" || seg.element == "entry" || seg.element == "title" ||
        seg.element == "edition") {
      furniture->insert(furniture->end(), words.begin(), words.end());
      continue;
    }
    // The last unit starting before the segment.
    auto it = std::upper_bound(order.begin(), order.end(), seg.pos, [&](const SourcePos& p, int u) {
      return Before(p, book.units[u].pos);
    });
    if (it == order.begin()) continue;  // front matter
    UnitWords& uw = out[*(it - 1)];
    auto& to = seg.element == "num" ? uw.num : uw.body;
    to.insert(to.end(), words.begin(), words.end());
  }
  return out;
}

// Local alignment of a unit's words (a) in a window of the draft (b), Smith-Waterman
// on words: a match scores kMatch, a gap or a substitution costs kGap. Unlike a longest
// common subsequence it does not reach for a stray "non" or "di" of the neighbouring
// paragraph to extend the match. Returns the matched pairs (index in a, index in b).
constexpr int kMatch = 2, kGap = 1;
std::vector<std::pair<size_t, size_t>> Align(const std::vector<Word>& a, const std::vector<Word>& b) {
  const size_t m = a.size(), n = b.size();
  std::vector<std::vector<int>> h(m + 1, std::vector<int>(n + 1, 0));
  int best = 0;
  size_t bi = 0, bj = 0;
  for (size_t i = 1; i <= m; ++i) {
    for (size_t j = 1; j <= n; ++j) {
      const int diag = h[i - 1][j - 1] + (a[i - 1].folded == b[j - 1].folded ? kMatch : -kGap);
      h[i][j] = std::max({0, diag, h[i - 1][j] - kGap, h[i][j - 1] - kGap});
      if (h[i][j] > best) best = h[i][j], bi = i, bj = j;
    }
  }
  std::vector<std::pair<size_t, size_t>> pairs;
  size_t i = bi, j = bj;
  while (i > 0 && j > 0 && h[i][j] > 0) {
    const bool same = a[i - 1].folded == b[j - 1].folded;
    if (h[i][j] == h[i - 1][j - 1] + (same ? kMatch : -kGap)) {
      if (same) pairs.emplace_back(i - 1, j - 1);
      --i, --j;
    } else if (h[i][j] == h[i - 1][j] - kGap) {
      --i;
    } else {
      --j;
    }
  }
  std::reverse(pairs.begin(), pairs.end());
  return pairs;
}

struct Alignment {
  int unit = -1;
  size_t first = 0, last = 0;  // draft word span, inclusive
  double score = 0;
  std::vector<std::pair<size_t, size_t>> pairs;  // (unit word, draft word)
};

std::string Joined(const std::vector<Word>& words, size_t first, size_t last) {
  std::string out;
  for (size_t k = first; k <= last && k < words.size(); ++k) {
    out += (out.empty() ? "" : " ") + words[k].original;
  }
  return out;
}

std::string JoinedAll(const std::vector<Word>& words) {
  return words.empty() ? "" : Joined(words, 0, words.size() - 1);
}

// The leading whole number of a printed word ("11.1" → "11", "12:" → "12"), or "".
std::string LeadingNumber(const std::string& original) {
  size_t n = 0;
  while (n < original.size() && std::isdigit(static_cast<unsigned char>(original[n]))) ++n;
  return original.substr(0, n);
}

// A printed numbering label: "c)", "10.2", "3.", "Regola" is not one.
bool IsLabel(const std::string& original) {
  if (original.empty()) return false;
  if (original.back() == ')' && original.size() <= 4) return true;
  return std::isdigit(static_cast<unsigned char>(original[0])) &&
         original.find_first_not_of("0123456789.:") == std::string::npos;
}

// A rule named by a reference: "Regola 12", "cap. 10", "cap.10", "capitolo 10".
struct RuleReference {
  std::string number;  // "10"
  size_t at = 0;       // its first word
  std::string printed;
};
std::vector<RuleReference> RuleReferences(const std::vector<Word>& words) {
  std::vector<RuleReference> out;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i].folded;
    const std::string& o = words[i].original;
    if (o.size() > 4 && StripAccents(FoldCase(o.substr(0, 4))) == "cap." &&
        !LeadingNumber(o.substr(4)).empty()) {
      out.push_back({LeadingNumber(o.substr(4)), i, o});
      continue;
    }
    if (i + 1 >= words.size()) break;
    const std::string number = LeadingNumber(words[i + 1].original);
    if ((w == "regola" || w == "cap" || w == "capitolo") && !number.empty())
      out.push_back({number, i, o + " " + words[i + 1].original});
  }
  return out;
}

}  // namespace

Status DiffDraft(const Rulebook& doc, const std::vector<const Rulebook*>& same_game,
                 const std::string& draft_text, const std::string& draft_name,
                 const std::vector<std::pair<std::string, std::vector<std::string>>>& sanction_forms,
                 DiffResult* result) {
  *result = DiffResult();
  result->game = doc.game;
  result->old_doc = doc.doc;
  result->new_doc = draft_name;
  result->old_title = doc.title + (doc.edition.empty() ? "" : " " + doc.edition);
  result->new_title = "bozza " + draft_name;
  result->draft = true;

  std::set<int> furniture_lines;
  std::vector<Word> draft = DraftWords(draft_text, &furniture_lines);
  if (draft.empty()) return Status::InvalidArgument("la bozza non contiene testo: " + draft_name);

  std::vector<Word> furniture;
  std::vector<UnitWords> units = WordsOfUnits(doc, &furniture);

  // Trigram index of the draft.
  std::unordered_map<std::string, std::vector<size_t>> grams;
  auto gram = [](const std::vector<Word>& w, size_t i, size_t n) {
    std::string g;
    for (size_t k = 0; k < n; ++k) g += w[i + k].folded + " ";
    return g;
  };
  for (size_t i = 0; i + 3 <= draft.size(); ++i) grams[gram(draft, i, 3)].push_back(i);

  // Every place a unit's words align at, best first.
  auto align = [&](const std::vector<Word>& words, std::vector<char>& taken) {
    std::vector<Alignment> found;
    if (words.empty()) return found;
    const size_t n = std::min<size_t>(3, words.size());
    std::map<long long, int> votes;  // candidate start → trigrams agreeing
    if (n == 3) {
      for (size_t i = 0; i + 3 <= words.size(); ++i) {
        auto it = grams.find(gram(words, i, 3));
        if (it == grams.end() || it->second.size() > 50) continue;
        for (size_t p : it->second) {
          // Words another unit (or the furniture) holds do not vote.
          if (!taken[p]) ++votes[static_cast<long long>(p) - static_cast<long long>(i)];
        }
      }
    } else {
      for (size_t p = 0; p + n <= draft.size(); ++p) {
        bool same = true;
        for (size_t k = 0; k < n && same; ++k) same = draft[p + k].folded == words[k].folded;
        if (same && !taken[p]) ++votes[static_cast<long long>(p)];
      }
    }
    std::vector<std::pair<int, long long>> ranked;
    for (const auto& [start, v] : votes) ranked.emplace_back(v, start);
    std::sort(ranked.rbegin(), ranked.rend());
    for (int c = 0; c < kCandidates && c < static_cast<int>(ranked.size()); ++c) {
      const long long s = ranked[c].second;
      const size_t from = static_cast<size_t>(std::max<long long>(0, s - long(kWindowSlack)));
      const size_t to = std::min(draft.size(), static_cast<size_t>(std::max<long long>(0, s)) +
                                                   words.size() + kWindowSlack);
      if (from >= to) continue;
      // Taken words are masked so two units never share a span.
      std::vector<Word> window(draft.begin() + from, draft.begin() + to);
      for (size_t k = 0; k < window.size(); ++k) {
        if (taken[from + k]) window[k].folded = "\x01";
      }
      auto pairs = Align(words, window);
      if (pairs.empty()) continue;
      const size_t first = from + pairs.front().second, last = from + pairs.back().second;
      const double span = static_cast<double>(last - first + 1);
      const double score = pairs.size() / std::max<double>(words.size(), span);
      Alignment a;
      a.score = score;
      a.first = first;
      a.last = last;
      for (auto [x, y] : pairs) a.pairs.emplace_back(x, from + y);
      found.push_back(std::move(a));
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const Alignment& x, const Alignment& y) { return x.score > y.score; });
    return found;
  };

  // Align the units, most distinctive (longest) first, so that a short unit cannot take
  // the place of a long one that contains its words.
  std::vector<char> taken(draft.size(), 0);
  std::vector<int> order;
  for (const UnitWords& uw : units) {
    if (!uw.body.empty()) order.push_back(uw.unit);
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return units[a].body.size() > units[b].body.size();
  });
  // Pass 1: units with one clearly best place. Pass 2, in document order: units whose
  // text stands several times (repeated paragraphs, summary rows) take the place that
  // lies between their aligned neighbours.
  std::map<int, Alignment> aligned;
  auto take = [&](int u, Alignment a) {
    a.unit = u;
    for (size_t k = a.first; k <= a.last; ++k) taken[k] = 1;
    aligned[u] = std::move(a);
  };
  std::vector<int> ambiguous;
  for (int u : order) {
    std::vector<Alignment> found = align(units[u].body, taken);
    if (found.empty() || found[0].score < kAligned) continue;
    if (found.size() > 1 && found[1].score >= found[0].score - kTie) {
      ambiguous.push_back(u);
      continue;
    }
    take(u, std::move(found[0]));
  }
  std::sort(ambiguous.begin(), ambiguous.end());
  for (int u : ambiguous) {
    std::vector<Alignment> found = align(units[u].body, taken);
    if (found.empty() || found[0].score < kAligned) continue;
    // The nearest aligned units before and after it in the document.
    size_t after = 0, before = draft.size();
    auto next = aligned.upper_bound(u);
    if (next != aligned.end()) before = next->second.first;
    if (next != aligned.begin()) after = std::prev(next)->second.last;
    size_t pick = 0;
    for (size_t k = 0; k < found.size(); ++k) {
      if (found[k].score < found[0].score - kTie) break;
      if (found[k].first >= after && found[k].last <= before) {
        pick = k;
        break;
      }
    }
    take(u, std::move(found[pick]));
  }
  // Printed numbers just before each aligned unit.
  for (auto& [u, a] : aligned) {
    const auto& num = units[u].num;
    if (num.empty()) continue;
    const size_t from = a.first >= num.size() + 2 ? a.first - num.size() - 2 : 0;
    for (size_t k = from; k < a.first; ++k) {
      if (!taken[k] && draft[k].folded == num.back().folded) {
        for (size_t j = k + 1 - std::min(k + 1, num.size()); j <= k; ++j) taken[j] = 1;
      }
    }
  }
  // The encoded document's own furniture (captions, page headers, its table of
  // contents) where it stands in the draft.
  {
    std::unordered_map<std::string, int> furniture_grams;
    for (size_t i = 0; i + 3 <= furniture.size(); ++i) ++furniture_grams[gram(furniture, i, 3)];
    for (size_t i = 0; i + 3 <= draft.size(); ++i) {
      if (furniture_grams.count(gram(draft, i, 3))) {
        for (size_t k = i; k < i + 3; ++k) {
          if (!taken[k]) taken[k] = 2;
        }
      }
    }
  }

  // Order of the aligned units in the draft against the document: the longest run in
  // the same order stays; the others moved.
  std::vector<int> doc_order;
  // Provisions and rows only: a short heading is no reliable anchor of the order.
  for (const auto& [u, a] : aligned) {
    if (doc.units[u].citable()) doc_order.push_back(u);  // ascending unit index
  }
  std::set<int> in_order;
  {
    const size_t n = doc_order.size();
    std::vector<size_t> len(n, 1), prev(n, SIZE_MAX);
    size_t best = 0;
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (aligned[doc_order[j]].first < aligned[doc_order[i]].first && len[j] + 1 > len[i]) {
          len[i] = len[j] + 1;
          prev[i] = j;
        }
      }
      if (len[i] > len[best]) best = i;
    }
    for (size_t i = n ? best : SIZE_MAX; i != SIZE_MAX; i = prev[i]) in_order.insert(doc_order[i]);
  }

  // Rule numbers of the document, for the draft's references.
  std::set<std::string> rule_numbers;
  for (const Unit& u : doc.units) {
    if (u.kind != UnitKind::kRule) continue;
    for (const Word& w : Split(u.num)) {
      if (!LeadingNumber(w.original).empty()) rule_numbers.insert(LeadingNumber(w.original));
    }
  }
  for (const Rulebook* other : same_game) {  // an abridged text cites the full rules
    if (other->doc != doc.summarises) continue;
    for (const Unit& u : other->units) {
      if (u.kind != UnitKind::kRule) continue;
      for (const Word& w : Split(u.num)) {
        if (!LeadingNumber(w.original).empty()) rule_numbers.insert(LeadingNumber(w.original));
      }
    }
  }
  for (const TocEntry& e : doc.toc) {  // a rule the body prints without its number
    const std::vector<Word> w = Split(e.text);
    for (size_t k = 0; k + 1 < w.size(); ++k) {
      if ((w[k].folded == "regola" || w[k].folded == "capitolo") &&
          !LeadingNumber(w[k + 1].original).empty())
        rule_numbers.insert(LeadingNumber(w[k + 1].original));
    }
    if (!w.empty() && !LeadingNumber(w[0].original).empty())
      rule_numbers.insert(LeadingNumber(w[0].original));
  }

  auto lines_of = [&](ProvisionChange* c, size_t first, size_t last) {
    c->new_lines = {draft[first].line, draft[last].line};
  };

  // Rules and sections keep their place; a printed number that changed is a renumbering.
  std::set<size_t> heading_labels;  // draft words that print a rule's number
  std::set<std::string> renumbered_from, renumbered_to;
  for (const auto& [u, a] : aligned) {
    const Unit& unit = doc.units[u];
    if (unit.citable() || units[u].num.empty()) continue;
    const auto& num = units[u].num;
    size_t k = a.first;
    while (k > 0 && a.first - k < num.size() + 1 && taken[k - 1] != 1) --k;
    if (k == a.first) continue;
    std::vector<Word> before(draft.begin() + k, draft.begin() + a.first);
    for (size_t j = k; j < a.first; ++j) heading_labels.insert(j);
    std::string was = LeadingNumber(num.back().original), now;
    for (const Word& w : before) {
      if (!LeadingNumber(w.original).empty()) now = LeadingNumber(w.original);
    }
    if (now.empty() || was.empty() || now == was) continue;
    for (size_t j = k; j < a.first; ++j) taken[j] = 1;
    if (unit.kind == UnitKind::kRule) renumbered_from.insert(was), renumbered_to.insert(now);
    ProvisionChange c;
    c.type = "renumbering";
    c.kind = UnitKindName(unit.kind);
    c.old_ids = {unit.eid};
    c.old_label = doc.Label(u);
    c.new_label = JoinedAll(before) + " " + JoinedAll(units[u].body);
    c.old_citation = doc.Citation(u);
    c.old_text = JoinedAll(num) + " " + JoinedAll(units[u].body);
    c.new_text = Joined(draft, k, a.last);
    c.renumbered = true;
    c.new_lines = {draft[k].line, draft[a.last].line};
    result->changes.push_back(std::move(c));
    ++result->summary.renumbered;
  }

  for (size_t u = 0; u < doc.units.size(); ++u) {
    const Unit& unit = doc.units[u];
    if (!unit.citable()) continue;
    const int iu = static_cast<int>(u);
    auto it = aligned.find(iu);
    ProvisionChange c;
    c.kind = UnitKindName(unit.kind);
    c.old_ids = {unit.eid};
    c.old_label = doc.Label(iu);
    c.old_citation = doc.Citation(iu);
    c.old_text = unit.text;
    if (it == aligned.end()) {
      if (units[u].body.empty()) continue;
      c.type = "repeal";
      c.similarity = 0;
      // A rule that is gone with all its provisions takes its number with it.
      result->changes.push_back(std::move(c));
      ++result->summary.removed;
      continue;
    }
    const Alignment& a = it->second;
    const std::vector<Word>& words = units[u].body;
    bool same_words = a.pairs.size() == words.size() && a.last - a.first + 1 == words.size();
    if (!same_words && a.pairs.size() == words.size()) {
      // The only extra words are list labels ("a)", "b)") the encoding keeps as attributes.
      std::set<size_t> matched;
      for (auto [x, y] : a.pairs) matched.insert(y);
      same_words = true;
      for (size_t k = a.first; k <= a.last && same_words; ++k) {
        same_words = matched.count(k) || IsLabel(draft[k].original);
      }
    }
    if (!same_words && unit.kind == UnitKind::kRow && a.last - a.first + 1 == words.size()) {
      // A table row: its cells may come out of an extraction in another order.
      std::multiset<std::string> mine, theirs;
      for (const Word& w : words) mine.insert(w.folded);
      for (size_t k = a.first; k <= a.last; ++k) theirs.insert(draft[k].folded);
      same_words = mine == theirs;
    }
    // Printed number: the words just before the span against the unit's own.
    std::string new_label;
    bool renumbered = false;
    if (!units[u].num.empty() && a.first > 0) {
      const auto& num = units[u].num;
      size_t k = a.first;
      while (k > 0 && taken[k - 1] != 1) --k;  // uncovered words right before
      if (k < a.first && a.first - k <= num.size() + 1) {
        std::vector<Word> before(draft.begin() + k, draft.begin() + a.first);
        if (!before.empty() && IsLabel(before.back().original) &&
            before.back().folded != num.back().folded) {
          renumbered = true;
          new_label = JoinedAll(before);
          for (size_t j = k; j < a.first; ++j) taken[j] = 1;
        }
      }
    }
    const bool moved = !in_order.count(iu);
    std::vector<ParamChange> params;
    // Parameters: the number the draft prints where the quote's words stand.
    for (const Param& p : unit.params) {
      std::vector<Word> quote = Split(p.quote);
      size_t at = SIZE_MAX;
      for (size_t k = 0; k + quote.size() <= words.size() && at == SIZE_MAX; ++k) {
        bool same = true;
        for (size_t j = 0; j < quote.size() && same; ++j) same = words[k + j].folded == quote[j].folded;
        if (same) at = k;
      }
      if (at == SIZE_MAX) continue;
      size_t num_at = SIZE_MAX;
      for (size_t j = 0; j < quote.size(); ++j) {
        if (IsNumber(quote[j].folded)) num_at = at + j;
      }
      if (num_at == SIZE_MAX) continue;
      // Matched neighbours around the number, and the draft word between them.
      size_t left = SIZE_MAX, right = SIZE_MAX;
      bool number_kept = false;
      for (auto [uw, dw] : a.pairs) {
        if (uw == num_at) number_kept = true;
        if (uw < num_at) left = dw;
        if (uw > num_at && right == SIZE_MAX) right = dw;
      }
      if (number_kept || left == SIZE_MAX || right == SIZE_MAX || right != left + 2) continue;
      const Word& now = draft[left + 1];
      if (!IsNumber(now.folded)) continue;
      ParamChange pc;
      pc.kind = "changed";
      pc.name = p.name;
      pc.old_value = ParamValue(p);
      Param changed = p;
      changed.value = std::stod(now.folded);
      pc.new_value = ParamValue(changed);
      params.push_back(pc);
      // Another document of the game still stating the old value.
      for (const Rulebook* other : same_game) {
        if (other->doc == doc.doc) continue;
        for (size_t ou = 0; ou < other->units.size(); ++ou) {
          for (const Param& op : other->units[ou].params) {
            if (op.name == p.name && op.value == p.value) {
              result->draft_findings.push_back(
                  {"VALUE-ELSEWHERE", draft[left + 1].line,
                   "la bozza cambia «" + p.name + "» da " + pc.old_value + " a " + pc.new_value +
                       ", ma " + other->doc + "#" + other->units[ou].eid + " indica ancora " +
                       ParamValue(op)});
            }
          }
        }
      }
    }
    // Sanctions: a sanction of the unit's cases whose wording the draft no longer has.
    std::vector<CaseChange> cases;
    {
      const std::string old_text = " " + [&] {
        std::string s;
        for (const Word& w : words) s += w.folded + " ";
        return s;
      }();
      std::string new_text = " ";
      for (size_t k = a.first; k <= a.last; ++k) new_text += draft[k].folded + " ";
      auto has = [](const std::string& text, const std::vector<std::string>& forms) {
        for (const auto& f : forms) {
          std::string folded;
          for (const Word& w : Split(f)) folded += w.folded + " ";
          if (!folded.empty() && text.find(" " + folded) != std::string::npos) return true;
        }
        return false;
      };
      std::set<std::string> types;
      for (const Case& cs : unit.cases) {
        for (const Sanction& s : cs.sanctions) types.insert(s.type);
      }
      for (const std::string& type : types) {
        auto f = std::find_if(sanction_forms.begin(), sanction_forms.end(),
                              [&](const auto& p) { return p.first == type; });
        if (f == sanction_forms.end() || !has(old_text, f->second) || has(new_text, f->second)) {
          continue;
        }
        std::string now;
        for (const auto& [other, forms] : sanction_forms) {
          if (other != type && has(new_text, forms) && !has(old_text, forms)) {
            now += (now.empty() ? "" : ", ") + other;
          }
        }
        CaseChange cc;
        cc.kind = "changed";
        cc.old_sanctions = type;
        cc.new_sanctions = now.empty() ? "(sanzione non più indicata)" : now;
        cc.sanctions_changed = true;
        cases.push_back(cc);
      }
    }
    if (same_words && !renumbered && !moved && params.empty() && cases.empty()) {
      ++result->summary.unchanged;
      continue;
    }
    c.new_text = Joined(draft, a.first, a.last);
    lines_of(&c, a.first, a.last);
    c.similarity = a.score;
    c.renumbered = renumbered;
    c.moved = moved;
    c.reworded = !same_words;
    c.new_label = renumbered ? new_label : c.old_label;
    c.type = renumbered || moved ? "renumbering" : "substitution";
    if (c.reworded) c.redline = Redline(JoinedAll(words), c.new_text);
    c.params = std::move(params);
    c.cases = std::move(cases);
    result->summary.renumbered += renumbered || moved;
    result->summary.reworded += c.reworded;
    result->summary.param_changes += c.params.size();
    result->summary.sanction_changes += c.cases.size();
    result->changes.push_back(std::move(c));
  }

  // Insertions: runs of draft words no unit covers (furniture excluded).
  std::map<std::string, size_t> covered_text;  // folded text of each aligned unit → start
  for (const auto& [u, a] : aligned) {
    std::string key;
    for (size_t k = a.first; k <= a.last; ++k) key += draft[k].folded + " ";
    covered_text[key] = a.first;
  }
  for (size_t i = 0; i < draft.size();) {
    if (taken[i]) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < draft.size() && !taken[j]) ++j;
    if (j - i >= kMinInsertion) {
      std::string key;
      for (size_t k = i; k < j; ++k) key += draft[k].folded + " ";
      auto dup = covered_text.find(key);
      if (j - i >= kMinDuplicate && dup != covered_text.end()) {
        result->draft_findings.push_back({"DUPLICATE", draft[i].line,
                                          "paragrafo ripetuto: «" + Joined(draft, i, j - 1) +
                                              "» (già alla riga " +
                                              std::to_string(draft[dup->second].line) + ")"});
      } else {
        ProvisionChange c;
        c.type = "insertion";
        c.kind = "provision";
        c.new_text = Joined(draft, i, j - 1);
        c.similarity = 0;
        lines_of(&c, i, j - 1);
        result->changes.push_back(std::move(c));
        ++result->summary.added;
      }
    }
    i = j;
  }
  // References to rules the draft does not have (numbers of removed rules, or none).
  std::set<std::string> removed_rules;
  for (size_t u = 0; u < doc.units.size(); ++u) {
    const Unit& unit = doc.units[u];
    if (unit.kind != UnitKind::kRule) continue;
    bool any_kept = false, any = false;
    for (size_t k = u + 1; k < doc.units.size(); ++k) {
      const std::vector<int> lineage_parent = {};
      int p = doc.units[k].parent;
      bool inside = false;
      while (p >= 0) {
        if (p == static_cast<int>(u)) inside = true;
        p = doc.units[p].parent;
      }
      if (!inside || !doc.units[k].citable()) continue;
      any = true;
      any_kept = any_kept || aligned.count(static_cast<int>(k));
    }
    if (any && !any_kept) {
      for (const Word& w : Split(unit.num)) {
        if (!LeadingNumber(w.original).empty()) removed_rules.insert(LeadingNumber(w.original));
      }
    }
  }
  for (const std::string& n : renumbered_from) rule_numbers.erase(n);
  for (const std::string& n : renumbered_to) rule_numbers.insert(n);
  for (const auto& [number, at, printed] : RuleReferences(draft)) {
    if (heading_labels.count(at) || heading_labels.count(at + 1)) continue;  // the heading itself
    if (!rule_numbers.count(number) || removed_rules.count(number)) {
      result->draft_findings.push_back(
          {"REF-DANGLING", draft[at].line,
           "la bozza rimanda a «" + printed + "», che " +
               (removed_rules.count(number)      ? "la bozza ha tolto"
                : renumbered_from.count(number) ? "la bozza ha rinumerato"
                                                : "non esiste")});
    }
  }
  // Sanction and parameter changes first, then the rest in document order.
  std::stable_sort(result->changes.begin(), result->changes.end(),
                   [](const ProvisionChange& x, const ProvisionChange& y) {
                     const bool xs = x.sanctions_changed() || x.params_changed();
                     const bool ys = y.sanctions_changed() || y.params_changed();
                     return xs && !ys;
                   });
  const size_t units_total = result->summary.unchanged + result->changes.size();
  result->changed_share =
      units_total ? double(result->changes.size()) / double(units_total) : 0.0;
  return Status::OK();
}

}  // namespace arbitro
