// Internal interface of DiffRulebooks: the word redline and the comparison of the logic
// (cases, sanctions, parameters) of matched units.
#pragma once

#include <string>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"

namespace arbitro::diff_detail {

// Word-level redline (longest common subsequence over whitespace-separated words,
// punctuation kept). Runs of one operation are merged. Very long texts whose table
// would not fit in memory fall back to one deletion and one insertion.
std::vector<WordEdit> Redline(const std::string& old_text, const std::string& new_text);

// The cases and parameters of one side of a change: several units for split / join.
struct LogicSide {
  std::vector<std::pair<std::string, const Case*>> cases;  // (display id, case)
  std::vector<const Param*> params;
};
LogicSide LogicOf(const Rulebook& book, const std::vector<int>& units);

// Fills change->cases and change->params with what differs between the two sides.
void CompareLogic(const LogicSide& old_side, const LogicSide& new_side, ProvisionChange* change);

// "9 cm", "2"
std::string ParamValue(const Param& p);

}  // namespace arbitro::diff_detail
