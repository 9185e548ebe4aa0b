// arbitro/indexer.h: Italian text analysis, the term-prefix table, the SQLite
// wrapper, and the atomic index build.
//
// Contract
// - Analyzer turns Italian text into terms the same way at index and at query time:
//   lower case, typographic apostrophes folded, elisions split ("nell'area" →
//   "nell" + "area"), "E'" read as "è", Snowball Italian stemming except for protected
//   words ("portiere" and "porta" stay apart), stopwords flagged, lexicon phrases
//   ("calcio d'angolo") recognised as extra phrase terms.
// - BuildIndex() writes a complete new generation (SQLite database + Xapian database)
//   in a temporary directory inside the index directory and publishes it with one
//   atomic rename of the "current" symlink. On any error the previous index is left
//   untouched and the temporary directory is removed. Stale temporary directories of
//   dead builds are removed by the next build. Builds are serialised with a lock file.
// - OpenCurrentGeneration() finds the published generation; readers never see a
//   half-written one.
#pragma once

#include <sqlite3.h>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "arbitro/schema.h"
#include "arbitro/status.h"

namespace arbitro {

// ---------------------------------------------------------------- term prefixes
// One table shared by indexing and querying (after notmuch's lib/prefix.cc).
struct TermPrefix {
  const char* name;    // user-facing field name
  const char* prefix;  // Xapian term prefix
  bool boolean;        // filter-only term
};
namespace prefix {
inline constexpr const char* kGame = "XG";      // XGsubbuteo
inline constexpr const char* kDoc = "XD";       // XDsubbuteo-2.0
inline constexpr const char* kRule = "XR";      // XRsubbuteo-2.0#r12 (top-level rule of the unit)
inline constexpr const char* kKind = "XK";      // XKprovision, XKrow
inline constexpr const char* kSanction = "XS";  // XSback: sanction types of the unit's cases
inline constexpr const char* kFlag =
    "XF";  // flags: XFparam (numeric parameters), XFabridged (abridged edition),
           // XFterm (defines a term), XFlead (first of its section),
           // XFsanction (a case sanctions), XFkind-<provision kind>
inline constexpr const char* kCond = "XC";  // XCzona=area-di-rigore: a fact value a case tests
inline constexpr const char* kCounted =
    "N";  // Nminiatur: a word counted by a number ("10 miniature")
inline constexpr const char* kPhrase = "P";   // Pcalcio_d_angolo: lexicon phrase
inline constexpr const char* kHeading = "H";  // heading words, stemmed
// Key prefix of the thesaurus synonyms (mythes-it): "~sfior" → "tocc" (not a term).
inline constexpr const char* kThesaurus = "~";
inline constexpr const char* kParam =
    "Q";  // Qintervall: words of the names of the unit's numeric parameters
inline constexpr const char* kBigram =
    "B";  // Bstess_miniatur: two content words in a row (stopwords skipped)
// Aentr: a word of how people ask for the unit (asked.xml).
inline constexpr const char* kAsked = "A";
inline constexpr const char* kName =
    "T";  // Tplaccagg_irregol: a whole name of the unit (its heading, its
          // section's heading when it leads it, a term it defines)
}  // namespace prefix
const std::vector<TermPrefix>& TermPrefixes();
// The term of a tested fact value: "XC" + fact + "=" + value.
inline std::string CondTerm(const std::string& fact, const std::string& value) {
  return std::string(prefix::kCond) + fact + "=" + value;
}

// ---------------------------------------------------------------- text analysis

struct Token {
  std::string word;     // normalised surface form (lower case, elision split)
  std::string term;     // index term: stem, or "<canonical>_" for protected words
  size_t position = 0;  // 1-based word position
  size_t begin = 0;     // byte range in the original text
  size_t end = 0;
  bool stop = false;  // a stopword (question word, article, elided article)
};

struct PhraseMatch {
  std::string term;  // "Pcalcio_d_angolo"
  std::string phrase;
  size_t first = 0;  // index into the token vector
  size_t count = 0;  // number of tokens
};

class Analyzer {
 public:
  // Builds the analyser from the lexicon's phrases, protected words and stopwords.
  explicit Analyzer(const Lexicon& lexicon);
  Analyzer(std::vector<std::string> phrases, std::vector<std::string> protect,
           std::vector<std::string> stopwords);

  // Never fails: invalid UTF-8 bytes are treated as separators; words longer than 100
  // bytes are skipped (no index term may exceed Xapian's 245 bytes).
  std::vector<Token> Tokenize(std::string_view text) const;
  // Lexicon phrases found in the token sequence (longest first, no overlap).
  std::vector<PhraseMatch> Phrases(const std::vector<Token>& tokens) const;
  // The index term of one word (already lower case). Stems are cached (up to 100,000
  // words) unless `cache` is false (words that will not recur: it spares filling the
  // cache).
  std::string TermOf(const std::string& word, bool cache = true) const;
  // Term for a whole expression: the phrase term if it is a lexicon phrase or
  // multi-word, else the single word's term.
  std::string ExpressionTerm(std::string_view expression) const;
  bool IsStopword(const std::string& word) const { return stopwords_.count(word) > 0; }
  // What the analyser was built from (its stopwords, protected words and phrases), as
  // one string that differs whenever they do: a key for results computed with it.
  std::string Identity() const;

 private:
  void Init(const std::vector<std::string>& phrases, const std::vector<std::string>& protect,
            const std::vector<std::string>& stopwords);
  std::unordered_set<std::string> stopwords_;
  std::unordered_map<std::string, std::string> protected_;                 // form → canonical
  std::vector<std::pair<std::vector<std::string>, std::string>> phrases_;  // term seq → slug
  std::unordered_map<std::string, std::vector<size_t>>
      phrases_by_first_;  // first term → phrases_ indices
  mutable std::unordered_map<std::string, std::string> stem_cache_;
};

// True for digits ("10", "2.5") and Italian number words ("tre", "quindici").
bool IsNumberWord(const std::string& word);
// Terms of the words that a number counts or measures in `tokens` ("2 (due) movimenti
// posizionali" → the term of "movimenti"), without prefix.
std::vector<std::string> CountedTerms(const std::vector<Token>& tokens);
// The term of two content words in a row (stopwords between them skipped): "B" + a + "_" + b.
std::string BigramTerm(const std::string& a, const std::string& b);
// The term of a whole name: "T" + the terms of its content words joined by "_", or ""
// when it has none or is too long to be a term.
std::string NameTerm(const std::vector<Token>& tokens);

// Levenshtein distance between two byte strings.
size_t EditDistance(std::string_view a, std::string_view b);
// The candidate closest to `word` ("did you mean"), or "" when none is within
// max(2, |word| / 3) edits.
std::string NearestWord(const std::string& word, const std::vector<std::string>& candidates);

// Lower-cases UTF-8 text (ASCII and Latin-1 letters), folds typographic quotes.
std::string FoldCase(std::string_view text);
// Removes accents from Latin-1 vowels ("perché" → "perche").
std::string StripAccents(std::string_view text);
// Replaces invalid UTF-8 sequences and control characters with spaces.
std::string SanitizeUtf8(std::string_view text);

// ---------------------------------------------------------------- SQLite

struct SqliteCloser {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
struct StmtFinalizer {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};

// A prepared statement, reused with Bind → Step → Reset.
class Statement {
 public:
  Statement() = default;
  explicit Statement(sqlite3_stmt* s) : stmt_(s) {}
  Statement& Bind(int index, const std::string& value);
  Statement& Bind(int index, long long value);
  Statement& Bind(int index, double value);
  Statement& BindNull(int index);
  // SQLITE_ROW → true; SQLITE_DONE → false; other codes set *status.
  bool Step(Status* status = nullptr);
  // Runs to completion (for writes); IndexError on failure.
  Status Run();
  void Reset();
  std::string Text(int col) const;
  long long Int(int col) const;
  double Real(int col) const;
  bool IsNull(int col) const;
  sqlite3_stmt* get() const { return stmt_.get(); }

 private:
  std::unique_ptr<sqlite3_stmt, StmtFinalizer> stmt_;
};

class Database {
 public:
  // read_only opens with SQLITE_OPEN_READONLY and immutable=1 (published generations
  // never change); otherwise creates the file. Foreign keys are always on.
  static Status Open(const std::string& path, bool read_only, Database* db);
  Status Exec(const std::string& sql);
  Status Prepare(const std::string& sql, Statement* stmt);
  // Runs fn inside BEGIN IMMEDIATE … COMMIT; rolls back if fn fails.
  Status Transaction(const std::function<Status()>& fn);
  long long LastInsertId() const;
  sqlite3* get() const { return db_.get(); }

 private:
  std::unique_ptr<sqlite3, SqliteCloser> db_;
};

// Version of the index layout; bumped whenever schema/index.sql or the Xapian
// terms change. Stored in meta(format); readers refuse other versions.
const char* IndexFormatVersion();

// The DDL of the index database (schema/index.sql).
const char* IndexSchemaSql();

// ---------------------------------------------------------------- index build

struct IndexStats {
  size_t documents = 0;
  size_t units = 0;
  size_t xapian_documents = 0;
  size_t cases = 0;
  double seconds = 0;
  std::string generation;  // directory of the published generation
};

// The game id under which the index keeps every game's vocabulary merged (facts by
// name, values by id, each form once), for reading a question that names no game.
inline constexpr const char* kEveryGame = "*";

// Resolves the index directory: `flag` if set, else $ARBITRO_INDEX, else
// $XDG_DATA_HOME/arbitro/index, else ~/.local/share/arbitro/index.
std::string DefaultIndexDir(const std::string& flag);

// Builds the index of `corpus` into `index_dir` atomically (see header comment).
// Status: IOError / IndexError on write failures (previous index kept).
Status BuildIndex(const Corpus& corpus, const std::string& index_dir, IndexStats* stats);

// Path of the published generation ("<index_dir>/gen-…"), NotFound if none.
Status OpenCurrentGeneration(const std::string& index_dir, std::string* generation_dir);

// Files inside a generation.
inline std::string SqlitePath(const std::string& gen) {
  return gen + "/arbitro.sqlite";
}
inline std::string XapianPath(const std::string& gen) {
  return gen + "/xapian";
}

}  // namespace arbitro
