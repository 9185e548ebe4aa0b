// Internal UTF-8 text helpers of arbitro_schema. Character classes follow Python's
// str.isspace() and the regex class \w, because the corpus checks must agree with the
// encoders' prototype checker (tools/checkcorpus.py).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arbitro::schema_detail {

// Decodes the code point at s[*i] and advances *i past it. Invalid or truncated
// sequences yield U+FFFD and advance by one byte.
char32_t DecodeUtf8(std::string_view s, size_t* i);

// Byte offset of the first invalid UTF-8 sequence (overlong forms, surrogates and
// values above U+10FFFF included), or std::string_view::npos when `s` is valid.
size_t FindInvalidUtf8(std::string_view s);

// Python's str.isspace().
bool IsSpace(char32_t cp);
// Python's \w on str (letters, digits, other numerics, underscore), by Unicode block.
bool IsWordChar(char32_t cp);

// Collapses every run of whitespace to one space and trims both ends.
std::string CollapseWhitespace(std::string_view s);

// Lower-cases ASCII and Latin-1 capitals (enough for Italian case-insensitive matching).
std::string LowerLatin(std::string_view s);

// Removes leading and trailing whitespace.
std::string_view Trim(std::string_view s);

}  // namespace arbitro::schema_detail
