// CheckCorpus: runs every check over the corpus, then filters and sorts the findings.
#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <map>
#include <tuple>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "committee/check_internal.h"

namespace arbitro {
namespace check_detail {

// ------------------------------------------------------------ sink

Finding& FindingSink::Add(const char* code, Severity severity, const std::vector<UnitRef>& units,
                          std::string message) {
  Finding f;
  f.code = code;
  f.severity = severity;
  f.message = std::move(message);
  if (!units.empty()) {
    const Rulebook& book = *units.front().book;
    f.game = book.game;
    f.doc = book.doc;
    f.location = Location(units.front().get().pos);
  }
  for (const UnitRef& u : units) {
    f.citations.push_back(Cite(u));
    for (const Note& note : u.get().notes) {
      if (note.type != "source-defect") continue;
      const std::string text = Name(u, units.front().book) + ": " + note.text;
      if (std::find(f.notes.begin(), f.notes.end(), text) == f.notes.end()) f.notes.push_back(text);
    }
  }
  out_->push_back(std::move(f));
  return out_->back();
}

Finding& FindingSink::AddForDoc(const char* code, Severity severity, const Rulebook& book,
                                const SourcePos& pos, std::string message) {
  Finding f;
  f.code = code;
  f.severity = severity;
  f.message = std::move(message);
  f.game = book.game;
  f.doc = book.doc;
  f.location = Location(pos);
  out_->push_back(std::move(f));
  return out_->back();
}

// ------------------------------------------------------------ helpers

std::string Location(const SourcePos& pos) {
  return pos.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

std::string Name(const UnitRef& unit, const Rulebook* from) {
  const std::string& eid = unit.get().eid;
  return unit.book == from ? eid : unit.book->doc + "#" + eid;
}

Citation Cite(const UnitRef& unit) {
  const Unit& u = unit.get();
  Citation c;
  c.game = unit.book->game;
  c.doc = unit.book->doc;
  c.id = unit.book->doc + "#" + u.eid;
  c.citation = unit.book->Citation(unit.unit);
  c.text = u.text.empty() ? (u.num.empty() ? u.heading : u.num + " " + u.heading) : u.text;
  // A part that prints no heading: the text it begins with.
  for (int child = unit.unit; c.text.empty() && !unit.book->units[child].children.empty();) {
    child = unit.book->units[child].children.front();
    const Unit& first = unit.book->units[child];
    c.text = first.text.empty() ? first.heading : first.text;
  }
  return c;
}

std::vector<int> Lineage(const Rulebook& book, int unit) {
  std::vector<int> out;
  for (int i = unit;
       i >= 0 && i < static_cast<int>(book.units.size()) && out.size() <= book.units.size();
       i = book.units[i].parent) {
    out.push_back(i);
  }
  return out;
}

std::string VariantOf(const UnitRef& unit, const Case* c) {
  if (c && !c->variant.empty()) return c->variant;
  for (int i : Lineage(*unit.book, unit.unit)) {
    if (!unit.book->units[i].variant.empty()) return unit.book->units[i].variant;
  }
  return "";
}

std::vector<CaseEntry> CasesOf(const Corpus& corpus, const Rulebook& book) {
  const Vocabulary* vocabulary = corpus.FindVocabulary(book.game);
  std::vector<CaseEntry> out;
  for (size_t i = 0; i < book.units.size(); ++i) {
    const Unit& u = book.units[i];
    if (!u.citable()) continue;
    for (const Case& c : u.cases) {
      out.push_back({{&book, static_cast<int>(i)}, &c, ScopeOf(c, vocabulary)});
    }
  }
  return out;
}

OverrideLinks::OverrideLinks(const Corpus& corpus) {
  for (const Rulebook& book : corpus.rulebooks) {
    for (size_t i = 0; i < book.units.size(); ++i) {
      for (const Override& o : book.units[i].overrides) {
        const Rulebook* target_book = nullptr;
        int target = -1;
        if (corpus.Resolve(book.doc, o.target, &target_book, &target, nullptr)) {
          links_.emplace(UnitRef{&book, static_cast<int>(i)}, UnitRef{target_book, target});
        }
      }
    }
  }
}

bool OverrideLinks::Linked(const UnitRef& a, const UnitRef& b) const {
  if (links_.empty()) return false;
  const std::vector<int> la = Lineage(*a.book, a.unit), lb = Lineage(*b.book, b.unit);
  for (int x : la) {
    for (int y : lb) {
      const UnitRef ux{a.book, x}, uy{b.book, y};
      if (links_.count({ux, uy}) || links_.count({uy, ux})) return true;
    }
  }
  return false;
}

bool Summarises(const Corpus& corpus, const UnitRef& from, const UnitRef& to) {
  const std::vector<int> lineage = Lineage(*to.book, to.unit);
  for (const Reference& r : from.get().refs) {
    if (r.kind != "summarises" || r.target.empty()) continue;
    const Rulebook* book = nullptr;
    int unit = -1;
    if (!corpus.Resolve(from.book->doc, r.target, &book, &unit, nullptr) || book != to.book)
      continue;
    if (std::find(lineage.begin(), lineage.end(), unit) != lineage.end()) return true;
  }
  return false;
}

namespace {

size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

Status CheckScope(const Corpus& corpus, const std::vector<std::string>& scope) {
  std::vector<std::string> names;
  for (const Rulebook& book : corpus.rulebooks) {
    names.push_back(book.game);
    names.push_back(book.doc);
  }
  for (const std::string& item : scope) {
    if (std::find(names.begin(), names.end(), item) != names.end()) continue;
    std::string nearest;
    size_t best = 4;
    for (const std::string& n : names) {
      const size_t d = EditDistance(item, n);
      if (d < best) best = d, nearest = n;
    }
    return Status::NotFound("gioco o documento sconosciuto '" + item + "'" +
                            (nearest.empty() ? "" : ", forse intendevi '" + nearest + "'?"));
  }
  return Status::OK();
}

bool InScope(const std::vector<std::string>& scope, const Finding& f) {
  if (scope.empty()) return true;
  return std::find(scope.begin(), scope.end(), f.doc) != scope.end() ||
         std::find(scope.begin(), scope.end(), f.game) != scope.end();
}

// (file, line, column) of a "file:line:col" location, for sorting.
std::tuple<std::string, long, long> SortKey(const std::string& location) {
  const size_t c2 = location.rfind(':');
  const size_t c1 =
      c2 == std::string::npos || c2 == 0 ? std::string::npos : location.rfind(':', c2 - 1);
  if (c1 == std::string::npos) return {location, 0, 0};
  return {location.substr(0, c1), std::atol(location.c_str() + c1 + 1),
          std::atol(location.c_str() + c2 + 1)};
}

}  // namespace
}  // namespace check_detail

const char* SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "?";
}

bool ParseSeverity(const std::string& name, Severity* severity) {
  for (Severity s : {Severity::kInfo, Severity::kWarning, Severity::kError}) {
    if (name == SeverityName(s)) {
      *severity = s;
      return true;
    }
  }
  return false;
}

Status CheckCorpus(const Corpus& corpus, const CheckOptions& options,
                   std::vector<Finding>* findings) {
  using namespace check_detail;
  Status s = CheckScope(corpus, options.scope);
  if (!s.ok()) return s;

  std::vector<Finding> all;
  FindingSink sink(corpus, &all);
  const OverrideLinks links(corpus);
  std::map<std::string, std::vector<const Rulebook*>> full_books;  // by game
  for (const Rulebook& book : corpus.rulebooks) {
    CheckDuplicates(sink, book);
    CheckTables(sink, book, links);
    CheckReferences(sink, book);
    CheckToc(sink, book);
    CheckDomains(sink, book);
    CheckCaseWording(sink, book);
    if (book.summarises.empty()) full_books[book.game].push_back(&book);
  }
  for (const auto& [game, books] : full_books) {
    CheckConflicts(sink, books, links);
    std::vector<const Rulebook*> with_abridged = books;
    for (const Rulebook& book : corpus.rulebooks) {
      if (book.game == game && !book.summarises.empty()) with_abridged.push_back(&book);
    }
    CheckParams(sink, with_abridged, links);
    CheckVariants(sink, with_abridged);
  }
  for (const Rulebook& book : corpus.rulebooks) {
    if (book.summarises.empty()) continue;
    if (const Rulebook* full = corpus.FindDoc(book.summarises)) {
      CheckAbridged(sink, book, *full, links);
    }
  }

  std::vector<Finding> kept;
  for (Finding& f : all) {
    if (f.severity >= options.min_severity && InScope(options.scope, f))
      kept.push_back(std::move(f));
  }
  std::stable_sort(kept.begin(), kept.end(), [](const Finding& a, const Finding& b) {
    return std::tie(a.game, a.doc) < std::tie(b.game, b.doc) ||
           (std::tie(a.game, a.doc) == std::tie(b.game, b.doc) &&
            SortKey(a.location) < SortKey(b.location));
  });
  findings->insert(findings->end(), std::make_move_iterator(kept.begin()),
                   std::make_move_iterator(kept.end()));
  return Status::OK();
}

}  // namespace arbitro
