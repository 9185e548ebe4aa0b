// The game of each Xapian document, and the game a question's own words point to
// (moved from ask/question.cc): the document → game table is built once per engine,
// and the vote reads the index's per-game counts of each word
// (arbitro/game_terms.h), so a question's cost does not grow with the number of documents.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <vector>

#include "arbitro/game_terms.h"
#include "arbitro/game_words.h"
#include "core/engine_impl.h"

namespace arbitro {
namespace {

constexpr double kGameVoteMargin = 3.0;  // log-likelihood margin of GameOfWords

// log((n + 0.5) / 0.5), tabled for the counts most words have in a game: a question in a
// library of many games takes it for every game holding each of its words.
double PresentLog(double n) {
  constexpr size_t kTabled = 4096;  // a cost bound: 32 KB, counts above are computed
  static const std::vector<double> table = [] {
    std::vector<double> t(kTabled);
    for (size_t i = 0; i < kTabled; ++i) t[i] = std::log((static_cast<double>(i) + 0.5) / 0.5);
    return t;
  }();
  return n >= 0 && n < kTabled && n == std::floor(n) ? table[static_cast<size_t>(n)]
                                                     : std::log((n + 0.5) / 0.5);
}

}  // namespace

void Engine::Impl::DocGames() {
  if (!game_list.empty() || games.empty()) return;
  game_list.assign(games.begin(), games.end());
  game_size.assign(game_list.size(), 0);
  doc_game.assign(xdb.get_lastdocid() + 1, -1);
  // The games numbered by the index's per-game term counts (game_terms), as game_list.
  const std::string listed = xdb.get_metadata(game_terms::kGameList);
  for (size_t at = 0; at < listed.size();) {
    size_t end = listed.find('\n', at);
    if (end == std::string::npos) end = listed.size();
    const std::string name = listed.substr(at, end - at);
    auto it = std::lower_bound(game_list.begin(), game_list.end(), name);
    game_term_game.push_back(
        it != game_list.end() && *it == name ? static_cast<int>(it - game_list.begin()) : -1);
    at = end + 1;
  }
  for (size_t g = 0; g < game_list.size(); ++g) {
    const std::string term = prefix::kGame + game_list[g];
    for (auto it = xdb.postlist_begin(term); it != xdb.postlist_end(term); ++it) {
      if (*it < doc_game.size()) doc_game[*it] = static_cast<int>(g);
      game_size[g] += 1;
    }
  }
  for (double n : game_size) game_absent_log.push_back(std::log(0.5 / (n + 1)));
}

const std::string& Engine::Impl::GameOfDocument(Xapian::docid did) {
  static const std::string kNone;
  DocGames();
  return did < doc_game.size() && doc_game[did] >= 0 ? game_list[static_cast<size_t>(doc_game[did])]
                                                     : kNone;
}

std::vector<std::pair<std::string, double>> Engine::Impl::RankGamesByWords(
    const std::vector<Token>& tokens) {
  DocGames();
  const std::vector<std::string>& names = game_list;
  const std::vector<double>& size = game_size;
  const double total = std::accumulate(size.begin(), size.end(), 0.0);
  // Each game's score is the sum over the words of log((df + 0.5) / (size + 1)), minus
  // the same for the whole library. Most games hold none of a word (df = 0), so the sum
  // is taken as: words × the absent term, plus, only where df > 0, what the counts add
  // over it. A question's cost grows with the games holding its words, not all games.
  std::vector<double> present(names.size(), 0);  // Σ log((df + 0.5) / 0.5) where df > 0
  double words = 0, library = 0;                 // words counted, Σ log((all + 0.5) / (total + 1))
  std::set<std::string> seen;
  std::vector<std::pair<unsigned, unsigned>> counts;
  std::vector<double> df(names.size(), 0);  // this word's documents per game, reset after use
  std::vector<size_t> holding;              // the games with df > 0
  // The terms the model of players' words reads too (GameWordTerms), each once.
  for (const std::string& term : GameWordTerms(tokens)) {
    if (!seen.insert(term).second) continue;
    holding.clear();
    double all = 0;
    auto count = [&](size_t g, double n) {
      if (df[g] == 0) holding.push_back(g);
      df[g] += n;
      all += n;
    };
    if (!game_term_game.empty() && term.size() <= game_terms::kMaxTerm) {
      // The index's per-game counts: one read, whatever the number of documents.
      if (!game_terms::Decode(xdb.get_metadata(game_terms::kGameTermKey + term), &counts))
        counts.clear();
      for (const auto& [g, n] : counts) {
        if (g < game_term_game.size() && game_term_game[g] >= 0 && n > 0)
          count(static_cast<size_t>(game_term_game[g]), n);
      }
    } else {
      for (auto it = xdb.postlist_begin(term); it != xdb.postlist_end(term); ++it) {
        if (*it < doc_game.size() && doc_game[*it] >= 0)
          count(static_cast<size_t>(doc_game[*it]), 1);
      }
    }
    for (size_t g : holding) {
      present[g] += PresentLog(df[g]);
      df[g] = 0;
    }
    if (all == 0) continue;
    words += 1;
    library += std::log((all + 0.5) / (total + 1));
  }
  std::vector<double> score(names.size());
  for (size_t g = 0; g < names.size(); ++g)
    score[g] = words * game_absent_log[g] + present[g] - library;
  std::vector<size_t> order(names.size());
  std::iota(order.begin(), order.end(), 0);
  // Ties keep the games' name order.
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return score[a] > score[b]; });
  std::vector<std::pair<std::string, double>> ranked;
  for (size_t g : order) ranked.emplace_back(names[g], score[g]);
  return ranked;
}

std::vector<std::string> Engine::Impl::GameWordTerms(const std::vector<Token>& tokens) {
  std::vector<std::string> terms;
  for (const Token& t : tokens) {
    if (!t.stop && !IsNumberWord(t.word)) terms.push_back(t.term);
  }
  return terms;
}

std::unordered_map<std::string, double> Engine::Impl::GameWordMargins(
    const std::vector<Token>& tokens, double floor) {
  return game_words::Margins(game_words::DefaultModel(), GameWordTerms(tokens), floor);
}

Status Engine::GameWordTerms(const std::string& text, std::vector<std::string>* terms) {
  *terms = Impl::GameWordTerms(impl_->analyzer->Tokenize(SanitizeUtf8(text)));
  return Status::OK();
}

std::string Engine::Impl::GameOfWords(const std::vector<Token>& tokens,
                                      std::vector<std::pair<std::string, double>>* ranking) {
  if (games.size() < 2) return "";  // nothing to choose between
  std::vector<std::pair<std::string, double>> own;
  std::vector<std::pair<std::string, double>>& ranked = ranking ? *ranking : own;
  if (ranked.empty()) ranked = RankGamesByWords(tokens);
  return ranked[0].second - ranked[1].second >= kGameVoteMargin ? ranked[0].first : "";
}

}  // namespace arbitro
