// Conflicts between cases of one game: two provisions (body text, summary table rows,
// "casistiche") whose conditions overlap but whose sanctions differ.
//
// A pair is compared when it speaks of the same situation (SameSubject, Comparable) and
// some situation satisfies both (Compatible). Pairs linked by an <overrides>, or holding
// in different variants, are legitimate and skipped. The rest, by the facts they state:
// - the same facts with overlapping values: different decisions are a CONTRADICTION
//   (error); one omitting an accessory sanction is SANCTION-INCOMPLETE (warning); the
//   same sanction stated more or less precisely is SANCTION-IMPRECISE (info);
// - one states strictly more (lex specialis): SPECIALISATION (info);
// - neither's facts include the other's: OVERLAP (info).
// One finding per pair of units, with the verdict of its worst pair of cases.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "committee/check_internal.h"

namespace arbitro::check_detail {
namespace {

// The verdict on one pair of cases, most severe first.
enum class Verdict {
  kContradiction,
  kIncomplete,
  kSpecialisation,
  kPartialOverlap,
  kImprecise,
  kNone
};

struct PairReport {
  UnitRef a, b;
  Verdict worst = Verdict::kNone;
  std::string sig_a, sig_b;  // of the worst case pair
  std::vector<std::string> details;
};

bool SameTable(const UnitRef& a, const UnitRef& b) {
  return a.book == b.book && a.get().kind == UnitKind::kRow && b.get().kind == UnitKind::kRow &&
         a.get().parent == b.get().parent;
}

Verdict Judge(const CaseEntry& a, const CaseEntry& b, std::string* sig_a, std::string* sig_b) {
  const CaseScope merged = Intersect(a.scope, b.scope);
  const Signature sa = SignatureOf(*a.c, merged), sb = SignatureOf(*b.c, merged);
  const SanctionDiff diff = CompareSignatures(sa, sb);
  if (diff == SanctionDiff::kSame || diff == SanctionDiff::kComplementary) return Verdict::kNone;
  *sig_a = SignatureText(sa);
  *sig_b = SignatureText(sb);
  if (diff == SanctionDiff::kImprecise) return Verdict::kImprecise;
  if (!NestedFacts(a.scope, b.scope)) return Verdict::kPartialOverlap;
  // One states more facts (restricted to the other's situation it is more specific),
  // or on the same facts allows fewer values: lex specialis.
  const bool same_facts = a.scope.facts.size() == b.scope.facts.size();
  const bool specialises =
      !same_facts || (!SameScope(a.scope, b.scope) &&
                      (AtLeastAsSpecific(a.scope, b.scope) || AtLeastAsSpecific(b.scope, a.scope)));
  if (specialises) return Verdict::kSpecialisation;
  if (diff == SanctionDiff::kIncomplete) return Verdict::kIncomplete;
  return Verdict::kContradiction;
}

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kContradiction:
      return "contraddizione";
    case Verdict::kPartialOverlap:
      return "sovrapposizione parziale";
    case Verdict::kIncomplete:
      return "sanzione omessa";
    case Verdict::kImprecise:
      return "sanzione meno precisa";
    case Verdict::kSpecialisation:
      return "specializzazione";
    case Verdict::kNone:
      break;
  }
  return "";
}

int TopRule(const UnitRef& u) {
  const std::vector<int> lineage = Lineage(*u.book, u.unit);
  return lineage.empty() ? -1 : lineage.back();
}

// Infringements are compared wherever they are stated. Other situations (procedures,
// game mechanics) describe successive steps with successive outcomes, so they are
// compared only when one states a summary of the other, or when two different rules
// state exactly the same situation.
bool Comparable(const Corpus& corpus, const CaseEntry& a, const CaseEntry& b) {
  const bool ai = a.scope.facts.count("infrazione") > 0, bi = b.scope.facts.count("infrazione") > 0;
  if (ai || bi) return true;
  if (Summarises(corpus, a.ref, b.ref) || Summarises(corpus, b.ref, a.ref)) return true;
  return SameScope(a.scope, b.scope) &&
         (a.ref.book != b.ref.book || TopRule(a.ref) != TopRule(b.ref));
}

// The unit, or one of its ancestors, records a defect of the source (a contradiction
// the book itself makes).
bool HasSourceNote(const UnitRef& ref) {
  for (int u : Lineage(*ref.book, ref.unit)) {
    for (const Note& n : ref.book->units[u].notes) {
      if (n.type == "source-defect") return true;
    }
  }
  return false;
}

void Emit(FindingSink& sink, const PairReport& r) {
  const Rulebook* from = r.a.book;
  const std::string na = Name(r.a, from), nb = Name(r.b, from);
  const bool summary = Summarises(sink.corpus(), r.a, r.b) || Summarises(sink.corpus(), r.b, r.a);
  const std::string gives = na + " dà «" + r.sig_a + "», " + nb + " dà «" + r.sig_b + "»";
  const char* code = "CONTRADICTION";
  Severity severity = Severity::kError;
  std::string message;
  switch (r.worst) {
    case Verdict::kContradiction:
      message = std::string(summary ? "il riepilogo e la disposizione che riassume"
                                    : "due disposizioni") +
                " danno sanzioni diverse per la stessa situazione: " + gives;
      break;
    case Verdict::kPartialOverlap:
      // Both can fire on one situation and resolve has no rule to choose: a declared
      // precedence (<overrides>) or a recorded source contradiction is owed.
      if (HasSourceNote(r.a) || HasSourceNote(r.b)) {
        code = "OVERLAP";
        severity = Severity::kInfo;
        message = "sanzioni diverse per situazioni che si sovrappongono in parte (contraddizione "
                  "della fonte annotata): " + gives;
      } else {
        code = "CASE-AMBIGUOUS";
        severity = Severity::kError;
        message = "due casi possono valere per la stessa situazione con decisioni diverse, senza "
                  "precedenza dichiarata né nota sulla fonte: " + gives;
      }
      break;
    case Verdict::kIncomplete:
      code = "SANCTION-INCOMPLETE";
      severity = Severity::kWarning;
      message = "per la stessa situazione una delle due disposizioni omette una sanzione: " + gives;
      break;
    case Verdict::kImprecise:
      code = "SANCTION-IMPRECISE";
      severity = Severity::kInfo;
      message = "la stessa sanzione indicata con precisione diversa: " + gives;
      break;
    case Verdict::kSpecialisation:
      code = "SPECIALISATION";
      severity = Severity::kInfo;
      message = "un caso più specifico con una sanzione diversa (specializzazione): " + gives;
      break;
    case Verdict::kNone:
      return;
  }
  Finding& f = sink.Add(code, severity, {r.a, r.b}, message);
  f.details = r.details;
}

}  // namespace

bool SameSubject(const CaseScope& a, const CaseScope& b) {
  if (SharedFacts(a, b) == 0) return false;
  const bool ai = a.facts.count("infrazione") > 0, bi = b.facts.count("infrazione") > 0;
  if (ai && bi) return true;
  if (ai != bi) {
    // One names as an infringement the very situation the other describes.
    CaseScope with = ai ? a : b;
    with.facts.erase("infrazione");
    return SameScope(with, ai ? b : a);
  }
  return NestedFacts(a, b);
}

void CheckConflicts(FindingSink& sink, const std::vector<const Rulebook*>& books,
                    const OverrideLinks& links) {
  std::vector<CaseEntry> cases;
  for (const Rulebook* book : books) {
    std::vector<CaseEntry> more = CasesOf(sink.corpus(), *book);
    cases.insert(cases.end(), more.begin(), more.end());
  }
  std::map<std::pair<UnitRef, UnitRef>, PairReport> reports;  // in first-seen order below
  std::vector<std::pair<UnitRef, UnitRef>> order;
  for (size_t i = 0; i < cases.size(); ++i) {
    for (size_t j = i + 1; j < cases.size(); ++j) {
      const CaseEntry& a = cases[i];
      const CaseEntry& b = cases[j];
      if (a.ref == b.ref || SameTable(a.ref, b.ref)) continue;
      if (!SameSubject(a.scope, b.scope) || !Compatible(a.scope, b.scope)) continue;
      if (VariantOf(a.ref, a.c) != VariantOf(b.ref, b.c)) continue;
      if (!Comparable(sink.corpus(), a, b)) continue;
      std::string sig_a, sig_b;
      const Verdict v = Judge(a, b, &sig_a, &sig_b);
      if (v == Verdict::kNone || links.Linked(a.ref, b.ref)) continue;
      const auto key = std::make_pair(a.ref, b.ref);
      auto [it, inserted] = reports.try_emplace(key);
      PairReport& r = it->second;
      if (inserted) {
        r.a = a.ref;
        r.b = b.ref;
        order.push_back(key);
      }
      if (v < r.worst) {
        r.worst = v;
        r.sig_a = sig_a;
        r.sig_b = sig_b;
      }
      r.details.push_back(std::string(VerdictName(v)) + ": " + a.ref.get().eid + "/" + a.c->id +
                          " [" + WhenText(*a.c) + "] → " + SanctionsText(*a.c) + "  ≠  " +
                          b.ref.get().eid + "/" + b.c->id + " [" + WhenText(*b.c) + "] → " +
                          SanctionsText(*b.c));
    }
  }
  for (const auto& key : order) Emit(sink, reports[key]);
}

}  // namespace arbitro::check_detail
