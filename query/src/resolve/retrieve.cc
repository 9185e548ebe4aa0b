// Rulings found by retrieval (see retrieve.h).
#include "resolve/retrieve.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "core/weights.h"

namespace arbitro::resolve {
namespace {

// What the text says of a condition's fact: satisfied; contradicted by a reading of
// several words ("entro i 45 gradi", "non oltrepassarla"), which stands; contradicted
// only by readings of one word, which may be a stray word read wrongly (the reasoning
// of kTrustedSupport in resolve.cc); or nothing (not read, or only its default assumed).
enum class Said { kSatisfied, kContradicted, kDoubted, kNothing };

Said WhatTextSays(const RuleCond& cond, const FactMap& read) {
  auto it = read.find(cond.fact);
  if (it == read.end()) return Said::kNothing;
  bool any_text = false, phrase = false;
  const bool negative = CondNegative(cond);
  bool holds = negative;
  for (const Reading& r : it->second) {
    if (!r.from_text) continue;
    any_text = true;
    phrase = phrase || r.words.find(' ') != std::string::npos;
    const bool h = CondHolds(cond, r.value);
    if (negative ? !h : h) holds = !negative;
  }
  if (!any_text) return Said::kNothing;
  if (holds) return Said::kSatisfied;
  return phrase ? Said::kContradicted : Said::kDoubted;
}

// The closeness of a unit no retrieval brought (the lead's units outside the hits).
constexpr double kFloorCloseness = 1e-3;

}  // namespace

std::vector<RetrievedCase> RankRetrievedCases(const GameRules& rules, const FactMap& read,
                                              const std::vector<std::pair<long long, double>>& hits,
                                              const std::vector<std::string>& lead_units,
                                              const ResolveOptions& options,
                                              const RankingWeights& w) {
  std::vector<long long> leads;
  for (const std::string& id : lead_units) {
    auto u = rules.unit_of.find(id);
    if (u != rules.unit_of.end()) leads.push_back(u->second);
  }
  // Units in rank order: the retrieved provisions, then the lead's units not among
  // them, ranked last with the lowest closeness.
  std::vector<std::pair<long long, double>> units;
  for (const auto& [unit, score] : hits) units.push_back({unit, std::max(kFloorCloseness, score)});
  for (long long id : leads) {
    if (std::none_of(units.begin(), units.end(), [&](const auto& u) { return u.first == id; }))
      units.push_back({id, kFloorCloseness});
  }
  std::vector<RetrievedCase> out;
  for (size_t rank = 0; rank < units.size(); ++rank) {
    auto it = rules.cases_by_unit.find(units[rank].first);
    if (it == rules.cases_by_unit.end()) continue;
    const bool lead = std::find(leads.begin(), leads.end(), units[rank].first) != leads.end();
    for (size_t c : it->second) {
      const RuleCase* rc = &rules.cases[c];
      if (!VariantInPlay(options.variants, rc->variant)) continue;
      RetrievedCase r;
      r.rc = rc;
      r.closeness = units[rank].second;
      r.rank = static_cast<int>(std::min(rank, hits.size()));
      r.conditions = static_cast<int>(rc->when.size());
      r.fact_lead = lead;
      bool contradicted = false;
      for (const RuleCond& cond : rc->when) {
        switch (WhatTextSays(cond, read)) {
          case Said::kSatisfied: ++r.stated; break;
          case Said::kContradicted: contradicted = true; break;
          case Said::kDoubted: ++r.contradicted; break;
          case Said::kNothing: break;
        }
      }
      if (contradicted) continue;
      const int unstated = r.conditions - r.stated - r.contradicted;
      r.score = w[Weight::kResolveCloseness] * std::log(r.closeness) +
                w[Weight::kResolveRank] * r.rank +
                w[Weight::kResolveStated] * (r.conditions ? double(r.stated) / r.conditions : 0) +
                w[Weight::kResolveUnstated] * unstated +
                w[Weight::kResolveSanction] * (rc->sanctions.empty() ? 0 : 1) +
                w[Weight::kResolveFactLead] * (lead ? 1 : 0) +
                w[Weight::kResolveComplete] * (unstated == 0 && r.contradicted == 0 ? 1 : 0) +
                w[Weight::kResolveContradicted] * r.contradicted;
      out.push_back(r);
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const RetrievedCase& a, const RetrievedCase& b) { return a.score > b.score; });
  return out;
}

bool SameDecision(const RuleCase& a, const RuleCase& b) {
  if (a.sanctions.empty() || b.sanctions.empty()) return a.decision == b.decision;
  return a.sanctions[0].type == b.sanctions[0].type && a.sanctions[0].beneficiary == b.sanctions[0].beneficiary;
}

FactMap CompleteFacts(const GameRules& rules, const FactMap& read, const RuleCase& rc) {
  FactMap facts = read;
  for (const RuleCond& cond : rc.when) {
    if (WhatTextSays(cond, read) == Said::kSatisfied) continue;
    const RuleFact* fact = rules.Fact(cond.fact);
    if (!fact) continue;
    // A value under which the condition holds: the first listed for eq/in, the
    // first of the fact's values outside the list for ne/not-in, the bound itself
    // (or one beyond it) for comparisons.
    std::string value;
    const std::string& op = cond.op;
    if ((op == "eq" || op == "in") && !cond.values.empty()) {
      value = cond.values[0];
    } else if (op == "ne" || op == "not-in") {
      for (const RuleValue& v : fact->values) {
        if (CondHolds(cond, v.id)) {
          value = v.id;
          break;
        }
      }
    } else if (!cond.values.empty()) {
      const long bound = std::strtol(cond.values[0].c_str(), nullptr, 10);
      const long v = op == "lt" ? bound - 1 : op == "gt" ? bound + 1 : bound;
      value = std::to_string(std::max(0L, v));
    }
    if (value.empty()) continue;
    // Replaces an assumed default or a one-word reading the case contradicts; counts as
    // stated so that the case can fire (defaults alone never trigger a rule), with no
    // words of the text.
    facts[cond.fact] = {{cond.fact, value, "", 0, 0, true}};
    facts[cond.fact][0].inferred = true;
  }
  return facts;
}

}  // namespace arbitro::resolve
