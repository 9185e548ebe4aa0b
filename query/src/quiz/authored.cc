// The encoders' scenes of cases (corpus/<game>/scenes.xml, see builder.h): each tells its
// case's conditions with one concrete value each (and any fact the scene adds), and the
// scene stands for exactly those facts wherever a question or a feedback tells them.
#include "quiz/builder.h"

namespace arbitro::quiz {

void Builder::ReadAuthoredScenes() {
  for (const CaseScene& sc : data_.phrasing.scenes) {
    const RuleCase* found = nullptr;
    for (const RuleCase& c : data_.rules.cases) {
      if (c.doc == sc.doc && c.eid == sc.eid && c.case_id == sc.case_id) found = &c;
    }
    if (!found) continue;
    if (!sc.quiz) unasked_.insert(found);
    if (sc.tell.empty()) continue;
    // The told facts: the scene's value of each condition (the condition's own value when
    // it has a single one), then the facts the scene states beyond them.
    Facts facts;
    bool complete = true;
    auto told = [&](const std::string& name) -> std::string {
      for (const auto& [f, v] : sc.facts) {
        if (f == name) return v;
      }
      return "";
    };
    for (const RuleCond& cond : found->when) {
      std::string v = told(cond.fact);
      if (v.empty() && (cond.op == "eq" || cond.op == "in"))
        v = cond.values.empty() ? "" : cond.values[0];
      if (v.empty() || !CondHolds(cond, v)) complete = false;
      bool dup = false;
      for (const auto& [f, old] : facts) dup = dup || f == cond.fact;
      if (!dup) facts.emplace_back(cond.fact, v);
    }
    for (const auto& [f, v] : sc.facts) {
      bool present = false;
      for (const auto& [g, w] : facts) present = present || g == f;
      if (!present) facts.emplace_back(f, v);
    }
    // A condition that admits several values (ne, an order) and none told: no facts to
    // verify the question on, so the scene is not used (the loader has checked that a
    // told value satisfies its condition).
    if (!complete) continue;
    told_[found] = facts;
    Scene scene;
    scene.ok = true;
    scene.authored = true;
    scene.body = sc.tell;
    scene.clauses = 1;
    scene.why = sc.why;
    scene.actor = sc.actor;
    // Two cases told alike (a provision and its summary row): the first in document order.
    authored_.emplace(Canonical(data_.game, facts), std::move(scene));
  }
}

const Scene* Builder::Authored(const Facts& facts) const {
  if (authored_.empty()) return nullptr;
  auto it = authored_.find(Canonical(data_.game, facts));
  return it == authored_.end() ? nullptr : &it->second;
}

}  // namespace arbitro::quiz
