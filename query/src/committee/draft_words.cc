// DiffDraft, stage 1: the draft and the encoded units as streams of folded words
// (see draft_internal.h). Words are compared folded (lower case, no accents, letters
// and digits only) so that reflowed lines, punctuation and typography do not count.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "committee/draft_internal.h"

namespace arbitro::draft_detail {
namespace {

std::string FoldWord(const std::string& w) {
  std::string out;
  for (char c : StripAccents(FoldCase(w))) {
    const unsigned char u = static_cast<unsigned char>(c);
    if ((u >= 'a' && u <= 'z') || (u >= '0' && u <= '9')) out.push_back(static_cast<char>(u));
  }
  return out;
}

bool Before(const SourcePos& a, const SourcePos& b) {
  return a.line != b.line ? a.line < b.line : a.column < b.column;
}

}  // namespace

// Splits text into words; `line` numbers them when given.
std::vector<Word> Split(const std::string& text, int line) {
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
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\'' || c == '/') {
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
  return !folded.empty() &&
         std::all_of(folded.begin(), folded.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The draft's words, line by line: hyphenated line ends joined, lone page numbers and
// lines repeated as running headers (3 times or more, short) dropped.
std::vector<Word> DraftWords(const std::string& raw, std::set<int>* furniture_lines) {
  // Formatting marks of an export (underline, bold) are not words.
  std::string text;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw.compare(i, 3, "<u>") == 0) {
      i += 2;
      continue;
    }
    if (raw.compare(i, 4, "</u>") == 0) {
      i += 3;
      continue;
    }
    if (raw.compare(i, 2, "**") == 0) {
      ++i;
      continue;
    }
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
        out.back().original =
            out.back().original.substr(0, out.back().original.size() - 1) + w[0].original;
        w.erase(w.begin());
      }
    }
    out.insert(out.end(), w.begin(), w.end());
  }
  return out;
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

}  // namespace arbitro::draft_detail
