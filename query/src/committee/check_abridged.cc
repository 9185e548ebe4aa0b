// Abridged vs full edition of one game. Every abridged statement is mapped to the full
// provisions it summarises: through its own citations ("(Regola 4D)", <ref
// kind="summarises">), narrowed by text similarity and shared logic; without citations,
// by text similarity over the whole full edition. Then:
// - ABRIDGED-CONTRADICTION: an abridged case whose situation the full edition sanctions
//   differently, with no full case agreeing with it;
// - ABRIDGED-OMITS-EXCEPTION: a more specific full case with a different outcome, or a
//   full provision that makes an exception (<overrides>) to a summarised one, that no
//   abridged statement mentions;
// - ABRIDGED-UNMAPPED: an abridged statement with no counterpart in the full edition.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "committee/check_internal.h"

namespace arbitro::check_detail {
namespace {

constexpr double kMapFloor = 0.25;    // similarity below which texts are unrelated
constexpr double kMapRelative = 0.6;  // keep candidates within this share of the best score
constexpr double kMapCore = 0.85;     // the statement restates candidates this close to the best
constexpr size_t kMinStatementWords = 4;

// Words that carry meaning (articles, prepositions and short words dropped), sorted.
std::vector<std::string> ContentWords(const std::string& text) {
  std::vector<std::string> out;
  for (std::string& w : Words(text)) {
    if (w.size() >= 4) out.push_back(std::move(w));
  }
  std::sort(out.begin(), out.end());  // for SortedSimilarity
  return out;
}

struct Mapping {
  std::set<int> units;  // full-edition unit indexes
  std::set<int> core;   // the closest of them: what the statement restates
  bool cited = false;   // through the statement's own citations
};

class AbridgedChecker {
 public:
  AbridgedChecker(FindingSink& sink, const Rulebook& abridged, const Rulebook& full,
                  const OverrideLinks& links)
      : sink_(sink), abridged_(abridged), full_(full), links_(links) {
    full_cases_ = CasesOf(sink.corpus(), full);
    abridged_cases_ = CasesOf(sink.corpus(), abridged);
    for (size_t i = 0; i < full.units.size(); ++i) {
      if (full.units[i].citable())
        full_words_[static_cast<int>(i)] = ContentWords(full.units[i].text);
    }
  }

  void Run() {
    for (size_t i = 0; i < abridged_.units.size(); ++i) {
      const Unit& u = abridged_.units[i];
      if (!u.citable()) continue;
      Map(static_cast<int>(i));
    }
    for (const CaseEntry& a : abridged_cases_) CompareCase(a);
    EmitPending();
    ReportOmittedOverrides();
  }

 private:
  // Full-edition citable units under the targets of the statement's citations.
  std::set<int> CitedUnits(const Unit& u) const {
    std::set<int> out;
    for (const Reference& r : u.refs) {
      if (r.target.empty()) continue;
      const Rulebook* book = nullptr;
      int unit = -1;
      if (!sink_.corpus().Resolve(abridged_.doc, r.target, &book, &unit, nullptr) ||
          book != &full_) {
        continue;
      }
      AddSubtree(unit, &out);
    }
    return out;
  }

  void AddSubtree(int unit, std::set<int>* out) const {
    if (full_.units[unit].citable()) out->insert(unit);
    for (int child : full_.units[unit].children) AddSubtree(child, out);
  }

  void Map(int statement) {
    const Unit& u = abridged_.units[statement];
    const std::vector<std::string> words = ContentWords(u.text);
    const std::set<int> cited = CitedUnits(u);
    Mapping m;
    m.cited = !cited.empty();
    std::vector<std::pair<double, int>> scored;
    for (const auto& [unit, unit_words] : full_words_) {
      if (m.cited && !cited.count(unit)) continue;
      scored.emplace_back(SortedSimilarity(words, unit_words), unit);
    }
    std::sort(scored.rbegin(), scored.rend());
    const double best = scored.empty() ? 0 : scored.front().first;
    for (const auto& [score, unit] : scored) {
      if (score >= kMapFloor && score >= kMapRelative * best) m.units.insert(unit);
      if (score >= kMapFloor && score >= kMapCore * best) m.core.insert(unit);
    }
    // Full units whose cases agree with the statement's cases belong to it too.
    for (const CaseEntry& a : abridged_cases_) {
      if (a.ref.unit != statement) continue;
      for (const CaseEntry& f : full_cases_) {
        if (m.cited && !cited.count(f.ref.unit)) continue;
        if (!SameSubject(a.scope, f.scope) || !Compatible(a.scope, f.scope)) continue;
        const CaseScope merged = Intersect(a.scope, f.scope);
        const SanctionDiff d =
            CompareSignatures(SignatureOf(*a.c, merged), SignatureOf(*f.c, merged));
        if (d != SanctionDiff::kDifferent && d != SanctionDiff::kComplementary) {
          m.units.insert(f.ref.unit);
          m.core.insert(f.ref.unit);
        }
      }
    }
    if (m.cited && m.units.empty() && !scored.empty()) {
      m.units.insert(scored.front().second);
      m.core.insert(scored.front().second);
    }
    for (int unit : m.units) mentioned_.insert(unit);
    mappings_[statement] = m;
    if (m.units.empty() && Words(u.text).size() >= kMinStatementWords) {
      const bool normative = !u.cases.empty() || !u.params.empty();
      sink_.Add("ABRIDGED-UNMAPPED", normative ? Severity::kWarning : Severity::kInfo,
                {{&abridged_, statement}},
                "l'affermazione " + u.eid +
                    " delle regole abbreviate non corrisponde ad alcuna "
                    "disposizione del regolamento completo " +
                    full_.doc);
    }
  }

  // An abridged case against every full case of the same situation.
  void CompareCase(const CaseEntry& a) {
    std::vector<const CaseEntry*> agree, partial, differ, exceptions;
    for (const CaseEntry& f : full_cases_) {
      if (!VariantOf(f.ref, f.c).empty()) continue;  // options are not the base rules
      if (!SameSubject(a.scope, f.scope) || !Compatible(a.scope, f.scope)) continue;
      const CaseScope merged = Intersect(a.scope, f.scope);
      const SanctionDiff d =
          CompareSignatures(SignatureOf(*a.c, merged), SignatureOf(*f.c, merged));
      if (d == SanctionDiff::kComplementary) continue;
      const bool same = d == SanctionDiff::kSame || d == SanctionDiff::kImprecise;
      if (!same && AtLeastAsSpecific(f.scope, a.scope) && !SameScope(f.scope, a.scope)) {
        if (!MentionedByAbridged(f)) exceptions.push_back(&f);
      } else if (same) {
        agree.push_back(&f);
      } else if (d == SanctionDiff::kIncomplete) {
        partial.push_back(&f);
      } else {
        differ.push_back(&f);
      }
    }
    // A full case that differs is harmless when a full case agreeing with the statement
    // is at least as specific: the full edition specialises it the same way.
    auto explained = [&](const CaseEntry* f, const std::vector<const CaseEntry*>& by) {
      return std::any_of(by.begin(), by.end(), [&](const CaseEntry* g) {
        return AtLeastAsSpecific(g->scope, f->scope) && Compatible(g->scope, a.scope);
      });
    };
    std::vector<const CaseEntry*> contradicting, incomplete;
    std::vector<const CaseEntry*> broad = agree;
    broad.insert(broad.end(), partial.begin(), partial.end());
    for (const CaseEntry* f : differ) {
      if (!explained(f, broad)) contradicting.push_back(f);
    }
    for (const CaseEntry* f : partial) {
      if (!explained(f, agree)) incomplete.push_back(f);
    }
    if (!contradicting.empty()) {
      Report(a, contradicting, false);
    } else if (!incomplete.empty()) {
      Report(a, incomplete, true);
    }
    if (!exceptions.empty()) ReportException(a, exceptions);
  }

  // Some abridged case covers the full case's situation with the full case's outcome.
  bool MentionedByAbridged(const CaseEntry& f) const {
    return std::any_of(abridged_cases_.begin(), abridged_cases_.end(), [&](const CaseEntry& b) {
      if (!Compatible(b.scope, f.scope) || !AtLeastAsSpecific(b.scope, f.scope)) return false;
      const CaseScope merged = Intersect(b.scope, f.scope);
      return CompareSignatures(SignatureOf(*b.c, merged), SignatureOf(*f.c, merged)) !=
             SanctionDiff::kDifferent;
    });
  }

  std::string Line(const CaseEntry& e, const Rulebook* from) const {
    return Name(e.ref, from) + "/" + e.c->id + " [" + WhenText(*e.c) + "] → " + SanctionsText(*e.c);
  }

  // Findings of one statement are gathered over its cases, one per code.
  struct Pending {
    Severity severity = Severity::kInfo;
    std::vector<UnitRef> units;
    std::vector<std::string> details;
  };

  void Gather(const char* code, Severity severity, const CaseEntry& a,
              const std::vector<const CaseEntry*>& fs, const char* label) {
    Pending& p = pending_[{a.ref.unit, code}];
    p.severity = std::max(p.severity, severity);
    if (p.units.empty()) p.units.push_back(a.ref);
    for (const CaseEntry* f : fs) {
      if (std::find(p.units.begin(), p.units.end(), f->ref) == p.units.end())
        p.units.push_back(f->ref);
    }
    p.details.push_back("abbreviato: " + Line(a, &abridged_));
    for (const CaseEntry* e : fs)
      p.details.push_back(std::string(label) + ": " + Line(*e, &abridged_));
  }

  void Report(const CaseEntry& a, const std::vector<const CaseEntry*>& fs, bool incomplete) {
    Gather("ABRIDGED-CONTRADICTION", incomplete ? Severity::kWarning : Severity::kError, a, fs,
           "completo");
  }

  void ReportException(const CaseEntry& a, const std::vector<const CaseEntry*>& fs) {
    Gather("ABRIDGED-OMITS-EXCEPTION", Severity::kWarning, a, fs, "eccezione");
    for (const CaseEntry* e : fs) reported_exceptions_.insert(e->ref.unit);
  }

  void EmitPending() {
    for (const auto& [key, p] : pending_) {
      std::string names;
      for (size_t i = 1; i < p.units.size(); ++i)
        names += (i > 1 ? ", " : "") + Name(p.units[i], &abridged_);
      const std::string& eid = abridged_.units[key.first].eid;
      std::string message;
      if (key.second == "ABRIDGED-OMITS-EXCEPTION") {
        message = "le regole abbreviate (" + eid +
                  ") tacciono un'eccezione del regolamento completo (" + names + ")";
      } else if (p.severity == Severity::kError) {
        message = "le regole abbreviate (" + eid +
                  ") danno una sanzione diversa dal regolamento "
                  "completo per la stessa situazione (" +
                  names + ")";
      } else {
        message = "le regole abbreviate (" + eid +
                  ") omettono una sanzione che il regolamento "
                  "completo dà per la stessa situazione (" +
                  names + ")";
      }
      Finding& f = sink_.Add(key.second.c_str(), p.severity, p.units, message);
      f.details = p.details;
    }
  }

  std::string JoinNames(const std::vector<const CaseEntry*>& fs) const {
    std::string out;
    std::set<int> seen;
    for (const CaseEntry* e : fs) {
      if (!seen.insert(e->ref.unit).second) continue;
      out += (out.empty() ? "" : ", ") + Name(e->ref, &abridged_);
    }
    return out;
  }

  // `e` declares an exception (or a specialisation) to `p` or to a part containing it.
  bool MakesException(int e, int p) const {
    const std::vector<int> lineage = Lineage(full_, p);
    for (const Override& o : full_.units[e].overrides) {
      if (o.kind != "exception" && o.kind != "specialisation") continue;
      const Rulebook* book = nullptr;
      int target = -1;
      if (!sink_.corpus().Resolve(full_.doc, o.target, &book, &target, nullptr) || book != &full_)
        continue;
      if (std::find(lineage.begin(), lineage.end(), target) != lineage.end()) return true;
    }
    return false;
  }

  // Full provisions that make an exception to a summarised provision, mentioned nowhere
  // in the abridged edition.
  void ReportOmittedOverrides() {
    std::map<int, std::vector<int>> by_statement;  // abridged statement -> exceptions
    for (size_t e = 0; e < full_.units.size(); ++e) {
      const Unit& exception = full_.units[e];
      const int ei = static_cast<int>(e);
      if (!exception.citable() || exception.overrides.empty()) continue;
      if (mentioned_.count(ei) || reported_exceptions_.count(ei)) continue;
      if (!VariantOf({&full_, ei}).empty()) continue;
      for (const auto& [statement, m] : mappings_) {
        const bool summarised =
            std::any_of(m.core.begin(), m.core.end(), [&](int p) { return MakesException(ei, p); });
        if (summarised) {
          by_statement[statement].push_back(ei);
          break;
        }
      }
    }
    for (const auto& [statement, exceptions] : by_statement) {
      std::vector<UnitRef> units = {{&abridged_, statement}};
      std::string names;
      for (int e : exceptions) {
        units.push_back({&full_, e});
        names += (names.empty() ? "" : ", ") + Name({&full_, e}, &abridged_);
      }
      sink_.Add("ABRIDGED-OMITS-EXCEPTION", Severity::kWarning, units,
                "le regole abbreviate (" + abridged_.units[statement].eid +
                    ") riassumono una regola ma non ne riportano l'eccezione (" + names + ")");
    }
  }

  FindingSink& sink_;
  const Rulebook& abridged_;
  const Rulebook& full_;
  const OverrideLinks& links_;
  std::vector<CaseEntry> full_cases_, abridged_cases_;
  std::map<int, std::vector<std::string>> full_words_;
  std::map<int, Mapping> mappings_;  // abridged statement -> full units
  std::set<int> mentioned_;          // full units some statement maps to
  std::set<int> reported_exceptions_;
  std::map<std::pair<int, std::string>, Pending> pending_;  // (statement, code)
};

}  // namespace

void CheckAbridged(FindingSink& sink, const Rulebook& abridged, const Rulebook& full,
                   const OverrideLinks& links) {
  AbridgedChecker(sink, abridged, full, links).Run();
}

}  // namespace arbitro::check_detail
