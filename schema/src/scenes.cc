// The reader of corpus/<game>/scenes.xml (schema/scenes.rng) and its checks against the
// loaded rulebooks and vocabulary.
#include <set>
#include <string_view>

#include "arbitro/schema.h"
#include "grammar.h"
#include "readers.h"
#include "reporter.h"
#include "text.h"

namespace arbitro::schema_detail {
namespace {

size_t CountWords(const std::string& text) {
  size_t n = 0;
  bool in_word = false;
  for (char c : text) {
    const bool space = c == ' ';
    if (!space && !in_word) ++n;
    in_word = !space;
  }
  return n;
}

// The first letter is lower case: an ASCII letter or a UTF-8 accented one (à è é ì ò ù,
// lead byte 0xC3, lower-case range 0xA0–0xBF).
bool StartsLower(const std::string& text) {
  if (text.empty()) return false;
  const unsigned char c = static_cast<unsigned char>(text[0]);
  if (c >= 'a' && c <= 'z') return true;
  if (c >= '0' && c <= '9') return true;
  return c == 0xC3 && text.size() > 1 && static_cast<unsigned char>(text[1]) >= 0xA0;
}

bool StartsUpper(const std::string& text) {
  if (text.empty()) return false;
  const unsigned char c = static_cast<unsigned char>(text[0]);
  if (c >= 'A' && c <= 'Z') return true;
  return c == 0xC3 && text.size() > 1 && static_cast<unsigned char>(text[1]) >= 0x80 &&
         static_cast<unsigned char>(text[1]) < 0xA0;
}

}  // namespace

void ReadScenes(const XmlFile& xml, Phrasing* phrasing, Reporter* reporter) {
  const pugi::xml_node root = xml.Root();
  const std::string game = TokenAttr(root, "game");
  if (!phrasing->game.empty() && game != phrasing->game) {
    reporter->Error(xml.Pos(root),
                    "scenes of game '" + game + "' in the folder of game '" + phrasing->game + "'");
  }
  std::set<std::string> seen;
  for (pugi::xml_node el : root.children("scene")) {
    CaseScene scene;
    scene.target = TokenAttr(el, "case");
    scene.quiz = TokenAttr(el, "quiz") != "no";
    scene.actor = TokenAttr(el, "actor");
    scene.tell = PlainText(el.child("tell"));
    scene.why = PlainText(el.child("why"));
    scene.note = PlainText(el.child("note"));
    scene.pos = xml.Pos(el);
    if (!seen.insert(scene.target).second) {
      reporter->Error(scene.pos, "second scene of case '" + scene.target + "'");
      continue;
    }
    std::set<std::string> named;
    for (pugi::xml_node f : el.children("fact")) {
      const std::string name = TokenAttr(f, "name");
      if (!named.insert(name).second) {
        reporter->Error(xml.Pos(f),
                        "fact '" + name + "' told twice in the scene of '" + scene.target + "'");
      }
      scene.facts.emplace_back(name, TokenAttr(f, "value"));
    }
    if (!scene.quiz && scene.note.empty()) {
      reporter->Error(scene.pos, "scene of '" + scene.target + "' with quiz=\"no\" needs a <note>");
    }
    if (scene.quiz && (scene.tell.empty() || scene.why.empty())) {
      reporter->Error(scene.pos, "scene of '" + scene.target + "' needs <tell> and <why>");
    }
    if (!scene.tell.empty()) {
      const pugi::xml_node tell = el.child("tell");
      // The clause is set after "In una partita di …, ", "Quando " and "se ".
      if (!StartsLower(scene.tell)) {
        reporter->Error(xml.Pos(tell), "a scene starts with a lower-case letter: '" +
                                           scene.tell.substr(0, 40) + "'");
      }
      if (scene.tell.back() == '.' || scene.tell.find_first_of(";:\"()") != std::string::npos ||
          scene.tell.find("«") != std::string::npos) {
        reporter->Error(xml.Pos(tell),
                        "a scene is one clause: no final full stop, ';', ':', quotes or brackets");
      }
      if (CountWords(scene.tell) > 60) {
        reporter->Error(xml.Pos(tell), "a scene of more than 60 words");
      }
    }
    if (!scene.why.empty()) {
      const char last = scene.why.back();
      if (!StartsUpper(scene.why) || (last != '.' && last != '!' && last != '?')) {
        reporter->Error(xml.Pos(el.child("why")),
                        "<why> is whole sentences: upper-case first letter, final full stop");
      }
    }
    phrasing->scenes.push_back(std::move(scene));
  }
}

void CheckScenes(const Corpus& corpus, const Vocabulary* vocabulary, Phrasing* phrasing,
                 Reporter* reporter) {
  for (CaseScene& scene : phrasing->scenes) {
    const Rulebook* book = nullptr;
    int unit = -1;
    std::string case_id;
    if (!corpus.Resolve("", scene.target, &book, &unit, &case_id) || case_id.empty()) {
      reporter->Error(scene.pos, "scene of '" + scene.target + "', which is no case");
      continue;
    }
    if (book->game != phrasing->game) {
      reporter->Error(scene.pos,
                      "scene of '" + scene.target + "', a case of game '" + book->game + "'");
      continue;
    }
    const Unit& u = book->units[static_cast<size_t>(unit)];
    const Case* c = nullptr;
    for (const Case& k : u.cases) {
      if (k.id == case_id) c = &k;
    }
    if (!scene.actor.empty() && !corpus.Beneficiary(phrasing->game, scene.actor)) {
      reporter->Error(scene.pos,
                      "scene of '" + scene.target + "' names unknown side '" + scene.actor + "'");
    }
    scene.doc = book->doc;
    scene.eid = u.eid;
    scene.case_id = case_id;
    if (c->reading && scene.quiz) {
      reporter->Error(scene.pos, "case '" + scene.target +
                                     "' is basis=\"reading\": no quiz asks it (quiz=\"no\")");
    }
    for (const auto& [name, value] : scene.facts) {
      const Fact* fact = vocabulary ? vocabulary->FindFact(name) : nullptr;
      if (!fact) {
        reporter->Error(scene.pos,
                        "scene of '" + scene.target + "' tells undeclared fact '" + name + "'");
        continue;
      }
      if (!fact->Value(value) && !(fact->integer && IsInteger(value))) {
        reporter->Error(scene.pos, "scene of '" + scene.target + "' tells undeclared value '" +
                                       value + "' of fact '" + name + "'");
        continue;
      }
      for (const Cond& cond : c->when) {
        if (cond.fact == name && !CondAccepts(cond.op, cond.values, value)) {
          reporter->Error(scene.pos, "scene of '" + scene.target + "' tells " + name + "=" + value +
                                         ", which its case's condition excludes");
        }
      }
    }
  }
}

}  // namespace arbitro::schema_detail
