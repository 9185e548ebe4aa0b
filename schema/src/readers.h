// Internal: readers that turn validated XML documents into the corpus model.
#pragma once

#include <pugixml.hpp>
#include <string>
#include <vector>

#include "arbitro/schema.h"
#include "reporter.h"
#include "xml_file.h"

namespace arbitro::schema_detail {

// ------------------------------------------------------------ text of elements

enum class TextMode {
  kRule,    // corr -> corrected text, fw dropped, unclear kept
  kSource,  // corr -> @sic, fw kept: the text as the source prints it
};

// Concatenated inline content of `el` (not collapsed).
std::string InlineText(pugi::xml_node el, TextMode mode);
// InlineText(kRule) with whitespace collapsed.
std::string RuleText(pugi::xml_node el);
// Concatenated text children of a text-only element, whitespace collapsed.
std::string PlainText(pugi::xml_node el);
// Attribute value as written (whitespace normalised by the XML parser).
std::string Attr(pugi::xml_node el, const char* name);
// Attribute value with whitespace collapsed (identifiers, enumerations, numbers).
std::string TokenAttr(pugi::xml_node el, const char* name);
bool ParseDecimal(const std::string& text, double* value);
bool ParseInt(const std::string& text, int* value);

// ------------------------------------------------------------ readers

void ReadLexicon(const XmlFile& xml, Lexicon* lexicon, Reporter* reporter);
void ReadVocabulary(const XmlFile& xml, const Lexicon& lexicon, Vocabulary* vocabulary,
                    Reporter* reporter);

// Reads a validated phrasing.xml; `vocabulary` (may be null) is the game's.
void ReadPhrasing(const XmlFile& xml, const Vocabulary* vocabulary, Phrasing* phrasing,
                  Reporter* reporter);

// Reads a validated scenes.xml into the game's phrasing (checks of form only).
void ReadScenes(const XmlFile& xml, Phrasing* phrasing, Reporter* reporter);
// Once every rulebook is loaded: each scene names a case of its game (doc, eid and
// case_id are filled in), tells declared facts with values its case's conditions
// accept, and a case the book does not decide (basis="reading") is never asked.
// Reads a validated asked.xml of `game` once every rulebook is loaded: each entry names
// a citable provision of the game, at most once, with one-line questions.
void ReadAsked(const XmlFile& xml, const std::string& game, Corpus* corpus, Reporter* reporter);
void CheckScenes(const Corpus& corpus, const Vocabulary* vocabulary, Phrasing* phrasing,
                 Reporter* reporter);

// A target naming another document, resolved once the whole corpus is loaded.
struct PendingTarget {
  std::string target;
  std::string what;  // "reference", "override", "toc entry", "summarised document"
  SourcePos pos;
};

// Reads a validated rulebook and checks everything that needs no other document,
// using the lexicon and vocabularies of `context`. Targets in other documents are
// appended to `pending`.
void ReadRulebook(const XmlFile& xml, const Corpus& context, Rulebook* book,
                  std::vector<PendingTarget>* pending, Reporter* reporter);

// The variant changes of `book` (variant_check.cc), once the corpus is loaded and the
// targets resolved (targets in documents `corpus` lacks are skipped): `by` marked with the
// variant, targets of the same game and not part of the variant, amended parameters
// present on both sides, every unit marked with a variant named by a declaration (a
// warning).
void CheckVariantChanges(const Corpus& corpus, const Rulebook& book, Reporter* reporter);

}  // namespace arbitro::schema_detail
