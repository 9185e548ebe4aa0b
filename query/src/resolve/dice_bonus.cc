// What a piece adds to its dice roll in a duel (see dice_bonus.h).
#include "resolve/dice_bonus.h"

#include <algorithm>

namespace arbitro {
namespace {

// Whether `cond` holds on the values read (positive conditions: one value satisfies it;
// negative ones: all do).
bool HoldsOn(const RuleCond& cond, const std::vector<Reading>& list) {
  const bool negative = CondNegative(cond);
  for (const Reading& r : list) {
    const bool h = CondHolds(cond, r.value);
    if (negative && !h) return false;
    if (!negative && h) return true;
  }
  return negative;
}

bool IsBonusCase(const GameRules& rules, const RuleCase& c) {
  return std::any_of(c.sanctions.begin(), c.sanctions.end(), [&](const SanctionInfo& s) {
    return rules.roll_bonus_types.count(s.type) > 0;
  });
}

}  // namespace

RollBonus BonusOf(const GameRules& rules, const FactMap& piece, const FactMap& duel,
                  const FactMap& text, const std::vector<std::string>& variants) {
  RollBonus bonus;
  if (rules.roll_bonus_types.empty() || piece.empty()) return bonus;
  std::vector<const RuleCase*> held;
  for (const RuleCase& c : rules.cases) {
    if (!VariantInPlay(variants, c.variant) || !IsBonusCase(rules, c)) continue;
    bool of_piece = false, fails = false;
    for (const RuleCond& cond : c.when) {
      const FactMap* source = nullptr;
      for (const FactMap* m : {&piece, &duel, &text}) {
        auto it = m->find(cond.fact);
        if (it != m->end() && !it->second.empty()) {
          source = m;
          break;
        }
      }
      if (!source) continue;  // nobody states it
      if (!HoldsOn(cond, source->at(cond.fact))) {
        fails = true;
        break;
      }
      of_piece = of_piece || source == &piece;
    }
    if (of_piece && !fails) held.push_back(&c);
  }
  // The variants in play: what they replace goes; what they amend yields to their case.
  for (const RuleVariantChange& v : rules.variant_changes) {
    if (v.variant.empty() || v.kind == "adds" || !VariantInPlay(variants, v.variant)) continue;
    const bool wins =
        v.kind == "replaces" || std::any_of(held.begin(), held.end(), [&](const RuleCase* c) {
          return CaseNamed(*c, v.by_unit, v.by_case);
        });
    if (!wins) continue;
    held.erase(
        std::remove_if(held.begin(), held.end(),
                       [&](const RuleCase* c) { return CaseNamed(*c, v.target_unit, v.target_case); }),
        held.end());
  }
  for (const RuleCase* c : held) {
    for (const SanctionInfo& s : c->sanctions) {
      if (!rules.roll_bonus_types.count(s.type)) continue;
      if (bonus.found && s.points != bonus.points) bonus.clash = true;
      bonus.points = s.points;
      bonus.found = true;
    }
  }
  bonus.cases = std::move(held);
  if (bonus.clash) bonus.points = 0;
  return bonus;
}

}  // namespace arbitro
