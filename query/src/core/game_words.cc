// The game model of players' words (arbitro/game_words.h).
#include "arbitro/game_words.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

namespace arbitro::game_words {

extern const char* const kGameWordsText;  // game_words_data.cc (generated)

namespace {

std::vector<std::string> SplitTabs(const std::string& line) {
  std::vector<std::string> out;
  size_t at = 0;
  for (;;) {
    const size_t tab = line.find('\t', at);
    out.push_back(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at));
    if (tab == std::string::npos) break;
    at = tab + 1;
  }
  return out;
}

// Counts are integers; written without a decimal point.
std::string Count(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

}  // namespace

Model Train(const std::vector<Example>& examples) {
  Model m;
  std::set<std::string> games;
  for (const Example& e : examples) games.insert(e.game);
  m.games.assign(games.begin(), games.end());
  m.totals.assign(m.games.size(), 0);
  for (const Example& e : examples) {
    const size_t g = static_cast<size_t>(
        std::lower_bound(m.games.begin(), m.games.end(), e.game) - m.games.begin());
    const std::set<std::string> distinct(e.terms.begin(), e.terms.end());
    for (const std::string& t : distinct) {
      auto [it, fresh] = m.counts.try_emplace(t);
      if (fresh) it->second.assign(m.games.size(), 0);
      it->second[g] += 1;
      m.totals[g] += 1;
    }
  }
  return m;
}

void Subtract(const std::vector<Example>& examples, Model* m) {
  for (const Example& e : examples) {
    auto at = std::lower_bound(m->games.begin(), m->games.end(), e.game);
    if (at == m->games.end() || *at != e.game) continue;
    const size_t g = static_cast<size_t>(at - m->games.begin());
    const std::set<std::string> distinct(e.terms.begin(), e.terms.end());
    for (const std::string& t : distinct) {
      auto it = m->counts.find(t);
      if (it == m->counts.end() || it->second[g] <= 0) continue;
      it->second[g] -= 1;
      m->totals[g] -= 1;
      if (std::all_of(it->second.begin(), it->second.end(), [](double n) { return n <= 0; }))
        m->counts.erase(it);
    }
  }
}

std::string Write(const Model& m, const std::string& header) {
  std::ostringstream out;
  std::istringstream in(header);
  for (std::string line; std::getline(in, line);) out << "# " << line << "\n";
  out << "games";
  for (const std::string& g : m.games) out << "\t" << g;
  out << "\n";
  std::map<std::string, const std::vector<double>*> sorted;
  for (const auto& [term, n] : m.counts) sorted[term] = &n;
  for (const auto& [term, n] : sorted) {
    out << term;
    for (double v : *n) out << "\t" << Count(v);
    out << "\n";
  }
  return out.str();
}

Status Parse(const std::string& text, Model* model) {
  Model m;
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> cells = SplitTabs(line);
    auto bad = [&](const std::string& what) {
      return Status::InvalidArgument("riga " + std::to_string(number) + ": " + what);
    };
    if (m.games.empty()) {
      if (cells[0] != "games" || cells.size() < 2) return bad("attesa la riga 'games'");
      m.games.assign(cells.begin() + 1, cells.end());
      if (!std::is_sorted(m.games.begin(), m.games.end())) return bad("giochi non ordinati");
      m.totals.assign(m.games.size(), 0);
      continue;
    }
    if (cells.size() != m.games.size() + 1 || cells[0].empty()) {
      return bad("attesi un termine e " + std::to_string(m.games.size()) + " conteggi");
    }
    std::vector<double> n;
    for (size_t k = 1; k < cells.size(); ++k) {
      char* end = nullptr;
      const double v = std::strtod(cells[k].c_str(), &end);
      if (cells[k].empty() || *end != '\0' || v < 0) return bad("conteggio non valido '" + cells[k] + "'");
      n.push_back(v);
      m.totals[k - 1] += v;
    }
    if (!m.counts.emplace(cells[0], std::move(n)).second) return bad("termine ripetuto '" + cells[0] + "'");
  }
  *model = std::move(m);
  return Status::OK();
}

std::vector<double> LogLikelihoods(const Model& m, const std::vector<std::string>& terms) {
  std::vector<double> score(m.games.size(), 0);
  const double vocabulary = static_cast<double>(m.counts.size());
  std::set<std::string> seen;
  for (const std::string& t : terms) {
    if (!seen.insert(t).second) continue;
    auto it = m.counts.find(t);
    if (it == m.counts.end()) continue;
    for (size_t g = 0; g < m.games.size(); ++g) {
      score[g] += std::log((it->second[g] + kAlpha) / (m.totals[g] + kAlpha * vocabulary));
    }
  }
  return score;
}

std::unordered_map<std::string, double> Margins(const Model& m,
                                                const std::vector<std::string>& terms,
                                                double floor) {
  const std::vector<double> score = LogLikelihoods(m, terms);
  std::unordered_map<std::string, double> out;
  if (score.empty()) return out;
  const double best = *std::max_element(score.begin(), score.end());
  for (size_t g = 0; g < m.games.size(); ++g) out[m.games[g]] = std::max(-floor, score[g] - best);
  return out;
}

double MarginOf(const std::unordered_map<std::string, double>& margins, const std::string& game) {
  auto m = margins.find(game);
  return m != margins.end() ? m->second : -kMarginFloor;
}

const Model& DefaultModel() {
  static const Model model = [] {
    Model m;
    // The file is checked by the test suite; a broken file fails there, not here.
    Parse(kGameWordsText, &m);
    return m;
  }();
  return model;
}

}  // namespace arbitro::game_words
