// arbitro/schema.h: the corpus model and its loader.
//
// Contract
// - LoadCorpus() reads a corpus folder (lexicon.xml, <game>/vocabulary.xml,
//   <game>/*.xml rulebooks) with pugixml into an in-memory, schema-checked model.
// - It checks what RELAX NG cannot express: unique eIds, resolvable references and
//   overrides (also across documents), facts/values/sanction types/beneficiaries/variants
//   declared in the vocabulary, integer values for integer facts, quotes found in their
//   provision's text.
// - Every problem is a Diagnostic "file:line:col: error|warning: message" (1-based line
//   and column of the offending element). Any error makes the corpus unusable:
//   the loader returns Status::CorpusError whose message is the first error line.
// - The loader never expands entities beyond XML's predefined ones, so hostile input
//   (entity expansion, huge or deep documents) fails with a diagnostic, never a crash.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbitro/status.h"

namespace arbitro {

struct SourcePos {
  std::string file;  // path as given to the loader
  int line = 0;      // 1-based; 0 when unknown
  int column = 0;
};

struct Diagnostic {
  enum class Severity { kError, kWarning };
  SourcePos pos;
  Severity severity = Severity::kError;
  std::string message;
  // "file:line:col: error: message"
  std::string ToString() const;
};

// ---------------------------------------------------------------- logic

enum class CondOp { kEq, kNe, kIn, kNotIn, kLt, kLe, kGt, kGe };
const char* CondOpName(CondOp op);  // "eq", "ne", ...
// The operator of a name ("" is "eq"); false for an unknown one.
bool ParseCondOp(std::string_view name, CondOp* op);
// Does `value` satisfy a condition `op values`? eq/ne compare with the first value, in/not-in
// with the list; the order operators need a whole integer value and compare it with the
// first value's number. The one rule both the loader and the query engine apply.
bool CondAccepts(CondOp op, const std::vector<std::string>& values, const std::string& value);

struct Cond {
  std::string fact;
  CondOp op = CondOp::kEq;
  std::vector<std::string> values;  // one value, several for in / not-in
};

struct Sanction {
  std::string type;         // a sanction type id ("punizione-indiretta")
  std::string beneficiary;  // a beneficiary id ("difensore"), may be empty
  std::string place;        // restart place in Italian, may be empty
  std::optional<int> points;
  // Set when the sanction is one alternative of a <choice>: its number in the case
  // (1, 2 …; the alternatives of one choice share it) and who chooses.
  int choice = 0;
  std::string chosen_by;
};

struct Case {
  std::string id;        // local to its unit ("c1")
  std::string variant;   // empty when the case holds in every variant
  std::string decision;  // Italian sentence, may be empty
  // True when the book does not state the decision: the encoders' reading where the text
  // is silent or defective (basis="reading", explained by a source-defect note of the unit).
  bool reading = false;
  std::vector<Cond> when;
  std::vector<Sanction> sanctions;
  SourcePos pos;
};

struct Override {
  std::string target;   // "eId", "doc#eId" or "doc#eId/case"
  std::string case_id;  // the case of this unit that wins; empty = all its cases
  std::string kind;     // exception | specialisation | precedence
  std::string quote;
  SourcePos pos;
};

struct Reference {
  std::string target;  // may be empty when the source names no existing target
  std::string quote;
  std::string kind;  // see | summarises | applies | excepts (default see)
  SourcePos pos;
};

struct Param {
  std::string name;
  double value = 0;
  std::string unit;
  std::string quote;
  std::string label;
};

struct Term {
  std::string name;
  std::string quote;
  std::string definition;
};

struct Note {
  std::string type;  // editorial | source-defect | ocr | furniture
  std::string text;
  SourcePos pos;
};

// ---------------------------------------------------------------- structure

enum class UnitKind { kRule, kSection, kProvision, kTable, kRow, kBlock };
const char* UnitKindName(UnitKind kind);  // "rule", "section", ...

// One node of a rulebook's structure tree, in document order.
struct Unit {
  UnitKind kind = UnitKind::kProvision;
  std::string eid;  // empty only for blocks without an eId
  std::string num;
  std::string heading;
  std::string variant;
  std::string provision_kind;  // the @kind of a provision (obligation, sanction, ...)
  // Rule text: corrected OCR forms, furniture removed, whitespace collapsed; the
  // paragraphs, list items and consequence paragraphs joined with "\n". For a row,
  // its cells joined with " | ". Empty for rules, sections and tables.
  std::string text;
  bool has_consequence = false;                            // a provision with a <consequence> child
  std::vector<std::pair<std::string, std::string>> cells;  // rows: (column id, text)
  std::vector<std::pair<std::string, std::string>> columns;  // tables: (column id, label)
  std::vector<Case> cases;
  std::vector<Override> overrides;
  std::vector<Reference> refs;
  std::vector<Param> params;
  std::vector<Term> terms;
  std::vector<Note> notes;
  int parent = -1;            // index into Rulebook::units, -1 for top level
  std::vector<int> children;  // indexes into Rulebook::units
  SourcePos pos;

  // Provisions and table rows are what a user cites and what search returns.
  bool citable() const { return kind == UnitKind::kProvision || kind == UnitKind::kRow; }
};

// A piece of text as the source prints it (OCR sic forms and furniture kept),
// with the element it comes from; used for the fidelity and coverage checks.
struct TextSegment {
  std::string element;  // p, item, cell, heading, num, entry, col, fw, title, edition
  std::string text;     // whitespace-collapsed
  SourcePos pos;
};

struct TocEntry {
  std::string ref;  // target eId, may be empty
  std::string page;
  std::string text;
  SourcePos pos;
};

// What a variant declared in <meta> changes (corpus/README.md, "Variants").
struct VariantChange {
  std::string variant;  // the variant's id
  std::string kind;     // amends | replaces | adds
  std::string target;   // the base unit or case: "eId", "doc#eId", "…/case"; empty for adds
  std::string by;       // the variant's own unit or case in this document: "eId" or "eId/case"
  std::string param;    // amends: the parameter whose value changes, may be empty
  SourcePos pos;
};

struct Rulebook {
  std::string game;
  std::string doc;
  std::string title;
  std::string short_title;
  std::string edition;
  std::string date;
  std::string language;
  std::string source_file;  // resolved path of the source text
  std::string source_format;
  std::string summarises;  // doc id of the full edition, for abridged documents
  std::vector<std::pair<std::string, std::string>> variants;  // (id, label)
  std::map<std::string, SourcePos> variant_pos;               // of each <variant>, by id
  std::vector<VariantChange> variant_changes;                 // of every variant, in order
  // (variant, variant it excludes), as declared by `excludes`.
  std::vector<std::pair<std::string, std::string>> variant_excludes;
  std::vector<Note> notes;
  std::vector<TocEntry> toc;
  std::vector<Unit> units;
  std::vector<TextSegment> segments;
  std::string path;  // the XML file

  // Index of the unit with that eId, or -1.
  int Find(const std::string& eid) const;
  // "Regolamento di gioco Subbuteo Rev. 2.0 › Regola 12 FUORIGIOCO › Fuorigioco passivo"
  std::string Citation(int unit) const;
  // The numbering label path of a unit, e.g. "Regola 12 › c)".
  std::string Label(int unit) const;

 private:
  mutable std::map<std::string, int> by_eid_;
};

// ---------------------------------------------------------------- vocabulary

// The range of a measured length a value stands for (rugby's "entro 5 cm": less than 5
// cm), declared on <value> with `unit` and its bounds: `more-than` / `at-least` (lower,
// exclusive / inclusive), `less-than` / `at-most` (upper). An empty unit: no range.
struct MeasureRange {
  std::string unit;  // "mm" or "cm" (MillimetresPerUnit)
  bool has_low = false, low_inclusive = false;
  double low = 0;
  bool has_high = false, high_inclusive = false;
  double high = 0;
  bool empty() const { return unit.empty(); }
  // Whether the length `x`, in this range's unit, lies in the range.
  bool Holds(double x) const;
};

// Millimetres in one `unit` of length ("mm" 1, "cm" 10); 0 for a unit no range may use.
double MillimetresPerUnit(const std::string& unit);

struct VocabValue {
  std::string id;
  std::string label;
  std::vector<std::string> forms;
  MeasureRange range;  // empty unless the value is a range of a measured length
};

struct Fact {
  std::string name;
  bool integer = false;
  std::string ask;
  std::string label;
  std::string default_value;
  std::vector<std::string> forms;
  std::vector<VocabValue> values;
  SourcePos pos;
  const VocabValue* Value(const std::string& id) const;
};

struct Labelled {
  std::string id;
  std::string label;
  std::vector<std::string> forms;
  // A game's sanction type only: its cases' points add to a piece's dice roll where they
  // hold (vocabulary.rng, adds-to-roll="yes").
  bool adds_to_roll = false;
};

struct Vocabulary {
  std::string game;
  std::vector<Fact> facts;
  std::vector<Labelled> sanction_types;  // game-specific additions
  std::vector<Labelled> beneficiaries;
  std::vector<std::pair<std::string, double>> hints;  // (word or phrase, weight)
  std::string path;
  const Fact* FindFact(const std::string& name) const;
};

struct Lexicon {
  std::vector<Labelled> sanction_types;
  std::vector<Labelled> beneficiaries;
  std::vector<std::vector<std::string>> synonyms;  // groups, preferred first
  std::vector<std::string> phrases;
  std::vector<std::string> protect;
  std::vector<std::string> stopwords;
};

// ---------------------------------------------------------------- quiz phrasing
//
// corpus/<game>/phrasing.xml (schema/phrasing.rng): the words a quiz shows for each
// vocabulary value and each numeric parameter. Optional per game.

struct PhraseValue {
  std::string id;
  std::string text;          // the phrase in its fact's role ("{chi} tocca la palla con le mani")
  std::string noun;          // role object: the noun phrase ("una miniatura{stato} del difensore")
  std::string gender;        // role object: m f mp fp
  std::string m, f, mp, fp;  // role state: the adjective's forms
  // The side (beneficiary id) of whoever acts or offends in this phrase ("difensore"),
  // so that "the opponent of the offender" can be said as a side; empty: not said.
  std::string actor;
  // Who the scene's clauses speak of when this value is told and no fact of role who
  // names anyone ("chi ha commesso l'infrazione"); empty: the game's default subject.
  std::string subject;
  SourcePos pos;
};

struct PhraseFact {
  std::string name;
  std::string role;    // when where who what object state how often
  std::string clause;  // role who: a clause with {chi} when no other clause names the subject
  std::string number;  // integer facts: a phrase with {n} for values without their own
  std::vector<PhraseValue> values;
  SourcePos pos;
  const PhraseValue* Value(const std::string& id) const;
};

struct ParamPhrase {
  std::string name;
  std::string at;    // "eId", "doc#eId" or an ancestor's eId; empty: every occurrence
  std::string kind;  // what the number measures
  std::string question, statement, statement_one;
  // The word of the counted thing, singular and plural, when the unit's own word does not
  // fit ("cartellino giallo|cartellini gialli" for cards that are yellow cards).
  std::string noun_one, noun;
  // Wrong numbers the encoders chose as plausible near misses (attribute wrong="3 5 6"),
  // in the order written; empty: the quiz draws them from the game's parameters.
  std::vector<double> wrong;
  std::string wrong_text;  // as written, for the index
  SourcePos pos;
};

// How a decision of a sanction type is said in the game: the words (with {per} where the
// side goes; no {per}: the side is not said; empty: the type's label and side) and the
// class of decision it belongs to (restart, discipline, score …), for distractors of the
// same kind as the right answer.
struct PhraseDecision {
  std::string type;
  std::string cls;
  std::string text;
  SourcePos pos;
};

// The words of a side (beneficiary) when the scene names no one it could be resolved to
// ("per l'avversario").
struct PhraseSide {
  std::string id;
  std::string text;
  SourcePos pos;
};

// The name a trainee reads for a document ("calciotto") or a rule ("subbuteo-2.0#r13")
// whose own title is a production label or missing.
struct PhraseLabel {
  std::string target;
  std::string text;
  SourcePos pos;
};

// A case told as a quiz scene (corpus/<game>/scenes.xml, schema/scenes.rng): the
// situation in the words a trainee reads, written and reviewed against the rulebook.
struct CaseScene {
  std::string target;             // "doc#eId/case" as written
  std::string doc, eid, case_id;  // the case it tells (resolved by the loader)
  bool quiz = true;               // false: no fair question (note says why)
  // The side of whoever offends or acts in the scene ("attaccante"), so that a decision for
  // "the opponent of the offender" is said as the side it is; empty: a fact says it.
  std::string actor;
  // The value the scene tells of a fact whose condition admits several, and any fact the
  // scene states beyond the case's conditions.
  std::vector<std::pair<std::string, std::string>> facts;
  std::string tell;  // one clause, present tense: "il difensore tocca la palla con la mano"
  std::string why;   // one or two sentences on why the decision follows
  std::string note;  // for encoders: why quiz="no", doubts
  SourcePos pos;
};

struct Phrasing {
  std::string game;
  std::string title;    // the game's name in a sentence ("Subbuteo Table Rugby")
  std::string subject;  // default subject of {chi}
  std::vector<PhraseFact> facts;
  std::vector<ParamPhrase> params;
  std::vector<PhraseDecision> decisions;
  std::vector<PhraseSide> sides;
  std::vector<PhraseLabel> labels;
  std::vector<CaseScene> scenes;  // scenes.xml, when the game has one
  std::string path;
  const PhraseFact* FindFact(const std::string& name) const;
  const PhraseDecision* FindDecision(const std::string& type) const;
  const PhraseSide* FindSide(const std::string& id) const;
};

// How people ask for a provision (corpus/<game>/asked.xml, schema/asked.rng): the
// questions players and referees type when it is the answer they need, written from the
// rulebook. The index searches them as the provision's own words; no user reads them.
struct AskedFor {
  std::string target;                  // "doc#eId" as written
  std::string doc, eid;                // the provision (resolved by the loader)
  std::vector<std::string> questions;  // one line each
  SourcePos pos;
};

struct Corpus {
  std::string dir;
  Lexicon lexicon;
  std::map<std::string, Vocabulary> vocabularies;  // by game
  std::map<std::string, Phrasing> phrasings;       // by game, when the game has phrasing.xml
  std::vector<Rulebook> rulebooks;                 // sorted by game, then doc
  std::map<std::string, std::vector<AskedFor>> asked;  // by game, when it has asked.xml

  const Rulebook* FindDoc(const std::string& doc) const;
  const Vocabulary* FindVocabulary(const std::string& game) const;
  const Phrasing* FindPhrasing(const std::string& game) const;
  // Sanction type / beneficiary of a game (game vocabulary first, then lexicon); null if unknown.
  const Labelled* SanctionType(const std::string& game, const std::string& id) const;
  const Labelled* Beneficiary(const std::string& game, const std::string& id) const;
  // Resolves "eId" (relative to `from_doc`), "doc#eId" or "doc#eId/case".
  // Returns false when the target does not exist.
  bool Resolve(const std::string& from_doc, const std::string& target, const Rulebook** book,
               int* unit, std::string* case_id) const;

 private:
  // Index of the rulebook with that doc id, built on the first FindDoc and rebuilt when
  // `rulebooks` has changed (a stale entry is never trusted).
  mutable std::map<std::string, size_t> by_doc_;
};

// Loads and checks the corpus in `dir`. Appends every problem to `diagnostics`.
// Returns OK when there is no error (warnings allowed), CorpusError otherwise,
// IOError when `dir` cannot be read.
Status LoadCorpus(const std::string& dir, Corpus* corpus, std::vector<Diagnostic>* diagnostics);

// Loads a single rulebook file (e.g. for `diff` on paths) against an already loaded
// corpus's lexicon and vocabularies, without cross-document reference checks.
Status LoadRulebookFile(const std::string& path, const Corpus& context, Rulebook* book,
                        std::vector<Diagnostic>* diagnostics);

// Quiz phrasing coverage (lint-corpus): a warning for each vocabulary value a case
// uses that has no phrase in its game's phrasing.xml, and for each parameter with no
// question (or, when it takes several values in the game, none for that provision).
// Games without phrasing.xml get one warning each.
void CheckPhrasingCoverage(const Corpus& corpus, std::vector<Diagnostic>* diagnostics);

// Does a parameter question apply to the parameter of unit `doc#eid`? (empty `at`: any)
bool ParamPhraseMatches(const ParamPhrase& phrase, const std::string& doc, const std::string& eid);
// The question for a parameter of `doc#eid`: the entry whose `at` is the most specific
// match; an entry without `at` only when the parameter has a single value in the game.
const ParamPhrase* FindParamPhrase(const Phrasing& phrasing, const std::string& name,
                                   const std::string& doc, const std::string& eid,
                                   bool several_values);

// ---------------------------------------------------------------- fidelity

struct FidelityReport {
  std::string doc;
  size_t segments = 0;
  std::vector<TextSegment> not_found;  // segments not found verbatim in the source
  size_t source_words = 0;
  size_t covered_words = 0;
  double coverage() const { return source_words ? double(covered_words) / source_words : 1.0; }
  std::vector<std::string> uncovered_sample;          // first uncovered words, in source order
  size_t consequence_units = 0;                       // provisions that state a consequence
  std::vector<std::string> consequence_without_case;  // their eIds when they lack a <case>
};

// Compares a rulebook with its source text: each segment must occur verbatim in the
// source (whitespace collapsed, "**" and <u> markup ignored); coverage counts the
// source words inside some matched segment. IOError if the source cannot be read.
Status CheckFidelity(const Rulebook& book, FidelityReport* report);

// True when a provision states a consequence: it has a <consequence>, kind="sanction",
// or its text contains a sanction cue and its kind is not definition/information.
bool StatesConsequence(const Unit& unit);

// Whitespace-collapsing normalisation used by the fidelity check.
std::string NormalizeSourceText(const std::string& text);

}  // namespace arbitro
