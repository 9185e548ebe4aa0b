// Reads a <rulebook> document into the model and checks what needs no other document:
// unique eIds, local targets, declared facts/values/sanctions/variants, quotes.
#include <algorithm>
#include <filesystem>
#include <iterator>
#include <map>
#include <set>
#include <string_view>
#include <system_error>

#include "grammar.h"
#include "readers.h"
#include "target.h"
#include "text.h"

namespace arbitro::schema_detail {
namespace {

namespace fs = std::filesystem;

bool Is(pugi::xml_node node, std::string_view name) {
  return node.type() == pugi::node_element && name == node.name();
}

std::vector<std::string> SplitWords(const std::string& text) {
  std::vector<std::string> words;
  const std::string collapsed = CollapseWhitespace(text);
  for (size_t start = 0; start < collapsed.size();) {
    size_t end = collapsed.find(' ', start);
    if (end == std::string::npos) end = collapsed.size();
    words.push_back(collapsed.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

bool IsSetOp(CondOp op) {
  return op == CondOp::kIn || op == CondOp::kNotIn;
}
bool IsOrderOp(CondOp op) {
  return op == CondOp::kLt || op == CondOp::kLe || op == CondOp::kGt || op == CondOp::kGe;
}

// Elements whose text is compared with the source (tools/checkcorpus.py: collect()).
bool IsSegmentElement(std::string_view name) {
  static const std::set<std::string_view> kNames = {"p",     "item", "cell", "heading", "num",
                                                    "entry", "col",  "fw",   "title",   "edition"};
  return kNames.count(name) > 0;
}

class RulebookReader {
 public:
  RulebookReader(const XmlFile& xml, const Corpus& context, Rulebook* book,
                 std::vector<PendingTarget>* pending, Reporter* reporter)
      : xml_(xml), context_(context), book_(book), pending_(pending), reporter_(reporter) {}

  void Read() {
    const pugi::xml_node root = xml_.Root();
    book_->path = xml_.path();
    book_->game = TokenAttr(root, "game");
    book_->doc = TokenAttr(root, "doc");
    vocabulary_ = context_.FindVocabulary(book_->game);
    for (pugi::xml_node child : root.children()) {
      if (Is(child, "meta")) ReadMeta(child);
      if (Is(child, "front")) ReadFront(child);
      if (Is(child, "body")) ReadChildren(child, -1);
    }
    if (book_->language.empty()) book_->language = TokenAttr(root, "xml:lang");
    ResolveLocalTargets();
    CollectSegments(root);
  }

 private:
  // ---------------------------------------------------------- meta and front

  void ReadMeta(pugi::xml_node meta) {
    for (pugi::xml_node el : meta.children()) {
      if (el.type() != pugi::node_element) continue;
      const std::string_view name = el.name();
      if (name == "title") book_->title = PlainText(el);
      if (name == "short-title") book_->short_title = PlainText(el);
      if (name == "edition") book_->edition = PlainText(el);
      if (name == "date") book_->date = PlainText(el);
      if (name == "language") book_->language = PlainText(el);
      if (name == "source") ReadSource(el);
      if (name == "summarises") ReadSummarises(el);
      if (name == "variant") ReadVariant(el);
      if (name == "note") book_->notes.push_back(ReadNote(el));
    }
    // A variant excludes variants declared beside it, never itself.
    for (pugi::xml_node el : meta.children("variant")) {
      const std::string id = TokenAttr(el, "id");
      for (const std::string& other : SplitWords(Attr(el, "excludes"))) {
        if (other == id) {
          Error(el, "variant '" + id + "' excludes itself");
        } else if (std::none_of(book_->variants.begin(), book_->variants.end(),
                                [&](const auto& v) { return v.first == other; })) {
          Error(el, "variant '" + id + "' excludes undeclared variant '" + other + "'");
        }
      }
    }
  }

  void ReadSource(pugi::xml_node el) {
    const std::string file = Attr(el, "file");
    book_->source_format = el.attribute("format") ? TokenAttr(el, "format") : "text";
    if (file.empty()) return;
    book_->source_file = (fs::path(xml_.path()).parent_path() / file).lexically_normal().string();
    std::error_code ec;
    if (!fs::is_regular_file(book_->source_file, ec)) {
      Error(el, "source file '" + file + "' not found");
    }
  }

  void ReadSummarises(pugi::xml_node el) {
    book_->summarises = TokenAttr(el, "doc");
    if (book_->summarises == book_->doc) {
      Error(el, "document '" + book_->doc + "' summarises itself");
    } else if (!book_->summarises.empty()) {
      pending_->push_back({book_->summarises, "summarised document", xml_.Pos(el)});
    }
  }

  void ReadVariant(pugi::xml_node el) {
    const std::string id = TokenAttr(el, "id");
    auto& variants = book_->variants;
    if (std::any_of(variants.begin(), variants.end(),
                    [&](const auto& v) { return v.first == id; })) {
      Error(el, "duplicate variant '" + id + "'");
      return;
    }
    variants.emplace_back(id, CollapseWhitespace(Attr(el, "label")));
    book_->variant_pos[id] = xml_.Pos(el);
    for (const std::string& other : SplitWords(Attr(el, "excludes"))) {
      book_->variant_excludes.emplace_back(id, other);
    }
    for (pugi::xml_node child : el.children()) {
      if (child.type() != pugi::node_element) continue;
      VariantChange change{id,
                           child.name(),
                           TokenAttr(child, "target"),
                           TokenAttr(child, "by"),
                           TokenAttr(child, "param"),
                           xml_.Pos(child)};
      if (change.by.find('#') != std::string::npos) {
        Error(child,
              "'by' of a variant change names a unit of this document, not '" + change.by + "'");
      }
      book_->variant_changes.push_back(std::move(change));
    }
  }

  Note ReadNote(pugi::xml_node el) { return {TokenAttr(el, "type"), PlainText(el), xml_.Pos(el)}; }

  void ReadFront(pugi::xml_node front) {
    for (pugi::xml_node el : front.children()) {
      if (Is(el, "toc")) ReadToc(el);
      if (Is(el, "block")) ReadBlock(el, -1);
      if (Is(el, "note")) book_->notes.push_back(ReadNote(el));
    }
  }

  void ReadToc(pugi::xml_node toc) {
    for (pugi::xml_node el : toc.children("entry")) {
      book_->toc.push_back(
          {TokenAttr(el, "ref"), PlainAttr(el, "page"), RuleText(el), xml_.Pos(el)});
    }
  }

  static std::string PlainAttr(pugi::xml_node el, const char* name) {
    return CollapseWhitespace(Attr(el, name));
  }

  // ---------------------------------------------------------- structure

  int NewUnit(UnitKind kind, pugi::xml_node el, int parent) {
    Unit unit;
    unit.kind = kind;
    unit.eid = TokenAttr(el, "eId");
    unit.variant = TokenAttr(el, "variant");
    unit.parent = parent;
    unit.pos = xml_.Pos(el);
    if (pugi::xml_node num = el.child("num")) unit.num = RuleText(num);
    if (pugi::xml_node heading = el.child("heading")) unit.heading = RuleText(heading);
    CheckEId(el, unit.eid);
    CheckVariant(el, unit.variant);
    const int index = static_cast<int>(book_->units.size());
    if (parent >= 0) book_->units[parent].children.push_back(index);
    book_->units.push_back(std::move(unit));
    return index;
  }

  // Children of body, rule and section.
  void ReadChildren(pugi::xml_node el, int parent) {
    for (pugi::xml_node child : el.children()) {
      if (child.type() != pugi::node_element) continue;
      const std::string_view name = child.name();
      if (name == "rule" || name == "section") {
        const UnitKind kind = name == "rule" ? UnitKind::kRule : UnitKind::kSection;
        ReadChildren(child, NewUnit(kind, child, parent));
      } else if (name == "provision") {
        ReadProvision(child, parent);
      } else if (name == "table") {
        ReadTable(child, parent);
      } else if (name == "block") {
        ReadBlock(child, parent);
      } else if (name == "note") {
        Note note = ReadNote(child);
        auto& notes = parent >= 0 ? book_->units[parent].notes : book_->notes;
        notes.push_back(std::move(note));
      }
    }
  }

  void ReadBlock(pugi::xml_node el, int parent) {
    const int index = NewUnit(UnitKind::kBlock, el, parent);
    book_->units[index].text = ParagraphText(el);
  }

  // Paragraphs and list items (also inside <consequence>), one per line.
  std::string ParagraphText(pugi::xml_node el) {
    std::string text;
    auto add = [&text](const std::string& piece) {
      if (piece.empty()) return;
      if (!text.empty()) text += '\n';
      text += piece;
    };
    for (pugi::xml_node child : el.children()) {
      if (Is(child, "p")) add(RuleText(child));
      if (Is(child, "list")) {
        for (pugi::xml_node item : child.children("item")) add(RuleText(item));
      }
      if (Is(child, "consequence")) add(ParagraphText(child));
    }
    return text;
  }

  void ReadProvision(pugi::xml_node el, int parent) {
    const int index = NewUnit(UnitKind::kProvision, el, parent);
    Unit& unit = book_->units[index];
    unit.provision_kind = TokenAttr(el, "kind");
    unit.has_consequence = static_cast<bool>(el.child("consequence"));
    unit.text = ParagraphText(el);
    ReadLogic(el, index);
  }

  void ReadTable(pugi::xml_node el, int parent) {
    const int index = NewUnit(UnitKind::kTable, el, parent);
    book_->units[index].provision_kind = TokenAttr(el, "kind");
    std::set<std::string> columns;
    for (pugi::xml_node col : el.child("columns").children("col")) {
      const std::string id = TokenAttr(col, "id");
      if (!columns.insert(id).second) Error(col, "duplicate column '" + id + "'");
      book_->units[index].columns.emplace_back(id, RuleText(col));
    }
    for (pugi::xml_node child : el.children()) {
      if (Is(child, "row")) ReadRow(child, index, columns);
      if (Is(child, "note")) book_->units[index].notes.push_back(ReadNote(child));
    }
  }

  void ReadRow(pugi::xml_node el, int table, const std::set<std::string>& columns) {
    const int index = NewUnit(UnitKind::kRow, el, table);
    Unit& row = book_->units[index];
    row.num = PlainAttr(el, "num");
    for (pugi::xml_node cell : el.children("cell")) {
      const std::string col = TokenAttr(cell, "col");
      if (columns.count(col) == 0) Error(cell, "column '" + col + "' is not declared in <columns>");
      row.cells.emplace_back(col, RuleText(cell));
      if (!row.text.empty()) row.text += " | ";
      row.text += row.cells.back().second;
    }
    ReadLogic(el, index);
  }

  // ---------------------------------------------------------- logic

  // The children of a provision or row that follow its text.
  void ReadLogic(pugi::xml_node el, int index) {
    for (pugi::xml_node child : el.children()) {
      if (child.type() != pugi::node_element) continue;
      Unit& unit = book_->units[index];
      const std::string_view name = child.name();
      if (name == "case") {
        ReadCase(child, &unit);
      } else if (name == "overrides") {
        unit.overrides.push_back({TokenAttr(child, "target"), TokenAttr(child, "case"),
                                  KindOr(child, "exception"), Attr(child, "quote"),
                                  xml_.Pos(child)});
      } else if (name == "ref") {
        unit.refs.push_back({TokenAttr(child, "target"), Attr(child, "quote"), KindOr(child, "see"),
                             xml_.Pos(child)});
      } else if (name == "param") {
        ReadParam(child, &unit);
      } else if (name == "term") {
        unit.terms.push_back({Attr(child, "name"), Attr(child, "quote"), PlainText(child)});
      } else if (name == "note") {
        unit.notes.push_back(ReadNote(child));
      } else {
        continue;
      }
      CheckQuote(child, unit);
    }
    CheckOverrideCases(book_->units[index]);
    CheckReadings(book_->units[index]);
  }

  static std::string KindOr(pugi::xml_node el, const char* fallback) {
    return el.attribute("kind") ? TokenAttr(el, "kind") : fallback;
  }

  void ReadParam(pugi::xml_node el, Unit* unit) {
    Param param{TokenAttr(el, "name"), 0, TokenAttr(el, "unit"), Attr(el, "quote"),
                Attr(el, "label")};
    const std::string value = TokenAttr(el, "value");
    if (!ParseDecimal(value, &param.value) && IsDecimal(value)) {
      Error(el, "param value '" + value + "' is out of range");
    }
    unit->params.push_back(std::move(param));
  }

  void ReadCase(pugi::xml_node el, Unit* unit) {
    Case c;
    c.id = TokenAttr(el, "id");
    c.variant = TokenAttr(el, "variant");
    c.decision = CollapseWhitespace(Attr(el, "decision"));
    c.reading = TokenAttr(el, "basis") == "reading";
    c.pos = xml_.Pos(el);
    CheckVariant(el, c.variant);
    if (std::any_of(unit->cases.begin(), unit->cases.end(),
                    [&](const Case& other) { return other.id == c.id; })) {
      Error(el, "duplicate case id '" + c.id + "' in '" + unit->eid + "'");
    }
    for (pugi::xml_node cond : el.child("when").children("cond")) c.when.push_back(ReadCond(cond));
    int choices = 0;
    for (pugi::xml_node s : el.children()) {
      if (std::string_view(s.name()) == "sanction") {
        c.sanctions.push_back(ReadSanction(s));
      } else if (std::string_view(s.name()) == "choice") {
        ++choices;
        const std::string by = TokenAttr(s, "by");
        if (!by.empty() && !context_.Beneficiary(book_->game, by)) {
          Error(s, "undeclared beneficiary '" + by + "'");
        }
        if (std::distance(s.children("sanction").begin(), s.children("sanction").end()) < 2) {
          Error(s, "a choice needs at least two alternative sanctions");
        }
        for (pugi::xml_node alt : s.children("sanction")) {
          Sanction sanction = ReadSanction(alt);
          sanction.choice = choices;
          sanction.chosen_by = by;
          c.sanctions.push_back(std::move(sanction));
        }
      }
    }
    unit->cases.push_back(std::move(c));
  }

  Cond ReadCond(pugi::xml_node el) {
    Cond cond;
    cond.fact = TokenAttr(el, "fact");
    ParseCondOp(TokenAttr(el, "op"), &cond.op);  // invalid operators are reported by Validate()
    cond.values = SplitWords(Attr(el, "value"));
    CheckCond(el, cond);
    return cond;
  }

  void CheckCond(pugi::xml_node el, const Cond& cond) {
    const std::string op = CondOpName(cond.op);
    if (IsSetOp(cond.op) ? cond.values.empty() : cond.values.size() != 1) {
      Error(el, "operator '" + op + "' takes " +
                    (IsSetOp(cond.op) ? "one or more values" : "one value"));
    }
    if (!vocabulary_) return;  // the missing vocabulary is reported once, elsewhere
    const Fact* fact = vocabulary_->FindFact(cond.fact);
    if (!fact) {
      Error(el, "undeclared fact '" + cond.fact + "'");
      return;
    }
    if (fact->integer) {
      for (const std::string& v : cond.values) {
        if (!IsInteger(v)) {
          Error(el, "value '" + v + "' of integer fact '" + cond.fact + "' is not an integer");
        }
      }
      return;
    }
    if (IsOrderOp(cond.op)) {
      Error(el, "operator '" + op + "' needs an integer fact; '" + cond.fact + "' is not one");
    }
    for (const std::string& v : cond.values) {
      if (!fact->Value(v)) Error(el, "undeclared value '" + v + "' of fact '" + cond.fact + "'");
    }
  }

  Sanction ReadSanction(pugi::xml_node el) {
    Sanction s;
    s.type = TokenAttr(el, "type");
    s.beneficiary = TokenAttr(el, "beneficiary");
    s.place = CollapseWhitespace(Attr(el, "place"));
    if (el.attribute("points")) {
      int points = 0;
      const std::string text = TokenAttr(el, "points");
      if (ParseInt(text, &points)) {
        s.points = points;
      } else if (IsInteger(text)) {
        Error(el, "points value '" + text + "' is out of range");
      }
    }
    const Labelled* type = s.type.empty() ? nullptr : context_.SanctionType(book_->game, s.type);
    if (!s.type.empty() && !type) {
      Error(el, "undeclared sanction type '" + s.type + "'");
    } else if (type && type->adds_to_roll && !s.points) {
      Error(el, "sanction type '" + s.type + "' adds to a dice roll: points are required");
    }
    if (!s.beneficiary.empty() && !context_.Beneficiary(book_->game, s.beneficiary)) {
      Error(el, "undeclared beneficiary '" + s.beneficiary + "'");
    }
    return s;
  }

  // ---------------------------------------------------------- checks

  void CheckEId(pugi::xml_node el, const std::string& eid) {
    if (eid.empty()) return;
    if (!eids_.emplace(eid, book_->units.size()).second) Error(el, "duplicate eId '" + eid + "'");
  }

  void CheckVariant(pugi::xml_node el, const std::string& variant) {
    if (variant.empty()) return;
    const auto& variants = book_->variants;
    if (std::none_of(variants.begin(), variants.end(),
                     [&](const auto& v) { return v.first == variant; })) {
      Error(el, "undeclared variant '" + variant + "'");
    }
  }

  // A quote must be a verbatim fragment of its provision's text (a warning for rows,
  // whose number and cells the prototype checker does not compare).
  void CheckQuote(pugi::xml_node el, const Unit& unit) {
    const std::string quote = NormalizeSourceText(Attr(el, "quote"));
    if (quote.empty()) return;
    const std::string text = unit.kind == UnitKind::kRow ? unit.num + " " + unit.text : unit.text;
    if (NormalizeSourceText(text).find(quote) != std::string::npos) return;
    const std::string message = "quote '" + quote + "' not found in the text of " +
                                UnitKindName(unit.kind) + " '" + unit.eid + "'";
    if (unit.kind == UnitKind::kProvision) {
      Error(el, message);
    } else {
      reporter_->Warning(xml_.Pos(el), message);
    }
  }

  void CheckOverrideCases(const Unit& unit) {
    for (const Override& o : unit.overrides) {
      if (o.case_id.empty()) continue;
      if (std::none_of(unit.cases.begin(), unit.cases.end(),
                       [&](const Case& c) { return c.id == o.case_id; })) {
        reporter_->Error(o.pos,
                         "override case '" + o.case_id + "' is not a case of '" + unit.eid + "'");
      }
    }
  }

  // A decision the book does not state says why: a note of its unit explains the reading.
  void CheckReadings(const Unit& unit) {
    const bool explained = std::any_of(unit.notes.begin(), unit.notes.end(), [](const Note& n) {
      return n.type == "source-defect" || n.type == "editorial";
    });
    for (const Case& c : unit.cases) {
      if (c.reading && !explained) {
        reporter_->Error(c.pos, "case '" + c.id + "' of '" + unit.eid +
                                    "' is basis=\"reading\" but no source-defect or editorial "
                                    "note of its unit explains the reading");
      }
    }
  }

  void ResolveLocalTargets() {
    for (const Unit& unit : book_->units) {
      for (const Reference& r : unit.refs) Resolve(r.target, "reference", r.pos);
      for (const Override& o : unit.overrides) Resolve(o.target, "override", o.pos);
    }
    for (const TocEntry& e : book_->toc) Resolve(e.ref, "toc entry", e.pos);
    for (const VariantChange& c : book_->variant_changes) {
      Resolve(c.target, "variant change", c.pos);
      if (c.by.find('#') == std::string::npos) Resolve(c.by, "variant change 'by'", c.pos);
    }
  }

  void Resolve(const std::string& target, const char* what, const SourcePos& pos) {
    if (target.empty()) return;
    const TargetParts parts = SplitTarget(target);
    if (!parts.doc.empty() && parts.doc != book_->doc) {
      pending_->push_back({target, what, pos});
      return;
    }
    auto it = eids_.find(parts.eid);
    bool found = it != eids_.end();
    if (found && !parts.case_id.empty()) {
      const auto& cases = book_->units[it->second].cases;
      found = std::any_of(cases.begin(), cases.end(),
                          [&](const Case& c) { return c.id == parts.case_id; });
    }
    if (!found) {
      reporter_->Error(pos, std::string(what) + " target '" + target + "' does not resolve");
    }
  }

  // ---------------------------------------------------------- segments

  void CollectSegments(pugi::xml_node el) {
    for (pugi::xml_node child : el.children()) {
      if (child.type() != pugi::node_element) continue;
      const std::string_view name = child.name();
      if (!IsSegmentElement(name)) {
        CollectSegments(child);
        continue;
      }
      std::string text = InlineText(child, TextMode::kSource);
      if (name == "entry" && !Attr(child, "page").empty()) text += " " + Attr(child, "page");
      text = NormalizeSourceText(text);
      if (!text.empty()) book_->segments.push_back({std::string(name), text, xml_.Pos(child)});
    }
  }

  void Error(pugi::xml_node el, std::string message) {
    reporter_->Error(xml_.Pos(el), std::move(message));
  }

  const XmlFile& xml_;
  const Corpus& context_;
  Rulebook* book_;
  std::vector<PendingTarget>* pending_;
  Reporter* reporter_;
  const Vocabulary* vocabulary_ = nullptr;
  std::map<std::string, size_t> eids_;  // eId -> unit index, first occurrence
};

}  // namespace

void ReadRulebook(const XmlFile& xml, const Corpus& context, Rulebook* book,
                  std::vector<PendingTarget>* pending, Reporter* reporter) {
  RulebookReader(xml, context, book, pending, reporter).Read();
}

}  // namespace arbitro::schema_detail
