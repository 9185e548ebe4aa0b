// Shared renderers for provisions and sanctions, in text and JSON.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "arbitro/query.h"
#include "json.h"

namespace arbitro::cli {

// "Calcio di punizione indiretto per il difensore (nel punto …)"
std::string SanctionSentence(const SanctionInfo& s);
// The text with byte ranges wrapped in ANSI bold (color) or [brackets].
std::string Highlight(const std::string& text, const std::vector<std::pair<size_t, size_t>>& ranges,
                      bool color);
// One line per sanction; the alternatives of a choice on one line: "a scelta del
// difensore: Mischia … oppure Touche …".
std::vector<std::string> SanctionLines(const std::vector<SanctionInfo>& sanctions);
// {"type", "beneficiary", "place", "label"} objects; alternatives of a choice add
// "choice" (the same id for the alternatives of one choice) and "chosen_by".
void WriteSanctions(JsonWriter& json, const std::vector<SanctionInfo>& sanctions);
// [{"id", "citation", "quote", "kind"}]: references out of or into a provision.
void WriteLinks(JsonWriter& json, const std::vector<LinkInfo>& links);
// [[from, to], …]: byte ranges of `text` as Unicode code point offsets (what a
// JavaScript Array.from(text) or a Python str indexes).
void WriteCodePointRanges(JsonWriter& json, const std::string& text,
                          const std::vector<std::pair<size_t, size_t>>& ranges);
// Indents every line of `text` by `indent` spaces.
std::string Indent(const std::string& text, int indent);
// Escapes & < > " for XML and HTML text and attribute values.
std::string EscapeHtml(const std::string& text);
// Bold (ANSI) when color is on.
std::string Bold(const std::string& text, bool color);

// The table of contents of each document, indented by depth, with provision ids.
void WriteTocText(std::ostream& out,
                  const std::vector<std::pair<DocumentInfo, std::vector<TocLine>>>& tocs);

}  // namespace arbitro::cli
