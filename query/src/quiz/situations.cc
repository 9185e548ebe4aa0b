// Questions from a case (see builder.h): its conditions become structured facts,
// Resolve rules on them, and only what Resolve confirms is asked (situation, tf and
// cloze on the sanction).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "quiz/builder.h"

namespace arbitro::quiz {

// Resolves structured facts once per distinct fact set.
Status Builder::Resolve(const Facts& facts, const ResolveResult** out) {
  const std::string key = Canonical(data_.game, facts);
  auto it = cache_.find(key);
  if (it == cache_.end()) {
    ResolveOptions options;
    options.game = data_.game;
    options.facts = facts;
    ResolveResult r;
    Status s = engine_.Resolve("", options, &r);
    if (!s.ok() && s.code() != Status::Code::kInvalidArgument) return s;
    if (!s.ok()) r = ResolveResult();
    it = cache_.emplace(key, std::move(r)).first;
  }
  *out = &it->second;
  return Status::OK();
}

// A usable ruling: at least one, no open question, no tie at the top.
bool Builder::Decided(const ResolveResult& r) {
  if (r.rulings.empty() || !r.unresolved.empty()) return false;
  return r.rulings.size() < 2 || r.rulings[1].confidence < r.rulings[0].confidence;
}

Pairs Builder::AllPairs(const ResolveResult& r) {
  Pairs all;
  for (const auto& ruling : r.rulings) {
    for (const auto& p : PairsOf(ruling.sanctions)) all.insert(p);
  }
  return all;
}

// A value that satisfies the condition, or "" when none can be chosen.
std::string Builder::ValueFor(const RuleCond& cond) const {
  const RuleFact* fact = data_.rules.Fact(cond.fact);
  if (!fact || cond.values.empty()) return "";
  if (cond.op == "eq" || cond.op == "in") return cond.values[0];
  if (cond.op == "ne" || cond.op == "not-in") {
    for (const auto& v : fact->values) {
      if (CondHolds(cond, v.id)) return v.id;
    }
    return "";
  }
  for (const auto& v : fact->values) {
    if (CondHolds(cond, v.id)) return v.id;
  }
  char* end = nullptr;
  long n = std::strtol(cond.values[0].c_str(), &end, 10);
  if (*end) return "";
  long v = cond.op == "gt" ? n + 1 : cond.op == "lt" ? n - 1 : n;
  return v < 0 ? "" : std::to_string(v);
}

std::vector<QuizCitation> Builder::CitationsOf(const Ruling& ruling) {
  std::vector<QuizCitation> out;
  for (const auto& c : ruling.citations) out.push_back({c.id, c.citation, c.text});
  return out;
}

const RuleCase* Builder::FindCase(long long unit, const std::string& case_id) const {
  for (const auto& c : data_.rules.cases) {
    if (c.unit_id == unit && c.case_id == case_id) return &c;
  }
  return nullptr;
}

Facts Builder::FactsOf(const RuleCase& c) const {
  Facts facts;
  for (const auto& cond : c.when) {
    std::string v = ValueFor(cond);
    if (v.empty()) return {};
    bool dup = false;
    for (auto& [f, old] : facts) dup = dup || f == cond.fact;
    if (dup) return {};
    facts.emplace_back(cond.fact, v);
  }
  return facts;
}

Candidate Builder::Base(const Unit& unit, const std::string& id, const std::string& kind) const {
  Candidate cand;
  Question& q = cand.q;
  q.id = id;
  q.kind = kind;
  q.game = data_.game;
  q.doc = unit.doc;
  q.rule_id = unit.rule_id;
  auto it = data_.doc_short.find(unit.doc);
  q.category = {it == data_.doc_short.end() ? unit.doc : it->second, unit.rule_label};
  cand.unit = unit.id;
  char order[64];
  std::snprintf(order, sizeof order, "%08d", unit.rule_ord);
  cand.doc_order = unit.doc + "/" + order;
  return cand;
}

void Builder::Emit(Candidate cand) {
  // Two cases that state one situation alike (a body provision and its summary row)
  // would ask the same question twice: the first in document order is kept.
  if (!ids_.insert(cand.q.id).second) return;
  if (!stems_.insert(cand.q.kind + "|" + cand.q.stem).second) return;
  out_->push_back(std::move(cand));
}

void Builder::AddCitations(std::vector<QuizCitation>* to, const std::vector<QuizCitation>& from) {
  for (const auto& c : from) {
    bool seen = false;
    for (const auto& t : *to) seen = seen || t.id == c.id;
    if (!seen) to->push_back(c);
  }
}

Status Builder::FromCase(const RuleCase& c) {
  if (!c.variant.empty() || c.sanctions.empty() || c.when.empty()) return Status::OK();
  const Unit* unit = data_.FindUnit(c.unit_id);
  if (!unit) return Status::OK();
  Facts facts = FactsOf(c);
  if (facts.empty()) return Status::OK();
  const ResolveResult* r = nullptr;
  Status s = Resolve(facts, &r);
  if (!s.ok()) return s;
  if (!Decided(*r)) return Status::OK();
  const Ruling& best = r->rulings[0];
  const std::string decision = AnswerLabel(best.decision, best.sanctions, data_.sanction_forms);
  const std::string self = c.doc + "#" + c.eid;
  bool grounded = false;
  for (const auto& cit : best.citations) grounded = grounded || cit.id == self;
  if (!grounded) return Status::OK();
  const std::string key = Canonical(data_.game, facts);
  if (!situations_.insert(key).second) return Status::OK();  // same situation from a summary row

  const Pairs forbidden = AllPairs(*r);
  const std::string desc = Describe(facts);
  const std::string intro = Intro(c.doc);
  const int level = std::min<int>(3, static_cast<int>(facts.size()));
  const std::string base_id = self + "/" + c.case_id;
  const std::vector<QuizCitation> cites = CitationsOf(best);
  std::vector<Distractor> distractors = Distractors(c, facts, best, forbidden, 3);

  // situation
  if (distractors.size() >= 2) {
    Candidate cand = Base(*unit, base_id + "/situation", "situation");
    Question& q = cand.q;
    cand.source = key;
    q.difficulty = Difficulty(level);
    q.stem = intro + ": " + desc + ". Cosa decide l'arbitro?";
    q.facts = facts;
    q.citations = cites;
    q.answers.push_back({decision, true, "Corretto: " + cites[0].citation + ".", best.sanctions});
    for (const auto& d : distractors)
      q.answers.push_back({d.text, false, d.feedback, d.sanctions});
    q.feedback = "L'arbitro decide: " + decision + ".";
    Emit(std::move(cand));
  }

  // tf: faithful, then altered in the sanction, the beneficiary or one fact
  auto tf = [&](const std::string& suffix, const Facts& f,
                const std::vector<SanctionInfo>& stated, const std::string& decision, bool truth,
                const std::vector<QuizCitation>& citations, const std::string& feedback,
                int lvl) {
    Candidate cand = Base(*unit, base_id + "/tf-" + suffix, "tf");
    Question& q = cand.q;
    cand.source = key;
    q.difficulty = Difficulty(lvl);
    q.stem = intro + ": " + Describe(f) + ". L'arbitro decide: «" + decision + "».";
    q.truth = truth;
    q.basis = "ruling";
    q.facts = f;
    q.stated = stated;
    q.citations = citations;
    q.feedback = feedback;
    Emit(std::move(cand));
  };
  tf("vero", facts, best.sanctions, decision, true, cites,
     "Vero: per questa situazione l'arbitro decide «" + decision + "».", level);
  for (const auto& d : distractors) {
    if (d.swapped) {
      tf("beneficiario", facts, d.sanctions, d.text, false, cites,
         "Falso: la sanzione va all'altra parte; l'arbitro decide «" + decision + "».",
         std::min(3, level + 1));
    }
  }
  for (const auto& d : distractors) {
    if (!d.swapped) {
      tf("sanzione", facts, d.sanctions, d.text, false, cites,
         "Falso: per questa situazione l'arbitro decide «" + decision + "».", level);
      break;
    }
  }
  // One fact changed (the zone, the moving object …): the stated decision must be
  // excluded by every ruling for the changed facts.
  const Pairs stated = PairsOf(best.sanctions);
  for (size_t i = 0; i < facts.size(); ++i) {
    const auto& [fact, value] = facts[i];
    if (fact == "infrazione") continue;
    const RuleFact* f = data_.rules.Fact(fact);
    if (!f) continue;
    bool made = false;
    for (const auto& v : f->values) {
      if (v.id == value) continue;
      Facts altered = facts;
      altered[i].second = v.id;
      const ResolveResult* ar = nullptr;
      s = Resolve(altered, &ar);
      if (!s.ok()) return s;
      if (!Decided(*ar) || !Disjoint(stated, AllPairs(*ar))) continue;
      std::vector<QuizCitation> both = CitationsOf(ar->rulings[0]);
      AddCitations(&both, cites);
      tf(fact, altered, best.sanctions, decision, false, both,
         "Falso: con «" + ValueLabel(fact, v.id) + "» l'arbitro decide «" +
             AnswerLabel(ar->rulings[0].decision, ar->rulings[0].sanctions,
                         data_.sanction_forms) +
             "»; «" + decision + "» vale con «" + ValueLabel(fact, value) + "».",
         std::min(3, level + 1));
      made = true;
      break;
    }
    if (made) break;
  }

  // cloze on the sanction: a single sanction, its forms not shared with another ruling
  if (best.sanctions.size() == 1) {
    const SanctionInfo& sa = best.sanctions[0];
    auto forms = data_.sanction_forms.find(sa.type);
    std::set<std::string> other_forms;
    for (size_t k = 1; k < r->rulings.size(); ++k) {
      for (const auto& os : r->rulings[k].sanctions) {
        auto of = data_.sanction_forms.find(os.type);
        if (of == data_.sanction_forms.end() || os.type == sa.type) continue;
        for (const auto& form : of->second) other_forms.insert(Fold(form));
      }
    }
    std::vector<std::string> accepted;
    std::set<std::string> seen;
    if (forms != data_.sanction_forms.end()) {
      for (const auto& form : forms->second) {
        // a short word or expression, not a sentence or a number
        const std::string f = Fold(form);
        if (Words(f).size() > 4 || f.find(':') != std::string::npos ||
            f.find_first_of("0123456789") != std::string::npos) {
          continue;
        }
        if (other_forms.count(f) || !seen.insert(f).second) continue;
        accepted.push_back(Lower(form));
      }
    }
    if (!accepted.empty()) {
      Candidate cand = Base(*unit, base_id + "/cloze", "cloze");
      Question& q = cand.q;
      cand.source = key;
      q.difficulty = Difficulty(level);
      q.stem = intro + ": " + desc + ". Completa la decisione dell'arbitro: ______" +
               (sa.beneficiary_label.empty() ? "" : " " + sa.beneficiary_label) + ".";
      q.accepted = accepted;
      q.facts = facts;
      q.citations = cites;
      q.feedback = "L'arbitro decide: " + decision + ".";
      Emit(std::move(cand));
    }
  }
  return Status::OK();
}

Status BuildCandidates(Engine& engine, const GameData& data, std::vector<Candidate>* out) {
  Builder builder(engine, data, out);
  return builder.Run();
}

}  // namespace arbitro::quiz
