// Internal: the element-level rules of schema/*.rng, checked by the loader so that it is
// safe without xmllint: allowed children and their order, required and known
// attributes, enumerations and identifier patterns.
#pragma once

#include <string_view>

#include "reporter.h"
#include "xml_file.h"

namespace arbitro::schema_detail {

enum class GrammarKind { kRulebook, kVocabulary, kLexicon, kPhrasing, kScenes, kAsked };

// Validates the whole document; returns false when the root element is not the
// grammar's start element (nothing else can then be read).
bool Validate(const XmlFile& xml, GrammarKind kind, Reporter* reporter);

// Identifier patterns of the schemas (values already trimmed).
bool IsSlug(std::string_view s);
bool IsEId(std::string_view s);
bool IsTarget(std::string_view s);
bool IsInteger(std::string_view s);
bool IsDecimal(std::string_view s);

}  // namespace arbitro::schema_detail
