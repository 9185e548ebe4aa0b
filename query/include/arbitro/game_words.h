// The game model of players' words: a naive Bayes over the engine's content terms,
// learned from game-labelled lines (`arbitro game-words`, written to
// query/game-words.tsv and compiled in). It tells which game a text's words are most
// likely written about, by how players write ("omino", "portierino", "meta") rather
// than how rulebooks do. Resolve weighs its margin among the features of the choice of
// game (resolve.game.words).
//
// The model is counts: for each game, in how many of its lines each term occurs (a term
// counts once per line), and how many term occurrences it holds in all. A game's score
// for a text is the sum, over the text's distinct terms the model knows, of
//   log((count(game, term) + kAlpha) / (total(game) + kAlpha · vocabulary)),
// the multinomial naive Bayes log-likelihood with additive smoothing and equal priors
// (the share of each game in the labelled lines says nothing of what users ask about).
// Its size grows with the labelled lines, not with the rulebooks.
#pragma once

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "arbitro/status.h"

namespace arbitro::game_words {

// The lowest margin (Margins): a long text's margin does not swamp the other features.
constexpr double kMarginFloor = 10.0;

// Additive smoothing: a tenth of a pseudo-line of every term for every game, so that a
// word seen in one game's lines only is strong evidence (α = 0.1 put the game of 0.956 of
// the validation situations first, α = 0.3, 1 and 2: 0.942, 0.934, 0.934).
constexpr double kAlpha = 0.1;

struct Model {
  std::vector<std::string> games;  // sorted
  // term → its count in each game, in `games` order
  std::unordered_map<std::string, std::vector<double>> counts;
  std::vector<double> totals;  // per game: the sum of its counts
};

// One labelled line: its game and its content terms (Engine::GameWordTerms).
struct Example {
  std::string game;
  std::vector<std::string> terms;
};

// Counts the examples (each distinct term once per example).
Model Train(const std::vector<Example>& examples);

// Removes the examples' counts from `model` (an out-of-fold model for lines it was
// trained on), never below zero; terms left with no count are dropped.
void Subtract(const std::vector<Example>& examples, Model* model);

// The data file: '#' comments, "games<TAB>g1<TAB>g2…", then "term<TAB>n1<TAB>n2…"
// sorted by term. `header` is written first, each line prefixed with "# ".
std::string Write(const Model& model, const std::string& header);
// InvalidArgument ("riga N: …") for a malformed line.
Status Parse(const std::string& text, Model* model);

// Each game's log-likelihood of the distinct `terms`, in model.games order (all 0 when
// the model knows none of them).
std::vector<double> LogLikelihoods(const Model& model, const std::vector<std::string>& terms);

// game → its log-likelihood minus the best game's (≤ 0), bounded below by −floor.
std::unordered_map<std::string, double> Margins(const Model& model,
                                                const std::vector<std::string>& terms,
                                                double floor);
// The margin of `game` among `margins` (Margins with kMarginFloor): −kMarginFloor for a
// game the model has no lines of, as far below the best as a margin goes.
double MarginOf(const std::unordered_map<std::string, double>& margins, const std::string& game);

// The model compiled in from query/game-words.tsv (parsed on first use).
const Model& DefaultModel();

}  // namespace arbitro::game_words
