#include "json.h"

#include <charconv>
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

// Calls emit(data, size) with the JSON-escaped form of `s`, in runs: the bytes that stay
// as they are go out in one piece between escapes. JSON text must be UTF-8: invalid
// bytes (from user input) become U+FFFD.
template <typename Emit>
void EscapeRuns(const std::string& s, Emit&& emit) {
  size_t run = 0;  // where the pending run of unchanged bytes starts
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {  // most bytes: plain ASCII
      ++i;
      continue;
    }
    const char* escaped = nullptr;
    size_t length = 2;
    char code[8];
    if (c >= 0x80) {
      const size_t n = Utf8Length(s, i);
      if (n != 0) {
        i += n;
        continue;
      }
      escaped = "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      length = 3;
    } else {
      switch (c) {
        case '"': escaped = "\\\""; break;
        case '\\': escaped = "\\\\"; break;
        case '\n': escaped = "\\n"; break;
        case '\t': escaped = "\\t"; break;
        case '\r': escaped = "\\r"; break;
        default:
          if (c < 0x20) {
            std::snprintf(code, sizeof code, "\\u%04x", c);
            escaped = code;
            length = 6;
          }
      }
    }
    if (escaped == nullptr) {
      ++i;
      continue;
    }
    if (i > run) emit(s.data() + run, i - run);
    emit(escaped, length);
    run = ++i;
  }
  if (s.size() > run) emit(s.data() + run, s.size() - run);
}

}  // namespace

std::string JsonEscape(const std::string& s) {
  std::string out;
  out.reserve(s.size() + 2);
  EscapeRuns(s, [&](const char* data, size_t size) { out.append(data, size); });
  return out;
}

// Straight to the stream's buffer: a formatted insertion per token (its sentry, its
// flags) cost more than the bytes. A short write marks the stream bad, as << would.
void JsonWriter::Write(const char* data, size_t size) {
  if (out_.rdbuf()->sputn(data, static_cast<std::streamsize>(size)) !=
      static_cast<std::streamsize>(size)) {
    out_.setstate(std::ios::badbit);
  }
}

void JsonWriter::Put(char c) { Write(&c, 1); }

void JsonWriter::Quoted(const std::string& text) {
  Put('"');
  EscapeRuns(text, [&](const char* data, size_t size) { Write(data, size); });
  Put('"');
}

void JsonWriter::Separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) Put(',');
    first_.back() = false;
  }
}

JsonWriter& JsonWriter::BeginObject() {
  Separate();
  Put('{');
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::EndObject() {
  Put('}');
  first_.pop_back();
  return *this;
}
JsonWriter& JsonWriter::BeginArray() {
  Separate();
  Put('[');
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::EndArray() {
  Put(']');
  first_.pop_back();
  return *this;
}
JsonWriter& JsonWriter::Key(const std::string& key) {
  Separate();
  Quoted(key);
  Put(':');
  after_key_ = true;
  return *this;
}
JsonWriter& JsonWriter::String(const std::string& value) {
  Separate();
  Quoted(value);
  return *this;
}
JsonWriter& JsonWriter::Number(double value) {
  Separate();
  if (!std::isfinite(value)) {
    Write("null", 4);
  } else {
    char buf[32];
    const int n = std::snprintf(buf, sizeof buf, "%.6g", value);
    Write(buf, static_cast<size_t>(n));
  }
  return *this;
}
JsonWriter& JsonWriter::Int(long long value) {
  Separate();
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, value).ptr;
  Write(buf, static_cast<size_t>(end - buf));
  return *this;
}
JsonWriter& JsonWriter::Bool(bool value) {
  Separate();
  if (value) {
    Write("true", 4);
  } else {
    Write("false", 5);
  }
  return *this;
}
JsonWriter& JsonWriter::Null() {
  Separate();
  Write("null", 4);
  return *this;
}
JsonWriter& JsonWriter::StringOrNull(const std::string& value) {
  return value.empty() ? Null() : String(value);
}
void JsonWriter::Finish() { Put('\n'); }

}  // namespace arbitro::cli
