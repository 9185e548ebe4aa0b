// WordSet (query/src/core/word_set.h): the readers' word lists, looked up by length and
// first byte before a binary search; they must answer exactly as the std::set they replace.
#include "core/word_set.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using arbitro::WordSet;

TEST_CASE("WordSet holds exactly its words", "[unit]") {
  const WordSet s = {"mio", "mia", "suo", "avversario", "mio"};
  CHECK(s.size() == 4);
  CHECK(s.contains("mio"));
  CHECK(s.contains("avversario"));
  CHECK(s.count("suo") == 1);
  // Same length and first byte as a member, not a member.
  CHECK_FALSE(s.contains("mie"));
  CHECK_FALSE(s.contains("sua"));
  // A prefix, an extension, another case, the empty word.
  CHECK_FALSE(s.contains("mi"));
  CHECK_FALSE(s.contains("mioo"));
  CHECK_FALSE(s.contains("Mio"));
  CHECK_FALSE(s.contains(""));
  CHECK(s.count("avversari") == 0);
}

TEST_CASE("WordSet iterates in sorted order, as a std::set", "[unit]") {
  const WordSet s = {"tre", "due", "uno", "due"};
  CHECK(std::vector<std::string>(s.begin(), s.end()) ==
        std::vector<std::string>{"due", "tre", "uno"});
}

TEST_CASE("WordSet takes words of any length and bytes", "[unit]") {
  const std::string long_word(70, 'a'), longer_word(80, 'a');
  const WordSet s = {"", "è", long_word};
  CHECK(s.contains(""));
  CHECK(s.contains("è"));
  CHECK_FALSE(s.contains("é"));  // same length, another second byte
  CHECK(s.contains(long_word));
  // Lengths from 63 bytes share a bit: the search still tells them apart.
  CHECK_FALSE(s.contains(longer_word));
}
