// A small streaming JSON writer: the one output interface for --json.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace arbitro::cli {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}
  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  JsonWriter& Key(const std::string& key);
  JsonWriter& String(const std::string& value);
  JsonWriter& Number(double value);
  JsonWriter& Int(long long value);
  JsonWriter& Bool(bool value);
  JsonWriter& Null();
  // A string, or null when empty.
  JsonWriter& StringOrNull(const std::string& value);
  JsonWriter& Field(const std::string& key, const std::string& value) { return Key(key).String(value); }
  // Ends the document with a newline.
  void Finish();

 private:
  void Separate();
  void Write(const char* data, size_t size);
  void Put(char c);
  void Quoted(const std::string& text);  // "text", escaped
  std::ostream& out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

std::string JsonEscape(const std::string& s);

}  // namespace arbitro::cli
