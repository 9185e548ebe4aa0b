// WordSet: an immutable list of words the readers look words up in ("mio", "ancora",
// "tira" …), with the lookup of a std::set<std::string> and a fraction of its cost.
//
// The readers ask each word of a description against dozens of such lists, and most
// words are in none: a lookup first rejects by the word's length and first byte (two
// bit tests), and only then binary-searches the sorted words. Iteration is in sorted
// order, as a std::set's.
#ifndef ARBITRO_QUERY_CORE_WORD_SET_H_
#define ARBITRO_QUERY_CORE_WORD_SET_H_

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace arbitro {

class WordSet {
 public:
  WordSet(std::initializer_list<std::string_view> words) : words_(words.begin(), words.end()) {
    std::sort(words_.begin(), words_.end());
    words_.erase(std::unique(words_.begin(), words_.end()), words_.end());
    for (const std::string& w : words_) {
      first_bytes_.set(w.empty() ? 0 : static_cast<unsigned char>(w[0]));
      lengths_ |= LengthBit(w.size());
    }
  }

  bool contains(std::string_view w) const {
    if (!(lengths_ & LengthBit(w.size()))) return false;
    if (!first_bytes_.test(w.empty() ? 0 : static_cast<unsigned char>(w[0]))) return false;
    return std::binary_search(words_.begin(), words_.end(), w,
                              [](std::string_view a, std::string_view b) { return a < b; });
  }
  // As std::set::count, so that call sites read the same.
  size_t count(std::string_view w) const { return contains(w) ? 1 : 0; }

  std::vector<std::string>::const_iterator begin() const { return words_.begin(); }
  std::vector<std::string>::const_iterator end() const { return words_.end(); }
  size_t size() const { return words_.size(); }

 private:
  // Lengths from 63 bytes up share the last bit.
  static uint64_t LengthBit(size_t n) { return uint64_t{1} << std::min<size_t>(n, 63); }

  std::vector<std::string> words_;  // sorted, unique
  std::bitset<256> first_bytes_;
  uint64_t lengths_ = 0;
};

}  // namespace arbitro

#endif  // ARBITRO_QUERY_CORE_WORD_SET_H_
