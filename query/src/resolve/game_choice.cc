// The choice of game without --game: features, score and its upper bound (game_choice.h).
#include "resolve/game_choice.h"

#include <algorithm>
#include <cstdio>

namespace arbitro::resolve {
namespace {

std::vector<std::string> IdWords(const std::string& game) {
  std::vector<std::string> words;
  for (size_t at = 0; at <= game.size();) {
    size_t end = game.find('-', at);
    if (end == std::string::npos) end = game.size();
    if (end > at) words.push_back(game.substr(at, end - at));
    at = end + 1;
  }
  return words;
}

// Italian labels of the features, in Weight order from kResolveGameSupport.
constexpr const char* kLabels[kResolveGameFeatureCount] = {
    "sostegno", "domanda",           "fatti letti",   "indizi",
    "nominato", "voto delle parole", "primo nel voto", "parole dei giocatori"};

}  // namespace

std::string Number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

std::string ExplainGame(const std::string& game, const GameFeatures& f, double score) {
  std::string out = "gioco " + game + ": punteggio " + Number(score) + " (";
  for (size_t k = 0; k < kResolveGameFeatureCount; ++k) {
    out += (k ? ", " : "") + std::string(kLabels[k]) + " " + Number(f.x[k]);
  }
  return out + ")";
}

double GameScore(const GameFeatures& f, const RankingWeights& w) {
  double s = 0;
  for (size_t k = 0; k < kResolveGameFeatureCount; ++k) s += w.w[kResolveGameFirst + k] * f.x[k];
  return s;
}

double GameScoreBound(const GameFeatures& known, int max_support, const RankingWeights& w) {
  GameFeatures f = known;
  // Support lies in [0, max_support] and ask-back in {0, 1}: the larger end of each term.
  f[Weight::kResolveGameSupport] = w[Weight::kResolveGameSupport] > 0 ? max_support : 0;
  f[Weight::kResolveGameAskBack] = w[Weight::kResolveGameAskBack] > 0 ? 1 : 0;
  return GameScore(f, w);
}

int MaxSupport(const GameRules& rules, const FactMap& facts) {
  std::vector<int> tested;
  int support = 0;
  for (const auto& [name, list] : facts) {
    if (std::none_of(list.begin(), list.end(), [](const Reading& r) { return r.from_text; }))
      continue;
    auto it = rules.cases_by_fact.find(name);
    if (it == rules.cases_by_fact.end()) continue;
    if (tested.empty()) tested.assign(rules.cases.size(), 0);
    for (size_t c : it->second) {
      for (const RuleCond& cond : rules.cases[c].when) {
        if (cond.fact == name) support = std::max(support, ++tested[c]);
      }
    }
  }
  return support;
}

int FactsRead(const FactMap& facts) {
  int read = 0;
  for (const auto& [name, list] : facts) {
    for (const Reading& r : list) read += r.words.empty() ? 0 : 1;
  }
  return read;
}

std::vector<std::string> GamesNamed(const std::vector<Token>& tokens,
                                    const std::vector<std::string>& games) {
  std::vector<std::vector<std::string>> ids;
  for (const std::string& g : games) ids.push_back(IdWords(g));
  std::vector<std::string> named;
  for (size_t i = 0; i < tokens.size();) {
    size_t best = games.size(), best_len = 0;
    for (size_t g = 0; g < games.size(); ++g) {
      const std::vector<std::string>& w = ids[g];
      if (w.size() <= best_len || i + w.size() > tokens.size()) continue;
      bool match = true;
      for (size_t k = 0; k < w.size() && match; ++k) match = tokens[i + k].word == w[k];
      if (match) best = g, best_len = w.size();
    }
    if (best == games.size()) {  // a word of exactly one game's id ("rugby", "tactics")
      for (size_t g = 0; g < games.size(); ++g) {
        if (std::find(ids[g].begin(), ids[g].end(), tokens[i].word) == ids[g].end()) continue;
        if (best != games.size()) {
          best = games.size();
          break;
        }
        best = g;
      }
      best_len = 1;
    }
    if (best != games.size() && std::find(named.begin(), named.end(), games[best]) == named.end()) {
      named.push_back(games[best]);
    }
    i += std::max<size_t>(best_len, 1);
  }
  return named;
}

}  // namespace arbitro::resolve
