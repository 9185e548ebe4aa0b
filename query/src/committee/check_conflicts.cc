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
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "committee/check_internal.h"
#include "core/rules.h"

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

// `eid` occurs in `text` as a whole identifier ("cap10__s10.2__i)", not "…__i1").
bool NamesId(const std::string& text, const std::string& eid) {
  auto id_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  };
  for (size_t at = text.find(eid); at != std::string::npos; at = text.find(eid, at + 1)) {
    const size_t end = at + eid.size();
    if (at > 0 && (id_char(text[at - 1]) || text[at - 1] == '.')) continue;
    if (end < text.size() && id_char(text[end])) continue;
    if (end + 1 < text.size() && text[end] == '.' && id_char(text[end + 1])) continue;
    return true;
  }
  return false;
}

// A source-defect note of `a` (or of one of its sections) names `b` or one of b's
// sections: the book's contradiction between the two is recorded.
bool NoteNames(const UnitRef& a, const UnitRef& b) {
  const std::vector<int> la = Lineage(*a.book, a.unit), lb = Lineage(*b.book, b.unit);
  for (int u : la) {
    for (const Note& n : a.book->units[u].notes) {
      if (n.type != "source-defect") continue;
      // Every ancestor of b but its top-level rule (a whole chapter names too much).
      for (size_t k = 0; k + 1 < lb.size() || (k == 0 && lb.size() == 1); ++k) {
        const std::string& eid = b.book->units[lb[k]].eid;
        if (!eid.empty() && NamesId(n.text, eid)) return true;
      }
    }
  }
  return false;
}

bool RecordsContradiction(const UnitRef& a, const UnitRef& b) {
  return NoteNames(a, b) || NoteNames(b, a);
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
      // Both can fire on one situation: CheckAmbiguous judges every such pair of cases
      // with the engine's own precedences.
      return;
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

// ------------------------------------------------------------ CASE-AMBIGUOUS
//
// Every pair of cases of one game (all its documents: resolve reads them all) that
// can fire on one consistent set of facts, with different decisive sanctions, where
// the engine (resolve/evaluate.cc) has no rule to pick one:
// - jointly satisfiable: a fact tested by one only is free; a fact tested by both
//   needs a common value (ne / not-in / lt / le / gt / ge included);
// - decisive sanctions: the non-accessory ones (all, when a case states only
//   accessories); the alternatives of a choice count as its set; two cases differ
//   when neither set covers the other item by item (type, or general type, and side);
//   a case with only accessories beside one with a decision complements it;
// - no precedence: no <overrides> from one to the other (the engine matches the winning
//   case and the target unit exactly: no ancestors; a chain does not order its ends),
//   and not absorbed by specificity (the engine drops a case whose tested facts are a
//   subset of an applicable case's with more conditions);
// - the same variant (a variant's case against a base case is the variant's business);
// - no source-defect note of one naming the other (then OVERLAP, info).

struct GameCase {
  CaseEntry entry;
  std::string variant;
  std::set<std::string> facts;
};

// One item stands for the other: the same type or its general form ("punizione" for
// "punizione-diretta"), for the same side (an unstated or unpinned relative side matches).
bool SameItem(const std::pair<std::string, std::string>& x,
              const std::pair<std::string, std::string>& y) {
  auto general = [](const std::string& g, const std::string& t) {
    return t.size() > g.size() && t.compare(0, g.size(), g) == 0 && t[g.size()] == '-';
  };
  auto relative = [](const std::string& w) { return w == "avversario" || w == "colpevole"; };
  const bool type = x.first == y.first || general(x.first, y.first) || general(y.first, x.first);
  const bool side = x.second == y.second || x.second.empty() || y.second.empty() ||
                    relative(x.second) != relative(y.second);
  return type && side;
}

// Side rights a ruling carries with it (the defender's block, the count of touches and
// rientri, positional moves, the wall, the referee's confirmation …): they add to the
// decision of the situation, not compete with it.
bool SideRight(const std::string& type) {
  static const std::set<std::string> kSideRights = {
      "marcamento-difensivo", "nessun-marcamento",      "mossa-difensiva",
      "tocco-di-pressione",   "tocco-contato",          "tocco-non-contato",
      "conteggio-azzerato",   "conteggio-non-azzerato", "rientri-ripristinati",
      "rientro-perso",        "movimenti-posizionali",  "barriera",
      "conferma-arbitro",     "autorizzazione-battuta", "stessa-miniatura",
      "tempo-fermato",        "verifica-rete"};
  return kSideRights.count(type) > 0;
}

// Sanctions that add to a decision and never replace one: cards, change of possession …
// and the side rights.
bool Cumulative(const std::string& type) {
  if (SideRight(type)) return true;
  return IsAccessory(type) && type != "vantaggio" && type != "riposizionamento";
}

// Cumulative sanctions that deny one another: a right and its loss, a touch counted
// and not, one card and the next.
bool Opposite(const std::string& a, const std::string& b) {
  static const std::set<std::pair<std::string, std::string>> kOpposites = {
      {"marcamento-difensivo", "nessun-marcamento"},
      {"mossa-difensiva", "perdita-mossa-difensiva"},
      {"tocco-contato", "tocco-non-contato"},
      {"conteggio-azzerato", "conteggio-non-azzerato"},
      {"rientri-ripristinati", "rientro-perso"},
      {"cartellino-giallo", "cartellino-rosso"}};
  return kOpposites.count({a, b}) > 0 || kOpposites.count({b, a}) > 0;
}

// Two cases stating only cumulative sanctions contradict each other when one denies
// what the other grants, or gives the same one to another side.
bool CumulativesClash(const Signature& a, const Signature& b) {
  for (const auto& x : a) {
    for (const auto& y : b) {
      if (Opposite(x.first, y.first)) return true;
      if (x.first == y.first && !SameItem(x, y)) return true;
    }
  }
  return false;
}

// What a case decides: its non-accessory sanctions; else its advantage or repositioning
// ("play on", "the piece stops there"); else its cumulative ones.
Signature Decisive(const Case& c, const CaseScope& scope) {
  Signature all;
  for (const auto& item : SignatureOf(c, scope)) {
    if (!IsScorePart(item.first)) all.insert(item);
  }
  Signature main, alternative;
  for (const auto& item : all) {
    if (!IsAccessory(item.first) && !SideRight(item.first)) main.insert(item);
    if (!Cumulative(item.first)) alternative.insert(item);
  }
  return !main.empty() ? main : !alternative.empty() ? alternative : all;
}

// Two decisions differ unless each item of one has a counterpart in the other.
bool DecisionsDiffer(const Signature& a, const Signature& b) {
  auto covered = [](const Signature& p, const Signature& q) {
    return std::all_of(p.begin(), p.end(), [&](const auto& x) {
      return std::any_of(q.begin(), q.end(), [&](const auto& y) { return SameItem(x, y); });
    });
  };
  return !covered(a, b) || !covered(b, a);
}

// 2: a decision; 1: only advantage or repositioning; 0: only cumulative sanctions;
// -1: only parts of a score.
int DecisionLevel(const Case& c) {
  int level = -1;
  for (const Sanction& s : c.sanctions) {
    if (IsScorePart(s.type)) continue;
    level = std::max(level, Cumulative(s.type) ? 0 : IsAccessory(s.type) ? 1 : 2);
  }
  return level;
}

// The engine absorbs `b` into `a`: more conditions, and b's facts among a's.
bool Absorbs(const GameCase& a, const GameCase& b) {
  return a.entry.c->when.size() > b.entry.c->when.size() &&
         std::includes(a.facts.begin(), a.facts.end(), b.facts.begin(), b.facts.end());
}

std::string CaseText(const GameCase& g, const Rulebook* from) {
  const Case& c = *g.entry.c;
  return Name(g.entry.ref, from) + "/" + c.id + " «" + c.decision + "» [" + WhenText(c) + "] → " +
         SanctionsText(c);
}

std::string ScopeText(const CaseScope& scope) {
  std::string out;
  for (const auto& [fact, allowed] : scope.facts) {
    out += (out.empty() ? "" : ", ") + fact + "=" + allowed.ToString();
  }
  return out.empty() ? "(sempre)" : out;
}

// Case-level override graph of one game. Only a direct override orders two cases: the
// engine removes a case when a winner declared over it applies and is not itself
// removed, so a chain A > B > C leaves A and C both standing (B, removed by A, no
// longer removes C).
class Precedence {
 public:
  Precedence(const Corpus& corpus, const std::vector<GameCase>& cases) : edges_(cases.size()) {
    std::map<std::pair<const Rulebook*, int>, std::vector<size_t>> by_unit;
    for (size_t i = 0; i < cases.size(); ++i) {
      by_unit[{cases[i].entry.ref.book, cases[i].entry.ref.unit}].push_back(i);
    }
    for (const auto& [unit, members] : by_unit) {
      const Rulebook& book = *unit.first;
      for (const Override& o : book.units[unit.second].overrides) {
        const Rulebook* target_book = nullptr;
        int target = -1;
        std::string target_case;
        if (!corpus.Resolve(book.doc, o.target, &target_book, &target, &target_case)) continue;
        auto targets = by_unit.find({target_book, target});
        if (targets == by_unit.end()) continue;
        for (size_t w : members) {
          if (!o.case_id.empty() && cases[w].entry.c->id != o.case_id) continue;
          for (size_t t : targets->second) {
            if (target_case.empty() || cases[t].entry.c->id == target_case) edges_[w].insert(t);
          }
        }
      }
    }
  }
  // One is declared to win over the other.
  bool Linked(size_t a, size_t b) const { return Beats(a, b) || Beats(b, a); }
  // `a` is declared to win over `b`.
  bool Beats(size_t a, size_t b) const { return edges_[a].count(b) > 0; }
  size_t size() const { return edges_.size(); }
  // The cases `a` is declared to win over.
  const std::set<size_t>& Beats(size_t a) const { return edges_[a]; }

 private:
  std::vector<std::set<size_t>> edges_;
};

// How closely two ambiguous cases are related, closest first.
enum class Kinship {
  kSameUnit,     // two cases of one provision or row
  kSameSection,  // sibling provisions (a row: its table's section)
  kSummary,      // a summary row and the provision it summarises
  kTwinGap,      // one is declared to win over a twin of the other, not over it
  kSharedFact,   // a fact tested by both (with a common value)
  kFreeFacts,    // only the facts each tests alone make them meet
};

const char* KinshipName(Kinship k) {
  switch (k) {
    case Kinship::kSameUnit:
      return "stessa disposizione";
    case Kinship::kSameSection:
      return "stessa sezione";
    case Kinship::kSummary:
      return "riepilogo e disposizione";
    case Kinship::kTwinGap:
      return "precedenza dichiarata sul gemello";
    case Kinship::kSharedFact:
      return "fatti in comune";
    case Kinship::kFreeFacts:
      break;
  }
  return "solo fatti liberi";
}

// A reader of one provision meets the other (its siblings, its summary row, its
// twin's precedence): an error (the committed corpus has none left). Cases that meet
// only through facts tested by one of them, or share only their setting (an
// infringement during a procedure, two steps of one procedure): info.
Severity SeverityOf(Kinship k) {
  return k < Kinship::kSharedFact ? Severity::kError : Severity::kInfo;
}

int SectionOf(const UnitRef& u) {
  int p = u.get().parent;
  if (p >= 0 && u.book->units[p].kind == UnitKind::kTable) p = u.book->units[p].parent;
  return p;
}

bool SameDecision(const GameCase& a, const GameCase& b) {
  const CaseScope merged = Intersect(a.entry.scope, b.entry.scope);
  return !DecisionsDiffer(Decisive(*a.entry.c, merged), Decisive(*b.entry.c, merged));
}

// `w` is declared to win over a case that states `other`'s decision for part of
// `other`'s situation, but not over `other`.
// Returns the twin, or -1.
long TwinGap(const Corpus& corpus, const std::vector<GameCase>& cases, const Precedence& precedence,
             size_t w, size_t other) {
  for (size_t t : precedence.Beats(w)) {
    if (t == other) continue;
    const GameCase& twin = cases[t];
    const GameCase& o = cases[other];
    // A twin states the same situation: a summary of it, the same infringement, or
    // facts nested in the other's (the old check's SameSubject).
    const bool same_situation = Summarises(corpus, twin.entry.ref, o.entry.ref) ||
                                Summarises(corpus, o.entry.ref, twin.entry.ref) ||
                                SameSubject(twin.entry.scope, o.entry.scope);
    if (same_situation && Compatible(twin.entry.scope, o.entry.scope) && SameDecision(twin, o))
      return static_cast<long>(t);
  }
  return -1;
}

// The two test a common fact that says what happened (the phrasing roles what, object,
// state, how, or a fact without phrasing), not only when, where, who or how often:
// sibling provisions share their section's setting, and a step of a procedure is no
// rival of the next one unless both speak of the same event.
bool SharesWhat(const Corpus& corpus, const std::string& game, const CaseScope& a,
                const CaseScope& b) {
  const Phrasing* phrasing = corpus.FindPhrasing(game);
  for (const auto& [fact, allowed] : a.facts) {
    if (!b.facts.count(fact)) continue;
    const PhraseFact* pf = phrasing ? phrasing->FindFact(fact) : nullptr;
    const std::string role = pf ? pf->role : "";
    if (role != "when" && role != "where" && role != "who" && role != "often") return true;
  }
  return false;
}

// `twin` is set to the twin of a kTwinGap.
Kinship KinshipOf(const Corpus& corpus, const std::vector<GameCase>& cases,
                  const Precedence& precedence, size_t i, size_t j, long* twin) {
  const UnitRef &a = cases[i].entry.ref, &b = cases[j].entry.ref;
  if (a == b) return Kinship::kSameUnit;
  if (a.book == b.book && SectionOf(a) == SectionOf(b) &&
      SharesWhat(corpus, a.book->game, cases[i].entry.scope, cases[j].entry.scope))
    return Kinship::kSameSection;
  if (Summarises(corpus, a, b) || Summarises(corpus, b, a)) return Kinship::kSummary;
  *twin = TwinGap(corpus, cases, precedence, i, j);
  if (*twin < 0) *twin = TwinGap(corpus, cases, precedence, j, i);
  if (*twin >= 0) return Kinship::kTwinGap;
  if (SharedFacts(cases[i].entry.scope, cases[j].entry.scope) > 0) return Kinship::kSharedFact;
  return Kinship::kFreeFacts;
}

// Whenever both apply, a third case of the same variant applies too (the situation where
// both hold satisfies its conditions) and is declared to win over both: the engine
// removes both.
bool SettledByThird(const std::vector<GameCase>& cases, const Precedence& precedence, size_t i,
                    size_t j, const CaseScope& both) {
  for (size_t k = 0; k < precedence.size(); ++k) {
    if (k == i || k == j || !precedence.Beats(k, i) || !precedence.Beats(k, j)) continue;
    if (cases[k].variant == cases[i].variant && AtLeastAsSpecific(both, cases[k].entry.scope))
      return true;
  }
  return false;
}

// Rows of one decision table (TABLE-OVERLAP) and an abridged unit against the full
// provision it summarises (ABRIDGED-CONTRADICTION) have their own findings.
bool JudgedElsewhere(const Corpus& corpus, const UnitRef& a, const UnitRef& b) {
  if (SameTable(a, b)) return true;
  if (a.book == b.book) return false;
  const bool abridged = a.book->summarises == b.book->doc || b.book->summarises == a.book->doc;
  return abridged && (Summarises(corpus, a, b) || Summarises(corpus, b, a));
}

void CheckAmbiguous(FindingSink& sink, const std::vector<const Rulebook*>& books,
                    const std::set<std::pair<const Case*, const Case*>>& reported) {
  std::vector<GameCase> cases;
  for (const Rulebook* book : books) {
    for (CaseEntry& e : CasesOf(sink.corpus(), *book)) {
      GameCase g;
      g.variant = VariantOf(e.ref, e.c);
      for (const auto& [fact, allowed] : e.scope.facts) g.facts.insert(fact);
      g.entry = std::move(e);
      cases.push_back(std::move(g));
    }
  }
  const Precedence precedence(sink.corpus(), cases);
  for (size_t i = 0; i < cases.size(); ++i) {
    const GameCase& a = cases[i];
    if (a.entry.c->sanctions.empty()) continue;
    for (size_t j = i + 1; j < cases.size(); ++j) {
      const GameCase& b = cases[j];
      if (b.entry.c->sanctions.empty() || a.variant != b.variant) continue;
      if (!Compatible(a.entry.scope, b.entry.scope)) continue;
      // Cumulative sanctions complement any decision.
      const int la = DecisionLevel(*a.entry.c), lb = DecisionLevel(*b.entry.c);
      if (la < 0 || lb < 0 || (la == 0) != (lb == 0)) continue;
      const CaseScope merged = Intersect(a.entry.scope, b.entry.scope);
      const Signature da = Decisive(*a.entry.c, merged), db = Decisive(*b.entry.c, merged);
      if (la == 0 ? !CumulativesClash(da, db) : !DecisionsDiffer(da, db)) continue;
      if (precedence.Linked(i, j) || Absorbs(a, b) || Absorbs(b, a)) continue;
      if (SettledByThird(cases, precedence, i, j, merged)) continue;
      if (JudgedElsewhere(sink.corpus(), a.entry.ref, b.entry.ref)) continue;
      if (reported.count({a.entry.c, b.entry.c}) || reported.count({b.entry.c, a.entry.c}))
        continue;
      const Rulebook* from = a.entry.ref.book;
      const std::string both = CaseText(a, from) + "  ≠  " + CaseText(b, from) +
                               "; per esempio con " + ScopeText(merged);
      std::vector<UnitRef> units = {a.entry.ref};
      if (!(b.entry.ref == a.entry.ref)) units.push_back(b.entry.ref);
      if (RecordsContradiction(a.entry.ref, b.entry.ref)) {
        sink.Add("OVERLAP", Severity::kInfo, units,
                 "due casi possono valere insieme con decisioni diverse (contraddizione della "
                 "fonte annotata): " +
                     both);
      } else {
        long twin = -1;
        const Kinship kin = KinshipOf(sink.corpus(), cases, precedence, i, j, &twin);
        Finding& f = sink.Add(
            "CASE-AMBIGUOUS", SeverityOf(kin), units,
            "due casi possono valere per la stessa situazione con decisioni diverse, senza "
            "precedenza dichiarata (overrides) né regola più specifica né nota sulla "
            "fonte: " +
                both);
        if (twin >= 0) {
          const GameCase& t = cases[static_cast<size_t>(twin)];
          f.details.push_back("gemello con la precedenza: " + Name(t.entry.ref, from) + "/" +
                              t.entry.c->id);
        }
        f.details.push_back(std::string("legame: ") + KinshipName(kin));
      }
    }
  }
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
  std::set<std::pair<const Case*, const Case*>> reported;  // already a CONTRADICTION
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
      if (v == Verdict::kContradiction || v == Verdict::kIncomplete) reported.insert({a.c, b.c});
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
  // resolve weighs the cases of every document of the game, abridged ones included.
  std::vector<const Rulebook*> game_books = books;
  for (const Rulebook& book : sink.corpus().rulebooks) {
    if (!books.empty() && book.game == books.front()->game && !book.summarises.empty())
      game_books.push_back(&book);
  }
  CheckAmbiguous(sink, game_books, reported);
}

}  // namespace arbitro::check_detail
