#include "json.h"

#include <cmath>
#include <cstdio>

namespace arbitro::cli {

namespace {

// Length of the valid UTF-8 sequence at s[i], 0 when the bytes there are not one.
size_t Utf8Length(const std::string& s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0) != 0x80) return 0;
  }
  // Overlong forms, surrogates and code points above U+10FFFF.
  if ((n == 2 && c < 0xC2) || (n == 3 && c == 0xE0 && b(1) < 0xA0) ||
      (n == 3 && c == 0xED && b(1) >= 0xA0) || (n == 4 && c == 0xF0 && b(1) < 0x90) ||
      (n == 4 && (c > 0xF4 || (c == 0xF4 && b(1) >= 0x90)))) {
    return 0;
  }
  return n;
}

}  // namespace

// JSON text must be UTF-8: invalid bytes (from user input) become U+FFFD.
std::string JsonEscape(const std::string& s) {
  std::string out;
  out.reserve(s.size() + 2);
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const size_t n = Utf8Length(s, i);
      if (n == 0) {
        out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      } else {
        out.append(s, i, n);
        i += n - 1;
      }
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  return out;
}

void JsonWriter::Separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_ << ',';
    first_.back() = false;
  }
}

JsonWriter& JsonWriter::BeginObject() {
  Separate();
  out_ << '{';
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::EndObject() {
  out_ << '}';
  first_.pop_back();
  return *this;
}
JsonWriter& JsonWriter::BeginArray() {
  Separate();
  out_ << '[';
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::EndArray() {
  out_ << ']';
  first_.pop_back();
  return *this;
}
JsonWriter& JsonWriter::Key(const std::string& key) {
  Separate();
  out_ << '"' << JsonEscape(key) << "\":";
  after_key_ = true;
  return *this;
}
JsonWriter& JsonWriter::String(const std::string& value) {
  Separate();
  out_ << '"' << JsonEscape(value) << '"';
  return *this;
}
JsonWriter& JsonWriter::Number(double value) {
  Separate();
  if (!std::isfinite(value)) {
    out_ << "null";
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", value);
    out_ << buf;
  }
  return *this;
}
JsonWriter& JsonWriter::Int(long long value) {
  Separate();
  out_ << value;
  return *this;
}
JsonWriter& JsonWriter::Bool(bool value) {
  Separate();
  out_ << (value ? "true" : "false");
  return *this;
}
JsonWriter& JsonWriter::Null() {
  Separate();
  out_ << "null";
  return *this;
}
JsonWriter& JsonWriter::StringOrNull(const std::string& value) {
  return value.empty() ? Null() : String(value);
}
void JsonWriter::Finish() { out_ << '\n'; }

}  // namespace arbitro::cli
