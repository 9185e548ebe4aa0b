#include "json.h"

#include <cmath>
#include <cstdio>

namespace arbitro::cli {

std::string JsonEscape(const std::string& s) {
  std::string out;
  out.reserve(s.size() + 2);
  for (unsigned char c : s) {
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
