// What the variants declared in <meta> change, checked once every document is loaded
// (corpus/README.md, "Variants"): the variant's own unit (`by`) is marked with the
// variant, the base unit (`target`) is not, an amended parameter exists on both sides,
// and every unit marked with a variant is named by one of its declarations.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "readers.h"
#include "target.h"

namespace arbitro::schema_detail {
namespace {

// The variant a unit holds under: its own, else its nearest ancestor's; a case's own wins.
std::string VariantOf(const Rulebook& book, int unit, const std::string& case_id = "") {
  if (!case_id.empty()) {
    for (const Case& c : book.units[unit].cases) {
      if (c.id == case_id && !c.variant.empty()) return c.variant;
    }
  }
  for (int u = unit; u >= 0; u = book.units[u].parent) {
    if (!book.units[u].variant.empty()) return book.units[u].variant;
  }
  return "";
}

bool HasParam(const Unit& unit, const std::string& name) {
  return std::any_of(unit.params.begin(), unit.params.end(),
                     [&](const Param& p) { return p.name == name; });
}

// Is `unit` (or its case `case_id`) named by a declaration: itself, one of its cases, a
// unit above it, or (a rule or section) a unit below it?
bool Covered(const Rulebook& book, int unit, const std::string& case_id,
             const std::set<std::pair<int, std::string>>& named) {
  for (int u = unit; u >= 0; u = book.units[u].parent) {
    if (named.count({u, ""})) return true;
  }
  for (const auto& [u, c] : named) {
    if (u == unit && (case_id.empty() || c == case_id)) return true;
    for (int p = book.units[u].parent; case_id.empty() && p >= 0; p = book.units[p].parent) {
      if (p == unit) return true;
    }
  }
  return false;
}

// Resolves `target` from `book` (which need not be part of `corpus` yet).
bool Resolve(const Corpus& corpus, const Rulebook& book, const std::string& target,
             const Rulebook** found, int* unit, std::string* case_id) {
  const TargetParts parts = SplitTarget(target);
  if (!parts.doc.empty() && parts.doc != book.doc) {
    return corpus.Resolve(book.doc, target, found, unit, case_id);
  }
  const int index = book.Find(parts.eid);
  if (index < 0) return false;
  const auto& cases = book.units[index].cases;
  if (!parts.case_id.empty() && std::none_of(cases.begin(), cases.end(), [&](const Case& c) {
        return c.id == parts.case_id;
      })) {
    return false;
  }
  *found = &book;
  *unit = index;
  *case_id = parts.case_id;
  return true;
}

}  // namespace

void CheckVariantChanges(const Corpus& corpus, const Rulebook& book, Reporter* reporter) {
  std::map<std::string, std::set<std::pair<int, std::string>>> named;  // variant → (unit, case)
  for (const VariantChange& c : book.variant_changes) {
    const Rulebook* by_book = nullptr;
    int by = -1;
    std::string by_case;
    if (c.by.find('#') != std::string::npos ||
        !Resolve(corpus, book, c.by, &by_book, &by, &by_case)) {
      continue;  // reported by the reader
    }
    named[c.variant].insert({by, by_case});
    const std::string what = "<" + c.kind + "> of variant '" + c.variant + "': ";
    if (VariantOf(book, by, by_case) != c.variant) {
      reporter->Error(c.pos, what + "'" + c.by +
                                 "' does not hold only under the variant (mark it "
                                 "variant=\"" +
                                 c.variant + "\")");
    }
    if (!c.param.empty() && !HasParam(book.units[by], c.param)) {
      reporter->Error(c.pos, what + "'" + c.by + "' has no parameter '" + c.param + "'");
    }
    if (c.target.empty()) continue;
    const Rulebook* target_book = nullptr;
    int target = -1;
    std::string target_case;
    if (!Resolve(corpus, book, c.target, &target_book, &target, &target_case)) continue;
    if (target_book->game != book.game) {
      reporter->Error(c.pos, what + "target '" + c.target + "' belongs to another game");
      continue;
    }
    if (VariantOf(*target_book, target, target_case) == c.variant) {
      reporter->Error(c.pos, what + "target '" + c.target +
                                 "' is itself part of the variant; a variant changes base rules");
    }
    if (!c.param.empty() && !HasParam(target_book->units[target], c.param)) {
      reporter->Error(c.pos, what + "target '" + c.target + "' has no parameter '" + c.param + "'");
    }
  }
  // Every unit or case marked with a declared variant is named by one of its declarations
  // (an undeclared variant is an error of the reader).
  auto declared = [&](const std::string& v) {
    return std::any_of(book.variants.begin(), book.variants.end(),
                       [&](const auto& d) { return d.first == v; });
  };
  for (size_t i = 0; i < book.units.size(); ++i) {
    const Unit& u = book.units[i];
    const int index = static_cast<int>(i);
    if (declared(u.variant) && !Covered(book, index, "", named[u.variant])) {
      reporter->Warning(u.pos, "'" + u.eid + "' holds only under variant '" + u.variant +
                                   "', but no <amends>, <replaces> or <adds> of the variant "
                                   "names it or a unit above it");
    }
    if (!VariantOf(book, index).empty()) continue;
    for (const Case& c : u.cases) {
      if (declared(c.variant) && !Covered(book, index, c.id, named[c.variant])) {
        reporter->Warning(c.pos, "case '" + u.eid + "/" + c.id + "' holds only under variant '" +
                                     c.variant + "', but no declaration of the variant names it");
      }
    }
  }
}

}  // namespace arbitro::schema_detail
