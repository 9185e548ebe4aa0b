// arbitro/engine.h: the query engine over a published index: ask, resolve, browse.
// (arbitro/query.h includes this and the quiz and committee contracts.)
//
// Contract
// - Engine::Open() opens the current generation of an index directory read-only
//   (SQLite immutable + Xapian). It never writes. NotFound when no index exists
//   (the CLI then builds one), IndexError when it is corrupt.
// - Every method validates its input and returns InvalidArgument / NotFound with a
//   one-line Italian-free developer message for bad input; no exception escapes.
// - An Engine is not thread-safe (it caches per-game rules, spelling suggestions and
//   prepared statements): use one per thread at a time. `arbitro serve` keeps a pool
//   of engines, one lent to each request in flight, and opens new ones when a newer
//   generation is published (Generation()); an engine keeps answering from the
//   generation it opened even after a re-index removes it.
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
  // Set when the sanction is one alternative of a choice: the choice's id (the same for
  // every alternative of one choice; "doc#eId/case/sceltaN") and who chooses.
  std::string choice;
  std::string chosen_by;        // beneficiary id ("difensore")
  std::string chosen_by_label;  // "per il difensore"
  int points = 0;               // points awarded with it (a meta tecnica: 5); 0 when none
};

// Italian words introducing a choice's alternatives: "a scelta della squadra in difesa".
std::string ChoiceIntro(const SanctionInfo& alternative);
// One sanction as a referee says it: "Calcio di punizione per il difensore (nel punto …)".
std::string SanctionSentence(const SanctionInfo& s);

struct LinkInfo {
  std::string id;  // "doc#eId"
  std::string citation;
  std::string quote;
  std::string kind;
};

// What a variant changes in the base rules (corpus/README.md, "Variants"): a base
// provision or case it amends (states anew) or replaces (switches off), or a provision it
// adds. Ids are "doc#eId".
struct VariantChangeInfo {
  std::string game;
  std::string variant;  // "regola-avanzata"
  std::string variant_label;
  std::string kind;                                  // amends | replaces | adds
  std::string target, target_case, target_citation;  // the base unit; empty for adds
  std::string by, by_case, by_citation, by_text;     // the variant's own unit
  std::string param;                 // amends: the parameter whose value changes, or ""
  std::string unit;                  // the parameter's unit (cm, pips …)
  std::string old_value, new_value;  // its values ("1", "2"), base then variant
  std::string old_quote, new_quote;  // the figures as printed ("+1", "+2")
};

// A unit named in a path: its id, kind and number with heading ("Regola 12 FUORIGIOCO").
struct UnitRef {
  std::string id, kind, label;
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
  std::string variant;        // the variant it holds under (its own or an ancestor's), or ""
  std::string variant_label;  // that variant's label
  std::vector<SanctionInfo> sanctions;  // distinct sanctions over the unit's cases
  std::vector<LinkInfo> refs_out;
  std::vector<LinkInfo> refs_in;
  std::vector<std::pair<std::string, std::string>> cells;  // rows
  // Declared changes this unit is the target or the variant's own unit of (loaded with
  // the links: Show, Ask hits).
  std::vector<VariantChangeInfo> variant_changes;
  // Filled by Show only: the rules, sections and tables it sits in, outermost first,
  // and the units right under it in document order (a rule's sections, a section's
  // provisions, a table's rows), each without links, ancestors or children.
  std::vector<UnitRef> ancestors;
  std::vector<ProvisionInfo> children;
};

// ---------------------------------------------------------------- ask

struct AskOptions {
  std::string game;  // empty: infer from the question or rank across all games; a
                     // document id searches that document only (see CanonicalGame)
  int limit = 5;     // 1..100
  // Variants in play: a provision of one ranks just above the base provision it amends
  // or replaces. Without --game the variants' game is searched. InvalidArgument for a
  // name no game declares (the message lists the variants) or two that exclude each other.
  std::vector<std::string> variants;
};

struct AskHit {
  ProvisionInfo provision;
  double score = 0;                                   // higher is better, in (0, 1]
  std::vector<std::pair<size_t, size_t>> highlights;  // byte ranges in provision.text
  bool variant_enabled = false;                       // the provision holds under a variant in play
};

struct AskResult {
  std::string query;
  std::string game;  // the filter given, or the inferred game; empty = none
  bool game_inferred = false;
  std::string corrected;  // spelling-corrected question when a correction was made
  std::vector<AskHit> hits;
  std::vector<std::string> variants;  // the variants in play (AskOptions::variants)
};

// ---------------------------------------------------------------- resolve

struct FactReading {
  std::string fact;
  std::string value;
  std::string words;  // the words of the description it was read from ("" for --fact)
};

struct Citation {
  std::string game, doc, id, citation, text;
  std::string variant;  // the variant the provision holds under, or ""
};

// Shown beside a ruling whose `reading` is true.
inline constexpr const char* kReadingNotice =
    "Il regolamento non lo dice espressamente: è la lettura applicata dove il testo tace o è "
    "difettoso.";

struct Ruling {
  std::string decision;  // Italian sentence a referee would say
  std::vector<SanctionInfo> sanctions;
  std::vector<Citation> citations;
  std::vector<std::string> because;  // Italian explanations
  double confidence = 0;
  int support = 0;  // conditions of the leading rule read from the description
  // Conditions of the leading rule that hold (read, given or assumed): rulings of the first
  // one's level are alternatives for the same facts, none more specific.
  int level = 0;
  int evidence = 0;  // words of the description its leading rule's conditions read
  std::string case_key;  // the leading case, "doc#eId/case"
  // The book does not state this decision: it is the encoders' reading where the text is
  // silent or defective (the leading case is basis="reading"; its unit's note explains it).
  bool reading = false;
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
  // Changes of the variants in play that touch a cited provision (the amended figures).
  std::vector<VariantChangeInfo> variant_changes;
  // Variants the description itself names ("giochiamo due contro due"), applied as if
  // given with --variant (ids).
  std::vector<std::string> variants_named;
};

// ---------------------------------------------------------------- browse

struct DocumentInfo {
  std::string game, doc, title, short_title, edition, date, language, source_file;
  std::string summarises;
  long long provisions = 0, rows = 0, cases = 0;
  std::vector<std::pair<std::string, std::string>> variants;          // (id, label)
  std::vector<std::pair<std::string, std::string>> variant_excludes;  // (variant, excluded)
  std::vector<VariantChangeInfo> variant_changes;                     // declared by this document
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
  // The variants under which alone a case tests this fact; empty when the base rules do.
  std::vector<std::string> variants;
};

// One candidate provision Ask re-ranks, with its feature values (arbitro tune).
struct AskCandidate {
  std::string id;                // "doc#eId"
  std::vector<double> features;  // the ask weights' features, in RankingWeightNames() order
};

// One game Resolve weighs when no game is given, with its feature values (arbitro tune).
struct ResolveGameCandidate {
  std::string game;
  // The resolve.game.* features, in RankingWeightNames() order from ResolveGameFeatureFirst().
  std::vector<double> features;
};

// How Engine::Open reads the search index.
struct EngineOpenOptions {
  // When the search index's posting table (xapian/postlist.glass) is at most this many
  // bytes, its postings are copied into memory at open (Xapian's in-memory backend) and
  // every search runs there: the same answers, without a block read and a B-tree walk per
  // term of every question. The copy takes some 35 times the table's size and about a
  // second per 2 MB of it, so it pays only in a long-running process (`arbitro serve`).
  // 0: never (the default: one question per process).
  uint64_t postings_in_memory_max_bytes = 0;
};

class Engine {
 public:
  ~Engine();
  // Opens the current generation of `index_dir`.
  static Status Open(const std::string& index_dir, std::unique_ptr<Engine>* engine);
  static Status Open(const std::string& index_dir, const EngineOpenOptions& options,
                     std::unique_ptr<Engine>* engine);
  // True when the searches run on postings copied into memory (EngineOpenOptions).
  bool PostingsInMemory() const;
  // The generation directory this engine reads ("<index_dir>/gen-…").
  const std::string& Generation() const;

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
  // Ids ("doc#eId") of every unit with text of its own (provisions, table rows and
  // blocks), in document order (all documents
  // of the index, in index order).
  Status UnitIds(std::vector<std::string>* ids);
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

  // OK when every name in `variants` is a variant of `game` (any name Ask accepts) and no
  // two exclude each other; InvalidArgument listing the game's variants otherwise.
  Status CheckVariants(const std::string& game, const std::vector<std::string>& variants) const;

  // Resolves a described situation (or structured facts) to rulings.
  Status Resolve(const std::string& scenario, const ResolveOptions& options, ResolveResult* result);

  // Ranking weights (query/ranking-weights.tsv), for `arbitro tune`: their names in
  // file order (the first AskFeatureCount() weigh ask's features), the values in
  // use, and a replacement for this engine (InvalidArgument on a wrong count).
  static std::vector<std::string> RankingWeightNames();
  static std::vector<std::string> RankingWeightMeanings();
  static size_t AskFeatureCount();
  std::vector<double> RankingWeightValues() const;
  Status SetRankingWeights(const std::vector<double>& values);
  // The candidates Ask re-ranks for `question`, in retrieval order, with their features.
  Status AskCandidates(const std::string& question, const AskOptions& options,
                       std::vector<AskCandidate>* out);
  // The games Resolve chooses between for `scenario` when no game is given (every game
  // whose reading is not contradictory, none skipped), with their features, in candidate
  // order: Resolve picks the best weighted sum, the earlier game on a tie.
  Status ResolveGameCandidates(const std::string& scenario, std::vector<ResolveGameCandidate>* out);
  // The terms of `text` the model of players' words reads (arbitro/game_words.h), for
  // `arbitro game-words` and `arbitro tune`.
  Status GameWordTerms(const std::string& text, std::vector<std::string>* terms);
  // The position of the first resolve.game.* weight in RankingWeightNames().
  static size_t ResolveGameFeatureFirst();

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

}  // namespace arbitro
