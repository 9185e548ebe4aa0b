// Verbatim fidelity and word coverage of a rulebook against its source text, with the
// semantics of tools/checkcorpus.py.
#include <algorithm>
#include <array>
#include <exception>
#include <string_view>

#include "arbitro/schema.h"
#include "text.h"
#include "xml_file.h"

namespace arbitro {
namespace {

using schema_detail::DecodeUtf8;
using schema_detail::IsWordChar;

constexpr size_t kUncoveredSample = 60;

std::string RemoveAll(std::string s, std::string_view what) {
  std::string out;
  out.reserve(s.size());
  size_t start = 0;
  for (size_t at; (at = s.find(what, start)) != std::string::npos; start = at + what.size()) {
    out.append(s, start, at - start);
  }
  out.append(s, start, std::string::npos);
  return out;
}

// True when the code point starting at text[at] is a word character.
bool WordCharAt(std::string_view text, size_t at) {
  return at < text.size() && IsWordChar(DecodeUtf8(text, &at));
}

// The cue regex of checkcorpus.py, matched on lower-cased text:
// in caso di infrazione|infrazione:|commette\b.*infrazione|è assegnat|... (re.I)
bool HasSanctionCue(std::string_view text) {
  static constexpr std::array<std::string_view, 14> kCues = {"in caso di infrazione",
                                                             "infrazione:",
                                                             "\u00e8 assegnat",
                                                             "viene assegnat",
                                                             "sar\u00e0 assegnat",
                                                             "back",
                                                             "punizione",
                                                             "rigore",
                                                             "mischia",
                                                             "touche",
                                                             "cartellino",
                                                             "espuls",
                                                             "calcio di spostamento",
                                                             "meta tecnica"};
  for (std::string_view cue : kCues) {
    if (text.find(cue) != std::string_view::npos) return true;
  }
  constexpr std::string_view kCommette = "commette";
  for (size_t at = text.find(kCommette); at != std::string_view::npos;
       at = text.find(kCommette, at + 1)) {
    const size_t end = at + kCommette.size();
    // The first "commette" followed by a word boundary leaves the longest tail to search.
    if (!WordCharAt(text, end)) return text.find("infrazione", end) != std::string_view::npos;
  }
  return false;
}

// Places each segment on the first occurrence in `source` that is not fully covered yet.
void PlaceSegments(const Rulebook& book, const std::string& source, std::vector<char>* covered,
                   FidelityReport* report) {
  for (const TextSegment& seg : book.segments) {
    const std::string& t = seg.text;
    if (t.empty()) continue;
    ++report->segments;
    bool placed = false;
    const size_t first = source.find(t);
    for (size_t at = first; at != std::string::npos; at = source.find(t, at + 1)) {
      auto begin = covered->begin() + static_cast<ptrdiff_t>(at);
      auto end = begin + static_cast<ptrdiff_t>(t.size());
      if (std::all_of(begin, end, [](char c) { return c != 0; })) continue;
      std::fill(begin, end, char{1});
      placed = true;
      break;
    }
    if (!placed && first == std::string::npos && seg.element != "title" &&
        seg.element != "edition") {
      report->not_found.push_back(seg);
    }
  }
}

// Counts the words (runs of \w) of `source` and those whose first character is covered.
void CountWords(const std::string& source, const std::vector<char>& covered,
                FidelityReport* report) {
  for (size_t i = 0; i < source.size();) {
    const size_t start = i;
    if (!IsWordChar(DecodeUtf8(source, &i))) continue;
    size_t end = i;
    while (end < source.size()) {
      size_t next = end;
      if (!IsWordChar(DecodeUtf8(source, &next))) break;
      end = next;
    }
    ++report->source_words;
    if (covered[start]) {
      ++report->covered_words;
    } else if (report->uncovered_sample.size() < kUncoveredSample) {
      report->uncovered_sample.push_back(source.substr(start, end - start));
    }
    i = end;
  }
}

void CheckConsequences(const Rulebook& book, FidelityReport* report) {
  for (const Unit& unit : book.units) {
    if (unit.kind != UnitKind::kProvision || !StatesConsequence(unit)) continue;
    ++report->consequence_units;
    if (unit.cases.empty()) report->consequence_without_case.push_back(unit.eid);
  }
}

}  // namespace

std::string NormalizeSourceText(const std::string& text) {
  std::string s = RemoveAll(text, "**");
  s = RemoveAll(std::move(s), "<u>");
  s = RemoveAll(std::move(s), "</u>");
  return schema_detail::CollapseWhitespace(s);
}

bool StatesConsequence(const Unit& unit) {
  if (unit.kind != UnitKind::kProvision) return false;
  if (unit.has_consequence || unit.provision_kind == "sanction") return true;
  if (unit.provision_kind == "definition" || unit.provision_kind == "information") return false;
  return HasSanctionCue(schema_detail::LowerLatin(NormalizeSourceText(unit.text)));
}

Status CheckFidelity(const Rulebook& book, FidelityReport* report) {
  try {
    *report = FidelityReport();
    report->doc = book.doc;
    std::string raw;
    if (std::string why = schema_detail::ReadTextFile(book.source_file, &raw); !why.empty()) {
      return Status::IOError("cannot read source '" + book.source_file + "': " + why);
    }
    if (schema_detail::FindInvalidUtf8(raw) != std::string::npos) {
      return Status::CorpusError("source '" + book.source_file + "' is not valid UTF-8");
    }
    const std::string source = NormalizeSourceText(raw);
    std::vector<char> covered(source.size(), 0);
    PlaceSegments(book, source, &covered, report);
    CountWords(source, covered, report);
    CheckConsequences(book, report);
    return Status::OK();
  } catch (const std::exception& e) {
    return Status::IOError("checking fidelity of '" + book.doc + "': " + e.what());
  }
}

}  // namespace arbitro
