// Internal: one XML file of the corpus, read and parsed defensively with pugixml.
#pragma once

#include <cstddef>
#include <pugixml.hpp>
#include <string>
#include <vector>

#include "arbitro/schema.h"
#include "reporter.h"

namespace arbitro::schema_detail {

inline constexpr size_t kMaxFileBytes = size_t{64} << 20;
inline constexpr int kMaxDepth = 256;

// Reads a file of at most kMaxFileBytes into `out` (a UTF-8 BOM is removed).
// Returns an empty string on success, else the reason for the failure.
std::string ReadTextFile(const std::string& path, std::string* out);

class XmlFile {
 public:
  // Reads, checks and parses `path`: size limit, UTF-8, no entity declarations, only
  // predefined entities and character references, nesting depth. Returns false after
  // reporting the problem when the document cannot be used.
  bool Load(const std::string& path, Reporter* reporter);

  const std::string& path() const { return path_; }
  pugi::xml_node Root() const { return doc_.document_element(); }

  // Position of an element's "<" (or of the first non-blank character of a text node).
  SourcePos Pos(pugi::xml_node node) const;
  SourcePos PosAt(size_t offset) const;

 private:
  bool Parse(Reporter* reporter);
  bool CheckDoctype(Reporter* reporter) const;
  bool CheckReferences(Reporter* reporter) const;
  bool CheckDepth(Reporter* reporter) const;

  std::string path_;
  std::string text_;                 // the file without BOM
  std::vector<size_t> line_starts_;  // byte offset of each line
  pugi::xml_document doc_;
};

}  // namespace arbitro::schema_detail
