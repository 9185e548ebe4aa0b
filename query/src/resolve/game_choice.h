// The choice of game when a description names none (Engine::Resolve, resolve.cc).
//
// Every game reads the description; each reading is scored by a weighted sum of named
// features (the resolve.game.* weights of query/ranking-weights.tsv, fitted by
// `arbitro tune` on the train situations with the game inferred) and the best score
// wins, the earlier candidate on a tie. Some features are known once the facts are read
// (facts read, hints, the game named, the word vote), the others only once the game's
// cases are evaluated (the lead ruling's support, a question asked back): ScoreBound
// gives the most the score can be before evaluation, so that a game that cannot win is
// not evaluated.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "core/fact_reader.h"
#include "core/rules.h"
#include "core/weights.h"

namespace arbitro::resolve {

// The features of one game's reading, in Weight order from Weight::kResolveGameSupport.
struct GameFeatures {
  std::array<double, kResolveGameFeatureCount> x{};
  double& operator[](Weight k) { return x[static_cast<size_t>(k) - kResolveGameFirst]; }
  double operator[](Weight k) const { return x[static_cast<size_t>(k) - kResolveGameFirst]; }
};

// Scores within this distance are a tie (the weights are not integers).
constexpr double kGameScoreTie = 1e-9;

// The weighted sum of the features.
double GameScore(const GameFeatures& f, const RankingWeights& w);

// An upper bound of GameScore before the game's cases are evaluated: `known` holds the
// features known from the reading (support and ask-back are ignored), `max_support` is
// the most conditions one case tests on facts read from the text (MaxSupport).
double GameScoreBound(const GameFeatures& known, int max_support, const RankingWeights& w);

// The most conditions one of the game's cases tests on facts read from the text: the
// lead ruling's support counts such conditions that hold, so it is at most this.
int MaxSupport(const GameRules& rules, const FactMap& facts);

// Facts read from the text (readings with words).
int FactsRead(const FactMap& facts);

// The games the text names by name ("a subbuteo", "Soccer Tactics", "nel rugby"): at each
// word, the longest game id whose words follow, else a word of exactly one game's id.
std::vector<std::string> GamesNamed(const std::vector<Token>& tokens,
                                    const std::vector<std::string>& games);

// The features and score of one game, for --explain, in Italian: "gioco subbuteo:
// punteggio 3.45 (sostegno 2, domanda 0, fatti letti 6, …)".
std::string ExplainGame(const std::string& game, const GameFeatures& f, double score);
// A number as ExplainGame prints it (3 significant digits).
std::string Number(double v);

// The word vote's feature: each game's log-likelihood (RankGamesByWords) minus the best
// game's, bounded below by −kVoteFloor so that a long text's vote does not swamp the rest.
constexpr double kVoteFloor = 10.0;

}  // namespace arbitro::resolve
