// Values against the declared vocabulary: conditions on undeclared facts or values, or
// integer conditions no declared value satisfies (VALUE-OUT-OF-DOMAIN); variants the
// document does not declare (VARIANT-UNDECLARED); cases whose conditions exclude each
// other (CASE-UNSATISFIABLE). The loader rejects most of these in a corpus it loads;
// the checks also hold for models built or edited in memory.
#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "committee/check_internal.h"

namespace arbitro::check_detail {
namespace {

bool Declared(const Rulebook& book, const std::string& variant) {
  return std::any_of(book.variants.begin(), book.variants.end(),
                     [&](const auto& v) { return v.first == variant; });
}

// The declared values of an integer fact, as an Allowed set of points.
Allowed DeclaredIntegers(const Fact& fact) {
  Allowed a;
  a.integer = true;
  for (const VocabValue& v : fact.values) {
    char* end = nullptr;
    const long n = std::strtol(v.id.c_str(), &end, 10);
    if (end && *end == '\0') a.ranges.emplace_back(n, n);
  }
  std::sort(a.ranges.begin(), a.ranges.end());
  return a;
}

}  // namespace

void CheckDomains(FindingSink& sink, const Rulebook& book) {
  const Vocabulary* vocabulary = sink.corpus().FindVocabulary(book.game);
  for (size_t i = 0; i < book.units.size(); ++i) {
    const Unit& u = book.units[i];
    const UnitRef ref{&book, static_cast<int>(i)};
    if (!u.variant.empty() && !Declared(book, u.variant)) {
      sink.Add(
          "VARIANT-UNDECLARED", Severity::kError, {ref},
          u.eid + " vale solo nella variante '" + u.variant + "', che il documento non dichiara");
    }
    for (const Case& c : u.cases) {
      const std::string where = u.eid + "/" + c.id;
      if (!c.variant.empty() && !Declared(book, c.variant)) {
        sink.Add("VARIANT-UNDECLARED", Severity::kError, {ref},
                 "il caso " + where + " vale solo nella variante '" + c.variant +
                     "', che il documento non dichiara");
      }
      const CaseScope scope = ScopeOf(c, vocabulary);
      if (!scope.satisfiable) {
        sink.Add("CASE-UNSATISFIABLE", Severity::kError, {ref},
                 "le condizioni del caso " + where + " si escludono a vicenda: " + WhenText(c));
      }
      if (!vocabulary) continue;
      for (const Cond& cond : c.when) {
        const Fact* fact = vocabulary->FindFact(cond.fact);
        if (!fact) {
          sink.Add("VALUE-OUT-OF-DOMAIN", Severity::kError, {ref},
                   "il caso " + where + " usa il fatto '" + cond.fact +
                       "', non dichiarato nel vocabolario");
          continue;
        }
        if (!fact->integer) {
          for (const std::string& v : cond.values) {
            if (fact->Value(v)) continue;
            sink.Add("VALUE-OUT-OF-DOMAIN", Severity::kError, {ref},
                     "il caso " + where + " usa il valore '" + v + "' del fatto '" + cond.fact +
                         "', non dichiarato nel vocabolario");
          }
          continue;
        }
        if (fact->values.size() < 2) continue;  // a single example value bounds nothing
        Allowed declared = DeclaredIntegers(*fact);
        if (declared.ranges.empty()) continue;
        Allowed span;
        span.integer = true;
        span.ranges = {{declared.ranges.front().first, declared.ranges.back().second}};
        const auto it = scope.facts.find(cond.fact);
        if (it != scope.facts.end() && scope.satisfiable && !it->second.Intersects(span)) {
          sink.Add("VALUE-OUT-OF-DOMAIN", Severity::kWarning, {ref},
                   "il caso " + where + " chiede " + cond.fact + " " + it->second.ToString() +
                       ", fuori dai valori dichiarati (" + span.ToString() + ")");
        }
      }
      for (const Sanction& s : c.sanctions) {
        if (!s.type.empty() && !sink.corpus().SanctionType(book.game, s.type)) {
          sink.Add(
              "VALUE-OUT-OF-DOMAIN", Severity::kError, {ref},
              "il caso " + where + " usa il tipo di sanzione '" + s.type + "', non dichiarato");
        }
        if (!s.beneficiary.empty() && !sink.corpus().Beneficiary(book.game, s.beneficiary)) {
          sink.Add(
              "VALUE-OUT-OF-DOMAIN", Severity::kError, {ref},
              "il caso " + where + " usa il beneficiario '" + s.beneficiary + "', non dichiarato");
        }
      }
    }
  }
}

}  // namespace arbitro::check_detail
