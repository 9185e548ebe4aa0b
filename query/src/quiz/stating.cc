// What a scene must state and what may stand beside it (see builder.h): the facts that
// sibling cases differ by (a scene that leaves one out makes another decision right too),
// the near misses a wrong answer may come from, scenes short enough to read at once, and
// the provision that gives a decision's place when the cited one does not say it.
#include <algorithm>
#include <cctype>
#include <map>

#include "quiz/builder.h"

namespace arbitro::quiz {

namespace {

const std::string* ValueOf(const Facts& facts, const std::string& fact) {
  for (const auto& [f, v] : facts) {
    if (f == fact) return &v;
  }
  return nullptr;
}

using Triples = std::set<std::tuple<std::string, std::string, std::string>>;

Triples TriplesOf(const std::vector<SanctionInfo>& sanctions) {
  Triples out;
  for (const auto& s : sanctions) out.emplace(s.type, s.beneficiary, s.place);
  return out;
}

bool Cites(const Ruling& ruling, const std::string& id) {
  for (const auto& c : ruling.citations) {
    if (c.id == id) return true;
  }
  return false;
}

// Words of a text that carry meaning (folded, five letters of each, short words out).
std::set<std::string> Stems(const std::string& text) {
  static const std::set<std::string> kStop = {
      "della", "delle", "dello", "degli", "nella", "nelle", "nello", "dalla",  "dalle", "dallo",
      "sulla", "sulle", "sullo", "alla",  "alle",  "allo",  "quale", "quando", "oppure"};
  std::set<std::string> out;
  for (const auto& w : Words(text)) {
    const bool number = w.find_first_of("0123456789") != std::string::npos;
    if ((w.size() <= 3 && !number) || kStop.count(w)) continue;
    out.insert(w.substr(0, 5));
  }
  return out;
}

}  // namespace

bool Builder::SameSanctions(const std::vector<SanctionInfo>& a,
                            const std::vector<SanctionInfo>& b) {
  return TriplesOf(a) == TriplesOf(b);
}

bool Builder::SameRuling(const Ruling& a, const Ruling& b) {
  return SameSanctions(a.sanctions, b.sanctions);
}

bool Builder::Readable(const Scene& scene) {
  // Three clauses and their setting at most, about two lines of print: a longer scene is
  // a chain of conditions, not a situation seen on the table.
  return scene.ok && (scene.authored || (scene.clauses <= 3 && scene.Text().size() <= 190));
}

Status Builder::Pending(const Facts& facts, const Ruling& ruling,
                        std::vector<const RuleCase*>* out) {
  out->clear();
  std::set<std::string> names;
  for (const auto& [f, v] : facts) names.insert(f);
  for (const RuleCase& r : data_.rules.cases) {
    if (!VariantInPlay(variants_, r.variant) || r.sanctions.empty()) continue;
    // The same story: every stated fact tested and holding, and at least one fact more.
    size_t tested = 0;
    bool holds = true;
    Facts with = facts;
    for (const auto& cond : r.when) {
      const std::string* v = ValueOf(facts, cond.fact);
      if (v) {
        holds = holds && CondHolds(cond, *v);
        ++tested;
        continue;
      }
      const std::string w = ValueFor(cond);
      if (w.empty() || ValueOf(with, cond.fact)) {
        holds = false;
        break;
      }
      with.emplace_back(cond.fact, w);
    }
    if (!holds || tested < names.size() || with.size() == facts.size()) continue;
    // Told with its own fact, the story would take another decision.
    const ResolveResult* rr = nullptr;
    Status s = Resolve(with, &rr);
    if (!s.ok()) return s;
    if (Decided(*rr) && SameRuling(rr->rulings[0], ruling)) continue;
    out->push_back(&r);
  }
  return Status::OK();
}

Status Builder::StateDecidingFacts(const std::string& self, Facts* facts, const Ruling& ruling,
                                   bool* ok) {
  *ok = false;
  std::vector<const RuleCase*> pending;
  Status s = Pending(*facts, ruling, &pending);
  if (!s.ok()) return s;
  for (const RuleCase* r : pending) {
    // A scene told apart from the encoders' reading only (basis="reading") would state a fact
    // that matters by that reading alone, or that the book makes impossible (the Subbuteo
    // goalkeeper obstructing with the ball at midfield, told apart from the penalty read
    // into Regola 8): no question.
    if (r->reading) return Status::OK();
    // Already told apart by a fact stated for an earlier one?
    bool excluded = false;
    for (const auto& cond : r->when) {
      const std::string* v = ValueOf(*facts, cond.fact);
      excluded = excluded || (v && !CondHolds(cond, *v));
    }
    if (excluded) continue;
    bool stated = false;
    for (const auto& cond : r->when) {
      if (stated || ValueOf(*facts, cond.fact)) continue;
      const RuleFact* fact = data_.rules.Fact(cond.fact);
      if (!fact) continue;
      // The value the rules assume when nobody says (the first time), else the first one
      // the vocabulary lists, that the other case excludes.
      // Among the others, for a place the most ordinary first: the value fewest cases of
      // the game test ("nella metà campo avversaria" rather than "dall'interno dei 22 metri
      // dell'attaccante", a place other rules single out), so the fact told to exclude
      // the sibling does not read as one that matters by itself.
      std::vector<std::string> values;
      for (const auto& v : fact->values) values.push_back(v.id);
      std::map<std::string, int> uses;
      for (const RuleCase& other : data_.rules.cases) {
        for (const auto& oc : other.when) {
          if (oc.fact != cond.fact) continue;
          for (const auto& ov : oc.values) ++uses[ov];
        }
      }
      // Only for a place: an event or a state told for the same reason is chosen in the
      // vocabulary's order, the commonest one first.
      const PhraseFact* pf = data_.phrasing.FindFact(cond.fact);
      if (pf && pf->role == "where") {
        std::stable_sort(
            values.begin(), values.end(),
            [&](const std::string& a, const std::string& b) { return uses[a] < uses[b]; });
      }
      if (!fact->default_value.empty()) values.insert(values.begin(), fact->default_value);
      for (const auto& w : values) {
        if (CondHolds(cond, w)) continue;
        Facts with = *facts;
        with.emplace_back(cond.fact, w);
        if (!Compose(with).ok) continue;
        const ResolveResult* rr = nullptr;
        s = Resolve(with, &rr);
        if (!s.ok()) return s;
        if (!Decided(*rr) || !SameRuling(rr->rulings[0], ruling) || !Cites(rr->rulings[0], self))
          continue;
        *facts = std::move(with);
        stated = true;
        break;
      }
    }
    if (!stated) return Status::OK();
  }
  *ok = true;
  return Status::OK();
}

Status Builder::Precise(const Facts& facts, const Ruling& ruling, bool* ok) {
  std::vector<const RuleCase*> pending;
  Status s = Pending(facts, ruling, &pending);
  *ok = s.ok() && pending.empty();
  return s;
}

bool Builder::NearMiss(const Facts& asked, const RuleCase& deciding, const Facts& other,
                       const std::string& changed) const {
  // The asked scene states a fact the other situation's case excludes: without it, the
  // wrong answer could be right for the asked scene too.
  bool excluded = false;
  for (const auto& cond : deciding.when) {
    const std::string* v = ValueOf(asked, cond.fact);
    excluded = excluded || (v && !CondHolds(cond, *v));
  }
  if (!excluded) return false;
  // The same setting (phase, moment), unless the setting is the fact changed.
  auto role = [&](const std::string& fact) {
    const PhraseFact* pf = data_.has_phrasing ? data_.phrasing.FindFact(fact) : nullptr;
    return pf ? pf->role : std::string();
  };
  for (const auto& [f, v] : asked) {
    if (f == changed || role(f) != "when") continue;
    const std::string* w = ValueOf(other, f);
    if (!w || *w != v) return false;
  }
  for (const auto& [f, v] : other) {
    if (f != changed && role(f) == "when" && !ValueOf(asked, f)) return false;
  }
  // Something in common (a fact with the same value, or the same facts told), and at most
  // one fact the asked scene does not speak of.
  bool shared = false;
  size_t extra = 0;
  for (const auto& [f, v] : other) {
    const std::string* w = ValueOf(asked, f);
    if (!w) ++extra;
    shared = shared || (w && *w == v);
  }
  if (!shared && !(extra == 0 && other.size() == asked.size())) return false;
  return extra <= 1;
}

bool Builder::Circular(const Scene& scene, const std::string& decision) const {
  // "il giocatore lancia i due dadi per i punti spostamento" → "si lanciano i due dadi per
  // i punti spostamento": the answer repeats the question.
  const std::set<std::string> said = Stems(scene.Text());
  const std::set<std::string> answer = Stems(decision);
  if (answer.empty()) return false;
  size_t common = 0;
  for (const auto& w : answer) common += said.count(w);
  return common * 2 > answer.size() && common >= 2;
}

std::string Builder::PlaceNote(const Ruling& ruling, const std::string& source,
                               std::vector<QuizCitation>* citations) const {
  std::string note;
  for (const auto& s : ruling.sanctions) {
    if (s.place.empty()) continue;
    const std::set<std::string> place = Stems(s.place);
    if (place.empty()) continue;
    auto covers = [&](const std::string& text) {
      const std::set<std::string> have = Stems(text);
      for (const auto& w : place) {
        if (!have.count(w)) return false;
      }
      return true;
    };
    // Said by a cited provision, or by one an earlier place of this ruling added.
    bool said = false;
    for (const auto& c : *citations) said = said || covers(c.text);
    if (said) continue;
    // The sentence that says it: all the place's words and the decision's own word
    // ("punizione", "touche", "mischia"), so that a line on the halfway line is not
    // taken for where a scrum goes. The provisions the source refers to first, then any
    // of the game.
    // The decision's own word, not one its place repeats ("rigore" of "calcio di rigore,
    // sul dischetto del rigore"): a decision named by its place needs no note.
    std::set<std::string> named;
    for (const auto& w : Stems(s.label)) {
      if (w != "calci" && !place.count(w)) named.insert(w);
    }
    if (named.empty()) continue;
    // A provision found by its words alone must say how the restart is taken ("sarà
    // battuto dal dischetto", "va eseguita dal punto …"), not give a sanction of its own
    // ("Calcio di punizione dal dischetto del rigore" for too many miniatures).
    auto sentence_of = [&](const Unit& u, bool referred) {
      for (size_t at = 0; at < u.text.size();) {
        // A full stop ends a sentence, not a number or a chapter ("cap. 11.3", "3.2 a").
        size_t end = u.text.find_first_of(".;\n", at);
        auto abbreviation = [&](size_t dot) {
          const bool number =
              dot + 1 < u.text.size() && std::isdigit(static_cast<unsigned char>(u.text[dot + 1]));
          return number || (dot >= 3 && u.text.compare(dot - 3, 3, "cap") == 0);
        };
        while (end != std::string::npos && u.text[end] == '.' && abbreviation(end))
          end = u.text.find_first_of(".;\n", end + 1);
        if (end == std::string::npos) end = u.text.size();
        std::string sentence = u.text.substr(at, end - at);
        at = end + 1;
        const std::set<std::string> have = Stems(sentence);
        bool names = false;
        for (const auto& w : named) names = names || have.count(w);
        if (!names || !covers(sentence)) continue;
        if (!referred && !have.count("battu") && !have.count("esegu") && !have.count("piazz"))
          continue;
        while (!sentence.empty() && std::isspace(static_cast<unsigned char>(sentence.front())))
          sentence.erase(0, 1);
        return sentence;
      }
      return std::string();
    };
    const Unit* found = nullptr;
    std::string best;
    for (const auto& [from, to] : data_.refs) {
      const Unit* u = from == source && !found ? data_.FindUnit(to) : nullptr;
      if (u && !(best = sentence_of(*u, true)).empty()) found = u;
    }
    for (const auto& [id, u] : data_.units) {
      if (found || (u.kind != "provision" && u.kind != "row") ||
          !VariantInPlay(variants_, u.variant))
        continue;
      if (!(best = sentence_of(u, false)).empty()) found = &u;
    }
    if (!found) return "-";  // a place nothing in the rules explains: not asked
    note += " Il punto della ripresa lo stabilisce " + ShortCitation(found->citation) + ": «" +
            Clip(TrimPeriod(best), 240) + "».";
    AddCitations(citations, {{found->doc + "#" + found->eid, found->citation, found->text}});
  }
  return note;
}

}  // namespace arbitro::quiz
