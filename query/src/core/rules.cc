#include "core/rules.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

namespace arbitro {

std::vector<std::string> SplitSpaces(const std::string& s) {
  std::vector<std::string> out;
  out.reserve(static_cast<size_t>(std::count(s.begin(), s.end(), ' ')) + 1);
  size_t i = 0;
  while (i < s.size()) {
    size_t j = s.find(' ', i);
    if (j == std::string::npos) j = s.size();
    if (j > i) out.emplace_back(s, i, j - i);
    i = j + 1;
  }
  return out;
}

namespace {

std::string Lookup(const std::map<std::pair<std::string, std::string>, std::string>& labels,
                   const std::string& game, const std::string& id) {
  auto it = labels.find({game, id});
  if (it == labels.end()) it = labels.find({"", id});
  return it == labels.end() ? std::string() : it->second;
}

}  // namespace

bool IsScorePart(const std::string& sanction_type) {
  static const std::set<std::string> kScoreParts = {"bonus-base", "nessun-bonus", "bonus-dado",
                                                    "due-dadi",   "tiro-alto",    "tiro-basso"};
  return kScoreParts.count(sanction_type) > 0;
}

std::string SideAgainst(const std::string& offender, const std::string& beneficiary) {
  static const std::map<std::string, std::string> kOther = {{"attaccante", "difensore"},
                                                            {"difensore", "attaccante"},
                                                            {"squadra-in-attacco", "squadra-in-difesa"},
                                                            {"squadra-in-difesa", "squadra-in-attacco"}};
  auto it = kOther.find(offender);
  if (it == kOther.end()) return beneficiary;
  if (beneficiary == "avversario") return it->second;
  if (beneficiary == "colpevole") return offender;
  return beneficiary;
}

bool VariantInPlay(const std::vector<std::string>& variants, const std::string& variant) {
  return variant.empty() || std::find(variants.begin(), variants.end(), variant) != variants.end();
}

bool CaseNamed(const RuleCase& c, long long unit, const std::string& case_id) {
  return c.unit_id == unit && (case_id.empty() || case_id == c.case_id);
}

bool CondNegative(const RuleCond& cond) {
  if (cond.parsed_op) return *cond.parsed_op == CondOp::kNe || *cond.parsed_op == CondOp::kNotIn;
  return cond.op == "ne" || cond.op == "not-in";
}

bool CondHolds(const RuleCond& cond, const std::string& value) {
  // The index stores the operator's name; an unknown one (never written) holds for nothing.
  if (cond.parsed_op) return CondAccepts(*cond.parsed_op, cond.values, value);
  CondOp op = CondOp::kEq;
  return !cond.op.empty() && ParseCondOp(cond.op, &op) && CondAccepts(op, cond.values, value);
}

Status LoadGameRules(
    Database& db, const std::string& game,
    const std::map<std::pair<std::string, std::string>, std::string>& sanction_labels,
    const std::map<std::pair<std::string, std::string>, std::string>& beneficiary_labels,
    GameRules* rules, bool with_cases) {
  rules->game = game;
  Status s;
  Statement facts, values, forms;
  s = db.Prepare(
      "SELECT id, name, type, ask, label, default_value FROM facts WHERE game = ? ORDER BY ord",
      &facts);
  // Every value and every form of the game in one pass each, put in order here: an ORDER BY
  // would have SQLite copy each row into a sorter first (and a per-fact statement
  // starts a sorter for each fact).
  if (s.ok())
    s = db.Prepare(
        "SELECT v.fact_id, v.ord, v.id, v.value, v.label, v.label_terms, v.unit, v.low,"
        " v.low_inclusive, v.high, v.high_inclusive FROM fact_values v"
        " JOIN facts f ON f.id = v.fact_id WHERE f.game = ?",
        &values);
  if (s.ok())
    s = db.Prepare(
        "SELECT fo.rowid, fo.fact_id, fo.value_id, fo.form, fo.terms FROM forms fo"
        " JOIN facts f ON f.id = fo.fact_id WHERE f.game = ?",
        &forms);
  if (!s.ok()) return s;
  facts.Bind(1, game);
  std::map<long long, size_t> fact_index;
  while (facts.Step(&s)) {
    RuleFact f;
    fact_index[facts.Int(0)] = rules->facts.size();
    f.name = facts.Text(1);
    f.integer = facts.Text(2) == "integer";
    f.ask = facts.Text(3);
    f.label = facts.Text(4);
    f.default_value = facts.Text(5);
    rules->facts.push_back(std::move(f));
  }
  // The values of each fact in their order (ord).
  struct ValueRow {
    size_t fact;
    long long ord, id;
    RuleValue value;
  };
  std::vector<ValueRow> value_rows;
  values.Bind(1, game);
  while (s.ok() && values.Step(&s)) {
    auto fi = fact_index.find(values.Int(0));
    if (fi == fact_index.end()) continue;
    ValueRow row{fi->second, values.Int(1), values.Int(2), {}};
    RuleValue& v = row.value;
    v.id = values.Text(3);
    v.label = values.Text(4);
    // The label reads too: its terms come first, before the declared forms.
    v.form_terms.push_back(SplitSpaces(values.Text(5)));
    if (!values.IsNull(6)) {
      MeasureRange& r = v.range;
      r.unit = values.Text(6);
      r.has_low = !values.IsNull(7);
      r.low = r.has_low ? values.Real(7) : 0;
      r.low_inclusive = r.has_low && values.Int(8) != 0;
      r.has_high = !values.IsNull(9);
      r.high = r.has_high ? values.Real(9) : 0;
      r.high_inclusive = r.has_high && values.Int(10) != 0;
    }
    value_rows.push_back(std::move(row));
  }
  if (!s.ok()) return s;
  std::stable_sort(value_rows.begin(), value_rows.end(), [](const ValueRow& a, const ValueRow& b) {
    return a.fact != b.fact ? a.fact < b.fact : a.ord < b.ord;
  });
  std::map<long long, std::pair<size_t, size_t>> value_index;  // value id → (fact, value)
  for (ValueRow& row : value_rows) {
    RuleFact& f = rules->facts[row.fact];
    value_index[row.id] = {row.fact, f.values.size()};
    f.values.push_back(std::move(row.value));
  }
  // The forms in insertion order (fact, then value).
  struct FormRow {
    long long rowid, fact_id, value_id;
    bool fact_form;  // value_id NULL: a form of the fact itself
    std::string form, terms;
  };
  std::vector<FormRow> form_rows;
  forms.Bind(1, game);
  while (s.ok() && forms.Step(&s)) {
    form_rows.push_back({forms.Int(0), forms.Int(1), forms.IsNull(2) ? 0 : forms.Int(2),
                         forms.IsNull(2), forms.Text(3), forms.Text(4)});
  }
  if (!s.ok()) return s;
  std::vector<std::pair<long long, size_t>> by_rowid;  // (rowid, position in form_rows)
  by_rowid.reserve(form_rows.size());
  for (size_t k = 0; k < form_rows.size(); ++k) by_rowid.emplace_back(form_rows[k].rowid, k);
  std::sort(by_rowid.begin(), by_rowid.end());
  for (const auto& [rowid, k] : by_rowid) {
    FormRow& row = form_rows[k];
    auto fi = fact_index.find(row.fact_id);
    if (fi == fact_index.end()) continue;
    if (row.fact_form) {
      rules->facts[fi->second].forms.push_back(std::move(row.form));
      rules->facts[fi->second].form_terms.push_back(SplitSpaces(row.terms));
      continue;
    }
    auto vi = value_index.find(row.value_id);
    if (vi == value_index.end()) continue;
    RuleValue& v = rules->facts[vi->second.first].values[vi->second.second];
    v.forms.push_back(std::move(row.form));
    v.form_terms.push_back(SplitSpaces(row.terms));
  }

  if (!with_cases) return s;
  Statement cases, conds, sanctions;
  s = db.Prepare(
      "SELECT c.id, c.unit_id, c.case_id, coalesce(nullif(c.variant, ''), u.variant, ''),"
      " c.decision, d.doc, u.eid, u.citation, u.text, u.kind, c.reading"
      " FROM cases c JOIN units u ON u.id = c.unit_id JOIN documents d ON d.id = u.document_id"
      " WHERE d.game = ? ORDER BY d.doc, u.ord, c.id",
      &cases);
  // Conditions and sanctions of every case of the game in one pass each.
  const char* game_cases =
      " JOIN cases c ON c.id = x.case_id JOIN units u ON u.id = c.unit_id"
      " JOIN documents d ON d.id = u.document_id WHERE d.game = ? ORDER BY x.case_id, x.ord";
  if (s.ok())
    s = db.Prepare(
        std::string("SELECT x.case_id, x.fact, x.op, x.value FROM conditions x") + game_cases,
        &conds);
  if (s.ok())
    s = db.Prepare(std::string("SELECT x.case_id, x.type, x.beneficiary, x.place, x.choice, "
                               "x.chosen_by, x.points FROM sanctions x") +
                       game_cases,
                   &sanctions);
  if (!s.ok()) return s;
  cases.Bind(1, game);
  std::map<long long, size_t> index_of;  // cases.id → position in rules->cases
  while (cases.Step(&s)) {
    RuleCase c;
    index_of[cases.Int(0)] = rules->cases.size();
    c.unit_id = cases.Int(1);
    c.case_id = cases.Text(2);
    c.variant = cases.Text(3);
    c.decision = cases.Text(4);
    c.doc = cases.Text(5);
    c.eid = cases.Text(6);
    c.citation = cases.Text(7);
    c.text = cases.Text(8);
    c.kind = cases.Text(9);
    c.reading = cases.Int(10) != 0;
    c.key = c.doc + "#" + c.eid + "/" + c.case_id;
    rules->cases.push_back(std::move(c));
  }
  if (!s.ok()) return s;
  conds.Bind(1, game);
  while (conds.Step(&s)) {
    auto it = index_of.find(conds.Int(0));
    if (it == index_of.end()) continue;
    rules->cases[it->second].when.push_back(
        {conds.Text(1), conds.Text(2), SplitSpaces(conds.Text(3)), -1, std::nullopt});
  }
  for (size_t f = 0; f < rules->facts.size(); ++f)
    rules->fact_index.emplace(rules->facts[f].name, f);
  for (size_t i = 0; i < rules->cases.size(); ++i) {
    RuleCase& c = rules->cases[i];
    for (RuleCond& cond : c.when) {
      auto fi = rules->fact_index.find(cond.fact);
      if (fi != rules->fact_index.end()) cond.fact_index = static_cast<int>(fi->second);
      if (CondOp op; !cond.op.empty() && ParseCondOp(cond.op, &op)) cond.parsed_op = op;
    }
    rules->cases_by_unit[c.unit_id].push_back(i);
    rules->unit_of[c.doc + "#" + c.eid] = c.unit_id;
    for (const RuleCond& cond : c.when) c.facts_tested.push_back(cond.fact);
    std::sort(c.facts_tested.begin(), c.facts_tested.end());
    c.facts_tested.erase(std::unique(c.facts_tested.begin(), c.facts_tested.end()),
                         c.facts_tested.end());
    for (const std::string& f : c.facts_tested) rules->cases_by_fact[f].push_back(i);
  }
  sanctions.Bind(1, game);
  while (s.ok() && sanctions.Step(&s)) {
    auto it = index_of.find(sanctions.Int(0));
    if (it == index_of.end()) continue;
    SanctionInfo si;
    si.type = sanctions.Text(1);
    si.beneficiary = sanctions.Text(2);
    si.place = sanctions.Text(3);
    si.label = Lookup(sanction_labels, game, si.type);
    if (si.label.empty()) si.label = si.type;
    si.beneficiary_label = Lookup(beneficiary_labels, game, si.beneficiary);
    if (si.beneficiary_label.empty() && !si.beneficiary.empty())
      si.beneficiary_label = "per " + si.beneficiary;
    if (!sanctions.IsNull(6)) si.points = static_cast<int>(sanctions.Int(6));
    RuleCase& owner = rules->cases[it->second];
    if (sanctions.Int(4) > 0) {
      si.choice = owner.Key() + "/scelta" + std::to_string(sanctions.Int(4));
      si.chosen_by = sanctions.Text(5);
      si.chosen_by_label = Lookup(beneficiary_labels, game, si.chosen_by);
    }
    owner.sanctions.push_back(std::move(si));
  }
  if (!s.ok()) return s;

  // The sanction types whose points add to a dice roll (the lexicon's are no game's).
  Statement roll_types;
  s = db.Prepare("SELECT id FROM sanction_types WHERE game = ? AND adds_to_roll", &roll_types);
  if (!s.ok()) return s;
  roll_types.Bind(1, game);
  while (roll_types.Step(&s)) rules->roll_bonus_types.insert(roll_types.Text(0));
  if (!s.ok()) return s;

  Statement overrides;
  s = db.Prepare(
      "SELECT o.unit_id, o.case_id, o.target_unit_id, o.target_case, o.kind, o.quote FROM "
      "overrides o"
      " JOIN units u ON u.id = o.unit_id JOIN documents d ON d.id = u.document_id WHERE d.game = ?",
      &overrides);
  if (!s.ok()) return s;
  overrides.Bind(1, game);
  while (overrides.Step(&s)) {
    rules->overrides_by_unit[overrides.Int(0)].push_back(rules->overrides.size());
    rules->overrides.push_back({overrides.Int(0), overrides.Text(1), overrides.Int(2),
                                overrides.Text(3), overrides.Text(4), overrides.Text(5)});
  }
  Statement summaries;
  if (s.ok())
    s = db.Prepare(
        "SELECT r.unit_id, r.target_unit_id FROM refs r JOIN units u ON u.id = r.unit_id"
        " JOIN documents d ON d.id = u.document_id"
        " WHERE d.game = ? AND r.kind = 'summarises' AND r.target_unit_id IS NOT NULL"
        " ORDER BY r.unit_id, r.ord",
        &summaries);
  if (s.ok()) {
    summaries.Bind(1, game);
    while (summaries.Step(&s)) rules->summarised_by[summaries.Int(0)].push_back(summaries.Int(1));
  }
  Statement variants;
  if (s.ok())
    s = db.Prepare(
        "SELECT v.variant, v.label FROM variants v JOIN documents d ON d.id = v.document_id"
        " WHERE d.game = ?",
        &variants);
  if (s.ok()) {
    variants.Bind(1, game);
    while (variants.Step(&s)) rules->variant_labels[variants.Text(0)] = variants.Text(1);
  }
  Statement changes;
  if (s.ok())
    s = db.Prepare(
        "SELECT c.variant, c.kind, coalesce(c.target_unit_id, 0), c.target_case, c.by_unit_id,"
        " c.by_case, c.param FROM variant_changes c JOIN documents d ON d.id = c.document_id"
        " WHERE d.game = ? ORDER BY c.document_id, c.ord",
        &changes);
  if (s.ok()) {
    changes.Bind(1, game);
    while (changes.Step(&s)) {
      rules->variant_changes.push_back({changes.Text(0), changes.Text(1), changes.Int(2),
                                        changes.Text(3), changes.Int(4), changes.Text(5),
                                        changes.Text(6)});
    }
  }
  return s;
}

std::string ChoiceIntro(const SanctionInfo& s) {
  std::string who = s.chosen_by_label;
  if (who.rfind("per ", 0) == 0) who = who.substr(4);
  if (who.empty()) who = s.chosen_by;
  // "di" + article contracts: "della squadra", "dell'attaccante", "del difensore".
  static const std::pair<const char*, const char*> kArticles[] = {
      {"il ", "del "}, {"lo ", "dello "},  {"la ", "della "}, {"l'", "dell'"},
      {"i ", "dei "},  {"gli ", "degli "}, {"le ", "delle "}};
  for (const auto& [article, contracted] : kArticles) {
    if (who.rfind(article, 0) == 0)
      return std::string("a scelta ") + contracted + who.substr(std::strlen(article));
  }
  return "a scelta di " + who;
}

std::string SanctionSentence(const SanctionInfo& s) {
  std::string out = s.label;
  if (!s.beneficiary_label.empty()) out += " " + s.beneficiary_label;
  if (s.points > 0)
    out += " (" + std::to_string(s.points) + (s.points == 1 ? " punto)" : " punti)");
  if (!s.place.empty()) out += " (" + s.place + ")";
  return out;
}

}  // namespace arbitro
