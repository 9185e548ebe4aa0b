#include "rules.h"

#include <cstdlib>

namespace arbitro {
namespace {

std::vector<std::string> SplitSpaces(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t j = s.find(' ', i);
    if (j == std::string::npos) j = s.size();
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

std::string Lookup(const std::map<std::pair<std::string, std::string>, std::string>& labels,
                   const std::string& game, const std::string& id) {
  auto it = labels.find({game, id});
  if (it == labels.end()) it = labels.find({"", id});
  return it == labels.end() ? std::string() : it->second;
}

}  // namespace

bool CondHolds(const RuleCond& cond, const std::string& value) {
  const std::string& op = cond.op;
  if (op == "eq") return !cond.values.empty() && value == cond.values[0];
  if (op == "ne") return !cond.values.empty() && value != cond.values[0];
  if (op == "in" || op == "not-in") {
    bool found = false;
    for (const auto& v : cond.values) found = found || v == value;
    return op == "in" ? found : !found;
  }
  if (cond.values.empty()) return false;
  char* end = nullptr;
  long v = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end) return false;
  long c = std::strtol(cond.values[0].c_str(), nullptr, 10);
  if (op == "lt") return v < c;
  if (op == "le") return v <= c;
  if (op == "gt") return v > c;
  if (op == "ge") return v >= c;
  return false;
}

Status LoadGameRules(Database& db, const std::string& game,
                     const std::map<std::pair<std::string, std::string>, std::string>& sanction_labels,
                     const std::map<std::pair<std::string, std::string>, std::string>& beneficiary_labels,
                     GameRules* rules) {
  rules->game = game;
  Status s;
  Statement facts, values, forms;
  s = db.Prepare("SELECT id, name, type, ask, label, default_value FROM facts WHERE game = ? ORDER BY ord", &facts);
  if (s.ok())
    s = db.Prepare("SELECT id, value, label, label_terms FROM fact_values WHERE fact_id = ? ORDER BY ord",
                   &values);
  if (s.ok()) s = db.Prepare("SELECT form, terms FROM forms WHERE fact_id = ? AND value_id IS ?", &forms);
  if (!s.ok()) return s;
  facts.Bind(1, game);
  std::vector<long long> fact_ids;
  while (facts.Step(&s)) {
    RuleFact f;
    fact_ids.push_back(facts.Int(0));
    f.name = facts.Text(1);
    f.integer = facts.Text(2) == "integer";
    f.ask = facts.Text(3);
    f.label = facts.Text(4);
    f.default_value = facts.Text(5);
    rules->facts.push_back(std::move(f));
  }
  for (size_t i = 0; s.ok() && i < rules->facts.size(); ++i) {
    RuleFact& f = rules->facts[i];
    forms.Bind(1, fact_ids[i]).BindNull(2);
    while (forms.Step(&s)) {
      f.forms.push_back(forms.Text(0));
      f.form_terms.push_back(SplitSpaces(forms.Text(1)));
    }
    forms.Reset();
    values.Bind(1, fact_ids[i]);
    std::vector<long long> value_ids;
    std::vector<std::string> label_terms;
    while (values.Step(&s)) {
      value_ids.push_back(values.Int(0));
      f.values.push_back({values.Text(1), values.Text(2), {}, {}});
      label_terms.push_back(values.Text(3));
    }
    values.Reset();
    for (size_t k = 0; k < value_ids.size(); ++k) {
      forms.Bind(1, fact_ids[i]).Bind(2, value_ids[k]);
      while (forms.Step(&s)) {
        f.values[k].forms.push_back(forms.Text(0));
        f.values[k].form_terms.push_back(SplitSpaces(forms.Text(1)));
      }
      forms.Reset();
      f.values[k].form_terms.push_back(SplitSpaces(label_terms[k]));  // the label reads too
    }
  }
  if (!s.ok()) return s;

  Statement cases, conds, sanctions;
  s = db.Prepare(
      "SELECT c.id, c.unit_id, c.case_id, coalesce(nullif(c.variant, ''), u.variant, ''),"
      " c.decision, d.doc, u.eid, u.citation, u.text, u.kind"
      " FROM cases c JOIN units u ON u.id = c.unit_id JOIN documents d ON d.id = u.document_id"
      " WHERE d.game = ? ORDER BY d.doc, u.ord, c.id", &cases);
  if (s.ok()) s = db.Prepare("SELECT fact, op, value FROM conditions WHERE case_id = ? ORDER BY ord", &conds);
  if (s.ok())
    s = db.Prepare("SELECT type, beneficiary, place FROM sanctions WHERE case_id = ? ORDER BY ord", &sanctions);
  if (!s.ok()) return s;
  cases.Bind(1, game);
  std::vector<long long> case_ids;
  while (cases.Step(&s)) {
    RuleCase c;
    case_ids.push_back(cases.Int(0));
    c.unit_id = cases.Int(1);
    c.case_id = cases.Text(2);
    c.variant = cases.Text(3);
    c.decision = cases.Text(4);
    c.doc = cases.Text(5);
    c.eid = cases.Text(6);
    c.citation = cases.Text(7);
    c.text = cases.Text(8);
    c.kind = cases.Text(9);
    rules->cases.push_back(std::move(c));
  }
  for (size_t i = 0; s.ok() && i < rules->cases.size(); ++i) {
    RuleCase& c = rules->cases[i];
    conds.Bind(1, case_ids[i]);
    while (conds.Step(&s)) c.when.push_back({conds.Text(0), conds.Text(1), SplitSpaces(conds.Text(2))});
    conds.Reset();
    sanctions.Bind(1, case_ids[i]);
    while (sanctions.Step(&s)) {
      SanctionInfo si;
      si.type = sanctions.Text(0);
      si.beneficiary = sanctions.Text(1);
      si.place = sanctions.Text(2);
      si.label = Lookup(sanction_labels, game, si.type);
      if (si.label.empty()) si.label = si.type;
      si.beneficiary_label = Lookup(beneficiary_labels, game, si.beneficiary);
      if (si.beneficiary_label.empty() && !si.beneficiary.empty()) si.beneficiary_label = "per " + si.beneficiary;
      c.sanctions.push_back(std::move(si));
    }
    sanctions.Reset();
  }
  if (!s.ok()) return s;

  Statement overrides;
  s = db.Prepare(
      "SELECT o.unit_id, o.case_id, o.target_unit_id, o.target_case, o.kind, o.quote FROM overrides o"
      " JOIN units u ON u.id = o.unit_id JOIN documents d ON d.id = u.document_id WHERE d.game = ?",
      &overrides);
  if (!s.ok()) return s;
  overrides.Bind(1, game);
  while (overrides.Step(&s)) {
    rules->overrides.push_back({overrides.Int(0), overrides.Text(1), overrides.Int(2), overrides.Text(3),
                                overrides.Text(4), overrides.Text(5)});
  }
  Statement variants;
  if (s.ok())
    s = db.Prepare("SELECT v.variant, v.label FROM variants v JOIN documents d ON d.id = v.document_id"
                   " WHERE d.game = ?", &variants);
  if (s.ok()) {
    variants.Bind(1, game);
    while (variants.Step(&s)) rules->variant_labels[variants.Text(0)] = variants.Text(1);
  }
  return s;
}

}  // namespace arbitro
