#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <string_view>

#include "arbitro/schema.h"
#include "target.h"

namespace arbitro {
namespace {

constexpr const char* kSeparator = " \u203a ";

// Guards the lazily built eId maps of all rulebooks (lookups are short).
std::mutex& IndexMutex() {
  static std::mutex mutex;
  return mutex;
}

std::string JoinNonEmpty(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a + " " + b;
}

// 1-based position of a row among the rows of its table.
int RowPosition(const Rulebook& book, int unit) {
  const int parent = book.units[unit].parent;
  if (parent < 0) return 1;
  int position = 0;
  for (int child : book.units[parent].children) {
    if (book.units[child].kind == UnitKind::kRow) ++position;
    if (child == unit) break;
  }
  return position;
}

std::string RowLabel(const Rulebook& book, int unit) {
  const Unit& u = book.units[unit];
  return "riga " + (u.num.empty() ? std::to_string(RowPosition(book, unit)) : u.num);
}

// The unit and its ancestors, outermost first.
std::vector<int> PathTo(const Rulebook& book, int unit) {
  std::vector<int> path;
  for (int i = unit;
       i >= 0 && i < static_cast<int>(book.units.size()) && path.size() <= book.units.size();
       i = book.units[i].parent) {
    path.push_back(i);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

std::string CitationPart(const Rulebook& book, int unit) {
  const Unit& u = book.units[unit];
  switch (u.kind) {
    case UnitKind::kRule:
      return JoinNonEmpty(u.num, u.heading);
    case UnitKind::kSection:
    case UnitKind::kTable:
      return u.heading.empty() ? u.num : u.heading;
    case UnitKind::kProvision: {
      // The label the book prints before the text ("a) META:"), so a reader sees what
      // "5 punti" are for; the colon that introduces the text is left out.
      std::string heading = u.heading;
      while (!heading.empty() && (heading.back() == ':' || heading.back() == ' '))
        heading.pop_back();
      return JoinNonEmpty(u.num, heading);
    }
    case UnitKind::kRow:
      return RowLabel(book, unit);
    case UnitKind::kBlock:
      break;
  }
  return "";
}

template <typename T>
const T* FindById(const std::vector<T>& items, const std::string& id) {
  auto it = std::find_if(items.begin(), items.end(), [&](const T& x) { return x.id == id; });
  return it == items.end() ? nullptr : &*it;
}

}  // namespace

namespace schema_detail {

TargetParts SplitTarget(std::string_view target) {
  TargetParts parts;
  if (const size_t hash = target.find('#'); hash != std::string_view::npos) {
    parts.doc = target.substr(0, hash);
    target.remove_prefix(hash + 1);
  }
  if (const size_t slash = target.find('/'); slash != std::string_view::npos) {
    parts.case_id = target.substr(slash + 1);
    target = target.substr(0, slash);
  }
  parts.eid = target;
  return parts;
}

}  // namespace schema_detail

const char* CondOpName(CondOp op) {
  switch (op) {
    case CondOp::kEq:
      return "eq";
    case CondOp::kNe:
      return "ne";
    case CondOp::kIn:
      return "in";
    case CondOp::kNotIn:
      return "not-in";
    case CondOp::kLt:
      return "lt";
    case CondOp::kLe:
      return "le";
    case CondOp::kGt:
      return "gt";
    case CondOp::kGe:
      return "ge";
  }
  return "?";
}

bool ParseCondOp(std::string_view name, CondOp* op) {
  static constexpr std::pair<std::string_view, CondOp> kOps[] = {
      {"eq", CondOp::kEq}, {"ne", CondOp::kNe}, {"in", CondOp::kIn}, {"not-in", CondOp::kNotIn},
      {"lt", CondOp::kLt}, {"le", CondOp::kLe}, {"gt", CondOp::kGt}, {"ge", CondOp::kGe}};
  if (name.empty()) name = "eq";
  for (const auto& [n, o] : kOps) {
    if (n == name) {
      *op = o;
      return true;
    }
  }
  return false;
}

bool CondAccepts(CondOp op, const std::vector<std::string>& values, const std::string& value) {
  switch (op) {
    case CondOp::kEq:
      return !values.empty() && value == values[0];
    case CondOp::kNe:
      return !values.empty() && value != values[0];
    case CondOp::kIn:
    case CondOp::kNotIn: {
      const bool listed = std::find(values.begin(), values.end(), value) != values.end();
      return op == CondOp::kIn ? listed : !listed;
    }
    default:
      break;
  }
  if (values.empty() || value.empty()) return false;
  char* end = nullptr;
  const long v = std::strtol(value.c_str(), &end, 10);
  if (*end) return false;
  const long c = std::strtol(values[0].c_str(), nullptr, 10);
  switch (op) {
    case CondOp::kLt:
      return v < c;
    case CondOp::kLe:
      return v <= c;
    case CondOp::kGt:
      return v > c;
    case CondOp::kGe:
      return v >= c;
    default:
      return false;
  }
}

const char* UnitKindName(UnitKind kind) {
  switch (kind) {
    case UnitKind::kRule:
      return "rule";
    case UnitKind::kSection:
      return "section";
    case UnitKind::kProvision:
      return "provision";
    case UnitKind::kTable:
      return "table";
    case UnitKind::kRow:
      return "row";
    case UnitKind::kBlock:
      return "block";
  }
  return "?";
}

int Rulebook::Find(const std::string& eid) const {
  if (eid.empty()) return -1;
  {
    std::lock_guard<std::mutex> lock(IndexMutex());
    if (by_eid_.empty()) {
      for (size_t i = 0; i < units.size(); ++i) {
        if (!units[i].eid.empty()) by_eid_.emplace(units[i].eid, static_cast<int>(i));
      }
    }
    auto it = by_eid_.find(eid);
    if (it != by_eid_.end() && it->second < static_cast<int>(units.size()) &&
        units[it->second].eid == eid) {
      return it->second;
    }
  }
  // Not indexed: a miss, or units changed after the first lookup.
  for (size_t i = 0; i < units.size(); ++i) {
    if (units[i].eid == eid) return static_cast<int>(i);
  }
  return -1;
}

std::string Rulebook::Citation(int unit) const {
  std::string out = JoinNonEmpty(title, edition);
  for (int i : PathTo(*this, unit)) {
    const std::string part = CitationPart(*this, i);
    if (!part.empty()) out += kSeparator + part;
  }
  return out;
}

std::string Rulebook::Label(int unit) const {
  std::string out;
  for (int i : PathTo(*this, unit)) {
    const std::string part = units[i].kind == UnitKind::kRow ? RowLabel(*this, i) : units[i].num;
    if (part.empty()) continue;
    if (!out.empty()) out += kSeparator;
    out += part;
  }
  return out;
}

bool MeasureRange::Holds(double x) const {
  if (unit.empty()) return false;
  if (has_low && (low_inclusive ? x < low : x <= low)) return false;
  if (has_high && (high_inclusive ? x > high : x >= high)) return false;
  return true;
}

double MillimetresPerUnit(const std::string& unit) {
  if (unit == "mm") return 1;
  if (unit == "cm") return 10;
  return 0;
}

const VocabValue* Fact::Value(const std::string& id) const {
  return FindById(values, id);
}

const Fact* Vocabulary::FindFact(const std::string& name) const {
  auto it = std::find_if(facts.begin(), facts.end(), [&](const Fact& f) { return f.name == name; });
  return it == facts.end() ? nullptr : &*it;
}

const Rulebook* Corpus::FindDoc(const std::string& doc) const {
  // One lookup per reference: a linear scan each made loading and indexing quadratic
  // in the number of documents. The index is checked on every hit and rebuilt when
  // rulebooks were added, moved or changed since.
  std::lock_guard<std::mutex> lock(IndexMutex());
  auto it = by_doc_.find(doc);
  if (it != by_doc_.end() && it->second < rulebooks.size() && rulebooks[it->second].doc == doc) {
    return &rulebooks[it->second];
  }
  auto found = std::find_if(rulebooks.begin(), rulebooks.end(),
                            [&](const Rulebook& b) { return b.doc == doc; });
  if (found == rulebooks.end()) return nullptr;
  by_doc_.clear();
  for (size_t i = 0; i < rulebooks.size(); ++i) by_doc_.emplace(rulebooks[i].doc, i);
  return &*found;
}

const Vocabulary* Corpus::FindVocabulary(const std::string& game) const {
  auto it = vocabularies.find(game);
  return it == vocabularies.end() ? nullptr : &it->second;
}

const Phrasing* Corpus::FindPhrasing(const std::string& game) const {
  auto it = phrasings.find(game);
  return it == phrasings.end() ? nullptr : &it->second;
}

const PhraseValue* PhraseFact::Value(const std::string& id) const {
  return FindById(values, id);
}

const PhraseFact* Phrasing::FindFact(const std::string& name) const {
  auto it =
      std::find_if(facts.begin(), facts.end(), [&](const PhraseFact& f) { return f.name == name; });
  return it == facts.end() ? nullptr : &*it;
}

const PhraseDecision* Phrasing::FindDecision(const std::string& type) const {
  auto it = std::find_if(decisions.begin(), decisions.end(),
                         [&](const PhraseDecision& d) { return d.type == type; });
  return it == decisions.end() ? nullptr : &*it;
}

const PhraseSide* Phrasing::FindSide(const std::string& id) const {
  return FindById(sides, id);
}

const Labelled* Corpus::SanctionType(const std::string& game, const std::string& id) const {
  if (const Vocabulary* v = FindVocabulary(game)) {
    if (const Labelled* found = FindById(v->sanction_types, id)) return found;
  }
  return FindById(lexicon.sanction_types, id);
}

const Labelled* Corpus::Beneficiary(const std::string& game, const std::string& id) const {
  if (const Vocabulary* v = FindVocabulary(game)) {
    if (const Labelled* found = FindById(v->beneficiaries, id)) return found;
  }
  return FindById(lexicon.beneficiaries, id);
}

bool Corpus::Resolve(const std::string& from_doc, const std::string& target, const Rulebook** book,
                     int* unit, std::string* case_id) const {
  const schema_detail::TargetParts parts = schema_detail::SplitTarget(target);
  const Rulebook* found = FindDoc(parts.doc.empty() ? from_doc : parts.doc);
  if (!found) return false;
  const int index = found->Find(parts.eid);
  if (index < 0) return false;
  if (!parts.case_id.empty() && !FindById(found->units[index].cases, parts.case_id)) return false;
  if (book) *book = found;
  if (unit) *unit = index;
  if (case_id) *case_id = parts.case_id;
  return true;
}

}  // namespace arbitro
