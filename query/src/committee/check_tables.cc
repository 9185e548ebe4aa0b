// Decision tables, as a DMN verifier checks them: overlapping rows with different
// outcomes, rows shadowed by a more general row with the same outcome, rows repeating
// another row's logic, and values of an enumerated fact the table varies but leaves
// without an outcome.
#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "committee/check_internal.h"

namespace arbitro::check_detail {
namespace {

struct RowPair {
  int a = -1, b = -1;  // row unit indexes
  std::vector<std::string> details;
};

std::string CaseLine(const CaseEntry& e) {
  return e.ref.get().eid + "/" + e.c->id + " [" + WhenText(*e.c) + "] → " + SanctionsText(*e.c);
}

// Canonical text of a scope without one fact.
std::string KeyWithout(const CaseScope& scope, const std::string& fact) {
  std::string key;
  for (const auto& [name, allowed] : scope.facts) {
    if (name != fact) key += name + "=" + allowed.ToString() + "; ";
  }
  return key;
}

std::string ContextText(const CaseScope& scope, const std::string& fact) {
  std::string out;
  for (const auto& [name, allowed] : scope.facts) {
    if (name == fact) continue;
    out += (out.empty() ? "" : ", ") + name + "=" + allowed.ToString();
  }
  return out;
}

class TableChecker {
 public:
  TableChecker(FindingSink& sink, const Rulebook& book, int table, const OverrideLinks& links)
      : sink_(sink), book_(book), table_(table), links_(links) {
    const Vocabulary* vocabulary = sink.corpus().FindVocabulary(book.game);
    vocabulary_ = vocabulary;
    for (int child : book.units[table].children) {
      const Unit& row = book.units[child];
      if (row.kind != UnitKind::kRow) continue;
      rows_.push_back(child);
      for (const Case& c : row.cases)
        cases_.push_back({{&book, child}, &c, ScopeOf(c, vocabulary)});
    }
  }

  void Run() {
    ComparePairs();
    ReportOverlaps();
    ReportRowRelations();
    ReportGaps();
  }

 private:
  void ComparePairs() {
    for (size_t i = 0; i < cases_.size(); ++i) {
      for (size_t j = i + 1; j < cases_.size(); ++j) {
        const CaseEntry& a = cases_[i];
        const CaseEntry& b = cases_[j];
        if (a.ref == b.ref) continue;
        if (!SameSubject(a.scope, b.scope) || !Compatible(a.scope, b.scope)) continue;
        if (VariantOf(a.ref, a.c) != VariantOf(b.ref, b.c) || links_.Linked(a.ref, b.ref)) continue;
        const CaseScope merged = Intersect(a.scope, b.scope);
        const SanctionDiff diff =
            CompareSignatures(SignatureOf(*a.c, merged), SignatureOf(*b.c, merged));
        if (diff == SanctionDiff::kComplementary) continue;
        const bool same_sanctions = diff == SanctionDiff::kSame;
        const bool a_in_b = AtLeastAsSpecific(a.scope, b.scope);
        const bool b_in_a = AtLeastAsSpecific(b.scope, a.scope);
        if (same_sanctions) {
          if (a_in_b) covered_by_[{i, a.ref.unit}].insert(b.ref.unit);
          if (b_in_a) covered_by_[{j, b.ref.unit}].insert(a.ref.unit);
          if (a_in_b && b_in_a)
            identical_.insert({std::min(a.ref.unit, b.ref.unit), std::max(a.ref.unit, b.ref.unit)});
          continue;
        }
        if (a_in_b || b_in_a) continue;  // a more specific row wins (priority), as in DMN
        RowPair& p = overlaps_[{a.ref.unit, b.ref.unit}];
        p.a = a.ref.unit;
        p.b = b.ref.unit;
        p.details.push_back(CaseLine(a) + "  ≠  " + CaseLine(b));
      }
    }
  }

  void ReportOverlaps() {
    for (const auto& [key, p] : overlaps_) {
      Finding& f =
          sink_.Add("TABLE-OVERLAP", Severity::kError, {{&book_, p.a}, {&book_, p.b}},
                    "le righe " + book_.units[p.a].eid + " e " + book_.units[p.b].eid +
                        " della tabella " + book_.units[table_].eid +
                        " valgono per situazioni che si sovrappongono ma danno esiti diversi");
      f.details = p.details;
    }
  }

  // Rows whose every case is covered by one other row: the same logic (DUP-ROW) or a
  // more general row with the same outcome (TABLE-SUBSUMED).
  void ReportRowRelations() {
    std::set<std::pair<int, int>> reported;
    for (int row : rows_) {
      std::vector<size_t> mine;
      for (size_t i = 0; i < cases_.size(); ++i) {
        if (cases_[i].ref.unit == row) mine.push_back(i);
      }
      if (mine.empty()) continue;
      std::set<int> candidates;
      bool first = true;
      for (size_t i : mine) {
        auto it = covered_by_.find({i, row});
        std::set<int> by = it == covered_by_.end() ? std::set<int>() : it->second;
        if (first) {
          candidates = by;
          first = false;
        } else {
          std::set<int> both;
          std::set_intersection(candidates.begin(), candidates.end(), by.begin(), by.end(),
                                std::inserter(both, both.end()));
          candidates = both;
        }
      }
      for (int other : candidates) {
        const std::pair<int, int> key{std::min(row, other), std::max(row, other)};
        if (reported.count(key)) continue;
        reported.insert(key);
        const bool same_text = NormalizeForCompare(book_.units[row].text) ==
                               NormalizeForCompare(book_.units[other].text);
        if (identical_.count(key) && Covers(row, other)) {
          if (same_text) continue;  // already a DUP-ROW by text
          sink_.Add("DUP-ROW", Severity::kWarning, {{&book_, key.first}, {&book_, key.second}},
                    "le righe " + book_.units[key.first].eid + " e " + book_.units[key.second].eid +
                        " hanno le stesse condizioni e la stessa sanzione (riga ripetuta)");
        } else {
          sink_.Add("TABLE-SUBSUMED", Severity::kWarning, {{&book_, row}, {&book_, other}},
                    "la riga " + book_.units[row].eid + " è coperta dalla riga " +
                        book_.units[other].eid +
                        ", più generale e con la stessa sanzione (riga superflua)");
        }
      }
    }
  }

  // Every case of `row` is covered by `by`.
  bool Covers(int by, int row) const {
    for (size_t i = 0; i < cases_.size(); ++i) {
      if (cases_[i].ref.unit != row) continue;
      auto it = covered_by_.find({i, row});
      if (it == covered_by_.end() || !it->second.count(by)) return false;
    }
    return true;
  }

  void ReportGaps() {
    if (!vocabulary_) return;
    std::set<std::string> facts;
    for (const CaseEntry& e : cases_) {
      for (const auto& entry : e.scope.facts) facts.insert(entry.first);
    }
    for (const std::string& name : facts) {
      const Fact* fact = vocabulary_->FindFact(name);
      // The infringement names what a row is about; it is no domain a table partitions.
      if (!fact || fact->integer || fact->values.size() < 2 || name == "infrazione") continue;
      ReportGaps(*fact);
    }
  }

  void ReportGaps(const Fact& fact) {
    struct Group {
      std::set<std::string> covered;
      std::set<std::string> variants;  // distinct value sets of the fact
      bool unconstrained = false;
      std::vector<size_t> cases;
    };
    std::map<std::string, Group> groups;
    for (size_t i = 0; i < cases_.size(); ++i) {
      const CaseEntry& e = cases_[i];
      if (!e.scope.satisfiable) continue;
      Group& g = groups[KeyWithout(e.scope, fact.name)];
      g.cases.push_back(i);
      auto it = e.scope.facts.find(fact.name);
      if (it == e.scope.facts.end()) {
        g.unconstrained = true;
        continue;
      }
      g.variants.insert(it->second.ToString());
      g.covered.insert(it->second.values.begin(), it->second.values.end());
    }
    for (const auto& [key, g] : groups) {
      if (g.unconstrained || g.variants.size() < 2) continue;
      std::string missing;
      size_t n_missing = 0;
      for (const VocabValue& v : fact.values) {
        if (g.covered.count(v.id)) continue;
        missing += (missing.empty() ? "" : ", ") + v.id;
        ++n_missing;
      }
      // A table that lists a few values of a large domain enumerates cases; one that
      // covers most of the domain partitions it, and the values left out are a gap.
      if (n_missing == 0 || n_missing >= fact.values.size() - n_missing) continue;
      std::vector<UnitRef> rows;
      for (size_t i : g.cases) {
        const UnitRef r = cases_[i].ref;
        if (std::find(rows.begin(), rows.end(), r) == rows.end()) rows.push_back(r);
      }
      const std::string context = ContextText(cases_[g.cases.front()].scope, fact.name);
      sink_.Add("TABLE-GAP", Severity::kWarning, rows,
                "la tabella " + book_.units[table_].eid + " varia " + fact.name +
                    " ma non dà alcun esito per " + fact.name + " = " + missing +
                    (context.empty() ? "" : " (quando " + context + ")"));
    }
  }

  FindingSink& sink_;
  const Rulebook& book_;
  int table_;
  const OverrideLinks& links_;
  const Vocabulary* vocabulary_ = nullptr;
  std::vector<int> rows_;
  std::vector<CaseEntry> cases_;
  std::map<std::pair<size_t, int>, std::set<int>> covered_by_;  // (case, its row) -> covering rows
  std::set<std::pair<int, int>> identical_;                     // rows with an identical case
  std::map<std::pair<int, int>, RowPair> overlaps_;
};

}  // namespace

void CheckTables(FindingSink& sink, const Rulebook& book, const OverrideLinks& links) {
  for (size_t i = 0; i < book.units.size(); ++i) {
    const Unit& u = book.units[i];
    if (u.kind != UnitKind::kTable || u.provision_kind != "decision") continue;
    TableChecker(sink, book, static_cast<int>(i), links).Run();
  }
}

}  // namespace arbitro::check_detail
