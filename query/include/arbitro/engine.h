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
};

struct LinkInfo {
  std::string id;  // "doc#eId"
  std::string citation;
  std::string quote;
  std::string kind;
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
  std::string variant;
  std::vector<SanctionInfo> sanctions;  // distinct sanctions over the unit's cases
  std::vector<LinkInfo> refs_out;
  std::vector<LinkInfo> refs_in;
  std::vector<std::pair<std::string, std::string>> cells;  // rows
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

}  // namespace arbitro
