// Table of contents against the body: entries with no printed body (TOC-NO-BODY),
// numbered parts the table of contents leaves out (BODY-NO-TOC), entries whose words
// are not those of the heading they point to (TOC-MISMATCH).
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "committee/check_internal.h"

namespace arbitro::check_detail {
namespace {

constexpr double kTocAgreement = 0.6;

std::string Printed(const Unit& u) {
  return u.num.empty() ? u.heading : u.heading.empty() ? u.num : u.num + " " + u.heading;
}

}  // namespace

void CheckToc(FindingSink& sink, const Rulebook& book) {
  if (book.toc.empty()) return;
  std::set<int> listed;
  std::set<int> listed_parents;  // parents whose children the table of contents lists
  bool lists_top = false;
  for (const TocEntry& e : book.toc) {
    if (e.ref.empty()) {
      sink.AddForDoc("TOC-NO-BODY", Severity::kWarning, book, e.pos,
                     "la voce del sommario «" + e.text + "» non rimanda ad alcuna parte del testo");
      continue;
    }
    const int unit = book.Find(e.ref);
    if (unit < 0) {
      sink.AddForDoc(
          "TOC-NO-BODY", Severity::kError, book, e.pos,
          "la voce del sommario «" + e.text + "» rimanda a '" + e.ref + "', che non esiste");
      continue;
    }
    listed.insert(unit);
    const Unit& u = book.units[unit];
    if (u.parent < 0) {
      lists_top = true;
    } else {
      listed_parents.insert(u.parent);
    }
    const UnitRef ref{&book, unit};
    if (u.num.empty() && u.heading.empty()) {
      Finding& f = sink.Add("TOC-NO-BODY", Severity::kWarning, {ref},
                            "la voce del sommario «" + e.text +
                                "» non ha un titolo corrispondente "
                                "nel testo: " +
                                u.eid + " non stampa né numero né titolo");
      f.location = Location(e.pos);
      continue;
    }
    const std::vector<std::string> entry = Words(e.text), printed = Words(Printed(u));
    if (std::max(Containment(entry, printed), Containment(printed, entry)) < kTocAgreement) {
      Finding& f = sink.Add("TOC-MISMATCH", Severity::kInfo, {ref},
                            "la voce del sommario «" + e.text + "» non corrisponde al titolo «" +
                                Printed(u) + "» di " + u.eid);
      f.location = Location(e.pos);
    }
  }
  for (size_t i = 0; i < book.units.size(); ++i) {
    const Unit& u = book.units[i];
    if (u.kind != UnitKind::kRule && u.kind != UnitKind::kSection) continue;
    if (u.num.empty() || listed.count(static_cast<int>(i))) continue;
    const bool expected = u.parent < 0 ? lists_top : listed_parents.count(u.parent) > 0;
    if (!expected) continue;
    sink.Add("BODY-NO-TOC", Severity::kWarning, {{&book, static_cast<int>(i)}},
             "«" + Printed(u) + "» (" + u.eid + ") non compare nel sommario");
  }
}

}  // namespace arbitro::check_detail
