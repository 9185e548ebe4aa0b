// The reader of corpus/<game>/phrasing.xml (schema/phrasing.rng) and the phrasing
// coverage check of lint-corpus (CheckPhrasingCoverage).
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string_view>

#include "arbitro/schema.h"
#include "grammar.h"
#include "readers.h"
#include "reporter.h"
#include "text.h"

namespace arbitro {
namespace schema_detail {
namespace {

// The placeholders a phrase may hold.
bool KnownPlaceholders(const std::string& text, const std::set<std::string>& allowed,
                       std::string* bad) {
  for (size_t at = text.find('{'); at != std::string::npos; at = text.find('{', at + 1)) {
    const size_t end = text.find('}', at);
    if (end == std::string::npos) {
      *bad = text.substr(at);
      return false;
    }
    const std::string name = text.substr(at + 1, end - at - 1);
    if (!allowed.count(name)) {
      *bad = "{" + name + "}";
      return false;
    }
  }
  return true;
}

class PhrasingReader {
 public:
  PhrasingReader(const XmlFile& xml, const Vocabulary* vocabulary, Reporter* reporter)
      : xml_(xml), vocabulary_(vocabulary), reporter_(reporter) {}

  void Read(Phrasing* out) {
    const pugi::xml_node root = xml_.Root();
    out->game = TokenAttr(root, "game");
    out->title = CollapseWhitespace(Attr(root, "title"));
    out->path = xml_.path();
    for (pugi::xml_node el : root.children()) {
      if (el.type() != pugi::node_element) continue;
      const std::string_view name = el.name();
      if (name == "subject") {
        out->subject = PlainText(el);
      } else if (name == "fact") {
        ReadFact(el, out);
      } else if (name == "param") {
        ReadParam(el, out);
      } else if (name == "decision") {
        ReadDecision(el, out);
      } else if (name == "side") {
        ReadSide(el, out);
      } else if (name == "label") {
        PhraseLabel label;
        label.target = Attr(el, "for");
        label.text = PlainText(el);
        label.pos = xml_.Pos(el);
        if (label.text.empty())
          reporter_->Error(label.pos, "empty label for '" + label.target + "'");
        out->labels.push_back(std::move(label));
      }
    }
  }

 private:
  void Check(pugi::xml_node el, const std::string& text, const std::set<std::string>& allowed) {
    std::string bad;
    if (!KnownPlaceholders(text, allowed, &bad)) {
      reporter_->Error(xml_.Pos(el), "unknown placeholder " + bad + " in '" + text + "'");
    }
  }

  void ReadFact(pugi::xml_node el, Phrasing* out) {
    PhraseFact fact;
    fact.name = TokenAttr(el, "name");
    fact.role = TokenAttr(el, "role");
    fact.pos = xml_.Pos(el);
    if (out->FindFact(fact.name)) {
      reporter_->Error(fact.pos, "duplicate phrasing of fact '" + fact.name + "'");
      return;
    }
    const Fact* declared = vocabulary_ ? vocabulary_->FindFact(fact.name) : nullptr;
    if (!declared) {
      reporter_->Warning(fact.pos, "phrasing of undeclared fact '" + fact.name + "'");
    }
    const std::set<std::string> clause_marks = {"chi", "oggetto"};
    for (pugi::xml_node child : el.children()) {
      if (child.type() != pugi::node_element) continue;
      const std::string_view name = child.name();
      if (name == "clause") {
        fact.clause = PlainText(child);
        Check(child, fact.clause, {"chi"});
        if (fact.role != "who") {
          reporter_->Error(xml_.Pos(child), "<clause> is for facts of role who");
        }
      } else if (name == "number") {
        fact.number = PlainText(child);
        Check(child, fact.number, {"n"});
        if (declared && !declared->integer) {
          reporter_->Error(xml_.Pos(child),
                           "<number> of fact '" + fact.name + "', which is not an integer fact");
        }
      } else if (name == "value") {
        ReadValue(child, declared, clause_marks, &fact);
      }
    }
    out->facts.push_back(std::move(fact));
  }

  void ReadValue(pugi::xml_node el, const Fact* declared, const std::set<std::string>& marks,
                 PhraseFact* fact) {
    PhraseValue v;
    v.id = TokenAttr(el, "id");
    v.text = PlainText(el);
    v.noun = CollapseWhitespace(Attr(el, "noun"));
    v.gender = TokenAttr(el, "gender");
    v.m = CollapseWhitespace(Attr(el, "m"));
    v.f = CollapseWhitespace(Attr(el, "f"));
    v.mp = CollapseWhitespace(Attr(el, "mp"));
    v.fp = CollapseWhitespace(Attr(el, "fp"));
    v.actor = TokenAttr(el, "actor");
    v.subject = CollapseWhitespace(Attr(el, "subject"));
    v.pos = xml_.Pos(el);
    if (fact->Value(v.id)) {
      reporter_->Error(v.pos,
                       "duplicate phrase of value '" + v.id + "' of fact '" + fact->name + "'");
      return;
    }
    if (declared && !declared->Value(v.id) && !(declared->integer && IsInteger(v.id))) {
      reporter_->Warning(v.pos,
                         "phrase of undeclared value '" + v.id + "' of fact '" + fact->name + "'");
    }
    // scene="no": a step of procedure ("si colloca la palla per la battuta"), not something
    // a referee rules on; it has no words and no question is told with it.
    const std::string scene = TokenAttr(el, "scene");
    if (scene == "no" && !v.text.empty()) {
      reporter_->Error(v.pos, "value '" + v.id + "' with scene=\"no\" has a phrase");
    } else if (scene != "no" && v.text.empty()) {
      reporter_->Error(v.pos, "empty phrase of value '" + v.id + "'");
    }
    const bool clause = fact->role == "what" || fact->role == "object" || fact->role == "outcome";
    Check(el, v.text, clause ? marks : std::set<std::string>{});
    if (fact->role == "object" && (v.noun.empty() || v.gender.empty())) {
      reporter_->Error(v.pos, "value '" + v.id + "' of an object fact needs noun and gender");
    }
    if (!v.noun.empty()) Check(el, v.noun, {"stato"});
    if (fact->role == "state" && (v.m.empty() || v.f.empty() || v.mp.empty() || v.fp.empty())) {
      reporter_->Error(v.pos, "value '" + v.id + "' of a state fact needs m, f, mp and fp");
    }
    fact->values.push_back(std::move(v));
  }

  void ReadParam(pugi::xml_node el, Phrasing* out) {
    ParamPhrase p;
    p.name = TokenAttr(el, "name");
    p.at = TokenAttr(el, "at");
    p.kind = TokenAttr(el, "kind");
    p.pos = xml_.Pos(el);
    p.question = PlainText(el.child("question"));
    p.statement = PlainText(el.child("statement"));
    p.statement_one = PlainText(el.child("statement-one"));
    const std::string noun = CollapseWhitespace(Attr(el, "noun"));
    if (const size_t bar = noun.find('|'); bar != std::string::npos) {
      p.noun_one = noun.substr(0, bar);
      p.noun = noun.substr(bar + 1);
    } else if (!noun.empty()) {
      reporter_->Error(xml_.Pos(el), "attribute 'noun' of <param> needs 'singular|plural'");
    }
    p.wrong_text = CollapseWhitespace(Attr(el, "wrong"));
    for (size_t at = 0; at < p.wrong_text.size();) {
      size_t end = p.wrong_text.find(' ', at);
      if (end == std::string::npos) end = p.wrong_text.size();
      const std::string w = p.wrong_text.substr(at, end - at);
      double v = 0;
      if (!ParseDecimal(w, &v)) {
        reporter_->Error(p.pos,
                         "wrong number '" + w + "' of parameter '" + p.name + "' is no number");
      } else {
        p.wrong.push_back(v);
      }
      at = end + 1;
    }
    for (const ParamPhrase& other : out->params) {
      if (other.name == p.name && other.at == p.at) {
        reporter_->Error(p.pos, "duplicate question for parameter '" + p.name + "'" +
                                    (p.at.empty() ? "" : " at '" + p.at + "'"));
        return;
      }
    }
    if (!IsTarget(p.at) && !p.at.empty()) {
      reporter_->Error(p.pos, "attribute 'at' of <param> has invalid value '" + p.at +
                                  "' (expected eId or doc#eId)");
    }
    if (p.question.empty() || p.question.back() != '?') {
      reporter_->Error(p.pos, "the question of parameter '" + p.name + "' must end with '?'");
    }
    Check(el, p.question, {});
    if (p.statement.find("{n}") == std::string::npos) {
      reporter_->Error(p.pos, "the statement of parameter '" + p.name + "' needs {n}");
    }
    Check(el, p.statement, {"n"});
    Check(el, p.statement_one, {"n"});
    out->params.push_back(std::move(p));
  }

  void ReadDecision(pugi::xml_node el, Phrasing* out) {
    PhraseDecision d;
    d.type = TokenAttr(el, "type");
    d.cls = TokenAttr(el, "class");
    d.text = PlainText(el);
    d.pos = xml_.Pos(el);
    if (out->FindDecision(d.type)) {
      reporter_->Error(d.pos, "duplicate phrasing of decision '" + d.type + "'");
      return;
    }
    Check(el, d.text, {"per", "a", "di", "da"});
    out->decisions.push_back(std::move(d));
  }

  void ReadSide(pugi::xml_node el, Phrasing* out) {
    PhraseSide side;
    side.id = TokenAttr(el, "id");
    side.text = PlainText(el);
    side.pos = xml_.Pos(el);
    if (out->FindSide(side.id)) {
      reporter_->Error(side.pos, "duplicate phrasing of side '" + side.id + "'");
      return;
    }
    if (side.text.empty()) reporter_->Error(side.pos, "empty phrase of side '" + side.id + "'");
    out->sides.push_back(std::move(side));
  }

  const XmlFile& xml_;
  const Vocabulary* vocabulary_;
  Reporter* reporter_;
};

}  // namespace

void ReadPhrasing(const XmlFile& xml, const Vocabulary* vocabulary, Phrasing* phrasing,
                  Reporter* reporter) {
  PhrasingReader(xml, vocabulary, reporter).Read(phrasing);
}

}  // namespace schema_detail

// ---------------------------------------------------------------- coverage

bool ParamPhraseMatches(const ParamPhrase& p, const std::string& doc, const std::string& eid) {
  if (p.at.empty()) return true;
  std::string at = p.at;
  if (const size_t hash = at.find('#'); hash != std::string::npos) {
    if (at.substr(0, hash) != doc) return false;
    at = at.substr(hash + 1);
  }
  return eid == at || eid.rfind(at + "__", 0) == 0;
}

const ParamPhrase* FindParamPhrase(const Phrasing& phrasing, const std::string& name,
                                   const std::string& doc, const std::string& eid,
                                   bool several_values) {
  const ParamPhrase* general = nullptr;
  const ParamPhrase* best = nullptr;
  size_t best_len = 0;
  for (const ParamPhrase& p : phrasing.params) {
    if (p.name != name || !ParamPhraseMatches(p, doc, eid)) continue;
    if (p.at.empty()) {
      general = &p;
    } else if (p.at.size() >= best_len) {
      best = &p;
      best_len = p.at.size();
    }
  }
  if (best) return best;
  return several_values ? nullptr : general;
}

namespace {

std::string FormatDecimal(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// The value a quiz chooses for a condition (the first vocabulary value satisfying it).
std::vector<std::string> AskedValues(const Cond& cond, const Fact& fact) {
  if (cond.op == CondOp::kEq || cond.op == CondOp::kIn) {
    return {cond.values.empty() ? "" : cond.values[0]};
  }
  std::vector<std::string> out;
  for (const VocabValue& v : fact.values) {
    const bool listed =
        std::find(cond.values.begin(), cond.values.end(), v.id) != cond.values.end();
    if ((cond.op == CondOp::kNe || cond.op == CondOp::kNotIn) && !listed) return {v.id};
  }
  return out;
}

}  // namespace

void CheckPhrasingCoverage(const Corpus& corpus, std::vector<Diagnostic>* diagnostics) {
  std::vector<Diagnostic> found;
  schema_detail::Reporter reporter(&found);
  std::set<std::string> games;
  for (const Rulebook& book : corpus.rulebooks) games.insert(book.game);
  for (const std::string& game : games) {
    const Phrasing* phrasing = corpus.FindPhrasing(game);
    const Vocabulary* vocabulary = corpus.FindVocabulary(game);
    if (!phrasing) {
      reporter.Warning({vocabulary ? vocabulary->path : corpus.dir, 0, 0},
                       "game '" + game + "' has no phrasing.xml: no quiz question can be phrased");
      continue;
    }
    // Values used by cases.
    std::set<std::string> warned;
    std::map<std::string, std::set<std::string>> param_values;  // name → values in the game
    for (const Rulebook& book : corpus.rulebooks) {
      if (book.game != game) continue;
      for (const Unit& unit : book.units) {
        for (const Param& p : unit.params) param_values[p.name].insert(FormatDecimal(p.value));
        for (const Case& c : unit.cases) {
          for (const Cond& cond : c.when) {
            const Fact* fact = vocabulary ? vocabulary->FindFact(cond.fact) : nullptr;
            if (!fact) continue;
            const PhraseFact* pf = phrasing->FindFact(cond.fact);
            if (!pf) {
              if (warned.insert(cond.fact).second) {
                reporter.Warning(c.pos,
                                 "fact '" + cond.fact + "' has no phrasing in " + phrasing->path);
              }
              continue;
            }
            if (fact->integer && !pf->number.empty()) continue;
            for (const std::string& v : AskedValues(cond, *fact)) {
              if (v.empty() || pf->Value(v)) continue;
              if (warned.insert(cond.fact + "=" + v).second) {
                reporter.Warning(c.pos, "value '" + v + "' of fact '" + cond.fact +
                                            "' has no phrase in " + phrasing->path);
              }
            }
          }
        }
      }
    }
    // Decisions: every sanction type a case of the game gives.
    std::set<std::string> types;
    for (const Rulebook& book : corpus.rulebooks) {
      if (book.game != game) continue;
      for (const Unit& unit : book.units) {
        for (const Case& c : unit.cases) {
          for (const Sanction& sa : c.sanctions) {
            if (phrasing->FindDecision(sa.type) || !types.insert(sa.type).second) continue;
            reporter.Warning(c.pos, "sanction type '" + sa.type + "' has no <decision> in " +
                                        phrasing->path +
                                        ": its wrong answers cannot be drawn from its class");
          }
        }
      }
    }
    // Parameters.
    std::set<const ParamPhrase*> used;
    for (const Rulebook& book : corpus.rulebooks) {
      if (book.game != game) continue;
      for (const Unit& unit : book.units) {
        for (const Param& p : unit.params) {
          const bool several = param_values[p.name].size() > 1;
          const ParamPhrase* phrase =
              FindParamPhrase(*phrasing, p.name, book.doc, unit.eid, several);
          if (phrase) {
            used.insert(phrase);
            continue;
          }
          reporter.Warning(unit.pos, "parameter '" + p.name + "' has no question in " +
                                         phrasing->path +
                                         (several ? " for " + book.doc + "#" + unit.eid +
                                                        " (it takes several values in the game)"
                                                  : ""));
        }
      }
    }
    for (const ParamPhrase& p : phrasing->params) {
      if (!used.count(&p) && !param_values.count(p.name)) {
        reporter.Warning(p.pos, "question for parameter '" + p.name +
                                    "', which no rulebook of the game declares");
      }
    }
  }
  reporter.Sort();
  diagnostics->insert(diagnostics->end(), found.begin(), found.end());
}

}  // namespace arbitro
