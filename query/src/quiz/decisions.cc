// Decisions as a trainee reads them (see builder.h): the side a sanction goes to,
// resolved from the scene's actor ("the opponent of the offender" is the attacker when
// the defender offends), the words of phrasing.xml's <decision>s, and the checks that
// keep a wrong answer wrong and of the same kind as the right one.
#include <algorithm>
#include <cctype>

#include "quiz/builder.h"

namespace arbitro::quiz {

const std::map<std::string, std::string>& Opposites() {
  static const std::map<std::string, std::string> kOpposites = {
      {"attaccante", "difensore"},
      {"difensore", "attaccante"},
      {"squadra-in-attacco", "squadra-in-difesa"},
      {"squadra-in-difesa", "squadra-in-attacco"}};
  return kOpposites;
}

std::string CleanCitation(const std::string& citation) {
  const std::string sep = " › ";
  std::vector<std::string> segments;
  for (size_t at = 0;;) {
    const size_t next = citation.find(sep, at);
    segments.push_back(citation.substr(at, next == std::string::npos ? next : next - at));
    if (next == std::string::npos) break;
    at = next + sep.size();
  }
  std::string out;
  for (std::string seg : segments) {
    while (!seg.empty() && (seg.back() == ':' || seg.back() == ' ')) seg.pop_back();
    // "(vedi figura 03)", "(se utilizzati)": an aside of the heading, not its name.
    for (size_t open = seg.find(" ("); open != std::string::npos; open = seg.find(" (")) {
      const size_t close = seg.find(')', open);
      if (close == std::string::npos) break;
      const std::string inner = seg.substr(open + 2, close - open - 2);
      const bool aside = inner.rfind("vedi ", 0) == 0 || inner.rfind("se ", 0) == 0;
      // "PORTIERE DI RISERVA (portierino)" → "PORTIERE DI RISERVA, portierino"
      seg = seg.substr(0, open) + (aside ? "" : ", " + inner) + seg.substr(close + 1);
    }
    // A list label of the book ("a)", "e5)", "riga 10)", "m) MANI NELLA RUCK"): its letter
    // or number without the bracket, so that a citation in brackets closes once.
    const size_t word = seg.rfind(' ', seg.find(')'));
    const size_t close = seg.find(')');
    if (close != std::string::npos && seg.find('(') == std::string::npos) {
      const size_t start = word == std::string::npos || word > close ? 0 : word + 1;
      const std::string label = seg.substr(start, close - start);
      if (!label.empty() && label.size() <= 5 &&
          label.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789.") == std::string::npos)
        seg.erase(close, 1);
    }
    ReplaceAll(&seg, "  ", " ");
    while (!seg.empty() && seg.back() == ' ') seg.pop_back();
    if (!seg.empty()) out += (out.empty() ? "" : sep) + seg;
  }
  return out;
}

std::string ShortCitation(const std::string& citation) {
  const std::string sep = " › ";
  const size_t at = citation.find(sep);
  return CleanCitation(at == std::string::npos ? citation : citation.substr(at + sep.size()));
}

namespace {

bool Concrete(const std::string& side) {
  return Opposites().count(side) > 0;
}

// A side as far as two decisions can be told apart: a concrete side, "~other" (the
// opponent of whoever acted) or "~self" (whoever acted), "*" for no side or a side that
// cannot be compared (a player chosen by lot, the referee …).
std::string Canon(const std::string& side) {
  if (Concrete(side)) return side;
  if (side == "avversario" || side == "altro-giocatore") return "~other";
  if (side == "colpevole" || side == "stesso-giocatore") return "~self";
  return "*";
}

bool MaySameSide(const std::string& a, const std::string& b) {
  const std::string x = Canon(a), y = Canon(b);
  if (x == "*" || y == "*" || x == y) return true;
  // A concrete side against a relative one: which is which depends on who acted.
  return (x[0] == '~') != (y[0] == '~');
}

std::string WhoChooses(const SanctionInfo& s) {
  std::string who = s.chosen_by_label;
  if (who.rfind("per ", 0) == 0) who = who.substr(4);
  if (who.empty()) who = s.chosen_by;
  return With("di", who);
}

}  // namespace

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

std::string With(const std::string& preposition, const std::string& noun) {
  if (noun.empty()) return "";
  return Contract(" " + preposition + " " + noun).substr(1);
}

bool MayConflict(const std::vector<SanctionInfo>& a, const std::vector<SanctionInfo>& b) {
  // A "calcio di punizione" the rule leaves unqualified may be the direct or indirect one
  // another rule of the book names (Subbuteo 12 against its appendix): never both options.
  auto family = [](const std::string& t) {
    return t == "punizione-diretta" || t == "punizione-indiretta" ? std::string("punizione") : t;
  };
  for (const auto& x : a) {
    for (const auto& y : b) {
      const bool same = x.type == y.type || ((x.type == "punizione" || y.type == "punizione") &&
                                             family(x.type) == family(y.type));
      if (same && MaySameSide(x.beneficiary, y.beneficiary)) return true;
    }
  }
  return false;
}

std::string Builder::Actor(const Facts& facts) const {
  if (!data_.has_phrasing) return "";
  // The encoders' scene of exactly these facts may say who offends.
  if (const Scene* authored = Authored(facts); authored && !authored->actor.empty())
    return authored->actor;
  // The subject first (a fact of role who), then any phrase that names its actor.
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& [name, value] : facts) {
      const PhraseFact* f = data_.phrasing.FindFact(name);
      if (!f || (f->role == "who") != (pass == 0)) continue;
      const PhraseValue* v = f->Value(value);
      if (v && !v->actor.empty()) return v->actor;
      if (pass == 0 && Concrete(value)) return value;
    }
  }
  return "";
}

std::string Builder::SideLabel(const std::string& id) const {
  if (data_.has_phrasing) {
    if (const PhraseSide* side = data_.phrasing.FindSide(id)) return side->text;
  }
  return BeneficiaryLabel(id);
}

std::string Builder::SideNoun(const std::string& id) const {
  const std::string label = SideLabel(id);
  return label.rfind("per ", 0) == 0 ? label.substr(4) : "";
}

std::vector<SanctionInfo> Builder::Sided(const std::vector<SanctionInfo>& sanctions,
                                         const std::string& actor) const {
  std::vector<SanctionInfo> out = sanctions;
  auto resolve = [&](std::string* id, std::string* label) {
    std::string to;
    if (*id == "avversario" && Opposites().count(actor)) to = Opposites().at(actor);
    if (*id == "colpevole" && Concrete(actor)) {
      const std::string noun = SideNoun(actor);
      if (noun.empty()) return;
      *id = actor;
      *label = "a carico " + With("di", noun);
      return;
    }
    if (!to.empty() && !SideLabel(to).empty()) {
      *id = to;
      *label = SideLabel(to);
    } else if (!id->empty() && data_.has_phrasing && data_.phrasing.FindSide(*id)) {
      *label = data_.phrasing.FindSide(*id)->text;
    }
  };
  for (auto& s : out) {
    if (!s.beneficiary.empty()) resolve(&s.beneficiary, &s.beneficiary_label);
    if (!s.chosen_by.empty()) resolve(&s.chosen_by, &s.chosen_by_label);
  }
  return out;
}

namespace {

// Does a place read as a place ("nel punto …", "dal centrocampo", "a 2,5 cm dietro …")
// rather than a sentence of its own ("la rimessa laterale è ripetuta …")?
bool PlaceLike(const std::string& place) {
  static const char* kStarts[] = {"nel ",
                                  "nella ",
                                  "nello ",
                                  "nei ",
                                  "negli ",
                                  "dal ",
                                  "dalla ",
                                  "dallo ",
                                  "dai ",
                                  "dagli ",
                                  "dall'",
                                  "al ",
                                  "alla ",
                                  "allo ",
                                  "all'",
                                  "sul ",
                                  "sulla ",
                                  "sullo ",
                                  "sull'",
                                  "in ",
                                  "a ",
                                  "da ",
                                  "dietro ",
                                  "entro ",
                                  "tra ",
                                  "fra ",
                                  "lungo ",
                                  "presso ",
                                  "nell'",
                                  "oltre ",
                                  "davanti ",
                                  "fuori ",
                                  "dentro ",
                                  "sopra ",
                                  "vicino ",
                                  "ad ",
                                  "dove ",
                                  "su ",
                                  "posteriormente ",
                                  "lateralmente ",
                                  "parallelamente ",
                                  "perpendicolarmente ",
                                  "con ",
                                  "indietro ",
                                  "fino "};
  for (const char* p : kStarts) {
    if (place.rfind(p, 0) == 0) return place.find(';') == std::string::npos;
  }
  return false;
}

// "dalla linea dei propri 22 metri" after "calcio di ripresa dalla linea dei 22 metri":
// the decision's words already give the place.
bool PlaceRepeats(const std::string& text, const std::string& place) {
  const std::vector<std::string> have = Words(text);
  size_t content = 0;
  for (const auto& w : Words(place)) {
    const bool number = w.find_first_of("0123456789") != std::string::npos;
    if ((w.size() <= 4 && !number) || w.rfind("propri", 0) == 0) continue;
    ++content;
    if (std::find(have.begin(), have.end(), w) == have.end()) return false;
  }
  return content > 0;
}

}  // namespace

std::string Builder::Part(const SanctionInfo& s, bool with_side, bool in_choice) const {
  // A place after its decision: ", nel punto …" for a decision alone. Inside a choice
  // each alternative is whole, without a comma that would read as the list's: its place
  // follows it directly ("mischia a centrocampo"), a place that is a sentence of its own
  // and a label that explains itself go in brackets ("vantaggio (il gioco prosegue)").
  std::string where = s.place;
  ReplaceAll(&where, " e/o ", " o ");  // the book's "una miniatura e/o la palla"
  auto with_place = [&](const std::string& text) {
    if (where.empty() || PlaceRepeats(text, where)) return text;
    // "Back al volo per l'attaccante: la rimessa laterale è ripetuta …"
    const bool place = PlaceLike(where);  // no ';' either
    const bool sentence =
        !place && (where.find(';') != std::string::npos || where.find(" è ") != std::string::npos);
    if (!in_choice) return text + (sentence ? ": " : ", ") + where;
    return text + (place ? " " + where : " (" + where + ")");
  };
  const PhraseDecision* d = data_.has_phrasing ? data_.phrasing.FindDecision(s.type) : nullptr;
  if (d && !d->text.empty()) {
    std::string text = d->text;
    // The side's noun: "per l'attaccante" → "l'attaccante"; "a carico del difensore" is
    // said as it is.
    std::string noun = s.beneficiary_label;
    if (noun.rfind("per ", 0) == 0) noun = noun.substr(4);
    const bool bare = noun != s.beneficiary_label;
    ReplaceAll(&text, "{per}", with_side ? s.beneficiary_label : "");
    ReplaceAll(&text, "{a}", with_side && bare ? With("a", noun) : "");
    ReplaceAll(&text, "{di}", with_side && bare ? With("di", noun) : "");
    ReplaceAll(&text, "{da}", with_side && bare ? With("da", noun) : "");
    text = Tidy(text);
    // "Vantaggio: il gioco prosegue" inside a choice: "vantaggio (il gioco prosegue)".
    const size_t colon = text.find(": ");
    if (in_choice && colon != std::string::npos)
      text = text.substr(0, colon) + " (" + text.substr(colon + 2) + ")";
    return with_place(text);
  }
  // A label that is a sentence ("Distanza: le miniature … a 9 cm", "La squadra in difesa
  // tira il dado …") says it all.
  if (s.label.find(": ") != std::string::npos || s.label.rfind("La ", 0) == 0 ||
      s.label.rfind("Il ", 0) == 0 || s.label.rfind("L'", 0) == 0 || s.label.rfind("Si ", 0) == 0) {
    const size_t colon = s.label.find(": ");
    if (in_choice && colon != std::string::npos)
      return s.label.substr(0, colon) + " (" + s.label.substr(colon + 2) + ")";
    return s.label;
  }
  std::string part = s.label;
  if (with_side && !s.beneficiary_label.empty()) part += " " + s.beneficiary_label;
  return with_place(part);
}

std::string Builder::Say(const std::vector<SanctionInfo>& sanctions) const {
  std::vector<std::string> parts;
  std::set<std::string> choices;
  std::string last_side;
  for (size_t i = 0; i < sanctions.size(); ++i) {
    const SanctionInfo& s = sanctions[i];
    if (s.choice.empty()) {
      // A second sanction for the same side does not repeat the side.
      const bool repeat = !parts.empty() && s.beneficiary == last_side;
      std::string part = Part(s, !repeat);
      parts.push_back(parts.empty() ? part : LowerFirst(part));
      last_side = s.beneficiary;
      continue;
    }
    if (!choices.insert(s.choice).second) continue;
    std::vector<std::string> alternatives;
    for (size_t k = i; k < sanctions.size(); ++k) {
      // The side of an alternative is said only when it is not the one who chooses.
      if (sanctions[k].choice == s.choice)
        alternatives.push_back(
            LowerFirst(Part(sanctions[k], sanctions[k].beneficiary != s.chosen_by, true)));
    }
    // "a scelta del difensore: ripetizione oppure mischia a centrocampo oppure touche nel
    // punto …": every alternative whole, one "oppure" between each two.
    std::string part = "a scelta " + WhoChooses(s) + ": ";
    for (size_t k = 0; k < alternatives.size(); ++k) {
      part += (k == 0 ? "" : " oppure ") + alternatives[k];
    }
    parts.push_back(part);
  }
  return UpperFirst(JoinAnd(parts));
}

bool Builder::Outcome(const std::vector<SanctionInfo>& sanctions) const {
  const std::string cls = ClassOf(sanctions);
  return cls == "esito" || cls == "partita";
}

std::string Builder::ClassOf(const std::vector<SanctionInfo>& sanctions) const {
  if (sanctions.empty() || !data_.has_phrasing) return "";
  const PhraseDecision* d = data_.phrasing.FindDecision(sanctions[0].type);
  return d ? d->cls : "";
}

bool Builder::Procedural(const std::vector<SanctionInfo>& sanctions) const {
  if (!data_.has_phrasing) return false;
  for (const auto& s : sanctions) {
    const PhraseDecision* d = data_.phrasing.FindDecision(s.type);
    if (d && d->cls == "procedura") return true;
  }
  return false;
}

std::set<std::string> Builder::MentionedTypes(const std::string& text) const {
  // Every form of every sanction type, longest first, each claiming the words it covers
  // so that "back al volo" is not also read as "back".
  std::vector<std::pair<std::string, std::string>> forms;  // folded form, type
  for (const auto& [type, list] : data_.sanction_forms) {
    for (const auto& f : list) {
      const std::string folded = Fold(f);
      if (!folded.empty()) forms.emplace_back(folded, type);
    }
  }
  std::stable_sort(forms.begin(), forms.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  std::string hay = " ";
  for (const auto& w : Words(text)) hay += w + " ";
  std::set<std::string> out;
  for (const auto& [form, type] : forms) {
    std::string needle = " ";
    for (const auto& w : Words(form)) needle += w + " ";
    if (needle.size() < 3) continue;
    for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) {
      out.insert(type);
      // Claim the words: blank them out, keeping the spaces that delimit words.
      for (size_t k = at + 1; k + 1 < at + needle.size(); ++k) {
        if (hay[k] != ' ') hay[k] = '_';
      }
    }
  }
  return out;
}

const RuleCase* Builder::Deciding(const Facts& facts, const Ruling& ruling,
                                  const std::string& changed) const {
  auto value_of = [&](const std::string& fact) -> const std::string* {
    for (const auto& [f, v] : facts) {
      if (f == fact) return &v;
    }
    return nullptr;
  };
  for (const auto& cit : ruling.citations) {
    for (const RuleCase& c : data_.rules.cases) {
      if (!c.variant.empty() || c.doc + "#" + c.eid != cit.id) continue;
      bool holds = true, names_changed = false;
      std::set<std::string> named;
      for (const auto& cond : c.when) {
        const std::string* v = value_of(cond.fact);
        holds = holds && v && CondHolds(cond, *v);
        named.insert(cond.fact);
        names_changed = names_changed || cond.fact == changed;
      }
      // The deciding case speaks of every fact of the scene (and of the changed one): a
      // scene that adds a fact no case weighs would read as a situation of its own.
      if (holds && named.size() == facts.size() && (changed.empty() || names_changed)) return &c;
    }
  }
  return nullptr;
}

bool Builder::CoOccurs(const Facts& facts, size_t changed) const {
  const auto& [fact, value] = facts[changed];
  for (size_t k = 0; k < facts.size(); ++k) {
    if (k == changed || !Central(facts[k].first)) continue;
    // Cases of the game that test the changed fact together with this infringement or
    // event: when there are some, the changed value must be one they allow.
    bool tested = false, seen = false;
    for (const RuleCase& c : data_.rules.cases) {
      bool central = false, with = false, holds = false;
      for (const auto& cond : c.when) {
        if (cond.fact == facts[k].first && (cond.op == "eq" || cond.op == "in") &&
            CondHolds(cond, facts[k].second))
          central = true;
        if (cond.fact == fact) {
          with = true;
          holds = holds || CondHolds(cond, value);
        }
      }
      if (central && with) {
        tested = true;
        seen = seen || holds;
      }
    }
    if (tested && !seen) return false;
  }
  return true;
}

bool Builder::Central(const std::string& fact) const {
  if (fact == "infrazione") return true;
  const RuleFact* f = data_.rules.Fact(fact);
  const PhraseFact* pf = data_.has_phrasing ? data_.phrasing.FindFact(fact) : nullptr;
  return f && pf && pf->role == "what" && f->values.size() > 4;
}

std::string Builder::Contrast(const Distractor& d, const std::string& right_side) const {
  if (!d.facts.empty()) {
    return UpperFirst(After("se invece", Compose(d.facts))) +
           ", la decisione sarebbe: " + LowerFirst(d.text) +
           (d.cite.empty() ? "" : " (" + d.cite + ")") + ".";
  }
  if (d.swapped && !d.sanctions.empty()) {
    const std::string wrong = SideNoun(d.sanctions[0].beneficiary);
    const std::string right = SideNoun(right_side);
    if (!wrong.empty() && !right.empty()) {
      return "La stessa decisione a favore " + With("di", wrong) + " sarebbe sbagliata: spetta " +
             With("a", right) + ".";
    }
  }
  return "";
}

}  // namespace arbitro::quiz
