// Questions from a case (see builder.h): its conditions become structured facts,
// Resolve rules on them, and only what Resolve confirms is asked (situation, tf and
// cloze on the sanction). Stems and feedback are scenes composed from phrasing.xml.
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
    options.variants = variants_;
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
  // A decision the book does not state is no key, no wrong answer and no explanation.
  if (r.rulings[0].reading) return false;
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
  if (CondNegative(cond)) {
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

Facts Builder::FactsOf(const RuleCase& c) const {
  if (auto it = told_.find(&c); it != told_.end()) return it->second;
  Facts facts;
  for (const auto& cond : c.when) {
    // "Not in the 5 m area" would be told as one of the other zones, a detail the rule
    // does not give: such a case is no scene.
    if (CondNegative(cond)) return {};
    std::string v = ValueFor(cond);
    if (v.empty()) return {};
    bool dup = false;
    for (auto& [f, old] : facts) dup = dup || f == cond.fact;
    if (dup) return {};
    facts.emplace_back(cond.fact, v);
  }
  return facts;
}

bool Builder::IsException(const RuleCase& c) const {
  for (const auto& o : data_.rules.overrides) {
    if (o.unit_id == c.unit_id && (o.case_id.empty() || o.case_id == c.case_id) &&
        o.kind == "exception")
      return true;
  }
  return false;
}

bool Builder::HasException(const RuleCase& c) const {
  for (const auto& o : data_.rules.overrides) {
    if (o.target_unit_id == c.unit_id && (o.target_case.empty() || o.target_case == c.case_id) &&
        o.kind == "exception")
      return true;
  }
  return false;
}

Candidate Builder::Base(const Unit& unit, const std::string& id, const std::string& kind) const {
  Candidate cand;
  Question& q = cand.q;
  q.id = id;
  q.kind = kind;
  q.game = data_.game;
  q.game_title = data_.title;
  q.doc = unit.doc;
  q.rule_id = unit.rule_id;
  auto it = data_.doc_short.find(unit.doc);
  const std::string doc_short = it == data_.doc_short.end() ? unit.doc : it->second;
  q.category = {doc_short, unit.rule_label};
  // A game with several documents names the document in the topic.
  q.topic = data_.docs.size() > 1 ? doc_short + " › " + unit.rule_label : unit.rule_label;
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

std::string Builder::ExceptionNote(const RuleCase& c) const {
  const Facts asked = FactsOf(c);
  auto holds = [&](const RuleCase& t) {
    for (const auto& cond : t.when) {
      bool ok = false;
      for (const auto& [f, v] : asked) ok = ok || (f == cond.fact && CondHolds(cond, v));
      if (!ok) return false;
    }
    return true;
  };
  for (const auto& o : data_.rules.overrides) {
    if (o.unit_id != c.unit_id || (!o.case_id.empty() && o.case_id != c.case_id) ||
        o.kind != "exception")
      continue;
    for (const RuleCase& t : data_.rules.cases) {
      if (t.unit_id != o.target_unit_id || (!o.target_case.empty() && t.case_id != o.target_case) ||
          !t.variant.empty() || t.sanctions.empty() || !holds(t) || Procedural(t.sanctions))
        continue;  // the general rule this situation would otherwise fall under (a ruling)
      const Facts general = FactsOf(t);
      if (general.empty()) continue;
      const Scene sc = Told(general);
      if (!Readable(sc)) continue;
      // An exception within one provision is the same clause read twice ("4.2 d … prevale
      // 4.2 d"): the why of an authored scene already teaches it.
      if (t.unit_id == c.unit_id) continue;
      return " È un'eccezione: di regola, " + Condition(sc) +
             ", si decide: " + LowerFirst(Decision(t.sanctions, general)) + " (" +
             ShortCitation(t.citation) + "); in questa situazione prevale la disposizione citata.";
    }
  }
  return "";
}

Status Builder::FromCase(const RuleCase& c) {
  if (!VariantInPlay(variants_, c.variant) || c.sanctions.empty() || c.when.empty() || c.reading ||
      unasked_.count(&c))
    return Status::OK();
  const Unit* unit = data_.FindUnit(c.unit_id);
  if (!unit) return Status::OK();
  // A provision's ruling is told through what happened, not through the infringement's
  // name: a case that names it ("il difensore gioca in posizione di fuorigioco") beside one
  // of the same provision and ruling that says what happened (the ball touches a defending
  // miniature still offside after the re-entry asked for) would be the same question,
  // abstractly.
  auto names_infringement = [](const RuleCase& k) {
    return std::any_of(k.when.begin(), k.when.end(),
                       [](const RuleCond& cond) { return cond.fact == "infrazione"; });
  };
  if (names_infringement(c)) {
    for (const RuleCase& other : data_.rules.cases) {
      if (&other != &c && other.unit_id == c.unit_id && !other.reading &&
          other.variant == c.variant && !names_infringement(other) &&
          SameSanctions(other.sanctions, c.sanctions))
        return Status::OK();
    }
  }
  Facts facts = FactsOf(c);
  if (facts.empty()) return Status::OK();
  if (!Compose(facts).ok) return Status::OK();  // no words for a fact: lint-corpus says which
  const ResolveResult* r = nullptr;
  Status s = Resolve(facts, &r);
  if (!s.ok()) return s;
  if (!Decided(*r)) return Status::OK();
  const std::string self = c.doc + "#" + c.eid;
  bool grounded = false;
  for (const auto& cit : r->rulings[0].citations) grounded = grounded || cit.id == self;
  if (!grounded) return Status::OK();
  // A step of procedure ("la battuta si esegue dopo l'autorizzazione") is no ruling.
  if (Procedural(r->rulings[0].sanctions)) return Status::OK();
  // The scene states every fact a sibling case differs by (the zone, the first time …),
  // or a wrong answer could be right too.
  bool told = false;
  const Ruling asked = r->rulings[0];
  s = StateDecidingFacts(self, &facts, asked, &told);
  if (!s.ok()) return s;
  if (!told) return Status::OK();
  s = Resolve(facts, &r);
  if (!s.ok()) return s;
  if (!Decided(*r) || !SameRuling(r->rulings[0], asked)) return Status::OK();
  const Scene scene = Told(facts);
  if (!Readable(scene)) return Status::OK();
  const Ruling& best = r->rulings[0];
  const std::string actor = Actor(facts);
  // "Per l'avversario" of a scene that names both sides in its own words and no fact
  // says who offended: whose opponent is left to guess.
  if (scene.authored && actor.empty()) {
    for (const auto& x : best.sanctions) {
      if (x.beneficiary == "avversario" || x.beneficiary == "colpevole") return Status::OK();
    }
  }
  const std::vector<SanctionInfo> right = Sided(best.sanctions, actor);
  const std::string decision = Say(right);
  if (Circular(scene, decision)) return Status::OK();
  const std::string key = Canonical(data_.game, facts);
  if (!situations_.insert(key).second) return Status::OK();  // same situation from a summary row

  std::vector<QuizCitation> cites = CitationsOf(best);
  const std::string where = ShortCitation(cites[0].citation);
  // The place of the decision, when the cited provision does not give it.
  const std::string place = PlaceNote(best, self, &cites);
  if (place == "-") return Status::OK();
  // Difficulty from the rule: more facts to weigh, a repeated offence, an exception.
  bool repeated = false;
  for (const auto& [f, v] : facts) repeated = repeated || (f == "occorrenza" && v != "1");
  const bool exception = IsException(c);
  int level = facts.size() <= 1 ? 0 : facts.size() == 2 ? 0 : 1;
  if (repeated) level += 1;
  if (exception) level += 2;
  if (HasException(c)) level += 1;
  level = std::min(level, 2);

  const std::string stem = Stem(scene);
  // An authored scene's feedback teaches with the encoders' why instead of retelling the
  // scene the trainee has just read.
  const bool taught = scene.authored && !scene.why.empty();
  const std::string because =
      (taught ? scene.why + " Il regolamento prevede: "
              : UpperFirst(Condition(scene)) + ", il regolamento prevede: ") +
      LowerFirst(decision) + " (" + where + ")." + place + (exception ? ExceptionNote(c) : "");
  std::vector<Distractor> distractors;
  s = Distractors(c, facts, best, *r, 3, &distractors);
  if (!s.ok()) return s;
  const std::string base_id = self + "/" + c.case_id;
  const std::string short_what = Clip(UpperFirst(When(scene)), 110);
  const std::string right_side = right.empty() ? "" : right[0].beneficiary;

  // situation: the feedback says why the right answer is right and, for each wrong one,
  // the situation it would be right for
  if (distractors.size() >= 2) {
    Candidate cand = Base(*unit, base_id + "/situation", "situation");
    Question& q = cand.q;
    cand.source = key;
    q.name = Name(*unit, "situation", short_what);
    q.difficulty = Difficulty(level);
    // An outcome ("la mossa non è consentita", "vince chi ha segnato più reti") is what
    // the rules provide, not something a referee announces.
    q.stem =
        stem + (Outcome(right) ? ". Cosa prevede il regolamento?" : ". Cosa decide l'arbitro?");
    q.facts = facts;
    q.citations = cites;
    std::string contrasts;
    for (const auto& d : distractors) {
      const std::string c = Contrast(d, right_side);
      if (!c.empty()) contrasts += " " + c;
    }
    q.answers.push_back({decision, true, "Esatto. " + because, right});
    for (const auto& d : distractors) q.answers.push_back({d.text, false, d.feedback, d.sanctions});
    q.feedback = because + contrasts;
    Emit(std::move(cand));
  }

  // tf: faithful, then altered in the beneficiary, the sanction or one fact
  auto tf = [&](const std::string& suffix, const Scene& sc, const Facts& f,
                const std::vector<SanctionInfo>& stated, bool truth,
                const std::vector<QuizCitation>& citations, const std::string& feedback, int lvl) {
    Candidate cand = Base(*unit, base_id + "/tf-" + suffix, "tf");
    Question& q = cand.q;
    cand.source = key;
    q.name = Name(*unit, "tf", Clip(UpperFirst(When(sc)), 110));
    q.difficulty = Difficulty(std::min(lvl, 2));
    // "L'arbitro decide: nessuna infrazione: il gioco prosegue" reads as two labels: the
    // decision's own colon becomes a comma inside the statement.
    std::string said = LowerFirst(Say(stated));
    if (const size_t colon = said.find(": "); colon != std::string::npos)
      said.replace(colon, 2, ", ");
    q.stem = Stem(sc) + (Outcome(stated) ? ". Secondo il regolamento, " : ". L'arbitro decide: ") +
             said + ".";
    q.truth = truth;
    q.basis = "ruling";
    q.facts = f;
    q.stated = stated;
    q.citations = citations;
    q.feedback = feedback;
    Emit(std::move(cand));
  };
  // The nearest situation that decides otherwise, so that a feedback with no wrong answer to
  // explain still says why the told facts matter ("Se invece …, la decisione sarebbe …").
  std::string nearest_contrast;
  for (const auto& d : distractors) {
    if (nearest_contrast.empty() && !d.facts.empty() && !taught)
      nearest_contrast = " " + Contrast(d, right_side);
  }
  tf("vero", scene, facts, right, true, cites, "Vero. " + because + nearest_contrast, level);
  for (const auto& d : distractors) {
    if (d.swapped) {
      tf("beneficiario", scene, facts, d.sanctions, false, cites,
         "Falso: la decisione è giusta, ma spetta " + With("a", SideNoun(right_side)) + ", non " +
             With("a", SideNoun(d.sanctions[0].beneficiary)) + ". " + because,
         level + 1);
      break;
    }
  }
  for (const auto& d : distractors) {
    if (!d.swapped) {
      tf("sanzione", scene, facts, d.sanctions, false, cites,
         "Falso. " + because + " " + Contrast(d, right_side), level);
      break;
    }
  }
  // One fact changed (the zone, first/repeated, moving/still …): the decision of the
  // original situation stated for the changed one, which every ruling there excludes.
  const Pairs said = PairsOf(right);
  // "Vittoria per quel giocatore" points back into its own scene: it is never stated for
  // another one.
  bool changed = false;
  for (const auto& w : Words(decision)) changed = changed || w == "quel" || w == "quella";
  if (!changed) {
    s = EachOneFactChanged(
        facts, [&](const Facts& altered, const std::string& fact, bool* stop) -> Status {
          const Scene other = Told(altered);
          if (!other.ok) return Status::OK();
          const ResolveResult* ar = nullptr;
          Status s = Resolve(altered, &ar);
          if (!s.ok()) return s;
          // The changed situation's own decision is a ruling too, so the feedback explains the
          // statement with a decision, never with a step of procedure.
          if (!Decided(*ar) || !Disjoint(said, AllPairs(*ar)) ||
              Procedural(ar->rulings[0].sanctions) || !Grounded(altered, ar->rulings[0], fact) ||
              !Readable(other))
            return Status::OK();
          bool precise = false;
          s = Precise(altered, ar->rulings[0], &precise);
          if (!s.ok()) return s;
          if (!precise) return Status::OK();
          // The statement keeps the sides of the original decision; it must be none of the
          // rulings of the changed situation.
          const std::string other_actor = Actor(altered);
          bool clash = false;
          for (const auto& ruling : ar->rulings) {
            clash = clash || MayConflict(right, Sided(ruling.sanctions, other_actor));
          }
          if (clash) return Status::OK();
          std::vector<QuizCitation> both = CitationsOf(ar->rulings[0]);
          AddCitations(&both, cites);
          const std::string there = ShortCitation(
              ar->rulings[0].citations.empty() ? "" : ar->rulings[0].citations[0].citation);
          tf(fact, other, altered, right, false, both,
             "Falso: " + Condition(other) + ", il regolamento prevede: " +
                 LowerFirst(Decision(ar->rulings[0].sanctions, altered)) + " (" + there +
                 "). La decisione dell'affermazione vale invece " + Condition(scene) + " (" +
                 where + ").",
             level + 1);
          *stop = true;
          return Status::OK();
        });
    if (!s.ok()) return s;
  }

  // cloze on the sanction: a single sanction (never one alternative of a choice) named by
  // a short expression, its forms not shared with another ruling, the words to find not
  // already in the stem
  if (best.sanctions.size() == 1 && best.sanctions[0].choice.empty()) {
    const SanctionInfo& sa = right[0];
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
    const bool sentence = forms != data_.sanction_forms.end() && !forms->second.empty() &&
                          Words(forms->second[0]).size() > 5;
    if (forms != data_.sanction_forms.end() && !sentence) {
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
    // "Nessuna infrazione", "consentito": an outcome, not a word of the game to recall;
    // "il gioco prosegue" or "lecito" would be as right, so it is no cloze.
    if (sa.type == "nessuna-sanzione" || Outcome(right)) accepted.clear();
    // The preferred answer's words all in the stem give it away.
    bool giveaway = !accepted.empty();
    if (giveaway) {
      std::set<std::string> stem_words;
      for (const auto& w : Words(stem)) stem_words.insert(w.substr(0, 5));
      for (const auto& w : Words(accepted[0])) {
        if (w.size() > 3 && !stem_words.count(w.substr(0, 5))) giveaway = false;
      }
    }
    // The game's own words for the decision must be what the blank asks for ("pedine",
    // not the lexicon's "miniature").
    const PhraseDecision* own = data_.has_phrasing ? data_.phrasing.FindDecision(sa.type) : nullptr;
    const bool worded =
        accepted.empty() || !own || own->text.empty() || ContainsWords(own->text, accepted[0]);
    if (!accepted.empty() && !giveaway && worded) {
      Candidate cand = Base(*unit, base_id + "/cloze", "cloze");
      Question& q = cand.q;
      cand.source = key;
      q.name = Name(*unit, "cloze", short_what);
      q.difficulty = Difficulty(level);
      // The side after the blank, unless the game's words for the decision leave it out.
      const PhraseDecision* words =
          data_.has_phrasing ? data_.phrasing.FindDecision(sa.type) : nullptr;
      const bool side =
          !sa.beneficiary_label.empty() &&
          (!words || words->text.empty() || words->text.find("{per}") != std::string::npos);
      q.stem = stem + ". Completa la decisione dell'arbitro: ______" +
               (side ? " " + sa.beneficiary_label : "") + ".";
      q.accepted = accepted;
      q.facts = facts;
      q.citations = cites;
      q.feedback = because + nearest_contrast;
      Emit(std::move(cand));
    }
  }
  return Status::OK();
}

Status BuildCandidates(Engine& engine, const GameData& data,
                       const std::vector<std::string>& variants, std::vector<Candidate>* out) {
  const size_t first = out->size();
  Builder builder(engine, data, variants, out);
  Status s = builder.Run();
  if (s.ok()) MarkVariantQuestions(data, variants, out, first);
  return s;
}

}  // namespace arbitro::quiz
