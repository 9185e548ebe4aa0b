// Helpers shared by the evaluation commands (eval-ask, eval-resolve).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/status.h"

namespace arbitro::cli {

struct TsvRow {
  std::vector<std::string> cols;
  std::string where;  // "file:line"
};

// Reads a TSV file: '#' lines and blank lines skipped, cells trimmed. Rows with
// fewer than `min_cols` cells are an InvalidArgument naming file:line.
Status ReadTsv(const std::string& path, size_t min_cols, std::vector<TsvRow>* rows);
// Splits on `sep`, trimming and dropping empty items.
std::vector<std::string> SplitList(const std::string& s, char sep);
// "0.913"
std::string Fixed3(double v);

// Expected answers written as verbatim quotes of the rulebook source (the sets of
// tests/eval/users/, whose writers never saw the encoding) are mapped to the units
// that state them. Matching is on folded text (lower case, no accents, letters and
// digits only) by character 4-grams, so OCR repairs and typographic quotes in the
// corpus do not break a quote copied from the raw source.
class QuoteMap {
 public:
  // Reads the text of every provision, table row and block of the index.
  Status Load(Engine& engine);
  // The units that state `quote`, best first: every unit holding (nearly) all its
  // 4-grams, else the single best one when it holds most of them. NotFound otherwise.
  Status Find(const std::string& quote, std::vector<std::string>* ids) const;

 private:
  struct Unit {
    std::string id, game, folded;
    std::vector<uint32_t> grams;  // its distinct 4-grams, packed and sorted
  };
  std::vector<Unit> units_;
};

// True for a field that is a unit id ("doc#eId"), false for a quote.
bool IsUnitId(const std::string& field);

// The expected ids of `fields` (ids, comma lists of ids, or quotes): the first
// field's units first. `first_count` receives how many ids the first field gave.
Status ExpectedIds(const QuoteMap& quotes, const std::vector<std::string>& fields,
                   const std::string& where, std::vector<std::string>* ids,
                   size_t* first_count = nullptr);

// One question of an ask set: the units that answer it (first = best) and the game
// of the best one.
struct EvalQuestion {
  std::string text, game, where;
  std::vector<std::string> expected;
};
// Reads ask sets ("question<TAB>id[,id…]" or "question<TAB>quote<TAB>quote…").
Status LoadQuestions(Engine& engine, const std::vector<std::string>& paths,
                     std::vector<EvalQuestion>* questions);

// One situation of a resolve set: "scenario<TAB>sanction types<TAB>beneficiary<TAB>ids"
// or "…<TAB>beneficiary<TAB>quote<TAB>quote…". The first sanction type is the decisive
// one; "-" as beneficiary: not checked.
struct EvalSituation {
  std::string text, game, where;
  std::vector<std::string> types;
  std::string beneficiary;
  std::vector<std::string> cites;  // ids: every one must be cited; quotes: one of them
  bool quoted = false;
};
Status LoadSituations(Engine& engine, const std::vector<std::string>& paths,
                      std::vector<EvalSituation>* situations);

// Whether the best ruling of `r` holds the decisive sanction for the expected side
// and cites what the situation expects; `got` describes it for --verbose.
struct RulingJudgement {
  bool decision = false, citations = false;
  std::string got;
};
RulingJudgement JudgeRuling(const Status& resolved, const ResolveResult& r, const EvalSituation& s);

// Rank (0-based) of the first expected unit among `ranked`, or -1.
int FirstExpected(const std::vector<std::string>& ranked, const std::vector<std::string>& expected);

}  // namespace arbitro::cli
