// Shared renderers for provisions and sanctions, in text and JSON.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "arbitro/query.h"
#include "json.h"

namespace arbitro::cli {

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

// Variant changes as JSON objects: {"variant", "variant_label", "kind", "target",
// "target_case", "target_citation", "by", "by_case", "by_citation", "param", "unit",
// "old_value", "new_value", "old_quote", "new_quote"} (empty strings as null).
void WriteVariantChanges(JsonWriter& json, const std::vector<VariantChangeInfo>& changes);
// One Italian line for a variant change seen from the provision `id` (its target or the
// variant's own provision): "la variante «Regola avanzata» (--variant regola-avanzata)
// la modifica: Regola 12 › A [doc#r12__a__p1]; bonus-contrasto-difensore +2 (anziché +1)".
std::string VariantChangeLine(const VariantChangeInfo& change, const std::string& id);
// A variant's name for a reader: its label up to the first colon or comma
// ("Regola 12A "Regola avanzata""), else its id.
std::string VariantName(const std::string& label, const std::string& id);
// "bonus-contrasto-difensore +2 (anziché +1)", or "" when no parameter changes.
std::string VariantFigures(const VariantChangeInfo& change);

// The table of contents of each document, indented by depth, with provision ids.
void WriteTocText(std::ostream& out,
                  const std::vector<std::pair<DocumentInfo, std::vector<TocLine>>>& tocs);

}  // namespace arbitro::cli
