// Near-miss wrong decisions for a situation question (see builder.h). Each is a
// decision the rules give in a situation close to the asked one, and each claim is
// checked with Resolve twice: wrong for the asked facts (it shares no (type,
// beneficiary) with any ruling there) and right for the situation its feedback names.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "quiz/builder.h"

namespace arbitro::quiz {

namespace {

// Facts that differ between two situations (count of changed, added or missing facts).
size_t Distance(const Facts& a, const Facts& b) {
  size_t d = 0;
  for (const auto& [f, v] : a) {
    bool same = false, present = false;
    for (const auto& [g, w] : b) {
      if (g == f) {
        present = true;
        same = v == w;
      }
    }
    d += !present || !same;
  }
  for (const auto& [g, w] : b) {
    bool present = false;
    for (const auto& [f, v] : a) present = present || f == g;
    d += !present;
  }
  return d;
}

bool HasBeneficiary(const std::vector<SanctionInfo>& sanctions) {
  for (const auto& s : sanctions) {
    if (!s.beneficiary.empty()) return true;
  }
  return false;
}

std::string ShortCitation(const std::string& citation) {
  const std::string sep = " › ";
  const size_t at = citation.find(sep);
  return at == std::string::npos ? citation : citation.substr(at + sep.size());
}

}  // namespace

Status Builder::Distractors(const RuleCase& source, const Facts& facts, const Ruling& best,
                            const ResolveResult& all, size_t want, std::vector<Distractor>* out) {
  out->clear();
  const Pairs forbidden = AllPairs(all);
  std::set<std::string> texts{Fold(AnswerText(best.sanctions))};
  std::set<Pairs> taken{PairsOf(best.sanctions)};
  // A distractor has the shape of the right answer: a decision for one side when the
  // right one is, so that a procedure ("riposizionamento …") never stands against a
  // sanction, nor a sanction against "il gioco prosegue".
  const bool sided = HasBeneficiary(best.sanctions);
  auto add = [&](Distractor d) {
    if (out->size() >= want || d.sanctions.empty() || d.text.empty()) return false;
    if (HasBeneficiary(d.sanctions) != sided) return false;
    const Pairs pairs = PairsOf(d.sanctions);
    if (!Disjoint(pairs, forbidden) || taken.count(pairs) || texts.count(Fold(d.text)))
      return false;
    taken.insert(pairs);
    texts.insert(Fold(d.text));
    out->push_back(std::move(d));
    return true;
  };
  // The decision the rules give in another situation, with the scene it is right for.
  auto from_situation = [&](const Facts& other) -> Status {
    if (out->size() >= want || other.empty()) return Status::OK();
    const Scene sc = Compose(other);
    if (!sc.ok) return Status::OK();
    const ResolveResult* r = nullptr;
    Status s = Resolve(other, &r);
    if (!s.ok()) return s;
    if (!Decided(*r)) return Status::OK();
    const Ruling& there = r->rulings[0];
    Distractor d;
    d.sanctions = there.sanctions;
    d.text = AnswerText(there.sanctions);
    d.facts = other;
    d.feedback = "No: questa sarebbe la decisione " + Condition(sc) + " (" +
                 ShortCitation(there.citations.empty() ? "" : there.citations[0].citation) +
                 "). Qui invece " + When(Compose(facts)) + ".";
    add(std::move(d));
    return Status::OK();
  };

  // 1. the same situation with one fact changed: zone, first or repeated, moving or
  //    still, phase … (the infringement stays)
  for (size_t i = 0; i < facts.size(); ++i) {
    const auto& [fact, value] = facts[i];
    if (fact == "infrazione") continue;
    const RuleFact* f = data_.rules.Fact(fact);
    if (!f) continue;
    for (const auto& v : f->values) {
      if (v.id == value) continue;
      Facts altered = facts;
      altered[i].second = v.id;
      Status s = from_situation(altered);
      if (!s.ok()) return s;
    }
  }
  // 2. sibling cases (same provision, same table or section, same infringement),
  //    nearest situation first
  const Unit* su = data_.FindUnit(source.unit_id);
  std::string infraction;
  for (const auto& [f, v] : facts) {
    if (f == "infrazione") infraction = v;
  }
  std::vector<std::pair<size_t, Facts>> siblings;
  for (const auto& c : data_.rules.cases) {
    if (!c.variant.empty() || (&c == &source)) continue;
    const Unit* u = data_.FindUnit(c.unit_id);
    bool related = c.unit_id == source.unit_id || (u && su && su->parent && u->parent == su->parent);
    for (const auto& cond : c.when) {
      related = related || (!infraction.empty() && cond.fact == "infrazione" &&
                            !cond.values.empty() && cond.values[0] == infraction);
    }
    if (!related) continue;
    Facts other = FactsOf(c);
    if (!other.empty()) siblings.emplace_back(Distance(facts, other), std::move(other));
  }
  std::stable_sort(siblings.begin(), siblings.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [d, other] : siblings) {
    Status s = from_situation(other);
    if (!s.ok()) return s;
  }
  // 3. the same sanction for the other side
  static const std::vector<std::pair<std::string, std::string>> kSides = {
      {"attaccante", "difensore"}, {"squadra-in-attacco", "squadra-in-difesa"}};
  if (best.sanctions.size() == 1 && best.sanctions[0].choice.empty()) {
    const SanctionInfo& s = best.sanctions[0];
    for (const auto& [a, b] : kSides) {
      std::string other = s.beneficiary == a ? b : s.beneficiary == b ? a : "";
      if (other.empty()) continue;
      const std::string label = BeneficiaryLabel(other);
      if (label.empty()) continue;
      // Only a restart that can go to either side, or a sanction the rules do give to
      // the other side somewhere, is plausible ("ripetizione per il difensore" is not).
      static const std::set<std::string> kEitherSide = {
          "back",          "back-al-volo",     "punizione",         "punizione-diretta",
          "punizione-indiretta", "calcio-di-rigore", "calcio-d-angolo", "rimessa-laterale",
          "rimessa-dal-fondo",   "mischia",          "touche"};
      bool given = kEitherSide.count(s.type) > 0;
      for (const auto& c : data_.rules.cases) {
        for (const auto& x : c.sanctions) given = given || (x.type == s.type && x.beneficiary == other);
      }
      if (!given) continue;
      SanctionInfo swapped = s;
      swapped.beneficiary = other;
      swapped.beneficiary_label = label;
      Distractor d;
      d.sanctions = {swapped};
      d.text = AnswerText({swapped});
      d.swapped = true;
      d.feedback = "No: la sanzione è giusta, ma va all'altra parte. " +
                   UpperFirst(Condition(Compose(facts))) + ", il regolamento prevede: " +
                   LowerFirst(AnswerText(best.sanctions)) + ".";
      add(std::move(d));
    }
  }
  // 4. the same rule's and the game's other situations, nearest first
  std::vector<std::pair<size_t, Facts>> others;
  for (const auto& c : data_.rules.cases) {
    if (!c.variant.empty() || (&c == &source)) continue;
    const Unit* u = data_.FindUnit(c.unit_id);
    if (!u || !su || u->rule_id != su->rule_id) continue;
    Facts other = FactsOf(c);
    if (!other.empty()) others.emplace_back(Distance(facts, other), std::move(other));
  }
  std::stable_sort(others.begin(), others.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [d, other] : others) {
    Status s = from_situation(other);
    if (!s.ok()) return s;
  }
  return Status::OK();
}

}  // namespace arbitro::quiz
