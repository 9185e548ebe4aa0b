#include "grammar.h"

#include <algorithm>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "text.h"

namespace arbitro::schema_detail {
namespace {

enum class Type { kText, kSlug, kEId, kTarget, kEnum, kInteger, kDecimal, kLanguage };

struct AttrRule {
  std::string_view name;
  bool required;
  Type type;
  std::vector<std::string_view> values;  // kEnum only
};

enum class Content { kEmpty, kText, kInline, kElements };

// One step of a content model: `min`..`max` elements named in `names` (max < 0: unbounded).
struct Particle {
  std::vector<std::string_view> names;
  int min;
  int max;
  bool Accepts(std::string_view name) const {
    return std::find(names.begin(), names.end(), name) != names.end();
  }
};

struct ElementRule {
  std::vector<AttrRule> attrs;
  Content content = Content::kText;
  std::vector<Particle> model;  // kElements only
  Type text_type = Type::kText;
};

struct Grammar {
  std::string_view start;
  std::map<std::string_view, ElementRule, std::less<>> elements;
};

// ------------------------------------------------------------ table helpers

AttrRule Req(std::string_view name, Type type = Type::kText) {
  return {name, true, type, {}};
}
AttrRule Opt(std::string_view name, Type type = Type::kText) {
  return {name, false, type, {}};
}
AttrRule ReqEnum(std::string_view name, std::vector<std::string_view> values) {
  return {name, true, Type::kEnum, std::move(values)};
}
AttrRule OptEnum(std::string_view name, std::vector<std::string_view> values) {
  return {name, false, Type::kEnum, std::move(values)};
}

Particle One(std::string_view name) {
  return {{name}, 1, 1};
}
Particle Maybe(std::string_view name) {
  return {{name}, 0, 1};
}
Particle Any(std::vector<std::string_view> names) {
  return {std::move(names), 0, -1};
}
Particle Some(std::vector<std::string_view> names) {
  return {std::move(names), 1, -1};
}

ElementRule Elements(std::vector<AttrRule> attrs, std::vector<Particle> model) {
  return {std::move(attrs), Content::kElements, std::move(model), Type::kText};
}
ElementRule Text(std::vector<AttrRule> attrs = {}) {
  return {std::move(attrs), Content::kText, {}, Type::kText};
}
ElementRule Inline(std::vector<AttrRule> attrs = {}) {
  return {std::move(attrs), Content::kInline, {}, Type::kText};
}
ElementRule Empty(std::vector<AttrRule> attrs) {
  return {std::move(attrs), Content::kEmpty, {}, Type::kText};
}

ElementRule Labelled() {
  return Elements({Req("id", Type::kSlug), Req("label")}, {Any({"form"})});
}

ElementRule Container() {
  return Elements({Req("eId", Type::kEId), Opt("variant", Type::kSlug)},
                  {Maybe("num"), Maybe("heading"),
                   Any({"section", "provision", "table", "fw", "note", "block"})});
}

// ------------------------------------------------------------ the grammars

Grammar MakeRulebookGrammar() {
  Grammar g{"rulebook", {}};
  auto& e = g.elements;
  e["rulebook"] = Elements(
      {Req("game", Type::kSlug), Req("doc", Type::kSlug), Opt("xml:lang", Type::kLanguage)},
      {One("meta"), Maybe("front"), One("body")});
  e["meta"] = Elements(
      {}, {One("title"), One("short-title"), Maybe("edition"), Maybe("date"), One("language"),
           One("source"), Maybe("summarises"), Any({"author"}), Any({"variant"}), Any({"note"})});
  for (auto name : {"title", "short-title", "edition", "date"}) e[name] = Text();
  e["language"] = Text();
  e["language"].text_type = Type::kLanguage;
  e["source"] = Text({Req("file"), OptEnum("format", {"text", "pdf-text", "ocr"})});
  e["summarises"] = Empty({Req("doc", Type::kSlug)});
  e["author"] = Text({Opt("role")});
  e["variant"] = Elements({Req("id", Type::kSlug), Req("label"), Opt("excludes")},
                          {Any({"amends", "replaces", "adds"})});
  e["amends"] =
      Empty({Req("target", Type::kTarget), Req("by", Type::kTarget), Opt("param", Type::kSlug)});
  e["replaces"] = Empty({Req("target", Type::kTarget), Req("by", Type::kTarget)});
  e["adds"] = Empty({Req("by", Type::kTarget)});
  e["note"] = Text({ReqEnum("type", {"editorial", "source-defect", "ocr", "furniture"})});
  e["front"] = Elements({}, {Any({"toc", "fw", "block", "note"})});
  e["toc"] = Elements({}, {Maybe("heading"), Any({"entry"})});
  e["entry"] = Inline({Opt("ref", Type::kTarget), Opt("page")});
  e["body"] = Elements({}, {Some({"rule", "fw", "note"})});
  e["num"] = Inline();
  e["heading"] = Inline();
  e["rule"] = Container();
  e["section"] = Container();
  e["block"] = Elements({Opt("eId", Type::kEId)}, {Some({"p", "list", "fw"})});
  e["provision"] =
      Elements({Req("eId", Type::kEId),
                OptEnum("kind", {"obligation", "prohibition", "permission", "definition",
                                 "procedure", "sanction", "summary", "information"}),
                Opt("variant", Type::kSlug)},
               {Maybe("num"), Maybe("heading"), Some({"p", "list", "consequence", "fw"}),
                Any({"case", "overrides", "ref", "param", "term", "note"})});
  e["p"] = Inline();
  e["list"] = Elements({}, {Some({"item"})});
  e["item"] = Inline({Opt("num")});
  e["consequence"] = Elements({}, {Some({"p", "list", "fw"})});
  e["fw"] =
      Inline({ReqEnum("type", {"header", "footer", "page-number", "caption", "figure", "noise"})});
  e["corr"] = Text({Req("sic")});
  e["unclear"] = Text();
  e["case"] = Elements({Req("id", Type::kSlug), Opt("variant", Type::kSlug), Opt("decision"),
                        OptEnum("basis", {"text", "reading"})},
                       {One("when"), Some({"sanction", "choice"})});
  // Alternatives one side chooses between ("il difensore può scegliere … oppure …").
  e["choice"] = Elements({Req("by", Type::kSlug)}, {Some({"sanction"})});
  e["when"] = Elements({}, {Some({"cond"})});
  e["cond"] =
      Empty({Req("fact", Type::kSlug),
             OptEnum("op", {"eq", "ne", "in", "not-in", "lt", "le", "gt", "ge"}), Req("value")});
  e["sanction"] = Empty({Req("type", Type::kSlug), Opt("beneficiary", Type::kSlug), Opt("place"),
                         Opt("points", Type::kInteger)});
  e["overrides"] =
      Empty({Req("target", Type::kTarget), Opt("case", Type::kSlug),
             OptEnum("kind", {"exception", "specialisation", "precedence"}), Opt("quote")});
  e["ref"] = Empty({Opt("target", Type::kTarget), Req("quote"),
                    OptEnum("kind", {"see", "summarises", "applies", "excepts"})});
  e["param"] = Empty({Req("name", Type::kSlug), Req("value", Type::kDecimal),
                      ReqEnum("unit", {"cm", "mm", "m", "s", "min", "count", "points", "cards",
                                       "squares", "pips"}),
                      Req("quote"), Opt("label")});
  e["term"] = Text({Req("name"), Req("quote")});
  e["table"] = Elements(
      {Req("eId", Type::kEId), ReqEnum("kind", {"decision", "data"})},
      {Maybe("num"), Maybe("heading"), Any({"p"}), One("columns"), Some({"row"}), Any({"note"})});
  e["columns"] = Elements({}, {Some({"col"})});
  e["col"] = Inline({Req("id", Type::kSlug)});
  e["row"] = Elements({Req("eId", Type::kEId), Opt("num")},
                      {Some({"cell"}), Any({"case", "overrides", "ref", "param", "note"})});
  e["cell"] = Inline({Req("col", Type::kSlug)});
  return g;
}

Grammar MakeVocabularyGrammar() {
  Grammar g{"vocabulary", {}};
  auto& e = g.elements;
  e["vocabulary"] =
      Elements({Req("game", Type::kSlug)}, {Any({"fact", "sanction-type", "beneficiary", "hint"})});
  e["fact"] = Elements({Req("name", Type::kSlug), OptEnum("type", {"enum", "integer"}), Req("ask"),
                        Opt("label"), Opt("default")},
                       {Any({"form"}), Some({"value"})});
  // A value may be the range of a measured length (corpus/README.md §6).
  e["value"] = Elements({Req("id", Type::kSlug), Req("label"), OptEnum("unit", {"mm", "cm"}),
                         Opt("more-than", Type::kDecimal), Opt("at-least", Type::kDecimal),
                         Opt("less-than", Type::kDecimal), Opt("at-most", Type::kDecimal)},
                        {Any({"form"})});
  e["sanction-type"] = Elements(
      {Req("id", Type::kSlug), Req("label"), OptEnum("adds-to-roll", {"yes"})}, {Any({"form"})});
  e["beneficiary"] = Labelled();
  e["hint"] = Text({Opt("weight", Type::kDecimal)});
  e["form"] = Text();
  return g;
}

Grammar MakeLexiconGrammar() {
  Grammar g{"lexicon", {}};
  auto& e = g.elements;
  e["lexicon"] = Elements(
      {}, {Any({"sanction-type", "beneficiary", "synonyms", "phrase", "protect", "stopword"})});
  e["sanction-type"] = Labelled();
  e["beneficiary"] = Labelled();
  e["synonyms"] = Elements({Opt("game", Type::kSlug)}, {Some({"term"})});
  for (auto name : {"term", "phrase", "protect", "stopword", "form"}) e[name] = Text();
  return g;
}

// schema/phrasing.rng
Grammar MakePhrasingGrammar() {
  Grammar g{"phrasing", {}};
  auto& e = g.elements;
  e["phrasing"] = Elements({Req("game", Type::kSlug), Opt("title")},
                           {Maybe("subject"), Any({"fact", "param", "decision", "side", "label"})});
  e["subject"] = Text();
  e["fact"] =
      Elements({Req("name", Type::kSlug), ReqEnum("role", {"when", "where", "who", "what", "object",
                                                           "state", "outcome", "how", "often"})},
               {Maybe("clause"), Maybe("number"), Any({"value"})});
  e["clause"] = Text();
  e["number"] = Text();
  e["value"] = Text({Req("id", Type::kSlug), Opt("noun"), OptEnum("gender", {"m", "f", "mp", "fp"}),
                     Opt("m"), Opt("f"), Opt("mp"), Opt("fp"), Opt("actor", Type::kSlug),
                     Opt("subject"), OptEnum("scene", {"no"})});
  e["decision"] = Text({Req("type", Type::kSlug), Opt("class", Type::kSlug)});
  e["side"] = Text({Req("id", Type::kSlug)});
  e["label"] = Text({Req("for", Type::kTarget)});
  e["param"] = Elements(
      {Req("name", Type::kSlug), Opt("at"), Opt("kind", Type::kSlug), Opt("noun"), Opt("wrong")},
      {One("question"), One("statement"), Maybe("statement-one")});
  for (auto name : {"question", "statement", "statement-one"}) e[name] = Text();
  return g;
}

// schema/scenes.rng
Grammar MakeScenesGrammar() {
  Grammar g{"scenes", {}};
  auto& e = g.elements;
  e["scenes"] = Elements({Req("game", Type::kSlug)}, {Any({"scene"})});
  e["scene"] =
      Elements({Req("case", Type::kTarget), OptEnum("quiz", {"no"}), Opt("actor", Type::kSlug)},
               {Any({"fact"}), Maybe("tell"), Maybe("why"), Maybe("note")});
  e["fact"] = Empty({Req("name", Type::kSlug), Req("value", Type::kSlug)});
  for (auto name : {"tell", "why", "note"}) e[name] = Text();
  return g;
}

// schema/asked.rng
Grammar MakeAskedGrammar() {
  Grammar g{"asked", {}};
  auto& e = g.elements;
  e["asked"] = Elements({Req("game", Type::kSlug)}, {Any({"provision"})});
  e["provision"] = Elements({Req("ref", Type::kTarget)}, {Some({"q"})});
  e["q"] = Text();
  return g;
}

const Grammar& GetGrammar(GrammarKind kind) {
  static const Grammar rulebook = MakeRulebookGrammar();
  static const Grammar vocabulary = MakeVocabularyGrammar();
  static const Grammar lexicon = MakeLexiconGrammar();
  static const Grammar phrasing = MakePhrasingGrammar();
  static const Grammar scenes = MakeScenesGrammar();
  static const Grammar asked = MakeAskedGrammar();
  switch (kind) {
    case GrammarKind::kRulebook:
      return rulebook;
    case GrammarKind::kVocabulary:
      return vocabulary;
    case GrammarKind::kPhrasing:
      return phrasing;
    case GrammarKind::kScenes:
      return scenes;
    case GrammarKind::kAsked:
      return asked;
    case GrammarKind::kLexicon:
      break;
  }
  return lexicon;
}

// ------------------------------------------------------------ patterns

bool IsLowerAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

bool MatchesIdentifier(std::string_view s, std::string_view extra) {
  if (s.empty() || !IsLowerAlnum(s[0])) return false;
  return std::all_of(s.begin() + 1, s.end(), [extra](char c) {
    return IsLowerAlnum(c) || extra.find(c) != std::string_view::npos;
  });
}

bool IsLanguage(std::string_view s) {
  size_t part = 0;
  size_t len = 0;
  for (char c : s) {
    if (c == '-') {
      if (len == 0) return false;
      ++part, len = 0;
      continue;
    }
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (!(alpha || (part > 0 && c >= '0' && c <= '9')) || ++len > 8) return false;
  }
  return len > 0;
}

bool Matches(Type type, std::string_view value, const std::vector<std::string_view>& values) {
  switch (type) {
    case Type::kText:
      return true;
    case Type::kSlug:
      return IsSlug(value);
    case Type::kEId:
      return IsEId(value);
    case Type::kTarget:
      return IsTarget(value);
    case Type::kEnum:
      return std::find(values.begin(), values.end(), value) != values.end();
    case Type::kInteger:
      return IsInteger(value);
    case Type::kDecimal:
      return IsDecimal(value);
    case Type::kLanguage:
      return IsLanguage(value);
  }
  return false;
}

std::string Expected(Type type, const std::vector<std::string_view>& values) {
  switch (type) {
    case Type::kSlug:
      return "expected [a-z0-9][a-z0-9.-]*";
    case Type::kEId:
      return "expected [a-z0-9][a-z0-9_.-]*";
    case Type::kTarget:
      return "expected eId, doc#eId or doc#eId/case";
    case Type::kEnum: {
      std::string out = "expected one of:";
      for (auto v : values) out += " " + std::string(v);
      return out;
    }
    case Type::kInteger:
      return "expected an integer";
    case Type::kDecimal:
      return "expected a decimal number";
    case Type::kLanguage:
      return "expected a language tag";
    case Type::kText:
      break;
  }
  return "";
}

bool IsBlank(const char* text) {
  return Trim(text).empty();
}

std::string Tag(std::string_view name) {
  return "<" + std::string(name) + ">";
}

// ------------------------------------------------------------ validator

class Validator {
 public:
  Validator(const XmlFile& xml, const Grammar& grammar, Reporter* reporter)
      : xml_(xml), grammar_(grammar), reporter_(reporter) {}

  void Element(pugi::xml_node el, const ElementRule& rule) {
    Attributes(el, rule);
    switch (rule.content) {
      case Content::kEmpty:
      case Content::kText:
        LeafContent(el, rule);
        break;
      case Content::kInline:
        InlineContent(el);
        break;
      case Content::kElements:
        ElementContent(el, rule);
        break;
    }
  }

 private:
  void Attributes(pugi::xml_node el, const ElementRule& rule) {
    for (pugi::xml_attribute attr : el.attributes()) {
      const std::string_view name = attr.name();
      auto it = std::find_if(rule.attrs.begin(), rule.attrs.end(),
                             [name](const AttrRule& a) { return a.name == name; });
      if (it == rule.attrs.end()) {
        reporter_->Error(xml_.Pos(el),
                         "unknown attribute '" + std::string(name) + "' on " + Tag(el.name()));
        continue;
      }
      const std::string value =
          it->type == Type::kText ? attr.value() : CollapseWhitespace(attr.value());
      if (!Matches(it->type, value, it->values)) {
        reporter_->Error(xml_.Pos(el), "attribute '" + std::string(name) + "' of " +
                                           Tag(el.name()) + " has invalid value '" + value + "' (" +
                                           Expected(it->type, it->values) + ")");
      }
    }
    for (const AttrRule& a : rule.attrs) {
      if (a.required && !el.attribute(std::string(a.name).c_str())) {
        reporter_->Error(xml_.Pos(el), "missing required attribute '" + std::string(a.name) +
                                           "' on " + Tag(el.name()));
      }
    }
  }

  // kEmpty and kText: no child elements; text only for kText, checked against its type.
  void LeafContent(pugi::xml_node el, const ElementRule& rule) {
    std::string text;
    for (pugi::xml_node child : el.children()) {
      if (child.type() == pugi::node_element) {
        NotAllowed(child, el);
      } else if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
        text += child.value();
      }
    }
    if (rule.content == Content::kEmpty && !IsBlank(text.c_str())) {
      reporter_->Error(xml_.Pos(el), "text not allowed in " + Tag(el.name()));
    } else if (rule.content == Content::kText && rule.text_type != Type::kText) {
      const std::string value = CollapseWhitespace(text);
      if (!Matches(rule.text_type, value, {})) {
        reporter_->Error(xml_.Pos(el), Tag(el.name()) + " has invalid value '" + value + "' (" +
                                           Expected(rule.text_type, {}) + ")");
      }
    }
  }

  void InlineContent(pugi::xml_node el) {
    for (pugi::xml_node child : el.children()) {
      if (child.type() != pugi::node_element) continue;
      const std::string_view name = child.name();
      if (name == "fw" || name == "corr" || name == "unclear") {
        Element(child, grammar_.elements.find(name)->second);
      } else {
        NotAllowed(child, el);
      }
    }
  }

  void ElementContent(pugi::xml_node el, const ElementRule& rule) {
    std::vector<pugi::xml_node> matched;
    bool text_reported = false;
    for (pugi::xml_node child : el.children()) {
      if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
        if (!text_reported && !IsBlank(child.value())) {
          reporter_->Error(xml_.Pos(child), "text not allowed in " + Tag(el.name()));
          text_reported = true;
        }
        continue;
      }
      if (child.type() != pugi::node_element) continue;
      const bool in_model = std::any_of(rule.model.begin(), rule.model.end(),
                                        [&](const Particle& p) { return p.Accepts(child.name()); });
      if (!in_model) {
        NotAllowed(child, el);
        continue;
      }
      matched.push_back(child);
      Element(child, grammar_.elements.find(child.name())->second);
    }
    CheckSequence(el, rule.model, matched);
  }

  // Greedy match of the children against the model; the particles of every model have
  // disjoint names, so greedy matching is exact. Reports the first mismatch only.
  void CheckSequence(pugi::xml_node el, const std::vector<Particle>& model,
                     const std::vector<pugi::xml_node>& kids) {
    size_t i = 0;
    for (const Particle& p : model) {
      int count = 0;
      while (i < kids.size() && p.Accepts(kids[i].name()) && (p.max < 0 || count < p.max)) {
        ++count, ++i;
      }
      if (count < p.min) {
        // A required element that comes later is misplaced; otherwise it is missing.
        auto later = std::find_if(kids.begin() + static_cast<ptrdiff_t>(i), kids.end(),
                                  [&](pugi::xml_node kid) { return p.Accepts(kid.name()); });
        if (later != kids.end()) {
          OutOfPlace(*later, el);
        } else {
          reporter_->Error(xml_.Pos(el),
                           "missing required element " + Names(p) + " in " + Tag(el.name()));
        }
        return;
      }
    }
    if (i < kids.size()) OutOfPlace(kids[i], el);
  }

  void NotAllowed(pugi::xml_node child, pugi::xml_node parent) {
    const std::string_view name = child.name();
    if (grammar_.elements.count(name) == 0) {
      reporter_->Error(xml_.Pos(child), "unknown element " + Tag(name));
    } else {
      reporter_->Error(xml_.Pos(child),
                       "element " + Tag(name) + " not allowed in " + Tag(parent.name()));
    }
  }

  void OutOfPlace(pugi::xml_node child, pugi::xml_node parent) {
    reporter_->Error(xml_.Pos(child),
                     "element " + Tag(child.name()) + " out of place in " + Tag(parent.name()));
  }

  static std::string Names(const Particle& p) {
    if (p.names.size() == 1) return Tag(p.names[0]);
    std::string out = "(";
    for (size_t k = 0; k < p.names.size(); ++k) {
      if (k > 0) out += k + 1 == p.names.size() ? " or " : ", ";
      out += Tag(p.names[k]);
    }
    return out + ")";
  }

  const XmlFile& xml_;
  const Grammar& grammar_;
  Reporter* reporter_;
};

}  // namespace

bool IsSlug(std::string_view s) {
  return MatchesIdentifier(s, ".-");
}
bool IsEId(std::string_view s) {
  return MatchesIdentifier(s, "_.-");
}

bool IsTarget(std::string_view s) {
  if (const size_t hash = s.find('#'); hash != std::string_view::npos) {
    if (!IsSlug(s.substr(0, hash))) return false;
    s.remove_prefix(hash + 1);
  }
  if (const size_t slash = s.find('/'); slash != std::string_view::npos) {
    if (!MatchesIdentifier(s.substr(slash + 1), "-")) return false;
    s = s.substr(0, slash);
  }
  return IsEId(s);
}

namespace {

bool AllDigits(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string_view WithoutSign(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  return s;
}

}  // namespace

bool IsInteger(std::string_view s) {
  s = WithoutSign(s);
  return !s.empty() && AllDigits(s);
}

bool IsDecimal(std::string_view s) {
  s = WithoutSign(s);
  const size_t dot = s.find('.');
  if (dot == std::string_view::npos) return !s.empty() && AllDigits(s);
  const std::string_view whole = s.substr(0, dot), frac = s.substr(dot + 1);
  return (!whole.empty() || !frac.empty()) && AllDigits(whole) && AllDigits(frac);
}

bool Validate(const XmlFile& xml, GrammarKind kind, Reporter* reporter) {
  const Grammar& grammar = GetGrammar(kind);
  const pugi::xml_node root = xml.Root();
  if (grammar.start != root.name()) {
    reporter->Error(xml.Pos(root),
                    "root element must be " + Tag(grammar.start) + ", not " + Tag(root.name()));
    return false;
  }
  Validator(xml, grammar, reporter).Element(root, grammar.elements.find(grammar.start)->second);
  return true;
}

}  // namespace arbitro::schema_detail
