// PARAM-MISMATCH: one named parameter stated with different values in different places
// of a game's documents. Values in different variants, in units linked by an
// <overrides>, or with different labels are context-dependent by design and skipped.
// A mismatch inside one rule, or between a summary and what it summarises (rows,
// abridged editions), is a warning; one between different rules is an info, since the
// same name may then stand for a rule-specific value.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "committee/check_internal.h"

namespace arbitro::check_detail {
namespace {

struct ParamUse {
  UnitRef ref;
  const Param* param = nullptr;
  std::string dimension;  // length, time or the unit itself
  double base = 0;        // value in the dimension's base unit
};

void Normalize(ParamUse* use) {
  const std::string& unit = use->param->unit;
  const double v = use->param->value;
  if (unit == "mm" || unit == "cm" || unit == "m") {
    use->dimension = "length";
    use->base = unit == "mm" ? v / 10 : unit == "m" ? v * 100 : v;
  } else if (unit == "s" || unit == "min") {
    use->dimension = "time";
    use->base = unit == "min" ? v * 60 : v;
  } else {
    use->dimension = unit;
    use->base = v;
  }
}

std::string ValueText(const Param& p) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", p.value);
  return std::string(buf) + (p.unit.empty() || p.unit == "count" ? "" : " " + p.unit);
}

int TopRule(const UnitRef& u) {
  const std::vector<int> lineage = Lineage(*u.book, u.unit);
  return lineage.empty() ? -1 : lineage.back();
}

bool IsSummary(const UnitRef& u) {
  return u.get().kind == UnitKind::kRow || !u.book->summarises.empty();
}

}  // namespace

void CheckParams(FindingSink& sink, const std::vector<const Rulebook*>& books,
                 const OverrideLinks& links) {
  std::map<std::string, std::vector<ParamUse>> by_name;
  for (const Rulebook* book : books) {
    for (size_t i = 0; i < book->units.size(); ++i) {
      for (const Param& p : book->units[i].params) {
        ParamUse use{{book, static_cast<int>(i)}, &p, "", 0};
        Normalize(&use);
        by_name[p.name].push_back(use);
      }
    }
  }
  for (const auto& [name, uses] : by_name) {
    std::vector<bool> involved(uses.size(), false);
    bool close = false;  // a mismatch in one rule or between a summary and its source
    for (size_t i = 0; i < uses.size(); ++i) {
      for (size_t j = i + 1; j < uses.size(); ++j) {
        const ParamUse& a = uses[i];
        const ParamUse& b = uses[j];
        if (a.dimension != b.dimension || std::fabs(a.base - b.base) < 1e-9) continue;
        if (VariantOf(a.ref) != VariantOf(b.ref) || links.Linked(a.ref, b.ref)) continue;
        if (!a.param->label.empty() && !b.param->label.empty() &&
            a.param->label != b.param->label) {
          continue;
        }
        involved[i] = involved[j] = true;
        close = close || (a.ref.book == b.ref.book && TopRule(a.ref) == TopRule(b.ref)) ||
                a.ref.book != b.ref.book || IsSummary(a.ref) != IsSummary(b.ref);
      }
    }
    std::vector<UnitRef> refs;
    std::string values;
    const Rulebook* from = nullptr;
    for (size_t i = 0; i < uses.size(); ++i) {
      if (!involved[i]) continue;
      if (!from) from = uses[i].ref.book;
      if (std::find(refs.begin(), refs.end(), uses[i].ref) == refs.end())
        refs.push_back(uses[i].ref);
      values += (values.empty() ? "" : ", ") + ValueText(*uses[i].param) + " in " +
                Name(uses[i].ref, from) + " («" + uses[i].param->quote + "»)";
    }
    if (refs.empty()) continue;
    sink.Add("PARAM-MISMATCH", close ? Severity::kWarning : Severity::kInfo, refs,
             "il parametro " + name + " ha valori diversi: " + values);
  }
}

}  // namespace arbitro::check_detail
