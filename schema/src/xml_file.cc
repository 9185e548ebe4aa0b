#include "xml_file.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <system_error>

#include "text.h"

namespace arbitro::schema_detail {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool StartsWith(std::string_view s, size_t at, std::string_view prefix) {
  return s.compare(at, prefix.size(), prefix) == 0;
}

// Offset just past `terminator` searched from `from`, or s.size() when absent.
size_t SkipPast(std::string_view s, size_t from, std::string_view terminator) {
  const size_t end = s.find(terminator, from);
  return end == std::string_view::npos ? s.size() : end + terminator.size();
}

// Skips "<!DOCTYPE ...>" including an internal subset in brackets.
size_t SkipDoctype(std::string_view s, size_t from) {
  const size_t bracket = s.find('[', from);
  const size_t close = s.find('>', from);
  if (bracket != std::string_view::npos && bracket < close) return SkipPast(s, bracket, "]");
  return close == std::string_view::npos ? s.size() : close + 1;
}

bool IsValidXmlChar(unsigned long cp) {
  return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) ||
         (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
}

// Checks the reference starting at s[at] == '&'; returns an empty string when it is a
// predefined entity or a valid character reference, else the diagnostic message.
std::string CheckReference(std::string_view s, size_t at) {
  const size_t semi = s.find(';', at);
  constexpr size_t kMaxRef = 32;
  if (semi == std::string_view::npos || semi - at > kMaxRef) return "unescaped '&' (write '&amp;')";
  const std::string_view ref = s.substr(at, semi - at + 1);
  for (std::string_view known : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"}) {
    if (ref == known) return "";
  }
  if (ref.size() > 3 && ref[1] == '#') {
    const bool hex = ref[2] == 'x';
    const std::string_view digits = ref.substr(hex ? 3 : 2, ref.size() - (hex ? 4 : 3));
    unsigned long cp = 0;
    const auto [end, ec] =
        std::from_chars(digits.data(), digits.data() + digits.size(), cp, hex ? 16 : 10);
    const bool parsed =
        !digits.empty() && ec == std::errc() && end == digits.data() + digits.size();
    if (parsed && IsValidXmlChar(cp)) return "";
    return "invalid character reference '" + std::string(ref) + "'";
  }
  for (char c : ref.substr(1, ref.size() - 2)) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') {
      return "unescaped '&' (write '&amp;')";
    }
  }
  return "undefined entity '" + std::string(ref) + "' (only XML's predefined entities are allowed)";
}

// Why `text` is not UTF-8 to begin with (a UTF-16/32 byte order mark or zero bytes,
// or an XML declaration naming another encoding), with the offset to report; "" if none.
std::string EncodingProblem(std::string_view text, size_t* offset) {
  *offset = 0;
  const std::string_view head = text.substr(0, 4);
  if (head.rfind(std::string_view("\xFF\xFE\0\0", 4), 0) == 0 ||
      head.rfind(std::string_view("\0\0\xFE\xFF", 4), 0) == 0) {
    return "UTF-32 byte order mark: corpus files must be UTF-8";
  }
  if (head.rfind("\xFF\xFE", 0) == 0 || head.rfind("\xFE\xFF", 0) == 0) {
    return "UTF-16 byte order mark: corpus files must be UTF-8";
  }
  if (head.find('\0') != std::string_view::npos) {
    return "zero bytes at the start (UTF-16 or UTF-32?): corpus files must be UTF-8";
  }
  if (text.rfind("<?xml", 0) != 0) return "";
  const std::string_view decl = text.substr(0, text.find("?>"));
  const size_t at = decl.find("encoding");
  if (at == std::string_view::npos) return "";
  const size_t open = decl.find_first_of("\"'", at);
  if (open == std::string_view::npos) return "";
  const size_t close = decl.find(decl[open], open + 1);
  if (close == std::string_view::npos) return "";
  std::string name(decl.substr(open + 1, close - open - 1));
  std::string lower = name;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "utf-8" || lower == "utf8") return "";
  *offset = open + 1;
  return "encoding '" + name + "' is declared: corpus files must be UTF-8";
}

pugi::xml_node NextElement(pugi::xml_node node) {
  do {
    node = node.next_sibling();
  } while (node && node.type() != pugi::node_element);
  return node;
}

pugi::xml_node FirstElement(pugi::xml_node node) {
  pugi::xml_node child = node.first_child();
  return child && child.type() != pugi::node_element ? NextElement(child) : child;
}

}  // namespace

std::string ReadTextFile(const std::string& path, std::string* out) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return ec ? ec.message() : "not a regular file";
  const auto size = fs::file_size(path, ec);
  if (ec) return ec.message();
  if (size > kMaxFileBytes) return "file is larger than 64 MiB";
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::strerror(errno);
  out->resize(size);
  in.read(out->data(), static_cast<std::streamsize>(size));
  out->resize(static_cast<size_t>(in.gcount()));
  if (in.bad()) return "read error";
  if (StartsWith(*out, 0, kBom)) out->erase(0, kBom.size());
  return "";
}

bool XmlFile::Load(const std::string& path, Reporter* reporter) {
  path_ = path;
  reporter->BeginFile(path);
  if (std::string why = ReadTextFile(path, &text_); !why.empty()) {
    reporter->Error({path, 0, 0}, "cannot read file: " + why);
    return false;
  }
  line_starts_.assign(1, 0);
  for (size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
  size_t offset = 0;
  if (std::string why = EncodingProblem(text_, &offset); !why.empty()) {
    reporter->Error(offset ? PosAt(offset) : SourcePos{path, 1, 1}, why);
    return false;
  }
  if (const size_t bad = FindInvalidUtf8(text_); bad != std::string::npos) {
    reporter->Error(PosAt(bad), "invalid UTF-8");
    return false;
  }
  return Parse(reporter) && CheckDoctype(reporter) && CheckReferences(reporter) &&
         CheckDepth(reporter);
}

bool XmlFile::Parse(Reporter* reporter) {
  const unsigned options = pugi::parse_default | pugi::parse_ws_pcdata | pugi::parse_doctype;
  const pugi::xml_parse_result result =
      doc_.load_buffer(text_.data(), text_.size(), options, pugi::encoding_utf8);
  if (!result) {
    reporter->Error(PosAt(static_cast<size_t>(std::max<ptrdiff_t>(result.offset, 0))),
                    result.description());
    return false;
  }
  return true;
}

bool XmlFile::CheckDoctype(Reporter* reporter) const {
  for (pugi::xml_node node : doc_.children()) {
    if (node.type() != pugi::node_doctype) continue;
    if (std::string_view(node.value()).find("<!ENTITY") == std::string_view::npos) continue;
    const auto offset = static_cast<size_t>(std::max<ptrdiff_t>(node.offset_debug(), 0));
    const size_t start = text_.rfind("<!DOCTYPE", offset);
    reporter->Error(PosAt(start == std::string::npos ? offset : start),
                    "entity declarations are not allowed");
    return false;
  }
  return true;
}

bool XmlFile::CheckReferences(Reporter* reporter) const {
  const std::string_view s = text_;
  for (size_t i = 0; i < s.size();) {
    if (StartsWith(s, i, "<!--")) {
      i = SkipPast(s, i + 4, "-->");
    } else if (StartsWith(s, i, "<![CDATA[")) {
      i = SkipPast(s, i + 9, "]]>");
    } else if (StartsWith(s, i, "<?")) {
      i = SkipPast(s, i + 2, "?>");
    } else if (StartsWith(s, i, "<!DOCTYPE")) {
      i = SkipDoctype(s, i);
    } else if (s[i] == '&') {
      if (std::string why = CheckReference(s, i); !why.empty()) {
        reporter->Error(PosAt(i), why);
        return false;
      }
      ++i;
    } else {
      i = s.find_first_of("<&", i + 1);
      if (i == std::string_view::npos) break;
    }
  }
  return true;
}

bool XmlFile::CheckDepth(Reporter* reporter) const {
  // Iterative walk: the depth limit protects the recursive readers, not this check.
  const pugi::xml_node root = Root();
  pugi::xml_node node = root;
  int depth = 1;
  while (node) {
    if (depth > kMaxDepth) {
      reporter->Error(Pos(node),
                      "elements nested deeper than " + std::to_string(kMaxDepth) + " levels");
      return false;
    }
    if (pugi::xml_node child = FirstElement(node); child) {
      node = child;
      ++depth;
      continue;
    }
    while (node != root && !NextElement(node)) {
      node = node.parent();
      --depth;
    }
    node = node == root ? pugi::xml_node() : NextElement(node);
  }
  return true;
}

SourcePos XmlFile::Pos(pugi::xml_node node) const {
  const ptrdiff_t raw = node.offset_debug();
  if (raw < 0) return {path_, 0, 0};
  auto offset = static_cast<size_t>(raw);
  if (node.type() == pugi::node_element && offset > 0) {
    --offset;  // pugixml points at the name; report the '<'
  } else if (node.type() == pugi::node_pcdata) {
    while (offset < text_.size()) {
      size_t next = offset;
      if (!IsSpace(DecodeUtf8(text_, &next))) break;
      offset = next;
    }
  }
  return PosAt(offset);
}

SourcePos XmlFile::PosAt(size_t offset) const {
  offset = std::min(offset, text_.size());
  const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const size_t line_start = *(it - 1);
  int column = 1;
  for (size_t i = line_start; i < offset; ++column) DecodeUtf8(text_, &i);
  return {path_, static_cast<int>(it - line_starts_.begin()), column};
}

}  // namespace arbitro::schema_detail
