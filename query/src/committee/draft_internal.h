// Internal interface of DiffDraft (diff_draft.cc), one stage per file:
//   draft_words.cc    the draft and the encoded units as streams of folded words
//   draft_align.cc    every unit aligned into the draft's words
//   draft_changes.cc  what changed in one aligned unit: parameters and sanction wording
//   diff_draft.cc     the report: renumberings, changes, insertions, dangling references
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"

namespace arbitro::draft_detail {

// ------------------------------------------------------------ words (draft_words.cc)

struct Word {
  std::string folded;    // lower case, no accents, letters and digits only
  std::string original;  // as printed
  int line = 0;          // 1-based line of the draft
};

// Splits text into words; `line` numbers them when given.
std::vector<Word> Split(const std::string& text, int line = 0);

bool IsNumber(const std::string& folded);

// The draft's words, line by line: hyphenated line ends joined, lone page numbers and
// lines repeated as running headers (3 times or more, short) dropped; the lines dropped
// go to `furniture_lines`.
std::vector<Word> DraftWords(const std::string& raw, std::set<int>* furniture_lines);

// The unit's words as the source prints them: its segments (sic forms), furniture and
// table-of-contents entries excluded, in the XML span of the unit.
struct UnitWords {
  int unit = -1;
  std::vector<Word> num;   // its printed number ("c)", "Regola 12")
  std::vector<Word> body;  // heading and text
};

// One UnitWords per unit of `book`; the furniture's words (captions, headers, the table
// of contents, the title) go to `furniture`.
std::vector<UnitWords> WordsOfUnits(const Rulebook& book, std::vector<Word>* furniture);

// The printed words first..last (inclusive) joined by spaces; all of them.
std::string Joined(const std::vector<Word>& words, size_t first, size_t last);
std::string JoinedAll(const std::vector<Word>& words);

// The leading whole number of a printed word ("11.1" → "11", "12:" → "12"), or "".
std::string LeadingNumber(const std::string& original);

// A printed numbering label: "c)", "10.2", "3."; "Regola" is not one.
bool IsLabel(const std::string& original);

// A rule named by a reference: "Regola 12", "cap. 10", "cap.10", "capitolo 10".
struct RuleReference {
  std::string number;  // "10"
  size_t at = 0;       // its first word
  std::string printed;
};
std::vector<RuleReference> RuleReferences(const std::vector<Word>& words);

// ------------------------------------------------------------ alignment (draft_align.cc)

struct Alignment {
  int unit = -1;
  size_t first = 0, last = 0;  // draft word span, inclusive
  double score = 0;
  std::vector<std::pair<size_t, size_t>> pairs;  // (unit word, draft word)
};

// Draft words a unit holds, or the document's furniture.
constexpr char kFree = 0, kUnit = 1, kFurniture = 2;

struct DraftAlignment {
  std::map<int, Alignment> aligned;  // unit index → its place in the draft
  std::vector<char> taken;           // per draft word: kFree, kUnit or kFurniture
  std::set<int> in_order;            // aligned provisions and rows in the document's order
};

// Aligns every unit with a body into `draft` (units with one clearly best place first,
// longest first; then repeated text between its aligned neighbours), marks the printed
// numbers before them and the document's own furniture, and finds the aligned units
// that kept the document's order.
DraftAlignment AlignUnits(const Rulebook& doc, const std::vector<UnitWords>& units,
                          const std::vector<Word>& furniture, const std::vector<Word>& draft);

// ------------------------------------------------------------ changes (draft_changes.cc)

// Parameters of `unit` whose number the draft prints differently where the quote's words
// stand; a VALUE-ELSEWHERE finding for each other document of the game that still states
// the old value.
std::vector<ParamChange> ParamChanges(const Rulebook& doc, const Unit& unit,
                                      const std::vector<Word>& words, const Alignment& a,
                                      const std::vector<Word>& draft,
                                      const std::vector<const Rulebook*>& same_game,
                                      std::vector<DraftFinding>* findings);

// Sanctions of the unit's cases whose wording (a form of the sanction type) the aligned
// draft text no longer has, with the sanction types whose wording it gained.
std::vector<CaseChange> SanctionChanges(
    const Unit& unit, const std::vector<Word>& words, const Alignment& a,
    const std::vector<Word>& draft,
    const std::vector<std::pair<std::string, std::vector<std::string>>>& sanction_forms);

}  // namespace arbitro::draft_detail
