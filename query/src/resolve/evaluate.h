// Case evaluation for Engine::Resolve: which cases of a game apply to a set of facts,
// which win, and which missing fact is worth asking back (evaluate.cc).
#pragma once

#include <string>
#include <vector>

#include "arbitro/query.h"
#include "core/fact_reader.h"
#include "core/rules.h"

namespace arbitro::resolve {

// Evaluates every case of the game on `facts`; fills rulings, notes and, when
// ask_back is set, the unresolved questions.
// `only`, when given, restricts the evaluation to those cases (the ask-back options
// re-evaluate just the cases a missing fact can change).
void EvaluateRules(const GameRules& rules, const FactMap& facts, const ResolveOptions& options,
                   bool ask_back, ResolveResult* result,
                   const std::vector<const RuleCase*>* only = nullptr);

std::string Join(const std::vector<std::string>& v, const std::string& sep);

}  // namespace arbitro::resolve
