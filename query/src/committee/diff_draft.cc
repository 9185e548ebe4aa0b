// DiffDraft: an encoded rulebook against a draft revision that exists only as text.
//
// The draft is never segmented on its own terms (a PDF extraction may be one line, or
// reflowed, with headers and captions inside sentences). Instead every unit of the
// encoded document is aligned into the draft's word stream, in four stages
// (draft_internal.h):
// 1. Words (draft_words.cc): the draft is folded (lower case, no accents, letters and
//    digits) into one stream of words with their line numbers; words broken by a hyphen
//    at a line end are joined; page numbers alone on a line are dropped. Each unit's
//    words are its text as the source prints it (OCR sic forms, so a source repaired in
//    the corpus aligns exactly), furniture excluded.
// 2. Alignment (draft_align.cc): candidate places come from the unit's word trigrams
//    found in the draft; each is scored by a local alignment of words (Smith-Waterman)
//    in a window; the best place over kAligned is taken, units in order of confidence,
//    spans never shared.
// 3. Changes of one unit (draft_changes.cc): parameters re-read where the draft keeps
//    the words around their number; a sanction whose wording left the provision.
// 4. Report (here): a unit aligned with all its words is unchanged; else reworded (with
//    the redline), renumbered (its printed number changed), moved (out of the
//    document's order); not aligned: removed. Draft words no unit covers, apart from
//    furniture (page numbers, lines repeated as headers, the encoded document's own
//    furniture and table of contents), are insertions. Checks on the draft: references
//    to rules that no longer exist, values that another document of the game still
//    states, duplicated text.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "committee/diff_internal.h"
#include "committee/draft_internal.h"

namespace arbitro {
namespace {

using diff_detail::Redline;
using namespace draft_detail;

constexpr size_t kMinInsertion = 4;   // uncovered words that make an insertion
constexpr size_t kMinDuplicate = 10;  // words of a paragraph found twice

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

  DraftAlignment alignment = AlignUnits(doc, units, furniture, draft);
  const std::map<int, Alignment>& aligned = alignment.aligned;
  std::vector<char>& taken = alignment.taken;
  const std::set<int>& in_order = alignment.in_order;

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
    while (k > 0 && a.first - k < num.size() + 1 && taken[k - 1] != kUnit) --k;
    if (k == a.first) continue;
    std::vector<Word> before(draft.begin() + k, draft.begin() + a.first);
    for (size_t j = k; j < a.first; ++j) heading_labels.insert(j);
    std::string was = LeadingNumber(num.back().original), now;
    for (const Word& w : before) {
      if (!LeadingNumber(w.original).empty()) now = LeadingNumber(w.original);
    }
    if (now.empty() || was.empty() || now == was) continue;
    for (size_t j = k; j < a.first; ++j) taken[j] = kUnit;
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
      while (k > 0 && taken[k - 1] != kUnit) --k;  // uncovered words right before
      if (k < a.first && a.first - k <= num.size() + 1) {
        std::vector<Word> before(draft.begin() + k, draft.begin() + a.first);
        if (!before.empty() && IsLabel(before.back().original) &&
            before.back().folded != num.back().folded) {
          renumbered = true;
          new_label = JoinedAll(before);
          for (size_t j = k; j < a.first; ++j) taken[j] = kUnit;
        }
      }
    }
    const bool moved = !in_order.count(iu);
    std::vector<ParamChange> params =
        ParamChanges(doc, unit, words, a, draft, same_game, &result->draft_findings);
    std::vector<CaseChange> cases = SanctionChanges(unit, words, a, draft, sanction_forms);
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
