// Ranking weights (see weights.h).
#include "core/weights.h"

#include <cstdlib>
#include <sstream>
#include <utility>

namespace arbitro {

extern const char* const kRankingWeightsText;  // weights_data.cc (generated)

namespace {

// Name in the data file and what the weight weighs, in Weight order.
constexpr std::pair<const char*, const char*> kNames[kWeightCount] = {
    {"ask.bm25", "log BM25 relative to the best candidate"},
    {"ask.coverage", "share of the question's concepts held as written"},
    {"ask.synonym-coverage", "share held only through a synonym or derived form"},
    {"ask.thesaurus-coverage", "share held only through the Italian thesaurus (mythes-it)"},
    {"ask.asked-coverage", "share held by how people ask for it (asked.xml)"},
    {"ask.heading", "share of concepts in the headings above it"},
    {"ask.pairs", "share of the question's word pairs held"},
    {"ask.facts", "share of the facts read from the question its cases test"},
    {"ask.length", "log length relative to the mean provision"},
    {"ask.row", "a summary table row"},
    {"ask.abridged", "in an abridged edition"},
    {"ask.lead", "first provision of its section"},
    {"ask.sanction-asked", "a consequence asked, it states a sanction"},
    {"ask.named-sanction", "it states the sanction the question names"},
    {"ask.term-asked", "a definition asked, it defines a term"},
    {"ask.definition-asked", "a definition asked, it is a definition"},
    {"ask.permission-asked", "a permission asked, it permits or forbids"},
    {"ask.procedure-asked", "a procedure asked, it is a procedure"},
    {"ask.param-asked", "a number asked, it states a parameter"},
    {"ask.place", "a place asked, it names a place"},
    {"ask.named", "the question names it (heading or defined term)"},
    {"ask.named-doc", "the question names its document"},
    {"ask.other-game", "game inferred, it belongs to another game"},
    {"resolve.closeness", "log ask score of the case's provision"},
    {"resolve.rank", "rank of the case's provision among the retrieved"},
    {"resolve.stated", "share of its conditions the text states"},
    {"resolve.unstated", "conditions the text is silent on"},
    {"resolve.sanction", "the case states a sanction"},
    {"resolve.fact-lead", "it leads the ruling of the facts read"},
    {"resolve.complete", "the text states all its conditions"},
    {"resolve.contradicted", "conditions a one-word reading of the text contradicts"},
    {"resolve.margin",
     "lead of the best case over another decision below which an ask-back stands"},
    {"resolve.game.support", "no game given: the game's lead ruling's support"},
    {"resolve.game.ask-back", "no game given: the game asks back a missing fact"},
    {"resolve.game.read", "no game given: facts of the game read from the text"},
    {"resolve.game.hint", "no game given: weights of the game's vocabulary hints in the text"},
    {"resolve.game.named", "no game given: the text names the game"},
    {"resolve.game.vote", "no game given: word vote log-likelihood minus the best game's"},
    {"resolve.game.vote-first", "no game given: the word vote names the game"},
    {"resolve.game.words",
     "no game given: players' words model (game-words.tsv) log-likelihood minus the best game's"}};

}  // namespace

const char* WeightName(Weight w) { return kNames[static_cast<size_t>(w)].first; }
const char* WeightMeaning(Weight w) { return kNames[static_cast<size_t>(w)].second; }

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
    while (k < kWeightCount && name != kNames[k].first) ++k;
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
    if (!seen[k]) return Status::InvalidArgument(std::string("pesi: manca il peso '") + kNames[k].first + "'");
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
