// Ranking weights (see weights.h).
#include "core/weights.h"

#include <cstdlib>
#include <sstream>

namespace arbitro {

extern const char* const kRankingWeightsText;  // weights_data.cc (generated)

namespace {

constexpr const char* kNames[kWeightCount] = {
    "ask.bm25",           "ask.coverage",        "ask.synonym-coverage", "ask.body-coverage", "ask.body-bm25", "ask.heading",
    "ask.pairs",          "ask.facts",           "ask.length",           "ask.row",
    "ask.abridged",       "ask.lead",            "ask.sanction-asked",   "ask.named-sanction",
    "ask.term-asked",     "ask.definition-asked", "ask.permission-asked", "ask.procedure-asked",
    "ask.param-asked",    "ask.place",           "ask.named",            "ask.named-doc",
    "ask.other-game",     "resolve.closeness",   "resolve.rank",         "resolve.stated",
    "resolve.unstated",   "resolve.sanction",
    "resolve.fact-lead",  "resolve.complete"};

}  // namespace

const char* WeightName(Weight w) { return kNames[static_cast<size_t>(w)]; }

Status ParseRankingWeights(const std::string& text, RankingWeights* out) {
  RankingWeights parsed;
  std::array<bool, kWeightCount> seen{};
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    const std::string name = line.substr(0, tab);
    const std::string rest = tab == std::string::npos ? "" : line.substr(tab + 1);
    const std::string value = rest.substr(0, rest.find('\t'));
    size_t k = 0;
    while (k < kWeightCount && name != kNames[k]) ++k;
    if (k == kWeightCount) {
      return Status::InvalidArgument("pesi: riga " + std::to_string(number) + ": peso sconosciuto '" +
                                     name + "'");
    }
    char* end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0') {
      return Status::InvalidArgument("pesi: riga " + std::to_string(number) +
                                     ": valore non numerico '" + value + "'");
    }
    parsed.w[k] = v;
    seen[k] = true;
  }
  for (size_t k = 0; k < kWeightCount; ++k) {
    if (!seen[k]) return Status::InvalidArgument(std::string("pesi: manca il peso '") + kNames[k] + "'");
  }
  *out = parsed;
  return Status::OK();
}

const RankingWeights& DefaultRankingWeights() {
  static const RankingWeights weights = [] {
    RankingWeights w;
    // The file is checked by the test suite; a broken file fails there, not here.
    ParseRankingWeights(kRankingWeightsText, &w);
    return w;
  }();
  return weights;
}

}  // namespace arbitro
