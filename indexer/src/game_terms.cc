// Per-game document frequencies of the word terms (see game_terms.h).
#include "game_terms.h"

#include <algorithm>

#include "arbitro/game_terms.h"

namespace arbitro {
namespace {

void PutVarint(unsigned v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

bool GetVarint(const std::string& in, size_t* at, unsigned* v) {
  *v = 0;
  for (unsigned shift = 0; *at < in.size() && shift < 35; shift += 7) {
    const auto byte = static_cast<unsigned char>(in[(*at)++]);
    *v |= static_cast<unsigned>(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return true;
  }
  return false;
}

// A word term: no field prefix (prefixes are upper case, the thesaurus key '~').
bool IsWordTerm(const std::string& term) {
  return !term.empty() && term.size() <= game_terms::kMaxTerm &&
         !(term[0] >= 'A' && term[0] <= 'Z') && term[0] != '~';
}

}  // namespace

bool game_terms::Decode(const std::string& value, std::vector<std::pair<unsigned, unsigned>>* out) {
  out->clear();
  size_t at = 0;
  while (at < value.size()) {
    unsigned game = 0, docs = 0;
    if (!GetVarint(value, &at, &game) || !GetVarint(value, &at, &docs)) return false;
    out->emplace_back(game, docs);
  }
  return true;
}

GameTermCounts::GameTermCounts(std::vector<std::string> games) : games_(std::move(games)) {
  for (size_t g = 0; g < games_.size(); ++g) number_.emplace(games_[g], static_cast<unsigned>(g));
}

void GameTermCounts::Add(const std::string& game,
                         const std::unordered_map<std::string, unsigned>& terms) {
  auto it = number_.find(game);
  if (it == number_.end()) return;
  for (const auto& [term, wdf] : terms) AddTerm(it->second, term);
}

void GameTermCounts::AddTerm(unsigned g, const std::string& term) {
  if (!IsWordTerm(term)) return;
  auto& list = counts_[term];
  if (list.empty() || list.back().first != g) {
    list.emplace_back(g, 1);
  } else {
    ++list.back().second;
  }
}

void GameTermCounts::Merge(const GameTermCounts& other) {
  for (const auto& [term, theirs] : other.counts_) {
    auto& list = counts_[term];
    for (const auto& [g, n] : theirs) {
      if (!list.empty() && list.back().first == g) {
        list.back().second += n;
      } else {
        list.emplace_back(g, n);
      }
    }
  }
}

std::optional<bool> GameTermCounts::Holds(const std::string& term) const {
  if (!IsWordTerm(term)) return std::nullopt;
  return counts_.count(term) > 0;
}

void GameTermCounts::Write(DbOps* db) const {
  std::string names;
  for (const std::string& g : games_) names += g + "\n";
  db->Metadata(game_terms::kGameList, names);
  for (const auto& [term, list] : counts_) {
    // Increasing game numbers, as the format states; a game met twice is summed.
    std::vector<std::pair<unsigned, unsigned>> sorted = list;
    std::sort(sorted.begin(), sorted.end());
    std::string value;
    for (size_t i = 0; i < sorted.size();) {
      const unsigned g = sorted[i].first;
      unsigned docs = 0;
      for (; i < sorted.size() && sorted[i].first == g; ++i) docs += sorted[i].second;
      PutVarint(g, &value);
      PutVarint(docs, &value);
    }
    db->Metadata(game_terms::kGameTermKey + term, value);
  }
}

}  // namespace arbitro
