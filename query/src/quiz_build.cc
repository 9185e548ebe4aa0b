// Quiz: candidate questions of one game.
//
// Ruling-based questions (situation, tf, cloze on the sanction) start from one case:
// its conditions become structured facts, Resolve rules on them, and only what
// Resolve confirms is asked. Parameter questions (numeric, mc, tf) come from
// <param>s, term questions (cloze, mc) from <term>s.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "quiz_internal.h"

namespace arbitro::quiz {
namespace {

using Facts = std::vector<std::pair<std::string, std::string>>;
using Pairs = std::set<std::pair<std::string, std::string>>;

Pairs PairsOf(const std::vector<SanctionInfo>& sanctions) {
  Pairs out;
  for (const auto& s : sanctions) out.emplace(s.type, s.beneficiary);
  return out;
}

bool Disjoint(const Pairs& a, const Pairs& b) {
  for (const auto& p : a) {
    if (b.count(p)) return false;
  }
  return true;
}

std::string SanctionText(const std::vector<SanctionInfo>& sanctions) {
  std::string out;
  for (const auto& s : sanctions) {
    std::string part = s.label + (s.beneficiary_label.empty() ? "" : " " + s.beneficiary_label);
    out += (out.empty() ? "" : "; ") + part;
  }
  return out;
}

std::string DecisionText(const RuleCase& c) {
  return c.decision.empty() ? SanctionText(c.sanctions) : c.decision;
}

std::string TrimPeriod(std::string s) {
  while (!s.empty() && (s.back() == '.' || s.back() == ' ' || s.back() == ';')) s.pop_back();
  return s;
}

bool ContainsWords(const std::string& haystack, const std::string& needle);

// The decision as an answer: the corpus sometimes words a decision as
// "situation: sanction"; the situation part would give the answer away, so only
// the sanction part is kept when it names the sanction and the first part does not.
std::string AnswerLabel(const std::string& decision, const std::vector<SanctionInfo>& sanctions,
                        const std::map<std::string, std::vector<std::string>>& forms) {
  const size_t colon = decision.find(": ");
  if (colon == std::string::npos) return decision;
  const std::string head = decision.substr(0, colon), tail = decision.substr(colon + 2);
  bool head_names = false, tail_names = false;
  for (const auto& s : sanctions) {
    auto it = forms.find(s.type);
    if (it == forms.end()) continue;
    for (const auto& f : it->second) {
      head_names = head_names || ContainsWords(head, f);
      tail_names = tail_names || ContainsWords(tail, f);
    }
  }
  return !head_names && tail_names ? Capitalise(tail) : decision;
}

std::string Canonical(const std::string& game, const Facts& facts) {
  Facts sorted = facts;
  std::sort(sorted.begin(), sorted.end());
  std::string out = game + ":";
  for (const auto& [f, v] : sorted) out += f + "=" + v + ";";
  return out;
}

std::string Difficulty(int level) {
  return level <= 1 ? "easy" : level == 2 ? "medium" : "hard";
}

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : Fold(text)) {
    const bool letter =
        (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || static_cast<unsigned char>(c) >= 0x80;
    if (letter) {
      cur.push_back(c);
    } else if (!cur.empty()) {
      out.push_back(cur);
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

double Jaccard(const std::string& a, const std::string& b) {
  auto wa = Words(a), wb = Words(b);
  std::set<std::string> sa(wa.begin(), wa.end()), sb(wb.begin(), wb.end());
  if (sa.empty() || sb.empty()) return 0;
  size_t common = 0;
  for (const auto& w : sa) common += sb.count(w);
  return double(common) / double(sa.size() + sb.size() - common);
}

bool ContainsWords(const std::string& haystack, const std::string& needle) {
  return (" " + Fold(haystack) + " ").find(" " + Fold(needle) + " ") != std::string::npos;
}

const std::map<std::string, std::string>& UnitWords() {
  static const std::map<std::string, std::string> kWords = {
      {"cm", "centimetri"},      {"mm", "millimetri"}, {"m", "metri"},
      {"s", "secondi"},          {"min", "minuti"},    {"count", ""},
      {"points", "punti"},       {"cards", "carte"},   {"squares", "caselle"},
      {"pips", "punti del dado"}};
  return kWords;
}

class Builder {
 public:
  Builder(Engine& engine, const GameData& data, std::vector<Candidate>* out)
      : engine_(engine), data_(data), out_(out) {}

  Status Run() {
    for (const RuleCase& c : data_.rules.cases) {
      Status s = FromCase(c);
      if (!s.ok()) return s;
    }
    FromParams();
    FromTerms();
    return Status::OK();
  }

 private:
  // ------------------------------------------------------------ situations
  struct Situation {
    Facts facts;
    ResolveResult result;
    bool valid = false;
  };

  // Resolves structured facts once per distinct fact set.
  Status Resolve(const Facts& facts, const ResolveResult** out) {
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
  static bool Decided(const ResolveResult& r) {
    if (r.rulings.empty() || !r.unresolved.empty()) return false;
    return r.rulings.size() < 2 || r.rulings[1].confidence < r.rulings[0].confidence;
  }

  static Pairs AllPairs(const ResolveResult& r) {
    Pairs all;
    for (const auto& ruling : r.rulings) {
      for (const auto& p : PairsOf(ruling.sanctions)) all.insert(p);
    }
    return all;
  }

  // A value that satisfies the condition, or "" when none can be chosen.
  std::string ValueFor(const RuleCond& cond) const {
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

  std::string ValueLabel(const std::string& fact, const std::string& value) const {
    const RuleFact* f = data_.rules.Fact(fact);
    const RuleValue* v = f ? f->Value(value) : nullptr;
    return v ? v->label : value;
  }

  std::string Describe(const Facts& facts) const {
    std::string out;
    for (const auto& [fact, value] : facts) {
      const RuleFact* f = data_.rules.Fact(fact);
      std::string part = ValueLabel(fact, value);
      if (fact != "infrazione") {
        std::string name = f && !f->label.empty() ? f->label : fact;
        std::replace(name.begin(), name.end(), '-', ' ');
        part = name + ": " + part;
      }
      out += (out.empty() ? "" : "; ") + part;
    }
    return Capitalise(out);
  }

  std::string Intro(const std::string& doc) const {
    auto it = data_.doc_short.find(doc);
    return "In una partita (" + (it == data_.doc_short.end() ? data_.game : it->second) + ")";
  }

  static std::vector<QuizCitation> CitationsOf(const Ruling& ruling) {
    std::vector<QuizCitation> out;
    for (const auto& c : ruling.citations) out.push_back({c.id, c.citation, c.text});
    return out;
  }

  const RuleCase* FindCase(long long unit, const std::string& case_id) const {
    for (const auto& c : data_.rules.cases) {
      if (c.unit_id == unit && c.case_id == case_id) return &c;
    }
    return nullptr;
  }

  Facts FactsOf(const RuleCase& c) const {
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

  struct Distractor {
    std::string text, feedback;
    std::vector<SanctionInfo> sanctions;
    bool swapped = false;  // the right sanction for the other side
  };

  // Plausible wrong decisions: sibling cases first (same provision or table), then
  // the same infringement elsewhere, the same sanction for the other side, the same
  // rule, and common sanctions of the game. None shares a (type, beneficiary) with
  // any ruling for the facts.
  std::vector<Distractor> Distractors(const RuleCase& source, const Facts& facts,
                                      const Ruling& best, const Pairs& forbidden,
                                      size_t want) const {
    std::vector<Distractor> out;
    std::set<std::string> texts{
        Fold(AnswerLabel(best.decision, best.sanctions, data_.sanction_forms))};
    std::set<Pairs> taken{PairsOf(best.sanctions)};
    auto try_add = [&](const std::string& text, const std::vector<SanctionInfo>& sanctions,
                       const std::string& feedback, bool swapped = false) {
      if (out.size() >= want || sanctions.empty() || text.empty()) return;
      const Pairs pairs = PairsOf(sanctions);
      if (!Disjoint(pairs, forbidden) || taken.count(pairs) || texts.count(Fold(text))) return;
      taken.insert(pairs);
      texts.insert(Fold(text));
      out.push_back({text, feedback, sanctions, swapped});
    };
    auto from_case = [&](const RuleCase& c) {
      if (!c.variant.empty()) return;
      Facts other = FactsOf(c);
      std::string when = other.empty() ? c.citation : Describe(other);
      try_add(AnswerLabel(DecisionText(c), c.sanctions, data_.sanction_forms), c.sanctions,
              "No: questa è la decisione per un'altra situazione (" + when +
                  "). Fonte: " + c.citation + ".");
    };
    const Unit* su = data_.FindUnit(source.unit_id);
    std::string infraction;
    for (const auto& [f, v] : facts) {
      if (f == "infrazione") infraction = v;
    }
    // 1. same unit, sibling units (rows of the same table, paragraphs of the same section)
    for (const auto& c : data_.rules.cases) {
      const Unit* u = data_.FindUnit(c.unit_id);
      if (c.unit_id == source.unit_id || (u && su && u->parent == su->parent && su->parent))
        from_case(c);
    }
    // 2. the same infringement elsewhere
    if (!infraction.empty()) {
      for (const auto& c : data_.rules.cases) {
        for (const auto& cond : c.when) {
          if (cond.fact == "infrazione" && !cond.values.empty() && cond.values[0] == infraction)
            from_case(c);
        }
      }
    }
    // 3. the same sanction for the other side
    static const std::vector<std::pair<std::string, std::string>> kSides = {
        {"attaccante", "difensore"}, {"squadra-in-attacco", "squadra-in-difesa"}};
    if (best.sanctions.size() == 1) {
      const SanctionInfo& s = best.sanctions[0];
      for (const auto& [a, b] : kSides) {
        std::string other = s.beneficiary == a ? b : s.beneficiary == b ? a : "";
        if (other.empty()) continue;
        SanctionInfo swapped = s;
        swapped.beneficiary = other;
        swapped.place.clear();
        swapped.beneficiary_label = BeneficiaryLabel(other);
        try_add(SanctionText({swapped}), {swapped},
                "No: la sanzione è questa, ma va a favore dell'altra parte.", true);
      }
    }
    // 4. the same rule
    for (const auto& c : data_.rules.cases) {
      const Unit* u = data_.FindUnit(c.unit_id);
      if (u && su && u->rule_id == su->rule_id) from_case(c);
    }
    // 5. common sanctions of the game
    std::map<std::string, int> frequency;
    for (const auto& c : data_.rules.cases) {
      for (const auto& s : c.sanctions) ++frequency[s.type];
    }
    for (const auto& c : data_.rules.cases) {
      bool common = !c.sanctions.empty();
      for (const auto& s : c.sanctions) common = common && frequency[s.type] >= 3;
      if (common) from_case(c);
    }
    return out;
  }

  std::string BeneficiaryLabel(const std::string& id) const {
    for (const auto& c : data_.rules.cases) {
      for (const auto& s : c.sanctions) {
        if (s.beneficiary == id && !s.beneficiary_label.empty()) return s.beneficiary_label;
      }
    }
    return "per " + id;
  }

  Candidate Base(const Unit& unit, const std::string& id, const std::string& kind) const {
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

  void Emit(Candidate cand) {
    if (!ids_.insert(cand.q.id).second) return;
    out_->push_back(std::move(cand));
  }

  static void AddCitations(std::vector<QuizCitation>* to, const std::vector<QuizCitation>& from) {
    for (const auto& c : from) {
      bool seen = false;
      for (const auto& t : *to) seen = seen || t.id == c.id;
      if (!seen) to->push_back(c);
    }
  }

  Status FromCase(const RuleCase& c) {
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

  // ------------------------------------------------------------ parameters
  std::string ParamWords(const Param& p) const {
    if (!p.label.empty()) return p.label;
    std::string w = p.name;
    std::replace(w.begin(), w.end(), '-', ' ');
    return w;
  }

  std::string ValueText(double v, const std::string& unit) const {
    static const std::map<std::string, std::string> kSingular = {
        {"cm", "centimetro"}, {"mm", "millimetro"},   {"m", "metro"},
        {"s", "secondo"},     {"min", "minuto"},      {"points", "punto"},
        {"cards", "carta"},   {"squares", "casella"}, {"pips", "punto del dado"}};
    auto it = UnitWords().find(unit);
    std::string word = it == UnitWords().end() ? unit : it->second;
    if (v == 1 && kSingular.count(unit)) word = kSingular.at(unit);
    return FormatNumber(v) + (word.empty() ? "" : " " + word);
  }

  // The parameter's quote with its number masked ("… movimenti posizionali"), or ""
  // when the number cannot be found in it.
  static std::string MaskedQuote(const Param& p) {
    static const std::map<int, std::vector<std::string>> kWords = {{1, {"un", "uno", "una"}},
                                                                   {2, {"due"}},
                                                                   {3, {"tre"}},
                                                                   {4, {"quattro"}},
                                                                   {5, {"cinque"}},
                                                                   {6, {"sei"}},
                                                                   {7, {"sette"}},
                                                                   {8, {"otto"}},
                                                                   {9, {"nove"}},
                                                                   {10, {"dieci"}},
                                                                   {11, {"undici"}},
                                                                   {12, {"dodici"}},
                                                                   {15, {"quindici"}},
                                                                   {20, {"venti"}},
                                                                   {30, {"trenta"}}};
    std::vector<std::string> targets{FormatNumber(p.value)};
    auto w = kWords.find(static_cast<int>(p.value));
    if (w != kWords.end() && std::fabs(p.value - w->first) < 1e-9) {
      targets.insert(targets.end(), w->second.begin(), w->second.end());
    }
    const std::string q = p.quote;
    for (const auto& t : targets) {
      for (size_t at = q.find(t); at != std::string::npos; at = q.find(t, at + 1)) {
        auto is_word = [&](size_t i) {
          if (i >= q.size()) return false;
          const unsigned char c = static_cast<unsigned char>(q[i]);
          return std::isalnum(c) || c >= 0x80;
        };
        const bool starts = at == 0 || !is_word(at - 1);
        if (!starts || is_word(at + t.size())) continue;
        // a digit run must be whole ("10" not inside "100"); case-insensitive words are rare here
        return q.substr(0, at) + "…" + q.substr(at + t.size());
      }
    }
    return "";
  }

  std::string Where(const Unit& u) const {
    auto it = data_.doc_short.find(u.doc);
    std::string out = (it == data_.doc_short.end() ? u.doc : it->second) + ", " + u.rule_label;
    const Unit* parent = data_.FindUnit(u.parent);
    if (parent && parent->kind == "section" && !parent->heading.empty() && parent->id != 0 &&
        parent->doc + "#" + parent->eid != u.rule_id) {
      out += " › " + parent->heading;
    }
    return out;
  }

  void FromParams() {
    std::map<std::string, std::set<double>> values_of;       // name → values in the game
    std::map<std::string, std::set<double>> values_in_rule;  // rule|name → values
    for (const auto& p : data_.params) {
      values_of[p.name].insert(p.value);
      const Unit* u = data_.FindUnit(p.unit);
      if (u) values_in_rule[u->rule_id + "|" + p.name].insert(p.value);
    }
    std::set<std::string> done;
    for (const auto& p : data_.params) {
      const Unit* u = data_.FindUnit(p.unit);
      if (!u || !u->variant.empty()) continue;
      if (values_in_rule[u->rule_id + "|" + p.name].size() > 1) continue;  // ambiguous in its rule
      const std::string key = "param:" + data_.game + ":" + p.name + ":" + FormatNumber(p.value);
      if (!done.insert(key).second) continue;
      const std::string base_id = u->doc + "#" + u->eid;
      const std::string words = ParamWords(p);
      const std::string where = Where(*u);
      auto uw = UnitWords().find(p.unit_name);
      const std::string unit_word = uw == UnitWords().end() ? p.unit_name : uw->second;
      const bool countable =
          p.unit_name == "count" || p.unit_name == "points" || p.unit_name == "cards";
      const std::string difficulty = countable ? "easy" : "medium";
      std::vector<QuizCitation> cites{{base_id, u->citation, u->text}};
      const std::string fb =
          "Il valore è " + ValueText(p.value, p.unit_name) + " («" + p.quote + "»).";
      const std::string masked = p.label.empty() ? MaskedQuote(p) : "";
      const std::string hint = masked.empty() ? "" : " (nel testo: «" + masked + "»)";

      // numeric
      {
        Candidate cand = Base(*u, base_id + "/numeric/" + p.name, "numeric");
        Question& q = cand.q;
        cand.source = key;
        q.difficulty = difficulty;
        q.stem = "Secondo il regolamento (" + where + "), qual è il valore di «" + words + "»" +
                 hint + "? " +
                 (unit_word.empty() ? "Rispondi con un numero." : "Rispondi in " + unit_word + ".");
        q.value = p.value;
        q.unit = p.unit_name;
        q.tolerance = 0;
        q.param = p.name;
        q.citations = cites;
        q.feedback = fb;
        Emit(std::move(cand));
      }
      // wrong values: other values of the same unit in the game, nearest first, then
      // simple neighbours; never a value the same parameter takes anywhere.
      std::vector<double> pool;
      for (const auto& o : data_.params) {
        if (o.unit_name == p.unit_name && !values_of[p.name].count(o.value) && o.value > 0)
          pool.push_back(o.value);
      }
      std::sort(pool.begin(), pool.end());
      pool.erase(std::unique(pool.begin(), pool.end()), pool.end());
      std::stable_sort(pool.begin(), pool.end(), [&](double a, double b) {
        return std::fabs(std::log((a + 1) / (p.value + 1))) <
               std::fabs(std::log((b + 1) / (p.value + 1)));
      });
      for (double extra : {p.value + 1, p.value * 2, p.value + 2, p.value - 1, p.value + 5}) {
        if (extra > 0 && !values_of[p.name].count(extra) &&
            std::find(pool.begin(), pool.end(), extra) == pool.end()) {
          pool.push_back(extra);
        }
      }
      if (pool.size() > 3) pool.resize(3);
      // mc
      if (pool.size() >= 2) {
        Candidate cand = Base(*u, base_id + "/mc/" + p.name, "mc");
        Question& q = cand.q;
        cand.source = key;
        q.difficulty = difficulty;
        q.stem = "Secondo il regolamento (" + where + "), quanto vale «" + words + "»" + hint + "?";
        q.value = p.value;
        q.unit = p.unit_name;
        q.param = p.name;
        q.citations = cites;
        q.feedback = fb;
        q.answers.push_back(
            {ValueText(p.value, p.unit_name), true, "Corretto: «" + p.quote + "».", {}});
        for (double v : pool) {
          q.answers.push_back({ValueText(v, p.unit_name), false, "No: " + fb, {}});
        }
        Emit(std::move(cand));
      }
      // tf, faithful and with a wrong number
      for (int k = 0; k < 2; ++k) {
        if (k == 1 && pool.empty()) break;
        const double v = k == 0 ? p.value : pool[0];
        Candidate cand = Base(
            *u, base_id + "/tf-" + std::string(k == 0 ? "vero" : "numero") + "/" + p.name, "tf");
        Question& q = cand.q;
        cand.source = key;
        q.difficulty = k == 0 ? difficulty : "medium";
        q.stem = "Secondo il regolamento (" + where + "), «" + words + "» vale " +
                 ValueText(v, p.unit_name) + ".";
        q.truth = k == 0;
        q.basis = "param";
        q.value = v;
        q.unit = p.unit_name;
        q.param = p.name;
        q.citations = cites;
        q.feedback = (k == 0 ? "Vero. " : "Falso. ") + fb;
        Emit(std::move(cand));
      }
    }
  }

  // ------------------------------------------------------------ terms
  std::vector<std::string> Accepted(const std::string& name) const {
    std::vector<std::string> out{Lower(name)};
    std::set<std::string> seen{Fold(name)};
    auto add = [&](const std::string& s) {
      if (!Fold(s).empty() && seen.insert(Fold(s)).second) out.push_back(Lower(s));
    };
    for (const auto& group : data_.synonyms) {
      bool member = false;
      for (const auto& t : group) member = member || Fold(t) == Fold(name);
      if (member) {
        for (const auto& t : group) add(t);
      }
    }
    for (const auto& [type, forms] : data_.sanction_forms) {
      bool member = false;
      for (const auto& f : forms) member = member || Fold(f) == Fold(name);
      if (member) {
        for (const auto& f : forms) add(f);
      }
    }
    return out;
  }

  void FromTerms() {
    std::set<std::string> done;
    for (size_t i = 0; i < data_.terms.size(); ++i) {
      const Term& t = data_.terms[i];
      const Unit* u = data_.FindUnit(t.unit);
      if (!u || !u->variant.empty()) continue;
      const std::string key = "term:" + data_.game + ":" + Fold(t.name);
      if (!done.insert(key).second) continue;
      const auto name_words = Words(t.name);
      const auto def_words = Words(t.definition);
      if (name_words.empty() || def_words.size() < 3) continue;
      const std::vector<std::string> accepted = Accepted(t.name);
      bool giveaway = false;
      for (const auto& a : accepted) giveaway = giveaway || ContainsWords(t.definition, a);
      std::string slug;
      for (const auto& w : name_words) slug += (slug.empty() ? "" : "-") + w;
      const std::string base_id = u->doc + "#" + u->eid;
      auto it = data_.doc_short.find(u->doc);
      const std::string doc_name = it == data_.doc_short.end() ? u->doc : it->second;
      std::vector<QuizCitation> cites{{base_id, u->citation, u->text}};
      const std::string fb = "«" + t.name + "»: " + TrimPeriod(t.definition) + ".";

      if (!giveaway && name_words.size() <= 4) {
        Candidate cand = Base(*u, base_id + "/cloze/" + slug, "cloze");
        Question& q = cand.q;
        cand.source = key;
        q.difficulty = name_words.size() >= 3 ? "hard" : "medium";
        q.stem = "Nel regolamento " + doc_name + ", quale termine indica: «" +
                 TrimPeriod(t.definition) + "»?";
        q.accepted = accepted;
        q.citations = cites;
        q.feedback = fb;
        Emit(std::move(cand));
      }
      // mc on the meaning: other definitions of the game, never a near-copy of this one
      std::vector<const Term*> others;
      for (int pass = 0; pass < 2; ++pass) {
        for (const auto& o : data_.terms) {
          const Unit* ou = data_.FindUnit(o.unit);
          if (!ou || (pass == 0) != (ou->doc == u->doc)) continue;
          bool synonym = false;
          for (const auto& a : accepted) synonym = synonym || Fold(a) == Fold(o.name);
          if (synonym) continue;
          if (Jaccard(o.definition, t.definition) >= 0.4 || Words(o.definition).size() < 3)
            continue;
          bool dup = false;
          for (const Term* x : others)
            dup = dup || Fold(x->definition) == Fold(o.definition) || Fold(x->name) == Fold(o.name);
          if (dup || others.size() >= 3) continue;
          others.push_back(&o);
        }
      }
      if (others.size() >= 2) {
        Candidate cand = Base(*u, base_id + "/mc/" + slug, "mc");
        Question& q = cand.q;
        cand.source = key;
        q.difficulty = "easy";
        q.stem = "Nel regolamento " + doc_name + ", che cosa si intende per «" + t.name + "»?";
        q.citations = cites;
        q.feedback = fb;
        q.answers.push_back({Capitalise(TrimPeriod(t.definition)), true, "Corretto: " + fb, {}});
        for (const Term* o : others) {
          q.answers.push_back({Capitalise(TrimPeriod(o->definition)),
                               false,
                               "No: questa è la definizione di «" + o->name + "».",
                               {}});
        }
        Emit(std::move(cand));
      }
    }
  }

  Engine& engine_;
  const GameData& data_;
  std::vector<Candidate>* out_;
  std::map<std::string, ResolveResult> cache_;
  std::set<std::string> situations_, ids_;
};

}  // namespace

Status BuildCandidates(Engine& engine, const GameData& data, std::vector<Candidate>* out) {
  Builder builder(engine, data, out);
  return builder.Run();
}

}  // namespace arbitro::quiz
