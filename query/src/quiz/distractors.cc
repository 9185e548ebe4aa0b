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

bool HasRelative(const std::vector<SanctionInfo>& sanctions) {
  for (const auto& s : sanctions) {
    if (s.beneficiary == "avversario" || s.beneficiary == "colpevole") return true;
  }
  return false;
}

bool HasBeneficiary(const std::vector<SanctionInfo>& sanctions) {
  for (const auto& s : sanctions) {
    if (!s.beneficiary.empty()) return true;
  }
  return false;
}

}  // namespace

Status Builder::Distractors(const RuleCase& source, const Facts& facts, const Ruling& best,
                            const ResolveResult& all, size_t want, std::vector<Distractor>* out) {
  out->clear();
  const std::string actor = Actor(facts);
  const std::vector<SanctionInfo> right = Sided(best.sanctions, actor);
  // Every ruling for the asked facts, sides said for its actor: no wrong answer may be
  // one of them (nor share a (type, side) with one, read as resolve gives them).
  std::vector<std::vector<SanctionInfo>> rulings;
  for (const auto& r : all.rulings) rulings.push_back(Sided(r.sanctions, actor));
  const Pairs forbidden = AllPairs(all);
  std::set<std::string> texts{Fold(Say(right))};
  std::set<Pairs> taken{PairsOf(right)};
  const std::string cls = ClassOf(right);
  // Decisions the cited provisions mention: one that no case of theirs gives may be what
  // the provision says for this very situation ("un BACK oppure un BACK AL VOLO").
  std::set<std::string> cited, given_there;
  std::string cited_text;
  for (const auto& c : best.citations) {
    cited.insert(c.id);
    cited_text += " " + c.text;
  }
  for (const RuleCase& c : data_.rules.cases) {
    if (!cited.count(c.doc + "#" + c.eid)) continue;
    for (const auto& x : c.sanctions) given_there.insert(x.type);
  }
  const std::set<std::string> mentioned = MentionedTypes(cited_text);
  // A distractor has the shape of the right answer: a decision for one side when the
  // right one is, so that a procedure never stands against a sanction, nor a sanction
  // against "il gioco prosegue"; and it is of the same class of decisions.
  const bool sided = HasBeneficiary(best.sanctions);
  // "Per l'avversario" names a side only where someone offends: a scene with no offender
  // and a right answer for a named side leave it without a referent.
  const bool relative_ok = !actor.empty() || HasRelative(right);
  auto add = [&](Distractor d) {
    if (out->size() >= want || d.sanctions.empty() || d.text.empty()) return false;
    if (HasBeneficiary(d.sanctions) != sided) return false;
    if (!relative_ok && HasRelative(d.sanctions)) return false;
    const std::string dc = ClassOf(d.sanctions);
    if (!cls.empty() && !dc.empty() && dc != cls) return false;
    // A step of procedure ("il difensore può eseguire il marcamento difensivo") is no
    // decision a trainee weighs against a ruling.
    if (Procedural(d.sanctions)) return false;
    // "La partita è vinta {da}" with no side says nobody: no decision to weigh.
    for (const auto& x : d.sanctions) {
      const PhraseDecision* words =
          data_.has_phrasing ? data_.phrasing.FindDecision(x.type) : nullptr;
      if (x.beneficiary.empty() && words && words->text.find('{') != std::string::npos)
        return false;
    }
    for (const auto& x : d.sanctions) {
      if (mentioned.count(x.type) && !given_there.count(x.type)) return false;
    }
    for (const auto& r : rulings) {
      if (MayConflict(d.sanctions, r)) return false;
    }
    for (const auto& o : *out) {
      if (MayConflict(d.sanctions, o.sanctions)) return false;  // two options, one decision
    }
    const Pairs pairs = PairsOf(d.sanctions);
    if (!Disjoint(pairs, forbidden) || taken.count(pairs) || texts.count(Fold(d.text)))
      return false;
    taken.insert(pairs);
    texts.insert(Fold(d.text));
    out->push_back(std::move(d));
    return true;
  };
  // The asked scene is retold only when it was composed: an authored one is on the
  // trainee's screen in its own words.
  const Scene asked = Compose(facts);
  const std::string because =
      asked.authored
          ? "In questa situazione, invece, il regolamento prevede: " + LowerFirst(Say(right)) + "."
          : UpperFirst(Condition(asked)) + ", il regolamento prevede: " + LowerFirst(Say(right)) +
                ".";
  // The decision the rules give in another situation, with the scene it is right for (told
  // as a trainee may read it: in the encoders' words in a game that has them).
  std::set<std::string> tried;
  auto from_situation = [&](const Facts& other, const std::string& changed) -> Status {
    if (out->size() >= want || other.empty()) return Status::OK();
    const Scene sc = Told(other);
    if (!sc.ok) return Status::OK();
    if (!tried.insert(Canonical(data_.game, other) + "|" + changed).second) return Status::OK();
    const ResolveResult* r = nullptr;
    Status s = Resolve(other, &r);
    if (!s.ok()) return s;
    if (!Decided(*r) || !Readable(sc)) return Status::OK();
    const Ruling there = r->rulings[0];
    const RuleCase* deciding = Deciding(other, there, changed);
    if (!deciding || !NearMiss(facts, *deciding, other, changed)) return Status::OK();
    // Its scene says all that decides it, so the feedback's "se invece …" holds.
    bool precise = false;
    s = Precise(other, there, &precise);
    if (!s.ok() || !precise) return s;
    Distractor d;
    // "Per l'avversario" where the other scene names nobody: said for the asked scene's
    // offender, so that no option names a side without a referent.
    const std::string other_actor = Actor(other);
    // An authored scene names its offender in words no fact gives: a decision for "the
    // opponent of the offender" cannot be said as a side for it.
    if (sc.authored && other_actor.empty() && HasRelative(there.sanctions)) return Status::OK();
    d.sanctions = Sided(there.sanctions, other_actor.empty() ? actor : other_actor);
    d.text = Say(d.sanctions);
    // "Vittoria per quel giocatore": a decision that points back into its own scene.
    for (const auto& w : Words(d.text)) {
      if (w == "quel" || w == "quella" || w == "quello") return Status::OK();
    }
    d.facts = other;
    d.cite = ShortCitation(there.citations.empty() ? "" : there.citations[0].citation);
    d.feedback = "No: questa è la decisione " + Condition(sc) +
                 (d.cite.empty() ? "" : " (" + d.cite + ")") + ". " + because;
    add(std::move(d));
    return Status::OK();
  };
  // Other situations (distance to the asked one, facts), offered nearest first.
  auto offer_nearest = [&](std::vector<std::pair<size_t, Facts>>* situations) -> Status {
    std::stable_sort(situations->begin(), situations->end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [distance, other] : *situations) {
      Status s = from_situation(other, "");
      if (!s.ok()) return s;
    }
    return Status::OK();
  };

  // Near misses by kind, nearest first: (1) one fact changed, (2) sibling cases, (4) the
  // same rule's other situations, then (3) the same sanction for the other side.
  // 1. the same situation with one fact changed: zone, first or repeated, moving or
  //    still, phase … (the infringement stays)
  Status changed = EachOneFactChanged(facts, [&](const Facts& altered, const std::string& fact,
                                                 bool*) { return from_situation(altered, fact); });
  if (!changed.ok()) return changed;
  // 2. sibling cases (same provision, same table or section, a fact of the asked situation
  //    such as the infringement or the phase), nearest situation first
  const Unit* su = data_.FindUnit(source.unit_id);
  std::vector<std::pair<size_t, Facts>> siblings;
  for (const auto& c : data_.rules.cases) {
    if (!c.variant.empty() || (&c == &source)) continue;
    const Unit* u = data_.FindUnit(c.unit_id);
    bool related =
        c.unit_id == source.unit_id || (u && su && su->parent && u->parent == su->parent);
    size_t shared = 0;
    for (const auto& cond : c.when) {
      for (const auto& [f, v] : facts) {
        if (cond.fact != f || (cond.op != "eq" && cond.op != "in") || !CondHolds(cond, v)) continue;
        ++shared;
        related = related || Central(f);  // the same infringement or event
      }
    }
    related = related || shared >= 2;
    if (!related) continue;
    Facts other = FactsOf(c);
    if (!other.empty()) siblings.emplace_back(Distance(facts, other), std::move(other));
  }
  if (Status s = offer_nearest(&siblings); !s.ok()) return s;
  // 4. the same rule's other situations that share a fact with the asked one, nearest first
  std::vector<std::pair<size_t, Facts>> others;
  for (const auto& c : data_.rules.cases) {
    if (!c.variant.empty() || (&c == &source)) continue;
    const Unit* u = data_.FindUnit(c.unit_id);
    if (!u || !su || u->rule_id != su->rule_id) continue;
    Facts other = FactsOf(c);
    if (Distance(facts, other) >= facts.size() + other.size()) continue;  // nothing in common
    if (!other.empty()) others.emplace_back(Distance(facts, other), std::move(other));
  }
  if (Status s = offer_nearest(&others); !s.ok()) return s;
  // 3. the same sanction for the other side
  if (right.size() == 1 && right[0].choice.empty()) {
    const SanctionInfo& s = right[0];
    auto it = Opposites().find(s.beneficiary);
    const std::string other = it == Opposites().end() ? "" : it->second;
    const std::string label = other.empty() ? "" : SideLabel(other);
    // Only a restart that can go to either side, or a sanction the rules do give to
    // the other side somewhere, is plausible ("ripetizione per il difensore" is not).
    static const std::set<std::string> kEitherSide = {"back",
                                                      "back-al-volo",
                                                      "punizione",
                                                      "punizione-diretta",
                                                      "punizione-indiretta",
                                                      "calcio-di-rigore",
                                                      "calcio-d-angolo",
                                                      "rimessa-laterale",
                                                      "rimessa-dal-fondo",
                                                      "mischia",
                                                      "touche"};
    bool given = kEitherSide.count(s.type) > 0;
    for (const auto& c : data_.rules.cases) {
      for (const auto& x : c.sanctions)
        given = given || (x.type == s.type && x.beneficiary == other);
    }
    // A side said in the decision's words ({per}), not a procedure of one side.
    const PhraseDecision* words =
        data_.has_phrasing ? data_.phrasing.FindDecision(s.type) : nullptr;
    const bool says_side =
        !words || words->text.empty() || words->text.find("{per}") != std::string::npos;
    if (!label.empty() && given && says_side) {
      SanctionInfo swapped = s;
      swapped.beneficiary = other;
      swapped.beneficiary_label = label;
      Distractor d;
      d.sanctions = {swapped};
      d.text = Say({swapped});
      d.swapped = true;
      d.feedback = "No: la decisione è giusta, ma spetta " + With("a", SideNoun(s.beneficiary)) +
                   "." + (asked.authored ? "" : " " + because);
      add(std::move(d));
    }
  }
  return Status::OK();
}

}  // namespace arbitro::quiz
