// GameRules: the structured rules of one game, loaded from the index once per
// Engine and kept in memory for resolve and quiz.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"

namespace arbitro {

struct RuleValue {
  std::string id;
  std::string label;
  std::vector<std::string> forms;
  // Analysed content terms of each form and of the label (computed at index time).
  std::vector<std::vector<std::string>> form_terms;
  MeasureRange range;  // the measured length the value stands for; empty: none
};

struct RuleFact {
  std::string name;
  bool integer = false;
  std::string ask, label, default_value;
  std::vector<std::string> forms;  // forms of the fact itself (e.g. "tira", "dado")
  std::vector<std::vector<std::string>> form_terms;
  std::vector<RuleValue> values;
  const RuleValue* Value(const std::string& id) const {
    for (const auto& v : values) {
      if (v.id == id) return &v;
    }
    return nullptr;
  }
};

struct RuleCond {
  std::string fact;
  std::string op;  // eq ne in not-in lt le gt ge
  std::vector<std::string> values;
  int fact_index = -1;  // the position of `fact` in GameRules::facts, -1 when undeclared
  // `op` parsed once by LoadGameRules (unset for a condition built elsewhere, or for an
  // unknown operator): CondHolds and the evaluation test it per case and reading.
  std::optional<CondOp> parsed_op;
};

struct RuleCase {
  long long unit_id = 0;
  std::string case_id;
  std::string variant;  // of the case, or inherited from its unit
  std::string decision;
  bool reading = false;  // the encoders' reading where the book is silent (basis="reading")
  std::vector<RuleCond> when;
  std::vector<SanctionInfo> sanctions;
  // Provision data for citations.
  std::string doc, eid, citation, text, kind;
  std::vector<std::string> facts_tested;  // the facts of `when`, sorted and unique
  std::string key;                        // doc#eid/case_id, set when the rules load
  const std::string& Key() const { return key; }
};

struct RuleOverride {
  long long unit_id = 0;       // the unit that wins
  std::string case_id;         // its case, empty = all
  long long target_unit_id = 0;
  std::string target_case;     // empty = all cases of the target
  std::string kind, quote;
};

// What a variant changes (corpus/README.md, "Variants"), by the units' rowids.
struct RuleVariantChange {
  std::string variant, kind;  // kind: amends | replaces | adds
  long long target_unit = 0;  // 0 for adds
  std::string target_case;    // empty: every case of the target
  long long by_unit = 0;
  std::string by_case;  // empty: every case of the variant's unit
  std::string param;    // amends: the parameter whose value changes, or ""
};

struct GameRules {
  std::string game;
  std::vector<RuleFact> facts;
  std::vector<RuleCase> cases;
  std::vector<RuleOverride> overrides;
  std::map<std::string, std::string> variant_labels;
  std::vector<RuleVariantChange> variant_changes;
  // Sanction types whose cases' points a piece adds to its dice roll (adds-to-roll).
  std::set<std::string> roll_bonus_types;
  // Indexes built when the rules load: the cases testing each fact (positions in
  // `cases`, ascending) and the overrides each unit wins (positions in `overrides`,
  // ascending), so that evaluation looks only at what the facts read can reach.
  std::map<std::string, std::vector<size_t>> cases_by_fact;
  std::map<std::string, size_t> fact_index;                // name → position in `facts`
  std::map<long long, std::vector<size_t>> cases_by_unit;  // units.id → positions in `cases`
  std::map<std::string, long long> unit_of;                // "doc#eId" → units.id of its cases
  std::map<long long, std::vector<size_t>> overrides_by_unit;
  // Summary table rows → the provisions they summarise (refs of kind "summarises").
  std::map<long long, std::vector<long long>> summarised_by;
  const RuleFact* Fact(const std::string& name) const {
    for (const auto& f : facts) {
      if (f.name == name) return &f;
    }
    return nullptr;
  }
};

// Loads the rules of `game` from the index database; with `with_cases` false only
// the vocabulary (facts, values, forms), which is all that reading text needs.
Status LoadGameRules(Database& db, const std::string& game,
                     const std::map<std::pair<std::string, std::string>, std::string>& sanction_labels,
                     const std::map<std::pair<std::string, std::string>, std::string>& beneficiary_labels,
                     GameRules* rules, bool with_cases = true);

// "a b c" → {"a", "b", "c"} (terms stored space-separated in the index).
std::vector<std::string> SplitSpaces(const std::string& s);

// A beneficiary relative to the offender ("avversario", "colpevole") as the side it
// names once the offender's side is known (attaccante/difensore, or the Soccer Tactics
// teams); any other beneficiary, or an offender of no side, is returned unchanged.
std::string SideAgainst(const std::string& offender, const std::string& beneficiary);

// The parts of a dice score each side adds on its own (a base bonus or its loss, a roll
// bonus, a high or low free kick, two dice): one side's part never contradicts the other
// side's. Shared by resolve (cumulative rulings) and the committee lint (conflicts).
bool IsScorePart(const std::string& sanction_type);

// Whether a case, provision or change of `variant` ("" = the base rules) is in play
// when `variants` are.
bool VariantInPlay(const std::vector<std::string>& variants, const std::string& variant);

// Whether `c` is the case `case_id` of `unit`, or any of its cases when `case_id` is ""
// (how overrides and variant changes name their targets).
bool CaseNamed(const RuleCase& c, long long unit, const std::string& case_id);

// Does a condition hold for a known value? Integer comparisons for lt/le/gt/ge.
bool CondHolds(const RuleCond& cond, const std::string& value);
// Whether a condition is negative (ne, not-in): it holds when every value read satisfies
// it, where a positive one needs one.
bool CondNegative(const RuleCond& cond);

}  // namespace arbitro
