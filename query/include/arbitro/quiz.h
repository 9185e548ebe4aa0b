// arbitro/quiz.h: referee quizzes generated from the structured rules of an index
// (implemented in query/src/quiz/).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "arbitro/engine.h"

namespace arbitro {

// ---------------------------------------------------------------- trainers: quiz
//
// GenerateQuiz builds referee questions from the structured rules of the index.
// Kinds:
//   situation  a game situation from a case's conditions, told as a scene in plain
//              Italian (corpus/<game>/phrasing.xml); the correct answer is Resolve's
//              best ruling for those facts (structured facts, game set), a choice
//              between restarts as a whole, sides named as the scene implies ("per
//              l'attaccante" for the opponent of an offending defender); distractors
//              are near misses of the same class of decision (the ruling with one fact
//              changed, sibling cases, the other side), each right for a situation
//              Resolve confirms and that could be none of the rulings Resolve gives for
//              the asked facts; the feedback says the situation each is right for.
//   tf         a statement "in this situation the referee decides X" (or "parameter
//              P is V"), faithful or altered in one element (sanction, beneficiary,
//              a fact such as the zone, a number); its truth is re-derived with
//              Resolve (or the parameters of the index).
//   numeric    a parameter (distance, count, seconds, points, cards …) with its unit.
//   cloze      a key word to fill in: a defined term from its definition, or the
//              sanction of a situation; accepted answers include declared synonyms.
//   mc         multiple choice on a defined term's meaning or a parameter's value.
// Questions that do not verify (no ruling, an open question, tied rulings, too few
// distractors) or that cannot be phrased (a fact value or parameter without words in
// phrasing.xml) are dropped. No vocabulary id or label reaches a trainee. Candidate questions and their ids do not depend on the
// seed: the id is "<doc>#<eId>/<kind>[/<detail>]" of the source provision, so the
// same question keeps its id across runs and index rebuilds. The seed only chooses
// which candidates are asked, their order and the order of the answers.
// Determinism: same options and index → identical result.

struct QuizOptions {
  std::vector<std::string> games;   // empty: every game with structured rules
  std::vector<std::string> topics;  // "doc#eId" or a bare eId (a rule and what is under it), or
                                    // a word/expression the provisions must contain
  std::vector<std::string> kinds;   // situation mc tf numeric cloze; empty: all
  int count = 20;                   // 1..10000
  unsigned long long seed = 1;
  std::string difficulty;  // "", easy, medium, hard
  // Variants in play (any of the games'): their cases give questions that name the
  // variant (Question::variants, and the stem says so), and what they replace or amend is
  // no longer asked in its base form. Empty: no question depends on a variant. Without
  // games, the variants' games. InvalidArgument for an unknown variant (the message lists
  // them) or two that exclude each other.
  std::vector<std::string> variants;
};

struct QuizAnswer {
  std::string text;
  bool correct = false;
  std::string feedback;                 // why this answer is right or wrong (Italian)
  std::vector<SanctionInfo> sanctions;  // situation: the decision this option stands for
};

struct QuizCitation {
  std::string id;  // "doc#eId"
  std::string citation;
  std::string text;  // verbatim text of the provision
};

struct Question {
  std::string id;    // stable, see above
  std::string name;  // what the question tests, for the trainer's question bank
  std::string kind;  // situation | mc | tf | numeric | cloze
  std::string game, doc;
  std::string game_title;  // the game's name as a trainee reads it ("Subbuteo Table Rugby")
  std::string topic;       // the rule, with the document when the game has several
  std::string rule_id;                // "doc#rN": the top-level rule of the source provision
  std::vector<std::string> category;  // {document short title, rule label}
  std::string difficulty;             // easy | medium | hard
  std::string stem;                   // the question, Italian plain text
  std::vector<QuizAnswer> answers;    // situation, mc: one correct, in the seed's order
  bool truth = false;                 // tf
  std::string basis;                  // tf: "ruling" (facts + stated) or "param" (param + value)
  std::vector<SanctionInfo> stated;   // tf on a ruling: the decision the statement names
  double value = 0;                   // numeric; tf/mc on a parameter: the stated value
  std::string unit;                   // cm mm m s min count points cards squares pips
  double tolerance = 0;               // numeric
  std::string param;                  // numeric, tf/mc on a parameter: the parameter name
  std::vector<std::string> accepted;  // cloze: accepted answers, the preferred one first
  std::vector<std::pair<std::string, std::string>> facts;  // situation, tf/cloze on a ruling
  std::vector<QuizCitation> citations;                     // the provisions the answer rests on
  std::string feedback;                                    // general feedback (Italian)
  std::vector<std::string> variants;  // the variants in play the question assumes
};

struct QuizRuleSummary {
  std::string rule_id;                  // "doc#rN"
  std::string label;                    // "Subbuteo Rev. 2.0 › Regola 12 FUORIGIOCO"
  std::map<std::string, int> per_kind;  // selected questions per kind
};

struct QuizResult {
  std::vector<Question> questions;
  int requested = 0;
  size_t available = 0;                   // candidates after the filters
  std::vector<QuizRuleSummary> per_rule;  // rules with selected questions, in document order
  std::vector<std::string> thin_rules;    // requested rules with too little structure (labels)
  std::vector<std::string> games;         // games the quiz was drawn from
  std::vector<std::string> variants;      // the variants in play (QuizOptions::variants)
};

// Generates a quiz. InvalidArgument for an unknown game, kind, difficulty, a count
// out of range or a topic matching nothing; NotFound for an unknown "doc#eId" topic;
// InvalidArgument ("nessuna domanda …") when the filters leave no question. Fewer
// questions than requested is not an error: result->questions.size() < requested.
Status GenerateQuiz(Engine& engine, const QuizOptions& options, QuizResult* result);

// Italian name of a kind ("situazione", "vero/falso", …) and of a unit ("centimetri").
std::string QuizKindLabel(const std::string& kind);
std::string QuizUnitLabel(const std::string& unit);

// 64-bit FNV-1a hash of `text`: the same on every machine and run, for question
// identifiers and answer orders that must not change between exports.
uint64_t StableHash(const std::string& text);

}  // namespace arbitro
