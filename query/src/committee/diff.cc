// DiffRulebooks: matches the units of two editions and describes each change.
//
// Provisions and rows are matched (1) by eId when their texts are still alike, (2) by
// text similarity among the rest (renumbered or moved units), then (3) split and join
// are recognised from word containment; what is left is inserted or repealed. Rules,
// sections and tables follow their contents: a structure unit is matched to the new
// unit that holds most of its matched provisions, else by eId and heading.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "committee/check_logic.h"
#include "committee/diff_internal.h"

namespace arbitro {
namespace diff_detail {
namespace {

using check_detail::Similarity;
using check_detail::SortedContainment;
using check_detail::SortedSimilarity;
using check_detail::Words;

constexpr double kKeepById = 0.5;       // an eId match is kept at this similarity or above
constexpr double kMoved = 0.5;          // unmatched units this similar are the same unit
constexpr double kIdBonus = 0.1;        // preference for the same eId among similar candidates
constexpr double kPart = 0.8;           // a part of a split/join: share of its words in the whole
constexpr double kCovered = 0.8;        // the parts together hold this share of the whole's words
constexpr double kAlreadyWhole = 0.85;  // one part alone this close is a reword, not a split
constexpr double kSameHeading = 0.8;

bool IsStructure(const Unit& u) {
  return u.kind == UnitKind::kRule || u.kind == UnitKind::kSection || u.kind == UnitKind::kTable;
}

std::string UnitText(const Unit& u) {
  if (u.citable()) return u.text;
  return u.num.empty() ? u.heading : u.heading.empty() ? u.num : u.num + " " + u.heading;
}

struct Side {
  const Rulebook* book;
  std::vector<int> units;  // compared units, document order
  std::map<int, std::vector<std::string>> words;
  std::map<int, int> partner;  // unit -> unit of the other side
};

// One match between the editions (one to one, or one to many for split / join).
struct Match {
  std::vector<int> old_units, new_units;
  std::string type;  // "" (matched), split, join, insertion, repeal
};

class Differ {
 public:
  Differ(const Rulebook& old_doc, const Rulebook& new_doc)
      : old_{&old_doc, {}, {}, {}}, new_{&new_doc, {}, {}, {}} {
    Collect(&old_);
    Collect(&new_);
  }

  void Run(DiffResult* result) {
    MatchCitableById();
    MatchCitableBySimilarity();
    FindSplits();
    FindJoins();
    MatchStructure();
    Describe(result);
  }

 private:
  static void Collect(Side* side) {
    const Rulebook& book = *side->book;
    for (size_t i = 0; i < book.units.size(); ++i) {
      const Unit& u = book.units[i];
      if (u.eid.empty() || u.kind == UnitKind::kBlock) continue;
      side->units.push_back(static_cast<int>(i));
      std::vector<std::string> words = Words(UnitText(u));
      std::sort(words.begin(), words.end());
      side->words[static_cast<int>(i)] = std::move(words);
    }
  }

  const Unit& O(int i) const { return old_.book->units[i]; }
  const Unit& N(int i) const { return new_.book->units[i]; }
  double Sim(int o, int n) const { return SortedSimilarity(old_.words.at(o), new_.words.at(n)); }

  void Pair(int o, int n) {
    old_.partner[o] = n;
    new_.partner[n] = o;
  }
  void Unpair(int o) {
    auto it = old_.partner.find(o);
    if (it == old_.partner.end()) return;
    new_.partner.erase(it->second);
    old_.partner.erase(it);
  }

  void MatchCitableById() {
    for (int o : old_.units) {
      if (!O(o).citable()) continue;
      const int n = new_.book->Find(O(o).eid);
      if (n < 0 || N(n).kind != O(o).kind) continue;
      if (O(o).text == N(n).text || Sim(o, n) >= kKeepById) Pair(o, n);
    }
  }

  void MatchCitableBySimilarity() {
    struct Candidate {
      double score;
      int o, n;
    };
    std::vector<Candidate> candidates;
    for (int o : old_.units) {
      if (!O(o).citable() || old_.partner.count(o)) continue;
      for (int n : new_.units) {
        if (N(n).kind != O(o).kind || new_.partner.count(n)) continue;
        // Dice cannot exceed 2·min/(sum): skip pairs of very different lengths.
        const size_t a = old_.words.at(o).size(), b = new_.words.at(n).size();
        if (2.0 * static_cast<double>(std::min(a, b)) < kMoved * static_cast<double>(a + b))
          continue;
        const double s = Sim(o, n);
        if (s < kMoved) continue;
        candidates.push_back({s + (O(o).eid == N(n).eid ? kIdBonus : 0), o, n});
      }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
    for (const Candidate& c : candidates) {
      if (old_.partner.count(c.o) || new_.partner.count(c.n)) continue;
      Pair(c.o, c.n);
    }
  }

  static std::vector<std::string> Concat(const Side& side, const std::vector<int>& units) {
    std::vector<std::string> all;
    for (int u : units) {
      const auto& w = side.words.at(u);
      all.insert(all.end(), w.begin(), w.end());
    }
    std::sort(all.begin(), all.end());
    return all;
  }

  // `whole` (one side) became `parts` (other side): a part it was matched to, plus
  // unmatched units whose words are mostly in `whole`.
  bool FindParts(const Side& whole_side, int whole, const Side& parts_side,
                 std::vector<int>* parts) const {
    const std::vector<std::string>& whole_words = whole_side.words.at(whole);
    const Unit& w = whole_side.book->units[whole];
    auto matched = whole_side.partner.find(whole);
    if (matched != whole_side.partner.end()) {
      const auto& words = parts_side.words.at(matched->second);
      if (SortedContainment(words, whole_words) < kPart ||
          SortedContainment(whole_words, words) >= kAlreadyWhole) {
        return false;
      }
      parts->push_back(matched->second);
    }
    for (int p : parts_side.units) {
      const Unit& u = parts_side.book->units[p];
      if (u.kind != w.kind || parts_side.partner.count(p) || taken_.count({&parts_side, p}))
        continue;
      if (parts_side.words.at(p).size() < 3) continue;
      if (SortedContainment(parts_side.words.at(p), whole_words) >= kPart) parts->push_back(p);
    }
    if (parts->size() < 2) return false;
    std::sort(parts->begin(), parts->end());
    return SortedContainment(whole_words, Concat(parts_side, *parts)) >= kCovered;
  }

  void FindSplits() {
    for (int o : old_.units) {
      if (!O(o).citable()) continue;
      std::vector<int> parts;
      if (!FindParts(old_, o, new_, &parts)) continue;
      Unpair(o);
      for (int p : parts) taken_.insert({&new_, p});
      taken_.insert({&old_, o});
      groups_.push_back({{o}, parts, "split"});
    }
  }

  void FindJoins() {
    for (int n : new_.units) {
      if (!N(n).citable() || taken_.count({&new_, n})) continue;
      std::vector<int> parts;
      if (!FindParts(new_, n, old_, &parts)) continue;
      for (int p : parts) {
        Unpair(p);
        taken_.insert({&old_, p});
      }
      auto it = new_.partner.find(n);
      if (it != new_.partner.end()) Unpair(it->second);
      taken_.insert({&new_, n});
      groups_.push_back({parts, {n}, "join"});
    }
  }

  // The nearest ancestor of a new unit with the given kind.
  std::vector<int> NewAncestors(int n, UnitKind kind) const {
    std::vector<int> out;
    for (int i = N(n).parent; i >= 0; i = N(i).parent) {
      if (N(i).kind == kind) out.push_back(i);
    }
    return out;
  }

  void CitableDescendants(int o, std::vector<int>* out) const {
    for (int child : O(o).children) {
      if (O(child).citable()) out->push_back(child);
      CitableDescendants(child, out);
    }
  }

  void MatchStructure() {
    // Votes: old structure unit -> new structure unit holding its matched contents.
    for (int o : old_.units) {
      if (!IsStructure(O(o))) continue;
      std::vector<int> contents;
      CitableDescendants(o, &contents);
      std::map<int, int> votes;
      int matched = 0;
      for (int d : contents) {
        std::vector<int> partners;
        if (auto it = old_.partner.find(d); it != old_.partner.end())
          partners.push_back(it->second);
        for (const Match& g : groups_) {
          if (std::find(g.old_units.begin(), g.old_units.end(), d) != g.old_units.end()) {
            partners.insert(partners.end(), g.new_units.begin(), g.new_units.end());
          }
        }
        if (partners.empty()) continue;
        ++matched;
        std::set<int> voted;
        for (int p : partners) {
          for (int a : NewAncestors(p, O(o).kind)) voted.insert(a);
        }
        for (int a : voted) ++votes[a];
      }
      int best = -1, best_votes = 0;
      for (const auto& [n, v] : votes) {
        if (new_.partner.count(n)) continue;
        // The outermost holder wins ties (map order): an inner old section finds the inner one.
        if (v > best_votes) best = n, best_votes = v;
      }
      if (best >= 0 && 2 * best_votes > matched) {
        Pair(o, best);
        continue;
      }
      const int n = new_.book->Find(O(o).eid);
      if (n >= 0 && N(n).kind == O(o).kind && !new_.partner.count(n) && votes.empty()) Pair(o, n);
    }
    // Structure units without contents: by heading.
    for (int o : old_.units) {
      if (!IsStructure(O(o)) || old_.partner.count(o)) continue;
      for (int n : new_.units) {
        if (N(n).kind != O(o).kind || new_.partner.count(n)) continue;
        if (!O(o).heading.empty() &&
            Similarity(Words(O(o).heading), Words(N(n).heading)) >= kSameHeading) {
          Pair(o, n);
          break;
        }
      }
    }
  }

  // ------------------------------------------------------------ description

  std::string JoinTexts(const Side& side, const std::vector<int>& units) const {
    std::string out;
    for (int u : units) out += (out.empty() ? "" : "\n") + UnitText(side.book->units[u]);
    return out;
  }

  ProvisionChange Change(const std::vector<int>& olds, const std::vector<int>& news,
                         const std::string& type) const {
    ProvisionChange c;
    c.type = type;
    const Unit& any = olds.empty() ? N(news.front()) : O(olds.front());
    c.kind = UnitKindName(any.kind);
    for (int o : olds) c.old_ids.push_back(O(o).eid);
    for (int n : news) c.new_ids.push_back(N(n).eid);
    if (!olds.empty()) {
      c.old_label = old_.book->Label(olds.front());
      c.old_citation = old_.book->Citation(olds.front());
      c.old_text = JoinTexts(old_, olds);
    }
    if (!news.empty()) {
      c.new_label = new_.book->Label(news.front());
      c.new_citation = new_.book->Citation(news.front());
      c.new_text = JoinTexts(new_, news);
    }
    if (!olds.empty() && !news.empty()) {
      c.similarity = SortedSimilarity(Concat(old_, olds), Concat(new_, news));
      c.reworded = NormalizeSpaces(c.old_text) != NormalizeSpaces(c.new_text);
    } else {
      c.similarity = 0;
    }
    if (c.reworded || olds.empty() || news.empty()) c.redline = Redline(c.old_text, c.new_text);
    const bool structure = IsStructure(any);
    if (!structure) CompareLogic(LogicOf(*old_.book, olds), LogicOf(*new_.book, news), &c);
    if (olds.size() == 1 && news.size() == 1) {
      c.renumbered = O(olds[0]).eid != N(news[0]).eid || O(olds[0]).num != N(news[0]).num;
      if (c.renumbered && c.type.empty()) c.type = "renumbering";
    }
    if (c.type.empty()) c.type = "substitution";
    return c;
  }

  static std::string NormalizeSpaces(const std::string& s) {
    std::string out;
    for (char ch : s) {
      const bool space = ch == ' ' || ch == '\n' || ch == '\t';
      if (space) {
        if (!out.empty() && out.back() != ' ') out += ' ';
      } else {
        out += ch;
      }
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
  }

  static bool Changed(const ProvisionChange& c) {
    return c.renumbered || c.reworded || !c.cases.empty() || !c.params.empty();
  }

  void Describe(DiffResult* result) {
    // Position in the new edition, for ordering; repeals follow their old predecessor.
    std::map<int, double> old_position;
    double last = -0.5;
    for (int o : old_.units) {
      if (auto it = old_.partner.find(o); it != old_.partner.end()) last = it->second;
      for (const Match& g : groups_) {
        if (std::find(g.old_units.begin(), g.old_units.end(), o) != g.old_units.end())
          last = g.new_units.front();
      }
      old_position[o] = last + 0.25;
    }
    std::vector<std::pair<double, ProvisionChange>> changes;
    DiffSummary& s = result->summary;
    for (int o : old_.units) {
      auto it = old_.partner.find(o);
      if (it != old_.partner.end()) {
        ProvisionChange c = Change({o}, {it->second}, "");
        if (!Changed(c)) {
          ++s.unchanged;
          continue;
        }
        changes.emplace_back(it->second, std::move(c));
      } else if (!taken_.count({&old_, o})) {
        changes.emplace_back(old_position[o], Change({o}, {}, "repeal"));
      }
    }
    for (int n : new_.units) {
      if (!new_.partner.count(n) && !taken_.count({&new_, n})) {
        changes.emplace_back(n, Change({}, {n}, "insertion"));
      }
    }
    for (const Match& g : groups_) {
      changes.emplace_back(g.new_units.front(), Change(g.old_units, g.new_units, g.type));
    }
    std::stable_sort(changes.begin(), changes.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [position, c] : changes) {
      if (c.type == "insertion") ++s.added;
      if (c.type == "repeal") ++s.removed;
      if (c.type == "split") ++s.split;
      if (c.type == "join") ++s.joined;
      const bool matched = c.type != "insertion" && c.type != "repeal";
      if (matched) {
        s.renumbered += c.renumbered;
        s.reworded += c.reworded;
        s.sanction_changes += c.sanctions_changed();
        s.condition_changes += c.conditions_changed();
        s.param_changes += c.params_changed();
      }
      result->changes.push_back(std::move(c));
    }
  }

  Side old_, new_;
  std::vector<Match> groups_;                    // splits and joins
  std::set<std::pair<const Side*, int>> taken_;  // units inside a split or join
};

}  // namespace
}  // namespace diff_detail

bool ProvisionChange::sanctions_changed() const {
  return std::any_of(cases.begin(), cases.end(),
                     [](const CaseChange& c) { return c.sanctions_changed; });
}

bool ProvisionChange::conditions_changed() const {
  return std::any_of(cases.begin(), cases.end(),
                     [](const CaseChange& c) { return c.conditions_changed; });
}

Status DiffRulebooks(const Rulebook& old_doc, const Rulebook& new_doc, DiffResult* result) {
  if (old_doc.game != new_doc.game) {
    return Status::InvalidArgument("i due documenti sono di giochi diversi ('" + old_doc.doc +
                                   "' è di " + old_doc.game + ", '" + new_doc.doc + "' di " +
                                   new_doc.game + ")");
  }
  *result = DiffResult();
  result->game = new_doc.game;
  result->old_doc = old_doc.doc;
  result->new_doc = new_doc.doc;
  result->old_title = old_doc.title + (old_doc.edition.empty() ? "" : " " + old_doc.edition);
  result->new_title = new_doc.title + (new_doc.edition.empty() ? "" : " " + new_doc.edition);
  diff_detail::Differ(old_doc, new_doc).Run(result);
  return Status::OK();
}

}  // namespace arbitro
