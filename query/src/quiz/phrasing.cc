// The Italian wording shared by the quiz builder's stages (see builder.h): scenes
// composed from the game's phrasing.xml, decisions as answers, question names.
//
// A scene tells the facts of a situation in a fixed order: the opening adverbials
// (role when, then where), the clauses (role what, then the object's own clause when no
// clause took it, the state's when there is no object, the subject's when no clause
// names it), then how and how often:
//   "durante una mischia, la palla introdotta si ferma fuori dallo spazio tra i due
//    pacchetti, per la seconda volta"
// Grammar handled here: {chi} takes the subject (the fact of role who, else the game's
// default subject) in the first clause that names it and is dropped in later ones, as
// Italian drops a known subject ("l'attaccante colpisce … e tocca …"); {oggetto} takes
// the object's noun phrase with the state's adjective agreeing in gender and number
// ("una miniatura ferma", "il portiere fermo"); clauses are joined "a, b e c"; the
// first letter is raised where a sentence starts. Articles and prepositions are part of
// the phrases, written by hand from the rulebooks.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "quiz/builder.h"

namespace arbitro::quiz {

std::string TrimPeriod(std::string s) {
  while (!s.empty() && (s.back() == '.' || s.back() == ' ' || s.back() == ';')) s.pop_back();
  return s;
}

namespace {

// A UTF-8 lower-case Latin-1 letter (à … þ) is 0xC3 0xA0-0xBE; its capital 0xC3 0x80-0x9E.
std::string ChangeFirst(const std::string& s, bool upper) {
  if (s.empty()) return s;
  std::string out = s;
  const unsigned char c = static_cast<unsigned char>(out[0]);
  if (c < 0x80) {
    out[0] = static_cast<char>(upper ? std::toupper(c) : std::tolower(c));
  } else if (c == 0xC3 && out.size() > 1) {
    const unsigned char d = static_cast<unsigned char>(out[1]);
    if (upper && d >= 0xA0 && d <= 0xBE && d != 0xB7) out[1] = static_cast<char>(d - 0x20);
    if (!upper && d >= 0x80 && d <= 0x9E && d != 0x97) out[1] = static_cast<char>(d + 0x20);
  }
  return out;
}

}  // namespace

void ReplaceAll(std::string* s, const std::string& from, const std::string& to) {
  for (size_t at = s->find(from); at != std::string::npos; at = s->find(from, at + to.size())) {
    s->replace(at, from.size(), to);
  }
}

// Italian articulated prepositions: "di il difensore" → "del difensore", "a l'attaccante"
// → "all'attaccante" (a subject or object put after a preposition in a phrase).
std::string Contract(std::string s) {
  static const std::vector<std::pair<std::string, std::string>> kPrepositions = {
      {"di", "de"}, {"a", "a"}, {"da", "da"}, {"in", "ne"}, {"su", "su"}};
  static const std::vector<std::pair<std::string, std::string>> kArticles = {
      {"il ", "l "}, {"lo ", "llo "},  {"la ", "lla "}, {"l'", "ll'"},
      {"i ", "i "},  {"gli ", "gli "}, {"le ", "lle "}};
  for (const auto& [prep, stem] : kPrepositions) {
    for (const auto& [article, ending] : kArticles) {
      std::string from = " " + prep + " " + article;
      std::string to = " " + stem + ending;
      if (article == "gli ") to = " " + stem + "gli ";
      if (article == "i ") to = " " + stem + "i ";
      if (prep == "in" && article == "il ") to = " nel ";
      ReplaceAll(&s, from, to);
    }
  }
  return s;
}

// Collapses runs of spaces and removes spaces before punctuation.
std::string Tidy(const std::string& raw) {
  thread_local std::unordered_map<std::string, std::string> tidied;
  return Remembered(tidied, raw, [](const std::string& r) {
    const std::string s = Contract(" " + r).substr(1);
    std::string out;
    for (char c : s) {
      if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
      if ((c == ',' || c == '.' || c == ';' || c == ':') && !out.empty() && out.back() == ' ')
        out.pop_back();
      out.push_back(c);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
  });
}

std::string UpperFirst(const std::string& s) {
  return ChangeFirst(s, true);
}

std::string LowerFirst(const std::string& s) {
  // An acronym or a capitalised word that stays so ("BACK", "SiA") keeps its case.
  if (s.size() > 1 && std::isupper(static_cast<unsigned char>(s[1]))) return s;
  return ChangeFirst(s, false);
}

std::string JoinAnd(const std::vector<std::string>& parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? " e " : ", ";
    out += parts[i];
  }
  return out;
}

std::string Clip(const std::string& text, size_t max) {
  if (text.size() <= max) return text;
  size_t cut = text.rfind(' ', max);
  if (cut == std::string::npos || cut < max / 2) cut = max;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return TrimPeriod(text.substr(0, cut)) + "…";
}

std::string Canonical(const std::string& game, const Facts& facts) {
  Facts sorted = facts;
  std::sort(sorted.begin(), sorted.end());
  std::string out = game + ":";
  for (const auto& [f, v] : sorted) out += f + "=" + v + ";";
  return out;
}

std::string Difficulty(int level) {
  return level <= 0 ? "easy" : level == 1 ? "medium" : "hard";
}

std::vector<std::string> Words(const std::string& text) {
  thread_local std::unordered_map<std::string, std::vector<std::string>> split;
  return Remembered(split, text, [](const std::string& t) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : Fold(t)) {
      const bool letter = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                          static_cast<unsigned char>(c) >= 0x80;
      if (letter) {
        cur.push_back(c);
      } else if (!cur.empty()) {
        out.push_back(cur);
        cur.clear();
      }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
  });
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
      {"cm", "centimetri"},   {"mm", "millimetri"}, {"m", "metri"},      {"s", "secondi"},
      {"min", "minuti"},      {"count", ""},        {"points", "punti"}, {"cards", "carte"},
      {"squares", "caselle"}, {"pips", ""}};  // a die's face is said as a number: "tira un 6"
  return kWords;
}

// ------------------------------------------------------------ scenes

std::string Scene::Text() const {
  if (setting.empty()) return body;
  if (body.empty()) return setting;
  return setting + ", " + body;
}

Scene Builder::Compose(const Facts& facts) const {
  if (const Scene* authored = Authored(facts)) return *authored;
  Scene scene;
  if (!data_.has_phrasing || facts.empty()) return scene;
  const Phrasing& ph = data_.phrasing;
  struct Part {
    const PhraseFact* fact;
    std::string text;
    const PhraseValue* value;  // null for a <number> phrase
  };
  std::map<std::string, std::vector<Part>> by_role;
  for (const auto& [name, value] : facts) {
    const PhraseFact* f = ph.FindFact(name);
    if (!f) return scene;
    const PhraseValue* v = f->Value(value);
    std::string text;
    if (v) {
      text = v->text;
      if (text.empty()) return scene;  // scene="no": a step of procedure, never told
    } else if (!f->number.empty() && !value.empty() &&
               value.find_first_not_of("0123456789") == std::string::npos) {
      text = f->number;
      ReplaceAll(&text, "{n}", value);
    } else {
      return scene;
    }
    by_role[f->role].push_back({f, text, v});
  }
  auto first = [&](const char* role) -> const Part* {
    auto it = by_role.find(role);
    return it == by_role.end() || it->second.empty() ? nullptr : &it->second[0];
  };
  const Part* who = first("who");
  const Part* object = first("object");
  const Part* state = first("state");
  std::string subject = who ? who->text : ph.subject;
  if (!who) {
    // The first phrase of the scene, in the order of its facts, that names the subject.
    bool named = false;
    for (const auto& [name, value] : facts) {
      const PhraseFact* f = ph.FindFact(name);
      const PhraseValue* v = f ? f->Value(value) : nullptr;
      if (!named && v && !v->subject.empty()) {
        subject = v->subject;
        named = true;
      }
    }
  }
  bool subject_used = false, object_used = false, state_used = false;

  // A noun phrase with the state's adjective agreeing with it ({stato} marks its place).
  auto noun_phrase = [&](std::string noun, const std::string& g) {
    std::string adjective;
    if (state && state->value) {
      adjective = g == "f"    ? state->value->f
                  : g == "mp" ? state->value->mp
                  : g == "fp" ? state->value->fp
                              : state->value->m;
      state_used = true;
    }
    const std::string mark = "{stato}";
    if (noun.find(mark) != std::string::npos) {
      ReplaceAll(&noun, mark, adjective.empty() ? "" : " " + adjective);
    } else if (!adjective.empty()) {
      noun += " " + adjective;
    }
    return noun;
  };
  // {chi}: the subject, the first time; {oggetto}: the object fact's noun phrase, else
  // the phrase's own default object (its noun and gender).
  auto fill = [&](std::string text, const PhraseValue* own) {
    if (text.find("{chi}") != std::string::npos) {
      const size_t at = text.find("{chi}");
      text.replace(at, 5, subject_used ? "" : subject);
      subject_used = true;
      ReplaceAll(&text, "{chi}", "");
    }
    if (text.find("{oggetto}") != std::string::npos) {
      std::string noun;
      if (object && object->value) {
        noun = noun_phrase(object->value->noun, object->value->gender);
        object_used = true;
      } else if (own && !own->noun.empty()) {
        noun = noun_phrase(own->noun, own->gender);
      } else {
        scene.ok = false;
        return std::string();
      }
      ReplaceAll(&text, "{oggetto}", noun);
    }
    return Tidy(text);
  };

  scene.ok = true;
  std::vector<std::string> clauses;
  for (const Part& p : by_role["what"]) {
    std::string c = fill(p.text, p.value);
    if (!scene.ok) return scene;
    clauses.push_back(c);
  }
  if (object && !object_used) {
    std::string c = fill(object->text, object->value);
    if (!scene.ok) return scene;
    clauses.push_back(c);
  }
  if (state && !state_used) clauses.push_back(Tidy(state->text));
  for (size_t i = 1; i < by_role["state"].size(); ++i)
    clauses.push_back(Tidy(by_role["state"][i].text));
  for (size_t i = 1; i < by_role["object"].size(); ++i) {
    std::string c = fill(by_role["object"][i].text, by_role["object"][i].value);
    if (!scene.ok) return scene;
    clauses.push_back(c);
  }
  // What the action ends in comes after it: "… torna sulla stessa miniatura e
  // l'attaccante manda la palla nella porta avversaria".
  for (const Part& p : by_role["outcome"]) {
    std::string c = fill(p.text, p.value);
    if (!scene.ok) return scene;
    clauses.push_back(c);
  }
  // A scene whose only clause names who acts says nothing of what happened.
  if (clauses.empty() && who) return scene.ok = false, scene;
  if (who && !subject_used) {
    if (who->fact->clause.empty()) {
      scene.ok = false;
      return scene;
    }
    std::string c = who->fact->clause;
    ReplaceAll(&c, "{chi}", who->text);
    clauses.push_back(Tidy(c));  // the subject named last: "… e a commettere la violazione è …"
    subject_used = true;
  }
  std::vector<std::string> setting;
  for (const char* role : {"when", "where"}) {
    for (const Part& p : by_role[role]) setting.push_back(Tidy(p.text));
  }
  // A clause with the subject of the one before drops it, as Italian does: "la palla
  // resta in campo e percorre …" — for the subjects that are one noun ("la palla", "il
  // portiere") followed by the verb, never "la squadra in attacco … la squadra in difesa".
  auto third = [](const std::string& c) {
    const size_t a = c.find(' '), b = a == std::string::npos ? a : c.find(' ', a + 1);
    if (b == std::string::npos) return std::string();
    const size_t e = c.find_first_of(" ,", b + 1);
    return c.substr(b + 1, e == std::string::npos ? std::string::npos : e - b - 1);
  };
  auto verb_like = [](const std::string& w) {
    static const std::set<std::string> kNot = {"in",    "di",  "del", "della", "dei", "da", "dal",
                                               "dalla", "a",   "al",  "alla",  "con", "su", "sul",
                                               "sulla", "per", "o",   "e",     "che", "non"};
    if (w.empty() || kNot.count(w)) return false;
    for (const char* end : {"ata", "ato", "ate", "ati"}) {
      if (w.size() > 3 && w.compare(w.size() - 3, 3, end) == 0) return false;
    }
    return true;
  };
  for (size_t i = clauses.size(); i-- > 1;) {
    const std::string& prev = clauses[i - 1];
    std::string& cur = clauses[i];
    for (const char* subject : {"la palla ", "il portiere "}) {
      const std::string s = subject;
      if (cur.rfind(s, 0) == 0 && prev.rfind(s, 0) == 0 && verb_like(third(cur)) &&
          verb_like(third(prev))) {
        cur = cur.substr(s.size());
        break;
      }
    }
  }
  std::string body = JoinAnd(clauses);
  scene.clauses = clauses.size();
  for (const Part& p : by_role["how"]) body += (body.empty() ? "" : " ") + Tidy(p.text);
  for (const Part& p : by_role["often"]) body += (body.empty() ? "" : ", ") + Tidy(p.text);
  std::string set;
  for (const auto& s : setting) set += (set.empty() ? "" : ", ") + s;
  scene.setting = set;
  scene.body = body;
  // Adverbials alone ("su un passaggio diretto, con la palla in area") are no sentence.
  if (clauses.empty()) scene.ok = false;
  return scene;
}

std::string Builder::Stem(const Scene& scene) const {
  return "In una partita di " + Game() + ", " + LowerFirst(scene.Text());
}

std::string Builder::When(const Scene& scene) const {
  return LowerFirst(scene.Text());
}

std::string Builder::After(const std::string& lead, const Scene& scene) const {
  const std::string setting = LowerFirst(scene.setting);
  if (scene.body.empty()) return lead + " " + setting;
  if (scene.setting.empty()) return lead + " " + LowerFirst(scene.body);
  if (lead == "quando" && setting.rfind("quando ", 0) == 0) return setting + ", " + scene.body;
  return lead + ", " + setting + ", " + scene.body;
}

std::string Builder::Name(const Unit& unit, const std::string& kind,
                          const std::string& what) const {
  std::string out = Game() + " · " + unit.rule_label + " · " + QuizKindLabel(kind);
  if (!what.empty()) out += ": " + Clip(what, 110);
  return Clip(out, 250);
}

std::string Builder::BeneficiaryLabel(const std::string& id) const {
  for (const auto& c : data_.rules.cases) {
    for (const auto& s : c.sanctions) {
      if (s.beneficiary == id && !s.beneficiary_label.empty()) return s.beneficiary_label;
    }
  }
  return "";
}

// ------------------------------------------------------------ parameters

std::string Builder::ValueText(double v, const std::string& unit, const ParamPhrase* phrase) const {
  static const std::map<std::string, std::string> kSingular = {
      {"cm", "centimetro"}, {"mm", "millimetro"}, {"m", "metro"},     {"s", "secondo"},
      {"min", "minuto"},    {"points", "punto"},  {"cards", "carta"}, {"squares", "casella"}};
  auto it = UnitWords().find(unit);
  std::string word = it == UnitWords().end() ? unit : it->second;
  if (v == 1 && kSingular.count(unit)) word = kSingular.at(unit);
  if (phrase && !phrase->noun.empty()) word = v == 1 ? phrase->noun_one : phrase->noun;
  std::string number = FormatNumber(v);
  std::replace(number.begin(), number.end(), '.', ',');  // Italian decimal comma
  return number + (word.empty() ? "" : " " + word);
}

std::string Builder::Statement(const ParamPhrase& phrase, double v, const std::string& unit) const {
  std::string text =
      v == 1 && !phrase.statement_one.empty() ? phrase.statement_one : phrase.statement;
  ReplaceAll(&text, "{n}", ValueText(v, unit, &phrase));
  return text;
}

}  // namespace arbitro::quiz
