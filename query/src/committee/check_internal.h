// Internal interface of the consistency checker (CheckCorpus): the finding sink and the
// individual checks, one file each.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "committee/check_logic.h"

namespace arbitro::check_detail {

struct UnitRef {
  const Rulebook* book = nullptr;
  int unit = -1;
  const Unit& get() const { return book->units[unit]; }
  bool operator<(const UnitRef& o) const {
    return book != o.book ? book->doc < o.book->doc : unit < o.unit;
  }
  bool operator==(const UnitRef& o) const { return book == o.book && unit == o.unit; }
};

// One case of a provision or row, with its conditions as a scope.
struct CaseEntry {
  UnitRef ref;
  const Case* c = nullptr;
  CaseScope scope;
};

// Collects findings; fills the citations, location and source-defect notes of the units.
class FindingSink {
 public:
  FindingSink(const Corpus& corpus, std::vector<Finding>* out) : corpus_(corpus), out_(out) {}
  const Corpus& corpus() const { return corpus_; }
  // The finding belongs to the document of the first unit.
  Finding& Add(const char* code, Severity severity, const std::vector<UnitRef>& units,
               std::string message);
  // A finding on a document as a whole (no unit), e.g. a table-of-contents entry.
  Finding& AddForDoc(const char* code, Severity severity, const Rulebook& book,
                     const SourcePos& pos, std::string message);

 private:
  const Corpus& corpus_;
  std::vector<Finding>* out_;
};

// ------------------------------------------------------------ helpers

std::string Location(const SourcePos& pos);
// "eId" when `unit` is in `from`, else "doc#eId".
std::string Name(const UnitRef& unit, const Rulebook* from);
Citation Cite(const UnitRef& unit);
// The variant of a unit: its own, else its nearest ancestor's; a case's own wins.
std::string VariantOf(const UnitRef& unit, const Case* c = nullptr);
// Cases of every provision and row of `book`.
std::vector<CaseEntry> CasesOf(const Corpus& corpus, const Rulebook& book);
// The unit and its ancestors.
std::vector<int> Lineage(const Rulebook& book, int unit);
// Pairs of units linked by an <overrides>, in either direction (ancestors included).
class OverrideLinks {
 public:
  explicit OverrideLinks(const Corpus& corpus);
  bool Linked(const UnitRef& a, const UnitRef& b) const;

 private:
  std::set<std::pair<UnitRef, UnitRef>> links_;  // (overriding unit, overridden unit)
};
// `from` has a <ref kind="summarises"> to `to` or to one of its ancestors.
bool Summarises(const Corpus& corpus, const UnitRef& from, const UnitRef& to);
// Two cases speak of the same situation (see check_conflicts.cc).
bool SameSubject(const CaseScope& a, const CaseScope& b);

// ------------------------------------------------------------ checks

// DUP-PROVISION, DUP-ROW (same text).
void CheckDuplicates(FindingSink& sink, const Rulebook& book);
// CONTRADICTION, SANCTION-INCOMPLETE, SANCTION-IMPRECISE, SPECIALISATION between cases
// of the full documents of one game (rows of one decision table excepted).
void CheckConflicts(FindingSink& sink, const std::vector<const Rulebook*>& books,
                    const OverrideLinks& links);
// TABLE-GAP, TABLE-OVERLAP, TABLE-SUBSUMED, DUP-ROW (same logic) in decision tables.
void CheckTables(FindingSink& sink, const Rulebook& book, const OverrideLinks& links);
// PARAM-MISMATCH across the documents of one game.
void CheckParams(FindingSink& sink, const std::vector<const Rulebook*>& books,
                 const OverrideLinks& links);
// ABRIDGED-CONTRADICTION, ABRIDGED-OMITS-EXCEPTION, ABRIDGED-UNMAPPED.
void CheckAbridged(FindingSink& sink, const Rulebook& abridged, const Rulebook& full,
                   const OverrideLinks& links);
// REF-DANGLING, REF-AMBIGUOUS, REF-WRONG-KIND, REF-MISMATCH.
void CheckReferences(FindingSink& sink, const Rulebook& book);
// TOC-NO-BODY, BODY-NO-TOC, TOC-MISMATCH.
void CheckToc(FindingSink& sink, const Rulebook& book);
// VALUE-OUT-OF-DOMAIN, VARIANT-UNDECLARED, CASE-UNSATISFIABLE.
void CheckDomains(FindingSink& sink, const Rulebook& book);
// VARIANT-EMPTY, VARIANT-CONFLICT among the documents of one game (check_variants.cc).
void CheckVariants(FindingSink& sink, const std::vector<const Rulebook*>& books);
// DECISION-PROVISO, RESTART-NO-PLACE (check_cases.cc).
void CheckCaseWording(FindingSink& sink, const Rulebook& book);

}  // namespace arbitro::check_detail
