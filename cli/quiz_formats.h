// Exporters of `arbitro quiz`: Moodle XML, GIFT, Anki text, JSON and Markdown.
//
// Every writer is a pure function of the QuizResult and the seed: the same input
// gives byte-identical output. Texts are UTF-8.
// - Moodle XML: <quiz> with a category question per game › rule, multichoice
//   (single, fractions 100/0, shuffled, per-answer and general feedback), truefalse
//   (answers "true"/"false"), numerical (tolerance), shortanswer (cloze); HTML in CDATA.
// - GIFT: $CATEGORY lines, ::name:: titles, [html] text, =/~ answers with # feedback,
//   {TRUE}/{FALSE}, {#value:tolerance}, general feedback after ####; the characters
//   ~ = # { } : and backslash escaped with a backslash.
// - Anki: tab-separated notes (guid, front, back, tags, deck) behind the header lines
//   Anki reads (#separator:tab, #html:true, #notetype, #columns, #guid column, #tags
//   column, #deck column): one deck per game, tags per game, kind, difficulty and rule.
// - JSON: {"format": "arbitro-quiz", "version": 1, …, "questions": […], "summary": {…}}.
// - Markdown: a printable test, the answer key (feedback and the cited rule texts, no
//   internal id), then the trainer's summary.
#pragma once

#include <ostream>
#include <string>

#include "arbitro/query.h"

namespace arbitro::cli {

struct QuizExport {
  const QuizResult* quiz = nullptr;
  unsigned long long seed = 0;
};

void WriteQuizMoodle(std::ostream& out, const QuizExport& e);
void WriteQuizGift(std::ostream& out, const QuizExport& e);
void WriteQuizAnki(std::ostream& out, const QuizExport& e);
void WriteQuizJson(std::ostream& out, const QuizExport& e);
void WriteQuizMarkdown(std::ostream& out, const QuizExport& e);

// The trainer-facing summary (plain text lines, Italian): questions per rule and
// kind, rules with too little structure, and a shortfall note when fewer questions
// than requested could be generated.
std::string QuizSummaryText(const QuizResult& quiz);

// Moodle category path "$course$/top/Arbitro/<game>/<rule>" ('/' in names doubled).
std::string MoodleCategory(const Question& q);
// The question's name in Moodle and GIFT: what it tests (its id when it has none).
std::string QuestionName(const Question& q);
// Anki deck of a question: "Arbitro::<game>".
std::string AnkiDeck(const Question& q);
// Stable Anki guid of a question id.
std::string AnkiGuid(const std::string& id);

}  // namespace arbitro::cli
