// What changed in the logic of a matched unit: cases are paired by identical
// conditions first, then by case id; sanctions are compared with their place and points;
// parameters are paired by name.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "committee/check_logic.h"
#include "committee/diff_internal.h"

namespace arbitro::diff_detail {
namespace {

// Conditions in a canonical order, for pairing cases with the same conditions.
std::string ConditionKey(const Case& c) {
  std::vector<std::string> parts;
  for (const Cond& cond : c.when) {
    std::vector<std::string> values = cond.values;
    std::sort(values.begin(), values.end());
    std::string part = cond.fact + " " + CondOpName(cond.op);
    for (const std::string& v : values) part += " " + v;
    parts.push_back(part);
  }
  std::sort(parts.begin(), parts.end());
  std::string key;
  for (const std::string& p : parts) key += p + ";";
  return key;
}

std::string SanctionKey(const Case& c) {
  std::vector<std::string> parts;
  for (const Sanction& s : c.sanctions) {
    parts.push_back(s.type + "|" + s.beneficiary + "|" + s.place + "|" +
                    (s.points ? std::to_string(*s.points) : ""));
  }
  std::sort(parts.begin(), parts.end());
  std::string key;
  for (const std::string& p : parts) key += p + ";";
  return key;
}

CaseChange Whole(const std::string& kind, const std::string& id, const Case& c, bool old_side) {
  CaseChange change;
  change.kind = kind;
  (old_side ? change.old_case : change.new_case) = id;
  (old_side ? change.old_when : change.new_when) = check_detail::WhenText(c);
  (old_side ? change.old_sanctions : change.new_sanctions) =
      check_detail::SanctionsText(c, /*with_place=*/true);
  change.conditions_changed = true;
  change.sanctions_changed = !c.sanctions.empty();
  return change;
}

}  // namespace

std::string ParamValue(const Param& p) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", p.value);
  return std::string(buf) + (p.unit.empty() ? "" : " " + p.unit);
}

LogicSide LogicOf(const Rulebook& book, const std::vector<int>& units) {
  LogicSide side;
  for (int u : units) {
    const Unit& unit = book.units[u];
    for (const Case& c : unit.cases) {
      side.cases.emplace_back(units.size() > 1 ? unit.eid + "/" + c.id : c.id, &c);
    }
    for (const Param& p : unit.params) side.params.push_back(&p);
  }
  return side;
}

void CompareLogic(const LogicSide& old_side, const LogicSide& new_side, ProvisionChange* change) {
  const size_t n = old_side.cases.size(), m = new_side.cases.size();
  std::vector<int> partner(n, -1);
  std::vector<bool> taken(m, false);
  // Same conditions, then same id.
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 0; i < n; ++i) {
      if (partner[i] >= 0) continue;
      for (size_t j = 0; j < m; ++j) {
        if (taken[j]) continue;
        const bool same = pass == 0 ? ConditionKey(*old_side.cases[i].second) ==
                                          ConditionKey(*new_side.cases[j].second)
                                    : old_side.cases[i].first == new_side.cases[j].first;
        if (!same) continue;
        partner[i] = static_cast<int>(j);
        taken[j] = true;
        break;
      }
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const auto& [old_id, oc] = old_side.cases[i];
    if (partner[i] < 0) {
      change->cases.push_back(Whole("removed", old_id, *oc, true));
      continue;
    }
    const auto& [new_id, nc] = new_side.cases[partner[i]];
    CaseChange cc;
    cc.kind = "changed";
    cc.old_case = old_id;
    cc.new_case = new_id;
    cc.conditions_changed = ConditionKey(*oc) != ConditionKey(*nc);
    cc.sanctions_changed = SanctionKey(*oc) != SanctionKey(*nc);
    if (!cc.conditions_changed && !cc.sanctions_changed) continue;
    cc.old_when = check_detail::WhenText(*oc);
    cc.new_when = check_detail::WhenText(*nc);
    cc.old_sanctions = check_detail::SanctionsText(*oc, /*with_place=*/true);
    cc.new_sanctions = check_detail::SanctionsText(*nc, /*with_place=*/true);
    change->cases.push_back(std::move(cc));
  }
  for (size_t j = 0; j < m; ++j) {
    if (!taken[j])
      change->cases.push_back(
          Whole("added", new_side.cases[j].first, *new_side.cases[j].second, false));
  }

  std::multimap<std::string, const Param*> old_params, new_params;
  for (const Param* p : old_side.params) old_params.emplace(p->name, p);
  for (const Param* p : new_side.params) new_params.emplace(p->name, p);
  std::vector<std::string> names;
  for (const auto& [name, p] : old_params) names.push_back(name);
  for (const auto& [name, p] : new_params) names.push_back(name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  for (const std::string& name : names) {
    std::vector<std::string> before, after;
    for (auto [it, end] = old_params.equal_range(name); it != end; ++it)
      before.push_back(ParamValue(*it->second));
    for (auto [it, end] = new_params.equal_range(name); it != end; ++it)
      after.push_back(ParamValue(*it->second));
    // Values present on both sides are unchanged, whatever their order.
    for (auto it = before.begin(); it != before.end();) {
      auto same = std::find(after.begin(), after.end(), *it);
      if (same == after.end()) {
        ++it;
        continue;
      }
      after.erase(same);
      it = before.erase(it);
    }
    const size_t pairs = std::min(before.size(), after.size());
    for (size_t k = 0; k < pairs; ++k)
      change->params.push_back({"changed", name, before[k], after[k]});
    for (size_t k = pairs; k < before.size(); ++k)
      change->params.push_back({"removed", name, before[k], ""});
    for (size_t k = pairs; k < after.size(); ++k)
      change->params.push_back({"added", name, "", after[k]});
  }
}

}  // namespace arbitro::diff_detail
