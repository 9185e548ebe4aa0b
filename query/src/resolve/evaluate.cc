// Case evaluation (see evaluate.h).
//
// A case applies when all its conditions hold and at least one of them was read from
// the description (defaults alone never trigger a rule). Declared overrides remove
// the overridden cases; a more specific case (a superset of conditions) absorbs a
// less specific one with another sanction; cases with the same sanction are cited
// together (body + summary table). When cases that would be more specific wait on a
// fact the description lacks, that fact becomes an `unresolved` question whose
// options are the rulings for each of its values. Variants in play switch off what they
// replace and win, like an exception, over what they amend (corpus/README.md).
#include "resolve/evaluate.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace arbitro::resolve {

std::string Join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

namespace {

enum class Truth { kTrue, kFalse, kPending };

struct CaseEval {
  const RuleCase* rc = nullptr;
  int trues = 0, text_trues = 0, pendings = 0;
  int evidence = 0;  // words of the description that support its conditions
  bool falsified = false;
  std::vector<const std::string*> pending_facts;  // the rules' own names
  bool variant_blocked = false;
  // The facts its conditions test, sorted and unique (computed when the rules load).
  const std::vector<std::string>& facts_tested() const { return rc->facts_tested; }
};

// The side a case's offender is on: its own condition on who acted ("autore", or the
// team in Soccer Tactics), else the one side the description names; "" when neither.
std::string OffenderOf(const RuleCase& rc, const FactMap& facts) {
  for (const char* fact : {"autore", "squadra"}) {
    for (const RuleCond& c : rc.when) {
      if (c.fact == fact && c.op == "eq" && c.values.size() == 1) return c.values[0];
    }
  }
  for (const char* fact : {"autore", "squadra"}) {
    auto it = facts.find(fact);
    if (it == facts.end() || it->second.empty()) continue;
    const std::string& value = it->second[0].value;
    if (std::all_of(it->second.begin(), it->second.end(), [&](const Reading& r) { return r.value == value; }))
      return value;
  }
  return "";
}

// The readings of each fact, found once per evaluation: by the fact's position in the
// game's facts (RuleCond::fact_index), by name for a fact the game does not declare.
class Readings {
 public:
  Readings(const GameRules& rules, const FactMap& facts)
      : facts_(facts), by_index_(rules.facts.size(), nullptr) {
    for (const auto& [name, list] : facts) {
      auto it = rules.fact_index.find(name);
      if (it != rules.fact_index.end()) by_index_[it->second] = &list;
    }
  }
  const std::vector<Reading>* Of(const RuleCond& cond) const {
    if (cond.fact_index >= 0) return by_index_[static_cast<size_t>(cond.fact_index)];
    auto it = facts_.find(cond.fact);
    return it == facts_.end() ? nullptr : &it->second;
  }

 private:
  const FactMap& facts_;
  std::vector<const std::vector<Reading>*> by_index_;
};

Truth Evaluate(const RuleCond& cond, const Readings& readings, bool* from_text, int* words) {
  const std::vector<Reading>* list = readings.Of(cond);
  if (!list || list->empty()) return Truth::kPending;
  const bool negative = CondNegative(cond);
  // Positive conditions hold when any value read satisfies them; negative ones when all do.
  bool holds = negative;
  *words = 0;
  for (const Reading& r : *list) {
    bool h = CondHolds(cond, r.value);
    if (negative ? !h : h) {
      holds = !negative;
      if (r.from_text) *words = std::max(*words, static_cast<int>(r.count));
      break;
    }
  }
  *from_text = false;
  for (const Reading& r : *list) *from_text = *from_text || r.from_text;
  return holds ? Truth::kTrue : Truth::kFalse;
}

std::string DecisionOf(const RuleCase& c) {
  if (!c.decision.empty()) return c.decision;
  std::string out;
  for (const auto& s : c.sanctions) {
    std::string part = s.label + (s.beneficiary_label.empty() ? "" : " " + s.beneficiary_label);
    out += (out.empty() ? "" : "; ") + part;
  }
  return out;
}

// The side a score part is about: "nessun-bonus" is written for the side it favours (the
// other side adds nothing), every other part for the side that adds it.
std::string ScoredSide(const SanctionInfo& s) {
  return s.type == "nessun-bonus" ? SideAgainst(s.beneficiary, "avversario") : s.beneficiary;
}

// Two rulings at the same level are one cumulative ruling when both state only parts of a
// score and no side gets two different parts ("tiro sul portiere": the shooter adds no
// base score and the goalkeeper adds his): each part concerns its own side.
bool Cumulative(const RuleCase& a, const RuleCase& b) {
  auto only_parts = [](const RuleCase& c) {
    return !c.sanctions.empty() && std::all_of(c.sanctions.begin(), c.sanctions.end(), [](const SanctionInfo& s) {
      return IsScorePart(s.type) && s.choice.empty();
    });
  };
  if (!only_parts(a) || !only_parts(b)) return false;
  for (const SanctionInfo& x : a.sanctions) {
    for (const SanctionInfo& y : b.sanctions) {
      const std::string sx = ScoredSide(x), sy = ScoredSide(y);
      if (sx.empty() || sy.empty() || sx == sy) return false;
    }
  }
  return true;
}

CaseEval EvaluateCase(const RuleCase& c, const Readings& facts) {
  CaseEval e;
  e.rc = &c;
  for (const RuleCond& cond : c.when) {
    bool from_text = false;
    int words = 0;
    switch (Evaluate(cond, facts, &from_text, &words)) {
      case Truth::kTrue:
        ++e.trues;
        if (from_text) ++e.text_trues;
        e.evidence += words;
        break;
      case Truth::kFalse:
        e.falsified = true;  // a falsified case is dropped whatever its other conditions
        return e;
      case Truth::kPending:
        ++e.pendings;
        e.pending_facts.push_back(&cond.fact);
        break;
    }
  }
  return e;
}

std::string FactPhrase(const GameRules& rules, const RuleCond& cond) {
  const RuleFact* f = rules.Fact(cond.fact);
  std::string name = f && !f->label.empty() ? f->label : cond.fact;
  std::vector<std::string> labels;
  for (const auto& v : cond.values) {
    const RuleValue* rv = f ? f->Value(v) : nullptr;
    labels.push_back(rv ? rv->label : v);
  }
  static const std::map<std::string, std::string> kOps = {
      {"eq", ""},   {"ne", "non "}, {"in", ""},   {"not-in", "non "},
      {"lt", "< "}, {"le", "≤ "},   {"gt", "> "}, {"ge", "≥ "}};
  return name + ": " + kOps.at(cond.op.empty() ? "eq" : cond.op) + Join(labels, " o ");
}

std::string Because(const GameRules& rules, const RuleCase& c) {
  std::vector<std::string> parts;
  for (const auto& cond : c.when) parts.push_back(FactPhrase(rules, cond));
  return c.citation + ": si applica perché " + Join(parts, "; ") + " → " + DecisionOf(c);
}

// Declared changes of the variants in play: a replaced case never applies (nor waits on
// a fact); an amended case yields when a case of the variant's unit applies.
void ApplyVariantChanges(const GameRules& rules, const ResolveOptions& options,
                         std::vector<CaseEval>* applicable, std::vector<CaseEval>* pending,
                         ResolveResult* result) {
  for (const RuleVariantChange& v : rules.variant_changes) {
    if (v.kind == "adds" || !VariantInPlay(options.variants, v.variant) || v.variant.empty()) continue;
    std::string winner;  // the citation of an applicable case of the variant's unit
    for (const auto& e : *applicable) {
      if (CaseNamed(*e.rc, v.by_unit, v.by_case)) winner = e.rc->citation;
    }
    if (v.kind == "amends" && winner.empty()) continue;
    const std::string why =
        v.kind == "replaces" ? "sostituito dalla variante " : "modificato dalla variante ";
    auto drop = [&](std::vector<CaseEval>* list, bool explain) {
      list->erase(
          std::remove_if(list->begin(), list->end(),
                         [&](const CaseEval& e) {
                           if (!CaseNamed(*e.rc, v.target_unit, v.target_case)) return false;
                           if (explain && options.explain) {
                             result->explanation.push_back(why + v.variant + ": " + e.rc->citation +
                                                           " (" + e.rc->case_id + ")" +
                                                           (winner.empty() ? "" : " da " + winner));
                           }
                           return true;
                         }),
          list->end());
    };
    if (v.kind == "replaces") drop(pending, false);
    drop(applicable, true);
  }
}

void Evaluate(const GameRules& rules, const FactMap& facts, const ResolveOptions& options,
              bool ask_back, bool lead_only, ResolveResult* result,
              const std::vector<const RuleCase*>* only);

}  // namespace

// Evaluates every case of the game on `facts`; fills rulings, notes and, when
// ask_back is set, the unresolved questions.
// `only`, when given, restricts the evaluation to those cases (the ask-back options
// re-evaluate just the cases a missing fact can change).
void EvaluateRules(const GameRules& rules, const FactMap& facts, const ResolveOptions& options,
                   bool ask_back, ResolveResult* result,
                   const std::vector<const RuleCase*>* only) {
  Evaluate(rules, facts, options, ask_back, /*lead_only=*/false, result, only);
}

namespace {

// EvaluateRules; with `lead_only`, the first ruling's decision and support only (what
// the ask-back options compare), nothing else.
void Evaluate(const GameRules& rules, const FactMap& facts, const ResolveOptions& options,
              bool ask_back, bool lead_only, ResolveResult* result,
              const std::vector<const RuleCase*>* only) {
  std::vector<CaseEval> applicable, pending, variant_only;
  std::vector<const RuleCase*> all;
  if (!only) {
    // A case applies or waits only when a condition read from the text holds
    // (text_trues > 0): only the cases testing a fact read from the text can, taken
    // in the order of rules.cases.
    std::vector<size_t> reached;
    for (const auto& [name, list] : facts) {
      if (std::none_of(list.begin(), list.end(), [](const Reading& r) { return r.from_text; }))
        continue;
      auto it = rules.cases_by_fact.find(name);
      if (it != rules.cases_by_fact.end())
        reached.insert(reached.end(), it->second.begin(), it->second.end());
    }
    std::sort(reached.begin(), reached.end());
    reached.erase(std::unique(reached.begin(), reached.end()), reached.end());
    all.reserve(reached.size());
    for (size_t i : reached) all.push_back(&rules.cases[i]);
  }
  const Readings readings(rules, facts);
  for (const RuleCase* cp : only ? *only : all) {
    const RuleCase& c = *cp;
    CaseEval e = EvaluateCase(c, readings);
    if (e.falsified || e.text_trues == 0) continue;
    const bool enabled = VariantInPlay(options.variants, c.variant);
    if (e.pendings == 0) {
      (enabled ? applicable : variant_only).push_back(e);
    } else if (enabled) {
      pending.push_back(e);
    }
  }
  ApplyVariantChanges(rules, options, &applicable, &pending, result);
  // Declared overrides: an applicable winner removes its targets, unless the winner is
  // itself overridden (a fixed point: a chain A > B > C keeps A and C only when B is
  // out). Cycles, which check reports, stop after as many rounds as cases.
  // Only the overrides an applicable case's unit wins can have a winner (in their
  // declared order).
  std::vector<size_t> contested;
  for (const auto& e : applicable) {
    auto it = rules.overrides_by_unit.find(e.rc->unit_id);
    if (it != rules.overrides_by_unit.end())
      contested.insert(contested.end(), it->second.begin(), it->second.end());
  }
  std::sort(contested.begin(), contested.end());
  contested.erase(std::unique(contested.begin(), contested.end()), contested.end());
  std::set<std::string> overridden;
  std::vector<std::string> trace;
  for (size_t round = 0; round <= applicable.size(); ++round) {
    std::set<std::string> next;
    std::vector<std::string> next_trace;
    for (size_t oi : contested) {
      const RuleOverride& o = rules.overrides[oi];
      const CaseEval* winner = nullptr;
      for (const auto& e : applicable) {
        if (e.rc->unit_id == o.unit_id && (o.case_id.empty() || o.case_id == e.rc->case_id) &&
            !overridden.count(e.rc->Key()))
          winner = &e;
      }
      if (!winner) continue;
      for (const auto& e : applicable) {
        if (e.rc->unit_id == o.target_unit_id &&
            (o.target_case.empty() || o.target_case == e.rc->case_id) &&
            next.insert(e.rc->Key()).second && options.explain) {
          next_trace.push_back("superato: " + e.rc->citation + " (" + e.rc->case_id + ") da " +
                               winner->rc->citation + (o.quote.empty() ? "" : " («" + o.quote + "»)"));
        }
      }
    }
    const bool stable = next == overridden;
    overridden = std::move(next);
    trace = std::move(next_trace);
    if (stable) break;
  }
  if (options.explain) result->explanation.insert(result->explanation.end(), trace.begin(), trace.end());
  applicable.erase(std::remove_if(applicable.begin(), applicable.end(),
                                  [&](const CaseEval& e) { return overridden.count(e.rc->Key()); }),
                   applicable.end());
  int max_spec = 0;
  for (const auto& e : applicable) max_spec = std::max(max_spec, e.trues);

  // Grouping, most specific first. A case joins the ruling of a more specific case
  // when they agree on the decisive sanction (the body paragraph and its summary
  // row, which may list fewer accessory sanctions); otherwise, when its tested facts
  // are a subset of that case's, it is absorbed (the specific rule wins); otherwise
  // it is an alternative ruling.
  // Ties between equally specific cases go to the one more of the description supports.
  std::stable_sort(applicable.begin(), applicable.end(), [](const CaseEval& x, const CaseEval& y) {
    return x.trues != y.trues ? x.trues > y.trues : x.evidence > y.evidence;
  });
  struct Group {
    const CaseEval* lead;
    std::vector<const CaseEval*> members;
  };
  std::vector<Group> grouped;
  // Same type, and the same side once "avversario"/"colpevole" are resolved against
  // each case's offender: a summary row saying "per l'avversario" of a defender's foul
  // agrees with the body paragraph's "per l'attaccante".
  // `adopt`: a lead whose offender nothing states takes the other case's (a summary row
  // that names no offender, read against the provision it summarises).
  auto agrees = [&](const RuleCase& lead, const RuleCase& c, bool adopt = false) {
    if (c.sanctions.empty() || lead.sanctions.empty()) return false;
    const std::string offender = OffenderOf(c, facts);
    std::string lead_offender = OffenderOf(lead, facts);
    if (adopt && lead_offender.empty()) lead_offender = offender;
    auto same = [](const SanctionInfo& a, const std::string& a_offender, const SanctionInfo& b,
                   const std::string& b_offender) {
      if (a.type != b.type) return false;
      if (a.beneficiary == b.beneficiary || a.beneficiary.empty() || b.beneficiary.empty()) return true;
      return SideAgainst(a_offender, a.beneficiary) == SideAgainst(b_offender, b.beneficiary);
    };
    for (const auto& ls : lead.sanctions) {
      if (same(ls, lead_offender, c.sanctions[0], offender)) return true;
    }
    for (const auto& cs : c.sanctions) {
      if (same(cs, offender, lead.sanctions[0], lead_offender)) return true;
    }
    return false;
  };
  for (const auto& e : applicable) {
    Group* home = nullptr;
    const CaseEval* absorber = nullptr;
    for (auto& g : grouped) {
      if (agrees(*g.lead->rc, *e.rc)) {
        home = &g;
        break;
      }
      if (!absorber && g.lead->trues > e.trues &&
          std::includes(g.lead->facts_tested().begin(), g.lead->facts_tested().end(),
                        e.facts_tested().begin(), e.facts_tested().end())) {
        absorber = g.lead;
      }
    }
    if (home) {
      home->members.push_back(&e);
    } else if (absorber) {
      if (options.explain) {
        result->explanation.push_back("assorbito: " + e.rc->citation + " (" + e.rc->case_id +
                                      ") dalla regola più specifica " + absorber->rc->citation);
      }
      continue;
    } else {
      grouped.push_back({&e, {&e}});
    }
    if (options.explain) {
      result->explanation.push_back("si applica: " + e.rc->citation + " (" + e.rc->case_id + ")");
    }
  }

  // Rulings as specific as the first that add to it instead of contradicting it join it.
  std::vector<const CaseEval*> joined_leads;  // the leads merged into the first ruling
  for (size_t g = 1; g < grouped.size();) {
    if (grouped[g].lead->trues == grouped[0].lead->trues &&
        Cumulative(*grouped[0].lead->rc, *grouped[g].lead->rc) &&
        std::all_of(joined_leads.begin(), joined_leads.end(),
                    [&](const CaseEval* j) { return Cumulative(*j->rc, *grouped[g].lead->rc); })) {
      joined_leads.push_back(grouped[g].lead);
      grouped[0].members.insert(grouped[0].members.end(), grouped[g].members.begin(),
                                grouped[g].members.end());
      if (options.explain) {
        result->explanation.push_back("cumulata: " + grouped[g].lead->rc->citation + " (" +
                                      grouped[g].lead->rc->case_id + ") con " +
                                      grouped[0].lead->rc->citation);
      }
      grouped.erase(grouped.begin() + static_cast<long>(g));
    } else {
      ++g;
    }
  }

  // Pending cases that would be more specific than the best applicable one, and use
  // at least as much of the description: the missing fact would change the decision.
  std::map<std::string, int> pending_count;
  std::vector<std::string> pending_order;
  const int lead_text = grouped.empty() ? 0 : grouped[0].lead->text_trues;
  for (const auto& e : pending) {
    if (e.trues + e.pendings <= max_spec && max_spec > 0) continue;
    if (e.text_trues < lead_text) continue;
    for (const std::string* f : e.pending_facts) {
      if (!pending_count[*f]++) pending_order.push_back(*f);
    }
  }
  const bool open_question = !pending_order.empty();
  if (lead_only) {
    if (!grouped.empty()) {
      Ruling ruling;
      ruling.decision = DecisionOf(*grouped[0].lead->rc);
      ruling.support = grouped[0].lead->text_trues;
      result->rulings.push_back(std::move(ruling));
    }
    return;
  }

  int top_level = 0;
  for (size_t g = 0; g < grouped.size(); ++g) {
    const CaseEval* lead = grouped[g].lead;
    Ruling ruling;
    ruling.decision = DecisionOf(*lead->rc);
    if (g == 0) {
      for (const CaseEval* j : joined_leads) ruling.decision += "; inoltre: " + DecisionOf(*j->rc);
    }
    ruling.sanctions = lead->rc->sanctions;
    // Sanctions the agreeing cases add (a summary row may state an accessory sanction
    // the body paragraph leaves to another rule), once each.
    for (const auto* e : grouped[g].members) {
      for (const SanctionInfo& sa : e->rc->sanctions) {
        if (!sa.choice.empty()) continue;  // alternatives belong to their own case's choice
        const bool known = std::any_of(ruling.sanctions.begin(), ruling.sanctions.end(), [&](const SanctionInfo& x) {
          return x.type == sa.type && (x.beneficiary == sa.beneficiary || x.beneficiary.empty() || sa.beneficiary.empty());
        });
        if (!known) ruling.sanctions.push_back(sa);
      }
    }
    ruling.support = lead->text_trues;
    ruling.level = lead->trues;
    ruling.evidence = lead->evidence;
    ruling.case_key = lead->rc->Key();
    ruling.reading = lead->rc->reading;
    // Cites the provision of `c` once, with why it supports the ruling; false when cited.
    std::set<std::string> cited;
    auto cite = [&](const RuleCase& c, std::string because) {
      const std::string id = c.doc + "#" + c.eid;
      if (!cited.insert(id).second) return false;
      ruling.citations.push_back({rules.game, c.doc, id, c.citation, c.text, c.variant});
      ruling.because.push_back(std::move(because));
      return true;
    };
    for (const auto* e : grouped[g].members) cite(*e->rc, Because(rules, *e->rc));
    // A summary row cited: the provision it summarises states the same ruling in full and
    // is cited too, through a case of it that agrees with the ruling and that no fact
    // evaluated rules out (the row may leave out a condition the provision states).
    for (const auto* e : grouped[g].members) {
      auto rows = rules.summarised_by.find(e->rc->unit_id);
      if (rows == rules.summarised_by.end()) continue;
      for (long long target : rows->second) {
        auto cases = rules.cases_by_unit.find(target);
        if (cases == rules.cases_by_unit.end()) continue;
        for (size_t c : cases->second) {
          const RuleCase& full = rules.cases[c];
          if (!VariantInPlay(options.variants, full.variant) || !agrees(*lead->rc, full, true) ||
              EvaluateCase(full, readings).falsified ||
              !cite(full, full.citation + ": " + DecisionOf(full) + " (riassunta da " +
                              e->rc->citation + ")")) {
            continue;
          }
          break;
        }
      }
    }
    // The cases a value the ruling uses was derived with (the roll bonuses that decided who
    // won a duel) are cited too, with how the value was derived.
    for (const auto* e : grouped[g].members) {
      for (const RuleCond& cond : e->rc->when) {
        const std::vector<Reading>* list = readings.Of(cond);
        if (!list) continue;
        for (const Reading& r : *list) {
          if (r.basis.empty() || !CondHolds(cond, r.value)) continue;
          for (const std::string& key : r.basis) {
            auto c = std::find_if(rules.cases.begin(), rules.cases.end(),
                                  [&](const RuleCase& x) { return x.Key() == key; });
            if (c == rules.cases.end()) continue;
            cite(*c, c->citation + ": " + DecisionOf(*c) +
                         (r.derivation.empty() ? "" : " (" + r.derivation + ")"));
            // The bonus that decided the duel is part of the ruling ("ho qualcosa in più?":
            // the defender's +1 is): its sanction is stated with the ruling's, once. Not a
            // piece's bonus of 0 (it adds nothing).
            for (const SanctionInfo& sa : c->sanctions) {
              if (!rules.roll_bonus_types.count(sa.type) || sa.points == 0) continue;
              if (std::none_of(ruling.sanctions.begin(), ruling.sanctions.end(),
                               [&](const SanctionInfo& x) { return x.type == sa.type; }))
                ruling.sanctions.push_back(sa);
            }
          }
        }
      }
    }
    double confidence =
        0.5 +
        0.45 * (lead->rc->when.empty() ? 0 : double(lead->text_trues) / lead->rc->when.size());
    if (lead->trues < grouped[0].lead->trues) confidence *= 0.5;
    if (g > 0 && lead->trues == grouped[0].lead->trues) ++top_level;
    if (open_question) confidence *= 0.6;
    ruling.confidence = std::round(confidence * 100) / 100;
    result->rulings.push_back(std::move(ruling));
  }
  if (top_level > 0) {
    result->notes.push_back(
        "Le regole danno decisioni diverse per gli stessi fatti: sono citate tutte le "
        "disposizioni coinvolte.");
    for (auto& r : result->rulings) r.confidence = std::round(r.confidence * 70) / 100;
  }

  // Variants that would change the decision.
  for (const auto& e : variant_only) {
    if (e.trues < max_spec) continue;
    auto label = rules.variant_labels.find(e.rc->variant);
    result->notes.push_back("Con la variante «" +
                            (label == rules.variant_labels.end() ? e.rc->variant : label->second) +
                            "» (--variant " + e.rc->variant + ") si applicherebbe " +
                            e.rc->citation + ": " + DecisionOf(*e.rc));
  }

  if (!ask_back || !open_question) return;
  // Ask about the fact most pending cases wait on; options are the rulings per value.
  std::stable_sort(pending_order.begin(), pending_order.end(),
                   [&](const std::string& a, const std::string& b) {
                     return pending_count[a] > pending_count[b];
                   });
  const RuleFact* fact = rules.Fact(pending_order[0]);
  if (!fact) return;
  Unresolved question;
  question.fact = fact->name;
  question.question = fact->ask;
  // Only the applicable cases and those waiting on this fact can change.
  std::vector<const RuleCase*> affected;
  for (const auto& e : applicable) affected.push_back(e.rc);
  for (const auto& e : pending) {
    if (std::any_of(e.pending_facts.begin(), e.pending_facts.end(),
                    [&](const std::string* f) { return *f == fact->name; })) {
      affected.push_back(e.rc);
    }
  }
  std::set<std::string> decisions;
  std::vector<std::pair<int, UnresolvedOption>> ranked;  // (support, option)
  FactMap with = facts;
  for (const RuleValue& v : fact->values) {
    with[fact->name] = {{fact->name, v.id, "", 0, 0, true}};
    ResolveResult sub;
    ResolveOptions quiet = options;
    quiet.explain = false;
    Evaluate(rules, with, quiet, /*ask_back=*/false, /*lead_only=*/true, &sub, &affected);
    if (sub.rulings.empty()) continue;
    // With a ruling in hand, only a value under which a rule uses more of the
    // description than the current one is worth asking about.
    if (!result->rulings.empty() && sub.rulings[0].support <= result->rulings[0].support) continue;
    ranked.push_back({sub.rulings[0].support, {v.id, v.label, sub.rulings[0].decision}});
    decisions.insert(sub.rulings[0].decision);
  }
  // The values under which more of the description is used come first; a referee
  // is not asked to choose among dozens.
  constexpr size_t kMaxOptions = 8;
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (size_t i = 0; i < ranked.size() && i < kMaxOptions; ++i) {
    if (i > 0 && ranked[i].first < ranked[0].first && question.options.size() >= 3) break;
    question.options.push_back(ranked[i].second);
  }
  if (decisions.size() > 1 || (result->rulings.empty() && !question.options.empty())) {
    result->unresolved.push_back(std::move(question));
  }
}

}  // namespace
}  // namespace arbitro::resolve
