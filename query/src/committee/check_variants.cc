// What the variants of a game change (corpus/README.md, "Variants"): a variant that
// declares no change (VARIANT-EMPTY), and two variants that may be played together but
// change the same base provision differently (VARIANT-CONFLICT): the same parameter to
// different values, the same case to different sanctions, or one replaces what the
// other amends or replaces otherwise.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "committee/check_internal.h"

namespace arbitro::check_detail {
namespace {

// One declared change with its units resolved.
struct Change {
  const Rulebook* book = nullptr;  // the declaring document
  const VariantChange* decl = nullptr;
  UnitRef target, by;
  std::string target_case, by_case;
};

const Param* ParamOf(const Unit& unit, const std::string& name) {
  for (const Param& p : unit.params) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

// The sanctions the variant's unit (or its case) states, as comparable text.
std::set<std::string> SanctionsOf(const Change& c) {
  std::set<std::string> out;
  for (const Case& k : c.by.get().cases) {
    if (!c.by_case.empty() && k.id != c.by_case) continue;
    for (const Sanction& s : k.sanctions) {
      out.insert(s.type + "/" + s.beneficiary + (s.points ? "/" + std::to_string(*s.points) : ""));
    }
  }
  return out;
}

std::string Join(const std::set<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out.empty() ? "(nessuna)" : out;
}

// Why `a` and `b` (changes of two variants on the same base unit) contradict each other,
// or "" when they agree or change different things.
std::string Contradiction(const Change& a, const Change& b) {
  const bool cases_overlap =
      a.target_case.empty() || b.target_case.empty() || a.target_case == b.target_case;
  if (!cases_overlap) return "";
  const VariantChange& x = *a.decl;
  const VariantChange& y = *b.decl;
  if (x.kind == "replaces" || y.kind == "replaces") {
    return "«" + x.variant + "» " + (x.kind == "replaces" ? "sostituisce" : "modifica") + " e «" +
           y.variant + "» " + (y.kind == "replaces" ? "sostituisce" : "modifica") +
           " la stessa disposizione in modi diversi";
  }
  if (!x.param.empty() && x.param == y.param) {
    const Param* p = ParamOf(a.by.get(), x.param);
    const Param* q = ParamOf(b.by.get(), y.param);
    if (p && q && (p->value != q->value || p->unit != q->unit)) {
      return "il parametro " + x.param + " vale " + p->quote + " con «" + x.variant + "» e " +
             q->quote + " con «" + y.variant + "»";
    }
    return "";
  }
  if (!x.param.empty() || !y.param.empty()) return "";  // different figures of one provision
  const std::set<std::string> s = SanctionsOf(a), t = SanctionsOf(b);
  if (s == t) return "";
  return "con «" + x.variant + "» la decisione è " + Join(s) + ", con «" + y.variant + "» " +
         Join(t);
}

bool Excluded(const std::vector<const Rulebook*>& books, const std::string& a,
              const std::string& b) {
  for (const Rulebook* book : books) {
    for (const auto& [v, other] : book->variant_excludes) {
      if ((v == a && other == b) || (v == b && other == a)) return true;
    }
  }
  return false;
}

}  // namespace

void CheckVariants(FindingSink& sink, const std::vector<const Rulebook*>& books) {
  std::vector<Change> changes;
  for (const Rulebook* book : books) {
    for (const auto& [id, label] : book->variants) {
      const bool declares = std::any_of(book->variant_changes.begin(), book->variant_changes.end(),
                                        [&](const VariantChange& c) { return c.variant == id; });
      if (declares) continue;
      auto pos = book->variant_pos.find(id);
      sink.AddForDoc("VARIANT-EMPTY", Severity::kWarning, *book,
                     pos == book->variant_pos.end() ? SourcePos{book->path, 0, 0} : pos->second,
                     "la variante «" + id +
                         "» non dichiara che cosa modifica, sostituisce o "
                         "aggiunge: --variant " +
                         id + " non cambia alcuna risposta");
    }
    for (const VariantChange& decl : book->variant_changes) {
      if (decl.target.empty()) continue;  // adds: nothing of the base rules to disagree on
      Change c;
      c.book = book;
      c.decl = &decl;
      const Rulebook* tb = nullptr;
      const Rulebook* bb = nullptr;
      int tu = -1, bu = -1;
      if (!sink.corpus().Resolve(book->doc, decl.target, &tb, &tu, &c.target_case) ||
          !sink.corpus().Resolve(book->doc, decl.by, &bb, &bu, &c.by_case)) {
        continue;  // the loader reports targets that do not resolve
      }
      c.target = {tb, tu};
      c.by = {bb, bu};
      changes.push_back(c);
    }
  }
  std::set<std::pair<std::string, std::string>> reported;  // (target, variants)
  for (size_t i = 0; i < changes.size(); ++i) {
    for (size_t j = i + 1; j < changes.size(); ++j) {
      const Change& a = changes[i];
      const Change& b = changes[j];
      if (a.decl->variant == b.decl->variant || !(a.target == b.target)) continue;
      if (Excluded(books, a.decl->variant, b.decl->variant)) continue;
      const std::string why = Contradiction(a, b);
      if (why.empty()) continue;
      const std::string key = a.target.book->doc + "#" + a.target.get().eid;
      if (!reported.insert({key, a.decl->variant + " " + b.decl->variant}).second) continue;
      Finding& f = sink.Add("VARIANT-CONFLICT", Severity::kError, {a.by, b.by, a.target},
                            "le varianti «" + a.decl->variant + "» e «" + b.decl->variant +
                                "» cambiano " + Name(a.target, a.by.book) + " in modo diverso (" +
                                why + ") e non si escludono: dichiarare excludes o accordarle");
      f.location = Location(a.decl->pos);
    }
  }
}

}  // namespace arbitro::check_detail
