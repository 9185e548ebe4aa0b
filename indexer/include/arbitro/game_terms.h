// arbitro/game_terms.h: per-game document frequencies of the word terms (no field
// prefix), kept in the Xapian database as user metadata so that the game a question's
// words point to costs one read per word, not its whole posting list.
//
// Format (index format 13): key kGameList → the games, one per line, in the order the
// counts number them; key kGameTermKey + term → for each game whose documents index
// the term, in increasing game number, two unsigned LEB128 numbers: the game's number
// and how many of its documents index the term. Terms longer than kMaxTerm bytes have
// no entry (read their posting list instead).
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace arbitro::game_terms {

inline constexpr const char* kGameList = "games";
inline constexpr const char* kGameTermKey = "g:";
inline constexpr size_t kMaxTerm = 200;

// Decodes one kGameTermKey value into (game number, documents) pairs; false when malformed.
bool Decode(const std::string& value, std::vector<std::pair<unsigned, unsigned>>* out);

}  // namespace arbitro::game_terms
