// arbitro/committee.h: tools for rule committees: the corpus linter (CheckCorpus)
// and the comparison of two editions (DiffRulebooks), implemented in
// query/src/committee/.
#pragma once

#include <string>
#include <vector>

#include "arbitro/engine.h"
#include "arbitro/status.h"

namespace arbitro {

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
//   CASE-AMBIGUOUS                              two cases of a game that can fire on one
//                                               consistent set of facts with different decisive
//                                               sanctions, and no precedence resolve applies (a
//                                               chain of <overrides>, a more specific case, a
//                                               third case over both) nor a source-defect note
//                                               of one naming the other (then OVERLAP, info);
//                                               error when a reader of one meets the other (one
//                                               provision, siblings sharing a fact about what
//                                               happened, a summary row, a twin's override),
//                                               else info
//   DECISION-PROVISO                            a decision sentence with a proviso no condition
//                                               or choice expresses (error)
//   RESTART-NO-PLACE                            a restart sanction without the place its
//                                               provision states (error)
//   VALUE-OUT-OF-DOMAIN, VARIANT-UNDECLARED, CASE-UNSATISFIABLE
//   VARIANT-EMPTY                               a variant that declares no change: switching
//                                               it on changes no answer (warning)
//   VARIANT-CONFLICT                            two variants not declared exclusive that
//                                               change the same base provision differently
//                                               (a parameter's value, a case's sanctions, a
//                                               replacement) (error)
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
  // Against a draft (DiffDraft): the draft's first and last line, and a unit found out
  // of the document's order.
  std::vector<int> new_lines;
  bool moved = false;

  bool sanctions_changed() const;
  bool conditions_changed() const;
  bool params_changed() const { return !params.empty(); }
};

struct DiffSummary {
  int added = 0, removed = 0, renumbered = 0, reworded = 0, split = 0, joined = 0;
  int sanction_changes = 0, condition_changes = 0, param_changes = 0;
  int unchanged = 0;
};

// What a draft breaks elsewhere (DiffDraft): a reference to a rule it no longer has
// (REF-DANGLING), a value another document of the game still states (VALUE-ELSEWHERE),
// a paragraph found twice (DUPLICATE).
struct DraftFinding {
  std::string code;
  int line = 0;  // in the draft
  std::string message;
};

struct DiffResult {
  std::string game;
  std::string old_doc, new_doc;
  std::string old_title, new_title;  // title + edition
  DiffSummary summary;
  std::vector<ProvisionChange> changes;  // in the order of the new edition
  // Against a draft: new_doc names the draft file, the changes carry draft lines.
  bool draft = false;
  std::vector<DraftFinding> draft_findings;
  double changed_share = 0;  // changes / (changes + unchanged units)
};

// Compares two editions of one rulebook. Units are matched by eId first, then by text
// similarity (renumbered or moved units), then split/join are recognised; what is left
// is inserted or repealed. InvalidArgument when the two documents belong to different
// games.
Status DiffRulebooks(const Rulebook& old_doc, const Rulebook& new_doc, DiffResult* result);

// Compares an encoded rulebook with a draft revision given as plain text (a word
// processor's export or a PDF's text): every unit of `doc` is aligned into the draft's
// words (see query/src/committee/diff_draft.cc); changes name the draft's lines, with
// sanction and parameter changes first. `same_game` are the game's other documents
// (values they still state); `sanction_forms` the Italian wordings of each sanction
// type. InvalidArgument when the draft has no text.
Status DiffDraft(const Rulebook& doc, const std::vector<const Rulebook*>& same_game,
                 const std::string& draft_text, const std::string& draft_name,
                 const std::vector<std::pair<std::string, std::vector<std::string>>>& sanction_forms,
                 DiffResult* result);

}  // namespace arbitro
