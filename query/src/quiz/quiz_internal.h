// Internal model of the quiz generator: the data of one game read from the index
// (quiz_data.cc), the candidate questions built from it (quiz_build.cc), and the
// selection (quiz.cc).
#pragma once

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "core/engine_impl.h"
#include "core/rules.h"

namespace arbitro::quiz {

struct Unit {
  long long id = 0, parent = 0;
  std::string doc, eid, kind, heading, citation, text, variant;
  int ord = 0;
  std::string rule_id;     // "doc#eId" of the top-level ancestor
  std::string rule_label;  // "Regola 12 FUORIGIOCO"
  int rule_ord = 0;
};

struct Param {
  long long unit = 0;
  std::string name, unit_name, quote, label;
  double value = 0;
};

struct Term {
  long long unit = 0;
  std::string name, quote, definition;
};

struct GameData {
  std::string game;
  std::string title;  // the game's name in a sentence (phrasing title, else the first short title)
  Phrasing phrasing;  // empty when the game has no phrasing.xml
  bool has_phrasing = false;
  GameRules rules;
  std::map<long long, Unit> units;
  std::map<std::string, std::string> doc_short;  // doc → short title
  std::vector<std::string> docs;                 // in index order
  std::vector<Param> params;
  std::vector<Term> terms;
  std::map<std::string, std::vector<std::string>> sanction_forms;  // type → label + forms
  std::vector<std::vector<std::string>> synonyms;
  std::vector<std::pair<std::string, long long>> refs;  // "doc#eId" → unit it refers to
  const Unit* FindUnit(long long id) const {
    auto it = units.find(id);
    return it == units.end() ? nullptr : &it->second;
  }
};

// A candidate question with the keys the selection needs.
struct Candidate {
  Question q;
  std::string source;     // one question per source in a quiz (a situation, a parameter, a term)
  long long unit = 0;     // source unit (for topics)
  std::string doc_order;  // sort key of the rule in document order
};

Status LoadGameData(Engine::Impl& im, const std::string& game, GameData* data);

// Every candidate of a game, in a deterministic order independent of any seed, with
// `variants` in play (quiz/variants.cc).
Status BuildCandidates(Engine& engine, const GameData& data,
                       const std::vector<std::string>& variants, std::vector<Candidate>* out);

// ---- variants in play (variants.cc)
// Which of `games` each variant of `options` belongs to (the variants' games when
// options.games is empty: `games` is narrowed to them). InvalidArgument for a variant no
// game declares, or two that exclude each other.
Status VariantsOfGames(const Engine::Impl& im, const QuizOptions& options,
                       std::vector<std::string>* games,
                       std::map<std::string, std::vector<std::string>>* in_play);
// A variant in play replaces `unit`, or (given `param`) amends that parameter of it.
bool ChangedByVariant(const GameData& data, const std::vector<std::string>& variants,
                      long long unit, const std::string& param = "");
// The candidates from `first` on that cite a provision of a variant in play name it:
// Question::variants, and a stem that opens with the variant's name.
void MarkVariantQuestions(const GameData& data, const std::vector<std::string>& variants,
                          std::vector<Candidate>* out, size_t first);

// `compute(text)`, remembered per thread in `memo` and cleared past 65,536 texts: building
// a quiz folds, splits and tidies the same labels, forms and decisions many thousands of
// times (a 60-question quiz: 7.48 -> 4.69 G instructions with Fold, Words and Tidy so).
template <class Value, class Compute>
Value Remembered(std::unordered_map<std::string, Value>& memo, const std::string& text,
                 Compute compute) {
  auto known = memo.find(text);
  if (known != memo.end()) return known->second;
  if (memo.size() >= 1 << 16) memo.clear();
  return memo.emplace(text, compute(text)).first->second;
}

// Text helpers shared by the quiz files.
std::string Fold(const std::string& text);   // lower case, accents stripped, spaces collapsed
std::string Lower(const std::string& text);  // lower case, spaces collapsed (accents kept)
std::string Capitalise(const std::string& text);
std::string FormatNumber(double v);

// Small deterministic generator (SplitMix64): the same seed gives the same
// sequence on every platform, unlike std:: distributions.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  size_t Below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(Next() % n); }
  template <typename T>
  void Shuffle(std::vector<T>* v) {
    for (size_t i = v->size(); i > 1; --i) std::swap((*v)[i - 1], (*v)[Below(i)]);
  }

 private:
  uint64_t state_;
};

}  // namespace arbitro::quiz
