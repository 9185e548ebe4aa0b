// A minimal JSON parser for tests that check the --json contracts field by field.
#pragma once

#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbitro::test {

struct Json {
  enum class Type { kNull, kBool, kNumber, kString, kArray, kObject } type = Type::kNull;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Json> array;
  std::map<std::string, Json> object;

  bool Has(const std::string& key) const { return type == Type::kObject && object.count(key); }
  const Json& operator[](const std::string& key) const {
    auto it = object.find(key);
    if (type != Type::kObject || it == object.end()) throw std::runtime_error("no key " + key);
    return it->second;
  }
  const Json& operator[](size_t i) const { return array.at(i); }
  size_t size() const { return type == Type::kArray ? array.size() : object.size(); }
  bool IsNull() const { return type == Type::kNull; }

  // Throws std::runtime_error on malformed input (including trailing garbage).
  static Json Parse(const std::string& text) {
    size_t pos = 0;
    Json v = ParseValue(text, &pos);
    SkipWs(text, &pos);
    if (pos != text.size()) throw std::runtime_error("trailing data at " + std::to_string(pos));
    return v;
  }

 private:
  static void SkipWs(const std::string& t, size_t* p) {
    while (*p < t.size() && (t[*p] == ' ' || t[*p] == '\n' || t[*p] == '\t' || t[*p] == '\r')) ++*p;
  }
  static void Expect(const std::string& t, size_t* p, const char* word) {
    for (const char* c = word; *c; ++c, ++*p) {
      if (*p >= t.size() || t[*p] != *c) throw std::runtime_error("bad literal");
    }
  }
  static std::string ParseString(const std::string& t, size_t* p) {
    if (t[*p] != '"') throw std::runtime_error("expected string");
    ++*p;
    std::string out;
    while (*p < t.size() && t[*p] != '"') {
      char c = t[(*p)++];
      if (static_cast<unsigned char>(c) < 0x20) throw std::runtime_error("control char in string");
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (*p >= t.size()) break;
      char e = t[(*p)++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          unsigned cp = std::stoul(t.substr(*p, 4), nullptr, 16);
          *p += 4;
          if (cp < 0x80) out += static_cast<char>(cp);
          else if (cp < 0x800) { out += static_cast<char>(0xC0 | (cp >> 6)); out += static_cast<char>(0x80 | (cp & 0x3F)); }
          else { out += static_cast<char>(0xE0 | (cp >> 12)); out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F)); out += static_cast<char>(0x80 | (cp & 0x3F)); }
          break;
        }
        default: out += e;
      }
    }
    if (*p >= t.size()) throw std::runtime_error("unterminated string");
    ++*p;
    return out;
  }
  static Json ParseValue(const std::string& t, size_t* p) {
    SkipWs(t, p);
    if (*p >= t.size()) throw std::runtime_error("unexpected end");
    Json v;
    char c = t[*p];
    if (c == '{') {
      v.type = Type::kObject;
      ++*p;
      SkipWs(t, p);
      if (t[*p] == '}') { ++*p; return v; }
      while (true) {
        SkipWs(t, p);
        std::string key = ParseString(t, p);
        SkipWs(t, p);
        Expect(t, p, ":");
        v.object[key] = ParseValue(t, p);
        SkipWs(t, p);
        if (*p < t.size() && t[*p] == ',') { ++*p; continue; }
        Expect(t, p, "}");
        return v;
      }
    }
    if (c == '[') {
      v.type = Type::kArray;
      ++*p;
      SkipWs(t, p);
      if (t[*p] == ']') { ++*p; return v; }
      while (true) {
        v.array.push_back(ParseValue(t, p));
        SkipWs(t, p);
        if (*p < t.size() && t[*p] == ',') { ++*p; continue; }
        Expect(t, p, "]");
        return v;
      }
    }
    if (c == '"') { v.type = Type::kString; v.string = ParseString(t, p); return v; }
    if (c == 't') { Expect(t, p, "true"); v.type = Type::kBool; v.boolean = true; return v; }
    if (c == 'f') { Expect(t, p, "false"); v.type = Type::kBool; return v; }
    if (c == 'n') { Expect(t, p, "null"); return v; }
    char* end = nullptr;
    v.number = std::strtod(t.c_str() + *p, &end);
    if (end == t.c_str() + *p) throw std::runtime_error("bad value at " + std::to_string(*p));
    v.type = Type::kNumber;
    *p = static_cast<size_t>(end - t.c_str());
    return v;
  }
};

}  // namespace arbitro::test
