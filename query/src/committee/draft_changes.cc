// DiffDraft, stage 3: what changed in one aligned unit besides its words (see
// draft_internal.h): a parameter the draft prints with another number where the quote's
// words stand, and a sanction whose wording left the provision.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "committee/diff_internal.h"
#include "committee/draft_internal.h"

namespace arbitro::draft_detail {

using diff_detail::ParamValue;

std::vector<ParamChange> ParamChanges(const Rulebook& doc, const Unit& unit,
                                      const std::vector<Word>& words, const Alignment& a,
                                      const std::vector<Word>& draft,
                                      const std::vector<const Rulebook*>& same_game,
                                      std::vector<DraftFinding>* findings) {
  std::vector<ParamChange> params;
  for (const Param& p : unit.params) {
    std::vector<Word> quote = Split(p.quote);
    size_t at = SIZE_MAX;
    for (size_t k = 0; k + quote.size() <= words.size() && at == SIZE_MAX; ++k) {
      bool same = true;
      for (size_t j = 0; j < quote.size() && same; ++j)
        same = words[k + j].folded == quote[j].folded;
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
            findings->push_back({"VALUE-ELSEWHERE", draft[left + 1].line,
                                 "la bozza cambia «" + p.name + "» da " + pc.old_value + " a " +
                                     pc.new_value + ", ma " + other->doc + "#" +
                                     other->units[ou].eid + " indica ancora " + ParamValue(op)});
          }
        }
      }
    }
  }
  return params;
}

std::vector<CaseChange> SanctionChanges(
    const Unit& unit, const std::vector<Word>& words, const Alignment& a,
    const std::vector<Word>& draft,
    const std::vector<std::pair<std::string, std::vector<std::string>>>& sanction_forms) {
  std::vector<CaseChange> cases;
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
  return cases;
}

}  // namespace arbitro::draft_detail
