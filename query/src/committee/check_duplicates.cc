// DUP-PROVISION and DUP-ROW: the same text printed twice in one document.
#include <map>
#include <string>
#include <vector>

#include "committee/check_internal.h"

namespace arbitro::check_detail {
namespace {

constexpr size_t kMinWords = 4;  // shorter texts ("Nessuna", "✓") repeat legitimately

// Column labels of the table a row belongs to: rows of tables printed with the same
// header (one table split over several pages) are compared with each other.
std::string TableHeader(const Rulebook& book, int row) {
  const int table = book.units[row].parent;
  if (table < 0) return "";
  std::string header;
  for (const auto& [id, label] : book.units[table].columns) header += id + "\x1f" + label + "\x1e";
  return header.empty() ? "#" + book.units[table].eid : header;
}

// The row's cells (without its number), normalised, keyed by column.
std::string RowKey(const Unit& row) {
  std::string key;
  size_t words = 0;
  for (const auto& [col, text] : row.cells) {
    const std::string norm = NormalizeForCompare(text);
    words += Words(text).size();
    key += col + "=" + norm + "\x1f";
  }
  return words >= kMinWords ? key : "";
}

int TopRule(const Rulebook& book, int unit) {
  const std::vector<int> lineage = Lineage(book, unit);
  return lineage.empty() ? -1 : lineage.back();
}

void Report(FindingSink& sink, const Rulebook& book, const std::vector<int>& units, bool rows) {
  std::vector<UnitRef> refs;
  std::string names;
  bool one_rule = true;
  for (int u : units) {
    refs.push_back({&book, u});
    names += (names.empty() ? "" : ", ") + book.units[u].eid;
    one_rule = one_rule && TopRule(book, u) == TopRule(book, units.front());
  }
  if (rows) {
    sink.Add("DUP-ROW", Severity::kWarning, refs,
             "riga di tabella stampata " + std::to_string(units.size()) + " volte: " + names);
  } else {
    // Repeated in one rule it is a defect; repeated in parallel rules, a fact to know.
    sink.Add("DUP-PROVISION", one_rule ? Severity::kWarning : Severity::kInfo, refs,
             "disposizione stampata " + std::to_string(units.size()) +
                 " volte con lo stesso testo: " + names);
  }
}

}  // namespace

void CheckDuplicates(FindingSink& sink, const Rulebook& book) {
  std::map<std::string, std::vector<int>> provisions, rows;
  for (size_t i = 0; i < book.units.size(); ++i) {
    const Unit& u = book.units[i];
    if (u.kind == UnitKind::kProvision) {
      if (Words(u.text).size() < kMinWords) continue;
      provisions[NormalizeForCompare(u.text)].push_back(static_cast<int>(i));
    } else if (u.kind == UnitKind::kRow) {
      const std::string key = RowKey(u);
      if (!key.empty())
        rows[TableHeader(book, static_cast<int>(i)) + "\x1d" + key].push_back(static_cast<int>(i));
    }
  }
  for (const auto& [key, units] : provisions) {
    if (units.size() > 1) Report(sink, book, units, false);
  }
  for (const auto& [key, units] : rows) {
    if (units.size() > 1) Report(sink, book, units, true);
  }
}

}  // namespace arbitro::check_detail
