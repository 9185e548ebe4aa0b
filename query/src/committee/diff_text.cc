#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

#include "committee/diff_internal.h"

namespace arbitro::diff_detail {
namespace {

constexpr size_t kMaxCells = 16u * 1024 * 1024;  // LCS table limit (uint16 cells: 32 MiB)

std::vector<std::string> SplitWords(const std::string& text) {
  std::vector<std::string> words;
  size_t start = 0;
  while (start < text.size()) {
    while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
    size_t end = start;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    if (end > start) words.push_back(text.substr(start, end - start));
    start = end;
  }
  return words;
}

void Push(std::vector<WordEdit>* out, WordEdit::Op op, const std::string& word) {
  if (!out->empty() && out->back().op == op) {
    out->back().text += " " + word;
  } else {
    out->push_back({op, word});
  }
}

}  // namespace

std::vector<WordEdit> Redline(const std::string& old_text, const std::string& new_text) {
  const std::vector<std::string> a = SplitWords(old_text), b = SplitWords(new_text);
  std::vector<WordEdit> out;
  // Common prefix and suffix first: most edits touch a few words of a long text.
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix]) {
    ++suffix;
  }
  for (size_t i = 0; i < prefix; ++i) Push(&out, WordEdit::Op::kEqual, a[i]);
  const size_t n = a.size() - prefix - suffix, m = b.size() - prefix - suffix;
  if ((n + 1) * (m + 1) > kMaxCells || n > UINT16_MAX || m > UINT16_MAX) {
    for (size_t i = 0; i < n; ++i) Push(&out, WordEdit::Op::kDelete, a[prefix + i]);
    for (size_t j = 0; j < m; ++j) Push(&out, WordEdit::Op::kInsert, b[prefix + j]);
  } else {
    // lcs[i][j]: LCS length of a[prefix+i..] and b[prefix+j..].
    std::vector<uint16_t> lcs((n + 1) * (m + 1), 0);
    auto at = [&](size_t i, size_t j) -> uint16_t& { return lcs[i * (m + 1) + j]; };
    for (size_t i = n; i-- > 0;) {
      for (size_t j = m; j-- > 0;) {
        at(i, j) = a[prefix + i] == b[prefix + j] ? static_cast<uint16_t>(at(i + 1, j + 1) + 1)
                                                  : std::max(at(i + 1, j), at(i, j + 1));
      }
    }
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[prefix + i] == b[prefix + j]) {
        Push(&out, WordEdit::Op::kEqual, a[prefix + i]);
        ++i, ++j;
      } else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1))) {
        Push(&out, WordEdit::Op::kDelete, a[prefix + i]);
        ++i;
      } else {
        Push(&out, WordEdit::Op::kInsert, b[prefix + j]);
        ++j;
      }
    }
  }
  for (size_t k = a.size() - suffix; k < a.size(); ++k) Push(&out, WordEdit::Op::kEqual, a[k]);
  return out;
}

}  // namespace arbitro::diff_detail
