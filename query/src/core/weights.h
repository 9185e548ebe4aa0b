// Ranking weights: the named numbers ask and resolve score with, fitted by
// `arbitro tune` and kept in one reviewable data file, query/ranking-weights.tsv,
// compiled in at build time (weights_data.cc.in).
#pragma once

#include <array>
#include <string>

#include "arbitro/query.h"

namespace arbitro {

// The re-ranking features of ask (ask.cc computes them for each candidate; its score
// is the weighted sum), the scores of resolve's retrieval of cases (retrieve.cc) and of
// its choice of game when none is given (game_choice.h).
enum class Weight : size_t {
  // ask: one value per candidate provision
  kAskBm25,            // log of its BM25 weight relative to the best candidate (≤ 0)
  kAskCoverage,        // share of the question's concepts it holds as written (by rarity)
  kAskSynonymCoverage, // share it holds only through a synonym or derived form
  kAskThesaurusCoverage, // share it holds only through the Italian thesaurus
  kAskAskedCoverage,   // share held by how people ask for it (asked.xml)
  kAskHeading,         // share of the concepts found in the headings above it
  kAskPairs,           // share of the question's consecutive word pairs it holds
  kAskFacts,           // share of the facts read from the question its cases test
  kAskLength,          // log of its length relative to the mean provision
  kAskRow,             // it is a summary table row
  kAskAbridged,        // it is in an abridged edition
  kAskLead,            // first provision of its section
  kAskSanctionAsked,   // a consequence is asked and it states a sanction
  kAskNamedSanction,   // it states the sanction the question names
  kAskTermAsked,       // a definition is asked and it defines a term
  kAskDefinitionAsked, // a definition is asked and it is a definition
  kAskPermissionAsked, // a permission is asked and it permits or forbids
  kAskProcedureAsked,  // a procedure is asked and it is a procedure
  kAskParamAsked,      // a number is asked and it states a numeric parameter
  kAskPlace,           // a place is asked and it names a place
  kAskNamed,           // the question names it (its heading or a term it defines)
  kAskNamedDoc,        // the question names its document ("regole abbreviate")
  kAskOtherGame,       // the game was inferred and it belongs to another game
  // resolve: a case brought by a retrieved provision
  kResolveCloseness,   // log of its provision's ask score (≤ 0)
  kResolveRank,        // its provision's rank among the retrieved ones
  kResolveStated,      // share of its conditions the facts read from the text satisfy
  kResolveUnstated,    // conditions the text says nothing about
  kResolveSanction,    // it states a sanction (not only a procedure)
  kResolveFactLead,    // it leads the ruling the facts read give on their own
  kResolveComplete,    // the facts read from the text satisfy all its conditions
  kResolveContradicted, // conditions a one-word reading of the text contradicts
  kResolveMargin,      // (a margin, not a feature) the best case's lead over the next one
                       // with another decision below which the facts read ask back
  // resolve without a game: one game's reading of the description (resolve/game_choice.h)
  kResolveGameSupport,   // its lead ruling's support (conditions read from the text)
  kResolveGameAskBack,   // it asks back a missing fact
  kResolveGameRead,      // facts read from the text
  kResolveGameHint,      // sum of the weights of its vocabulary's hints in the text
  kResolveGameNamed,     // the text names the game
  kResolveGameVote,      // the word vote: log-likelihood minus the best game's (≤ 0)
  kResolveGameVoteFirst, // the word vote names it (GameOfWords: first by its margin)
  kResolveGameWords,     // the model of players' words (arbitro/game_words.h, learned from
                         // labelled lines): log-likelihood minus the best game's (≤ 0)
  kCount
};
constexpr size_t kWeightCount = static_cast<size_t>(Weight::kCount);
constexpr size_t kAskFeatureCount = static_cast<size_t>(Weight::kResolveCloseness);
constexpr size_t kResolveGameFirst = static_cast<size_t>(Weight::kResolveGameSupport);
constexpr size_t kResolveGameFeatureCount = kWeightCount - kResolveGameFirst;

// The name of each weight in the data file ("ask.bm25", "resolve.stated" …).
const char* WeightName(Weight w);
// What it weighs, in a few English words (the data file's third column).
const char* WeightMeaning(Weight w);

struct RankingWeights {
  std::array<double, kWeightCount> w{};
  double operator[](Weight k) const { return w[static_cast<size_t>(k)]; }
  double& operator[](Weight k) { return w[static_cast<size_t>(k)]; }
};

// Parses the data file's text: "name<TAB>value<TAB>comment" lines, '#' comments.
// InvalidArgument ("riga N: …") for an unknown or missing name or a bad number.
Status ParseRankingWeights(const std::string& text, RankingWeights* out);

// The weights compiled in from query/ranking-weights.tsv.
const RankingWeights& DefaultRankingWeights();

}  // namespace arbitro
