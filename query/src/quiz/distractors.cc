// Plausible wrong decisions for a situation question (see builder.h).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "quiz/builder.h"

namespace arbitro::quiz {

// Plausible wrong decisions: sibling cases first (same provision or table), then
// the same infringement elsewhere, the same sanction for the other side, the same
// rule, and common sanctions of the game. None shares a (type, beneficiary) with
// any ruling for the facts.
std::vector<Builder::Distractor> Builder::Distractors(const RuleCase& source, const Facts& facts,
                                    const Ruling& best, const Pairs& forbidden,
                                    size_t want) const {
  std::vector<Distractor> out;
  std::set<std::string> texts{
      Fold(AnswerLabel(best.decision, best.sanctions, data_.sanction_forms))};
  std::set<Pairs> taken{PairsOf(best.sanctions)};
  auto try_add = [&](const std::string& text, const std::vector<SanctionInfo>& sanctions,
                     const std::string& feedback, bool swapped = false) {
    if (out.size() >= want || sanctions.empty() || text.empty()) return;
    const Pairs pairs = PairsOf(sanctions);
    if (!Disjoint(pairs, forbidden) || taken.count(pairs) || texts.count(Fold(text))) return;
    taken.insert(pairs);
    texts.insert(Fold(text));
    out.push_back({text, feedback, sanctions, swapped});
  };
  auto from_case = [&](const RuleCase& c) {
    if (!c.variant.empty()) return;
    Facts other = FactsOf(c);
    std::string when = other.empty() ? c.citation : Describe(other);
    try_add(AnswerLabel(DecisionText(c), c.sanctions, data_.sanction_forms), c.sanctions,
            "No: questa è la decisione per un'altra situazione (" + when +
                "). Fonte: " + c.citation + ".");
  };
  const Unit* su = data_.FindUnit(source.unit_id);
  std::string infraction;
  for (const auto& [f, v] : facts) {
    if (f == "infrazione") infraction = v;
  }
  // 1. same unit, sibling units (rows of the same table, paragraphs of the same section)
  for (const auto& c : data_.rules.cases) {
    const Unit* u = data_.FindUnit(c.unit_id);
    if (c.unit_id == source.unit_id || (u && su && u->parent == su->parent && su->parent))
      from_case(c);
  }
  // 2. the same infringement elsewhere
  if (!infraction.empty()) {
    for (const auto& c : data_.rules.cases) {
      for (const auto& cond : c.when) {
        if (cond.fact == "infrazione" && !cond.values.empty() && cond.values[0] == infraction)
          from_case(c);
      }
    }
  }
  // 3. the same sanction for the other side
  static const std::vector<std::pair<std::string, std::string>> kSides = {
      {"attaccante", "difensore"}, {"squadra-in-attacco", "squadra-in-difesa"}};
  if (best.sanctions.size() == 1) {
    const SanctionInfo& s = best.sanctions[0];
    for (const auto& [a, b] : kSides) {
      std::string other = s.beneficiary == a ? b : s.beneficiary == b ? a : "";
      if (other.empty()) continue;
      SanctionInfo swapped = s;
      swapped.beneficiary = other;
      swapped.place.clear();
      swapped.beneficiary_label = BeneficiaryLabel(other);
      try_add(SanctionText({swapped}), {swapped},
              "No: la sanzione è questa, ma va a favore dell'altra parte.", true);
    }
  }
  // 4. the same rule
  for (const auto& c : data_.rules.cases) {
    const Unit* u = data_.FindUnit(c.unit_id);
    if (u && su && u->rule_id == su->rule_id) from_case(c);
  }
  // 5. common sanctions of the game
  std::map<std::string, int> frequency;
  for (const auto& c : data_.rules.cases) {
    for (const auto& s : c.sanctions) ++frequency[s.type];
  }
  for (const auto& c : data_.rules.cases) {
    bool common = !c.sanctions.empty();
    for (const auto& s : c.sanctions) common = common && frequency[s.type] >= 3;
    if (common) from_case(c);
  }
  return out;
}

}  // namespace arbitro::quiz
