// DiffDraft, stage 2: every unit of the encoded document aligned into the draft's
// words (see draft_internal.h). Candidate places come from the unit's word trigrams found
// in the draft; each is scored by a local alignment of words in a window around it; the
// best place over kAligned is taken, units in order of confidence, spans never shared.
#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "committee/draft_internal.h"

namespace arbitro::draft_detail {
namespace {

constexpr double kAligned = 0.5;    // share of a unit's words found in order at one place
constexpr size_t kWindowSlack = 8;  // extra draft words a window may hold around a unit
constexpr int kCandidates = 4;      // places tried per unit
constexpr double kTie = 0.05;       // places this close in score are equally good

// Local alignment of a unit's words (a) in a window of the draft (b), Smith-Waterman
// on words: a match scores kMatch, a gap or a substitution costs kGap. Unlike a longest
// common subsequence it does not reach for a stray "non" or "di" of the neighbouring
// paragraph to extend the match. Returns the matched pairs (index in a, index in b).
constexpr int kMatch = 2, kGap = 1;
std::vector<std::pair<size_t, size_t>> Align(const std::vector<Word>& a,
                                             const std::vector<Word>& b) {
  const size_t m = a.size(), n = b.size();
  std::vector<std::vector<int>> h(m + 1, std::vector<int>(n + 1, 0));
  int best = 0;
  size_t bi = 0, bj = 0;
  for (size_t i = 1; i <= m; ++i) {
    for (size_t j = 1; j <= n; ++j) {
      const int diag = h[i - 1][j - 1] + (a[i - 1].folded == b[j - 1].folded ? kMatch : -kGap);
      h[i][j] = std::max({0, diag, h[i - 1][j] - kGap, h[i][j - 1] - kGap});
      if (h[i][j] > best) best = h[i][j], bi = i, bj = j;
    }
  }
  std::vector<std::pair<size_t, size_t>> pairs;
  size_t i = bi, j = bj;
  while (i > 0 && j > 0 && h[i][j] > 0) {
    const bool same = a[i - 1].folded == b[j - 1].folded;
    if (h[i][j] == h[i - 1][j - 1] + (same ? kMatch : -kGap)) {
      if (same) pairs.emplace_back(i - 1, j - 1);
      --i, --j;
    } else if (h[i][j] == h[i - 1][j] - kGap) {
      --i;
    } else {
      --j;
    }
  }
  std::reverse(pairs.begin(), pairs.end());
  return pairs;
}

std::string Gram(const std::vector<Word>& w, size_t i, size_t n) {
  std::string g;
  for (size_t k = 0; k < n; ++k) g += w[i + k].folded + " ";
  return g;
}

}  // namespace

DraftAlignment AlignUnits(const Rulebook& doc, const std::vector<UnitWords>& units,
                          const std::vector<Word>& furniture, const std::vector<Word>& draft) {
  DraftAlignment result;
  // Trigram index of the draft.
  std::unordered_map<std::string, std::vector<size_t>> grams;
  for (size_t i = 0; i + 3 <= draft.size(); ++i) grams[Gram(draft, i, 3)].push_back(i);

  // Every place a unit's words align at, best first.
  auto align = [&](const std::vector<Word>& words, std::vector<char>& taken) {
    std::vector<Alignment> found;
    if (words.empty()) return found;
    const size_t n = std::min<size_t>(3, words.size());
    std::map<long long, int> votes;  // candidate start → trigrams agreeing
    if (n == 3) {
      for (size_t i = 0; i + 3 <= words.size(); ++i) {
        auto it = grams.find(Gram(words, i, 3));
        if (it == grams.end() || it->second.size() > 50) continue;
        for (size_t p : it->second) {
          // Words another unit (or the furniture) holds do not vote.
          if (!taken[p]) ++votes[static_cast<long long>(p) - static_cast<long long>(i)];
        }
      }
    } else {
      for (size_t p = 0; p + n <= draft.size(); ++p) {
        bool same = true;
        for (size_t k = 0; k < n && same; ++k) same = draft[p + k].folded == words[k].folded;
        if (same && !taken[p]) ++votes[static_cast<long long>(p)];
      }
    }
    std::vector<std::pair<int, long long>> ranked;
    for (const auto& [start, v] : votes) ranked.emplace_back(v, start);
    std::sort(ranked.rbegin(), ranked.rend());
    for (int c = 0; c < kCandidates && c < static_cast<int>(ranked.size()); ++c) {
      const long long s = ranked[c].second;
      const size_t from = static_cast<size_t>(std::max<long long>(0, s - long(kWindowSlack)));
      const size_t to = std::min(draft.size(), static_cast<size_t>(std::max<long long>(0, s)) +
                                                   words.size() + kWindowSlack);
      if (from >= to) continue;
      // Taken words are masked so two units never share a span.
      std::vector<Word> window(draft.begin() + from, draft.begin() + to);
      for (size_t k = 0; k < window.size(); ++k) {
        if (taken[from + k]) window[k].folded.assign(1, '\x01');  // (not = "\x01": a GCC 12 -Wrestrict false positive)
      }
      auto pairs = Align(words, window);
      if (pairs.empty()) continue;
      const size_t first = from + pairs.front().second, last = from + pairs.back().second;
      const double span = static_cast<double>(last - first + 1);
      const double score = pairs.size() / std::max<double>(words.size(), span);
      Alignment a;
      a.score = score;
      a.first = first;
      a.last = last;
      for (auto [x, y] : pairs) a.pairs.emplace_back(x, from + y);
      found.push_back(std::move(a));
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const Alignment& x, const Alignment& y) { return x.score > y.score; });
    return found;
  };

  // Align the units, most distinctive (longest) first, so that a short unit cannot take
  // the place of a long one that contains its words.
  std::vector<char>& taken = result.taken;
  taken.assign(draft.size(), kFree);
  std::vector<int> order;
  for (const UnitWords& uw : units) {
    if (!uw.body.empty()) order.push_back(uw.unit);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return units[a].body.size() > units[b].body.size(); });
  // Pass 1: units with one clearly best place. Pass 2, in document order: units whose
  // text stands several times (repeated paragraphs, summary rows) take the place that
  // lies between their aligned neighbours.
  std::map<int, Alignment>& aligned = result.aligned;
  auto take = [&](int u, Alignment a) {
    a.unit = u;
    for (size_t k = a.first; k <= a.last; ++k) taken[k] = kUnit;
    aligned[u] = std::move(a);
  };
  std::vector<int> ambiguous;
  for (int u : order) {
    std::vector<Alignment> found = align(units[u].body, taken);
    if (found.empty() || found[0].score < kAligned) continue;
    if (found.size() > 1 && found[1].score >= found[0].score - kTie) {
      ambiguous.push_back(u);
      continue;
    }
    take(u, std::move(found[0]));
  }
  std::sort(ambiguous.begin(), ambiguous.end());
  for (int u : ambiguous) {
    std::vector<Alignment> found = align(units[u].body, taken);
    if (found.empty() || found[0].score < kAligned) continue;
    // The nearest aligned units before and after it in the document.
    size_t after = 0, before = draft.size();
    auto next = aligned.upper_bound(u);
    if (next != aligned.end()) before = next->second.first;
    if (next != aligned.begin()) after = std::prev(next)->second.last;
    size_t pick = 0;
    for (size_t k = 0; k < found.size(); ++k) {
      if (found[k].score < found[0].score - kTie) break;
      if (found[k].first >= after && found[k].last <= before) {
        pick = k;
        break;
      }
    }
    take(u, std::move(found[pick]));
  }
  // Printed numbers just before each aligned unit.
  for (auto& [u, a] : aligned) {
    const auto& num = units[u].num;
    if (num.empty()) continue;
    const size_t from = a.first >= num.size() + 2 ? a.first - num.size() - 2 : 0;
    for (size_t k = from; k < a.first; ++k) {
      if (!taken[k] && draft[k].folded == num.back().folded) {
        for (size_t j = k + 1 - std::min(k + 1, num.size()); j <= k; ++j) taken[j] = kUnit;
      }
    }
  }
  // The encoded document's own furniture (captions, page headers, its table of
  // contents) where it stands in the draft.
  {
    std::unordered_map<std::string, int> furniture_grams;
    for (size_t i = 0; i + 3 <= furniture.size(); ++i) ++furniture_grams[Gram(furniture, i, 3)];
    for (size_t i = 0; i + 3 <= draft.size(); ++i) {
      if (furniture_grams.count(Gram(draft, i, 3))) {
        for (size_t k = i; k < i + 3; ++k) {
          if (!taken[k]) taken[k] = kFurniture;
        }
      }
    }
  }

  // Order of the aligned units in the draft against the document: the longest run in
  // the same order stays; the others moved.
  std::vector<int> doc_order;
  // Provisions and rows only: a short heading is no reliable anchor of the order.
  for (const auto& [u, a] : aligned) {
    if (doc.units[u].citable()) doc_order.push_back(u);  // ascending unit index
  }
  std::set<int>& in_order = result.in_order;
  {
    const size_t n = doc_order.size();
    std::vector<size_t> len(n, 1), prev(n, SIZE_MAX);
    size_t best = 0;
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (aligned[doc_order[j]].first < aligned[doc_order[i]].first && len[j] + 1 > len[i]) {
          len[i] = len[j] + 1;
          prev[i] = j;
        }
      }
      if (len[i] > len[best]) best = i;
    }
    for (size_t i = n ? best : SIZE_MAX; i != SIZE_MAX; i = prev[i]) in_order.insert(doc_order[i]);
  }
  return result;
}

}  // namespace arbitro::draft_detail
