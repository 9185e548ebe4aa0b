// Per-game document frequencies of the word terms, counted while the Xapian documents
// are made and written as user metadata (format: arbitro/game_terms.h).
#pragma once

#include <xapian.h>

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "db_cache.h"

namespace arbitro {

class GameTermCounts {
 public:
  // `games`: every game of the corpus; a game's number is its position.
  explicit GameTermCounts(std::vector<std::string> games);
  // Counts the word terms of one document of `game`: the keys of `terms` (its terms,
  // each once, with their within-document frequencies).
  void Add(const std::string& game, const std::unordered_map<std::string, unsigned>& terms);
  // Adds the counts of `other` (documents of the same games).
  void Merge(const GameTermCounts& other);
  // Whether a counted document holds `term`; nothing when `term` is no word term
  // (such terms are not counted).
  std::optional<bool> Holds(const std::string& term) const;
  // Writes the game list and one entry per term.
  void Write(DbOps* db) const;

 private:
  void AddTerm(unsigned game, const std::string& term);
  std::vector<std::string> games_;
  std::map<std::string, unsigned> number_;
  // term → (game number, documents), games in the order first met (mostly increasing:
  // documents come game by game).
  std::unordered_map<std::string, std::vector<std::pair<unsigned, unsigned>>> counts_;
};

}  // namespace arbitro
