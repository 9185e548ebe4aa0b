// arbitro/query.h: the query engine over a published index.
//
// Contract
// - Engine::Open() opens the current generation of an index directory read-only
//   (SQLite immutable + Xapian). It never writes. NotFound when no index exists
//   (the CLI then builds one), IndexError when it is corrupt.
// - Every method validates its input and returns InvalidArgument / NotFound with a
//   one-line Italian-free developer message for bad input; no exception escapes.
// - An Engine is not thread-safe; open one per thread.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "arbitro/status.h"

namespace arbitro {

struct SanctionInfo {
  std::string type;
  std::string beneficiary;
  std::string place;
  std::string label;              // "Calcio di punizione indiretto"
  std::string beneficiary_label;  // "per il difensore"
};

struct LinkInfo {
  std::string id;  // "doc#eId"
  std::string citation;
  std::string quote;
  std::string kind;
};

struct ProvisionInfo {
  std::string game;
  std::string doc;
  std::string id;  // "doc#eId": stable across rebuilds
  std::string eid;
  std::string kind;  // provision | row | rule | section | table | block
  std::string citation;
  std::string label;
  std::string heading;
  std::string text;
  std::string variant;
  std::vector<SanctionInfo> sanctions;  // distinct sanctions over the unit's cases
  std::vector<LinkInfo> refs_out;
  std::vector<LinkInfo> refs_in;
  std::vector<std::pair<std::string, std::string>> cells;  // rows
};

// ---------------------------------------------------------------- ask

struct AskOptions {
  std::string game;  // empty: infer from the question or rank across all games; a
                     // document id searches that document only (see CanonicalGame)
  int limit = 5;     // 1..100
};

struct AskHit {
  ProvisionInfo provision;
  double score = 0;                                   // higher is better, in (0, 1]
  std::vector<std::pair<size_t, size_t>> highlights;  // byte ranges in provision.text
};

struct AskResult {
  std::string query;
  std::string game;  // the filter given, or the inferred game; empty = none
  bool game_inferred = false;
  std::string corrected;  // spelling-corrected question when a correction was made
  std::vector<AskHit> hits;
};

// ---------------------------------------------------------------- resolve

struct FactReading {
  std::string fact;
  std::string value;
  std::string words;  // the words of the description it was read from ("" for --fact)
};

struct Citation {
  std::string game, doc, id, citation, text;
};

struct Ruling {
  std::string decision;  // Italian sentence a referee would say
  std::vector<SanctionInfo> sanctions;
  std::vector<Citation> citations;
  std::vector<std::string> because;  // Italian explanations
  double confidence = 0;
  int support = 0;  // conditions of the leading rule read from the description
};

struct UnresolvedOption {
  std::string value;
  std::string label;
  std::string decision;
};

struct Unresolved {
  std::string fact;
  std::string question;
  std::vector<UnresolvedOption> options;
};

struct ResolveOptions {
  std::string game;                                        // empty: infer from the description
  std::vector<std::string> variants;                       // enabled variants
  std::vector<std::pair<std::string, std::string>> facts;  // structured facts (--fact)
  bool explain = false;
};

struct ResolveResult {
  std::string scenario;
  std::string game;
  std::vector<FactReading> facts;
  std::vector<Ruling> rulings;
  std::vector<Unresolved> unresolved;
  std::vector<std::string> explanation;  // --explain trace lines (Italian)
  std::vector<std::string> notes;        // e.g. "una variante cambierebbe la decisione"
  std::vector<AskHit> closest;           // when nothing matched: closest provisions from ask
};

// ---------------------------------------------------------------- browse

struct DocumentInfo {
  std::string game, doc, title, short_title, edition, date, language, source_file;
  std::string summarises;
  long long provisions = 0, rows = 0, cases = 0;
  std::vector<std::pair<std::string, std::string>> variants;
};

struct TocLine {
  int depth = 0;
  std::string id;
  std::string kind;
  std::string label;  // num + heading
  long long provisions = 0;
};

struct FactInfo {
  std::string name, type, ask, label, default_value;
  std::vector<std::string> forms;
  struct Value {
    std::string id, label;
    std::vector<std::string> forms;
  };
  std::vector<Value> values;
};

class Engine {
 public:
  ~Engine();
  // Opens the current generation of `index_dir`.
  static Status Open(const std::string& index_dir, std::unique_ptr<Engine>* engine);

  // Ranked provisions answering an Italian question. InvalidArgument for an empty
  // question or an unknown game or limit out of range.
  Status Ask(const std::string& question, const AskOptions& options, AskResult* result);

  // One unit by id ("doc#eId", or a bare eId when unique). NotFound otherwise.
  Status Show(const std::string& id, ProvisionInfo* info);

  // Documents in the index.
  Status Games(std::vector<DocumentInfo>* docs);
  // Structure of one game or document (all when `game_or_doc` is empty).
  Status Toc(const std::string& game_or_doc,
             std::vector<std::pair<DocumentInfo, std::vector<TocLine>>>* out);
  // True when `game` is a game of the index.
  bool HasGame(const std::string& game) const;
  // The game a user means by `name`: a game ("subbuteo-rugby"), one of its documents
  // ("soccer-tactics-abbreviato"), either written with other case, accents, spaces or
  // punctuation ("Soccer Tactics"), or one word of a single game's name ("rugby").
  // InvalidArgument naming the games (and the nearest name) otherwise. Ask, Resolve,
  // Facts and Quiz accept any such name.
  Status CanonicalGame(const std::string& name, std::string* game) const;
  std::vector<std::string> GameNames() const;

  // Facts of a game's vocabulary. NotFound for an unknown game.
  Status Facts(const std::string& game, std::vector<FactInfo>* facts);

  // Resolves a described situation (or structured facts) to rulings.
  Status Resolve(const std::string& scenario, const ResolveOptions& options, ResolveResult* result);

  // Internal state, defined in the implementation files.
  struct Impl;
  Impl* impl() { return impl_.get(); }

 private:
  Engine();
  std::unique_ptr<Impl> impl_;
};

// A plain SQLite FTS5/BM25 search over the same provisions, as an evaluation baseline.
class Fts5Baseline {
 public:
  ~Fts5Baseline();
  // Builds an in-memory FTS5 table from the index's provisions and rows.
  static Status Open(const std::string& index_dir, std::unique_ptr<Fts5Baseline>* baseline);
  // Ids ("doc#eId") of the best `limit` units for the question (any word matches).
  Status Search(const std::string& question, const std::string& game, int limit,
                std::vector<std::string>* ids);

 private:
  Fts5Baseline();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// ---------------------------------------------------------------- trainers: quiz
//
// GenerateQuiz builds referee questions from the structured rules of the index.
// Kinds:
//   situation  a game situation from a case's conditions; the correct answer is
//              Resolve's best ruling for those facts (structured facts, game set),
//              distractors are sanctions of the same game that share no
//              (type, beneficiary) with any ruling Resolve gives for the facts.
//   tf         a statement "in this situation the referee decides X" (or "parameter
//              P is V"), faithful or altered in one element (sanction, beneficiary,
//              a fact such as the zone, a number); its truth is re-derived with
//              Resolve (or the parameters of the index).
//   numeric    a parameter (distance, count, seconds, points, cards …) with its unit.
//   cloze      a key word to fill in: a defined term from its definition, or the
//              sanction of a situation; accepted answers include declared synonyms.
//   mc         multiple choice on a defined term's meaning or a parameter's value.
// Questions that do not verify (no ruling, an open question, tied rulings, too few
// distractors) are dropped. Candidate questions and their ids do not depend on the
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
  std::string kind;  // situation | mc | tf | numeric | cloze
  std::string game, doc;
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

// ---------------------------------------------------------------- committee tools: check and diff
//
// Both work on the schema-checked corpus model (arbitro/schema.h: LoadCorpus,
// LoadRulebookFile), not on the index, and never fail on content: a defect of the
// rulebooks is a Finding or a change, not an error Status.

struct Corpus;    // arbitro/schema.h
struct Rulebook;  // arbitro/schema.h

enum class Severity { kInfo = 0, kWarning = 1, kError = 2 };
const char* SeverityName(Severity severity);  // "info", "warning", "error"
// Parses "info", "warning" or "error"; false for anything else.
bool ParseSeverity(const std::string& name, Severity* severity);

// One problem found by CheckCorpus.
//
// Codes are stable (CI scripts may match on them):
//   DUP-PROVISION, DUP-ROW                      duplicated provisions / table rows in a document
//   CONTRADICTION, SANCTION-INCOMPLETE, SANCTION-IMPRECISE, SPECIALISATION, OVERLAP
//                                               two cases of a game with overlapping conditions
//                                               and different sanctions (error, warning, info,
//                                               info, info)
//   TABLE-GAP, TABLE-OVERLAP, TABLE-SUBSUMED    decision tables
//   PARAM-MISMATCH                              one parameter, different values
//   ABRIDGED-CONTRADICTION, ABRIDGED-OMITS-EXCEPTION, ABRIDGED-UNMAPPED
//   REF-DANGLING, REF-AMBIGUOUS, REF-WRONG-KIND, REF-MISMATCH
//   TOC-NO-BODY, BODY-NO-TOC, TOC-MISMATCH
//   VALUE-OUT-OF-DOMAIN, VARIANT-UNDECLARED, CASE-UNSATISFIABLE
struct Finding {
  std::string code;
  Severity severity = Severity::kWarning;
  std::string message;  // one line, Italian
  std::string game;
  std::string doc;       // the document the finding belongs to (for grouping)
  std::string location;  // "file:line:col" of the first element involved
  // Every provision or row involved, with its text (Citation::id is "doc#eId").
  std::vector<Citation> citations;
  std::vector<std::string> details;  // extra Italian lines: the cases and sanctions compared
  std::vector<std::string> notes;    // source-defect notes of the units involved
};

struct CheckOptions {
  // Games or document ids whose findings are kept; empty keeps the whole corpus's.
  // Abridged-vs-full findings belong to the abridged document.
  std::vector<std::string> scope;
  Severity min_severity = Severity::kInfo;  // findings below are dropped
};

// Runs every check over the corpus and appends the findings, sorted by game, document,
// then location. NotFound when a scope item is neither a game nor a document (the
// message names the nearest one). Never fails on the corpus content.
Status CheckCorpus(const Corpus& corpus, const CheckOptions& options,
                   std::vector<Finding>* findings);

// ---- diff

// One word-level edit of a redline.
struct WordEdit {
  enum class Op { kEqual, kDelete, kInsert };
  Op op = Op::kEqual;
  std::string text;  // words joined by single spaces
};

// One case whose conditions or sanctions changed ("added", "removed" or "changed").
struct CaseChange {
  std::string kind;
  std::string old_case, new_case;            // case ids, empty when absent
  std::string old_when, new_when;            // "infrazione=ostruzione, zona=area-di-rigore"
  std::string old_sanctions, new_sanctions;  // "back per attaccante; cambio-possesso per difensore"
  bool conditions_changed = false;
  bool sanctions_changed = false;
};

struct ParamChange {
  std::string kind;  // added | removed | changed
  std::string name;
  std::string old_value, new_value;  // "9 cm", empty when absent
};

// One change between two editions. `type` follows Akoma Ntoso's textualMod types:
// insertion, repeal, substitution (same eId, new content), renumbering (the eId or the
// printed number changed; the content may have changed too), split (one old unit became
// several new ones), join (several old units became one).
struct ProvisionChange {
  std::string type;
  std::string kind;                           // unit kind: provision | row | rule | section | table
  std::vector<std::string> old_ids, new_ids;  // eIds, empty for insertion / repeal
  std::string old_label, new_label;           // printed numbering, "Regola 12 › c)"
  std::string old_citation, new_citation;
  std::string old_text, new_text;  // split / join: the parts joined with "\n"
  std::vector<WordEdit> redline;   // empty when the text is unchanged
  bool renumbered = false;
  bool reworded = false;
  std::vector<CaseChange> cases;    // conditions and sanctions that changed
  std::vector<ParamChange> params;  // numeric parameters that changed
  double similarity = 1.0;          // of old and new text, 0..1

  bool sanctions_changed() const;
  bool conditions_changed() const;
  bool params_changed() const { return !params.empty(); }
};

struct DiffSummary {
  int added = 0, removed = 0, renumbered = 0, reworded = 0, split = 0, joined = 0;
  int sanction_changes = 0, condition_changes = 0, param_changes = 0;
  int unchanged = 0;
};

struct DiffResult {
  std::string game;
  std::string old_doc, new_doc;
  std::string old_title, new_title;  // title + edition
  DiffSummary summary;
  std::vector<ProvisionChange> changes;  // in the order of the new edition
};

// Compares two editions of one rulebook. Units are matched by eId first, then by text
// similarity (renumbered or moved units), then split/join are recognised; what is left
// is inserted or repealed. InvalidArgument when the two documents belong to different
// games.
Status DiffRulebooks(const Rulebook& old_doc, const Rulebook& new_doc, DiffResult* result);

}  // namespace arbitro
