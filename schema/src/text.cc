#include "text.h"

#include <array>
#include <utility>

namespace arbitro::schema_detail {
namespace {

constexpr char32_t kReplacement = 0xFFFD;

bool IsContinuation(unsigned char c) {
  return (c & 0xC0) == 0x80;
}

// Length of the valid sequence starting at s[i], or 0 when it is invalid.
size_t ValidSequenceLength(std::string_view s, size_t i) {
  const auto c0 = static_cast<unsigned char>(s[i]);
  if (c0 < 0x80) return 1;
  size_t len;
  char32_t min;
  if (c0 >= 0xC2 && c0 <= 0xDF) {
    len = 2, min = 0x80;
  } else if ((c0 & 0xF0) == 0xE0) {
    len = 3, min = 0x800;
  } else if (c0 >= 0xF0 && c0 <= 0xF4) {
    len = 4, min = 0x10000;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  char32_t cp = c0 & (0xFF >> (len + 1));
  for (size_t k = 1; k < len; ++k) {
    const auto c = static_cast<unsigned char>(s[i + k]);
    if (!IsContinuation(c)) return 0;
    cp = (cp << 6) | (c & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

struct Range {
  char32_t lo, hi;
};

// Non-ASCII code points that Python's \w accepts, by block; punctuation and symbols
// inside these blocks are listed in kNonWord.
constexpr std::array kWordRanges = {
    Range{0x00AA, 0x00AA}, Range{0x00B2, 0x00B3}, Range{0x00B5, 0x00B5}, Range{0x00B9, 0x00BA},
    Range{0x00BC, 0x00BE}, Range{0x00C0, 0x02C1}, Range{0x02C6, 0x02D1}, Range{0x02E0, 0x02E4},
    Range{0x0370, 0x0481}, Range{0x048A, 0x058F}, Range{0x05D0, 0x05F2}, Range{0x0620, 0x064A},
    Range{0x0660, 0x0669}, Range{0x0900, 0x0DFF}, Range{0x0E00, 0x0E30}, Range{0x10A0, 0x10FF},
    Range{0x1100, 0x11FF}, Range{0x1E00, 0x1FBC}, Range{0x2070, 0x2071}, Range{0x2074, 0x2079},
    Range{0x207F, 0x2089}, Range{0x2090, 0x209C}, Range{0x2150, 0x2189}, Range{0x2460, 0x249B},
    Range{0x24EA, 0x24FF}, Range{0x2776, 0x2793}, Range{0x3040, 0x30FF}, Range{0x3400, 0x9FFF},
    Range{0xAC00, 0xD7A3}, Range{0xFB00, 0xFB06}, Range{0xFB13, 0xFB17}, Range{0xFF10, 0xFF19},
    Range{0xFF21, 0xFF3A}, Range{0xFF41, 0xFF5A},
};
constexpr std::array<char32_t, 8> kNonWord = {0x00D7, 0x00F7, 0x0375, 0x037E,
                                              0x0384, 0x0385, 0x0387, 0x03F6};

}  // namespace

char32_t DecodeUtf8(std::string_view s, size_t* i) {
  const size_t len = ValidSequenceLength(s, *i);
  if (len == 0) {
    ++*i;
    return kReplacement;
  }
  const auto c0 = static_cast<unsigned char>(s[*i]);
  char32_t cp = len == 1 ? c0 : c0 & (0xFF >> (len + 1));
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[*i + k]) & 0x3F);
  *i += len;
  return cp;
}

size_t FindInvalidUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const size_t len = ValidSequenceLength(s, i);
    if (len == 0) return i;
    i += len;
  }
  return std::string_view::npos;
}

bool IsSpace(char32_t cp) {
  return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0 ||
         cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

bool IsWordChar(char32_t cp) {
  if (cp < 0x80) {
    return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') ||
           cp == '_';
  }
  for (char32_t c : kNonWord) {
    if (c == cp) return false;
  }
  for (const Range& r : kWordRanges) {
    if (cp >= r.lo && cp <= r.hi) return true;
  }
  return false;
}

std::string CollapseWhitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  for (size_t i = 0; i < s.size();) {
    const size_t start = i;
    const char32_t cp = DecodeUtf8(s, &i);
    if (IsSpace(cp)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.append(s.substr(start, i - start));
  }
  return out;
}

std::string LowerLatin(std::string_view s) {
  std::string out(s);
  for (size_t i = 0; i < out.size(); ++i) {
    auto c = static_cast<unsigned char>(out[i]);
    if (c >= 'A' && c <= 'Z') {
      out[i] = static_cast<char>(c + 32);
    } else if (c == 0xC3 && i + 1 < out.size()) {
      // U+00C0..U+00DE (except U+00D7) are encoded C3 80..C3 9E; lower case is +0x20.
      auto next = static_cast<unsigned char>(out[i + 1]);
      if (next >= 0x80 && next <= 0x9E && next != 0x97) out[i + 1] = static_cast<char>(next + 0x20);
      ++i;
    }
  }
  return out;
}

std::string_view Trim(std::string_view s) {
  size_t begin = 0, end = s.size();
  while (begin < end) {
    size_t i = begin;
    if (!IsSpace(DecodeUtf8(s, &i))) break;
    begin = i;
  }
  while (end > begin) {
    size_t start = end - 1;
    while (start > begin && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
    size_t i = start;
    if (!IsSpace(DecodeUtf8(s, &i))) break;
    end = start;
  }
  return s.substr(begin, end - begin);
}

}  // namespace arbitro::schema_detail
