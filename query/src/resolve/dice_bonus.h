// What a piece adds to its dice roll in a duel, as the game's rules state it: the cases
// whose sanction type the vocabulary marks adds-to-roll="yes" (Soccer Tactics 4D: the
// defender +1, the goalkeeper +2; variant 12A: the defender +2), read as data, with the
// variants in play. Implemented in dice_bonus.cc; used by dice.cc.
#pragma once

#include <string>
#include <vector>

#include "core/fact_reader.h"
#include "core/rules.h"

namespace arbitro {

struct RollBonus {
  bool found = false;  // some bonus case holds for the piece
  bool clash = false;  // the cases that hold give different points: no bonus is sure
  int points = 0;      // the points added to the roll (when found and no clash)
  std::vector<const RuleCase*> cases;  // the cases that hold, in the rules' order
};

// The bonus of a piece (`piece`: what the word naming it reads, "portiere" → pedina =
// portiere) in a duel (`duel`: what the duel's restated phase reads, fase = contrasto), the
// description's other facts (`text`) aside. A bonus case holds when a condition of it tests
// a fact of the piece and holds, and no condition on a fact known (piece, then duel, then
// text) fails; a fact nobody states does not stop it ("procedura" is the question being
// answered, not a fact of the duel). Variants: a case of a variant not in play never
// holds; a case a variant in play amends yields when the variant's case holds, and one it
// replaces never holds.
RollBonus BonusOf(const GameRules& rules, const FactMap& piece, const FactMap& duel,
                  const FactMap& text, const std::vector<std::string>& variants);

}  // namespace arbitro
