// Rulings found by retrieval, for descriptions whose words the vocabulary does not
// turn into a ruling on their own (retrieve.cc).
//
// The provisions closest to the description (Engine::Ask within the game) bring
// their cases, scored by how close their provision is, how much of their conditions
// the text states and how many a one-word reading contradicts (a stray word read
// wrongly costs the case, it does not drop it; a reading of several words drops it).
// The best case supplies the facts the text left out, and the game's cases are
// evaluated again on the completed facts, so that declared exceptions and more
// specific rules still win.
#pragma once

#include <string>
#include <vector>

#include "arbitro/query.h"
#include "core/fact_reader.h"
#include "core/rules.h"
#include "core/weights.h"

namespace arbitro::resolve {

// One case brought by a retrieved provision, with what scores it.
struct RetrievedCase {
  const RuleCase* rc = nullptr;
  double closeness = 0;  // the provision's ask score, in (0, 1]
  int rank = 0;          // the provision's rank among the retrieved ones (0 = first)
  int stated = 0;        // conditions that facts read from the text satisfy
  int conditions = 0;
  int contradicted = 0;    // conditions that one-word readings of the text contradict
  bool fact_lead = false;  // its unit is cited by the ruling of the facts read
  double score = 0;
};

// The cases of the `hits` units (units.id and ask score, best first), and of the
// `lead_units` ("doc#eId": the units the ruling of the facts read cites), that no
// reading of several words contradicts, best first (weights: resolve.* in query/ranking-weights.tsv).
std::vector<RetrievedCase> RankRetrievedCases(const GameRules& rules, const FactMap& read,
                                              const std::vector<std::pair<long long, double>>& hits,
                                              const std::vector<std::string>& lead_units,
                                              const ResolveOptions& options,
                                              const RankingWeights& weights);

// Whether two cases give the same decisive sanction (type and side).
bool SameDecision(const RuleCase& a, const RuleCase& b);

// `read` completed with the values `rc`'s conditions need where the text states
// nothing (or only a default) or states another value by one word (taken for a
// misreading): the facts under which the case would apply.
FactMap CompleteFacts(const GameRules& rules, const FactMap& read, const RuleCase& rc);

}  // namespace arbitro::resolve
