// The ranking weights: the data file the engine compiles in, `arbitro tune` that writes
// it, and the retrieval of cases that resolve scores with them.
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "test_util.h"

namespace arbitro {
namespace {

using test::ReadFile;
using test::RunArbitro;
using test::TempDir;
using test::WriteFile;

// name → value of a weights file ("name<TAB>value<TAB>meaning", '#' comments).
std::map<std::string, double> ReadWeights(const std::string& text) {
  std::map<std::string, double> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    char* end = nullptr;
    const std::string value = line.substr(tab + 1, line.find('\t', tab + 1) - tab - 1);
    const double v = std::strtod(value.c_str(), &end);
    INFO(line);
    REQUIRE(*end == '\0');
    out[line.substr(0, tab)] = v;
  }
  return out;
}

const std::string& RealIndex() {
  static TempDir dir;
  static const std::string path = [] {
    test::IndexOrFail(ARBITRO_CORPUS_DIR, dir / "index");
    return dir / "index";
  }();
  return path;
}

}  // namespace

TEST_CASE("the engine ranks with the weights of query/ranking-weights.tsv", "[weights][corpus]") {
  const auto file = ReadWeights(ReadFile(std::string(ARBITRO_SCHEMA_DIR) + "/../query/ranking-weights.tsv"));
  std::unique_ptr<Engine> engine;
  REQUIRE(Engine::Open(RealIndex(), &engine).ok());
  const std::vector<std::string> names = Engine::RankingWeightNames();
  const std::vector<double> values = engine->RankingWeightValues();
  REQUIRE(names.size() == values.size());
  CHECK(file.size() == names.size());
  for (size_t k = 0; k < names.size(); ++k) {
    INFO(names[k]);
    REQUIRE(file.count(names[k]));
    CHECK(values[k] == Approx(file.at(names[k])));
  }
  CHECK(Engine::RankingWeightMeanings().size() == names.size());
  // A replacement of the wrong size is refused; one of the right size is used.
  CHECK_FALSE(engine->SetRankingWeights({1.0}).ok());
  std::vector<double> zero(values.size(), 0.0);
  REQUIRE(engine->SetRankingWeights(zero).ok());
  CHECK(engine->RankingWeightValues() == zero);
}

TEST_CASE("ask's candidates carry one feature per ask weight", "[weights][corpus]") {
  std::unique_ptr<Engine> engine;
  REQUIRE(Engine::Open(RealIndex(), &engine).ok());
  AskOptions options;
  options.game = "subbuteo";
  std::vector<AskCandidate> candidates;
  REQUIRE(engine->AskCandidates("quanti tocchi può fare la stessa miniatura?", options, &candidates).ok());
  REQUIRE(candidates.size() > 5);
  for (const AskCandidate& c : candidates) {
    CHECK(c.features.size() == Engine::AskFeatureCount());
    CHECK(c.id.rfind("subbuteo-2.0#", 0) == 0);
  }
  // The best BM25 candidate has relative weight 1 (log 0); the others are below.
  double best = -1e9;
  for (const AskCandidate& c : candidates) best = std::max(best, c.features[0]);
  CHECK(best == Approx(0.0));
}

TEST_CASE("arbitro tune fits on a train split, chooses on validation, writes the file",
          "[weights][e2e]") {
  TempDir tmp;
  std::filesystem::create_directories(tmp / "train");
  std::filesystem::create_directories(tmp / "validation");
  // Ids as expected answers: the evaluation sets' second format.
  WriteFile(tmp / "train/questions-subbuteo.tsv",
            "# question<TAB>ids\n"
            "quanto dura una partita?\tsubbuteo-2.0#r3__durata__p1\n"
            "quanti tocchi può fare la stessa miniatura?\tsubbuteo-2.0#r5__gioco-d-attacco__p1\n"
            "quando c'è fuorigioco?\tsubbuteo-2.0#r12__definizione__p1\n");
  WriteFile(tmp / "train/situations-subbuteo.tsv",
            "l'attaccante colpisce un omino fermo prima della palla nella propria area di "
            "rigore\tcalcio-di-rigore\tdifensore\tsubbuteo-2.0#r5__falli-attaccante__p1\n");
  WriteFile(tmp / "validation/questions-subbuteo.tsv",
            "quanto dura l'intervallo?\tsubbuteo-2.0#r3__durata__p2\n");
  const std::string env = test::CorpusEnv(ARBITRO_CORPUS_DIR);
  auto r = RunArbitro({"--index", tmp / "index", "tune", "--train", tmp / "train", "--validation",
                       tmp / "validation", "-o", tmp / "weights.tsv"},
                      env);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("scelto:") != std::string::npos);
  const auto written = ReadWeights(ReadFile(tmp / "weights.tsv"));
  for (const std::string& name : Engine::RankingWeightNames()) {
    INFO(name);
    CHECK(written.count(name) == 1);
  }
  CHECK(written.at("ask.bm25") == 1.0);  // the scale of the others is kept
  CHECK(ReadFile(tmp / "weights.tsv").find("# Ranking weights of ask and resolve") == 0);
  // The choice of game without --game is fitted too, alone with --only resolve-game (the
  // other weights are written unchanged).
  CHECK(r.out.find("resolve senza gioco") != std::string::npos);
  r = RunArbitro({"--index", tmp / "index", "tune", "--train", tmp / "train", "--validation",
                  tmp / "validation", "--only", "resolve-game", "-o", tmp / "game.tsv"},
                 env);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("ask (MRR@5") == std::string::npos);
  CHECK(r.out.find("resolve senza gioco") != std::string::npos);
  const auto game = ReadWeights(ReadFile(tmp / "game.tsv"));
  const std::vector<double> compiled = [] {
    std::unique_ptr<Engine> e;
    REQUIRE(Engine::Open(RealIndex(), &e).ok());
    return e->RankingWeightValues();
  }();
  const std::vector<std::string> names = Engine::RankingWeightNames();
  for (size_t k = 0; k < Engine::ResolveGameFeatureFirst(); ++k) {
    INFO(names[k]);
    CHECK(game.at(names[k]) == Approx(compiled[k]).margin(1e-3));
  }
  CHECK(game.at("resolve.game.support") == compiled[Engine::ResolveGameFeatureFirst()]);
  r = RunArbitro({"--index", tmp / "index", "tune", "--train", tmp / "train", "--validation",
                  tmp / "validation", "--only", "tutto"},
                 env);
  CHECK(r.exit_code == 2);
  // Bad input: a missing folder, a missing option.
  r = RunArbitro({"--index", tmp / "index", "tune", "--train", tmp / "nessuna", "--validation",
                  tmp / "validation"},
                 env);
  CHECK(r.exit_code == 6);
  CHECK(r.err == "arbitro: cartella non trovata: " + (tmp / "nessuna") + "\n");
  r = RunArbitro({"--index", tmp / "index", "tune", "--train", tmp / "train"}, env);
  CHECK(r.exit_code == 2);
}

TEST_CASE("a described situation the vocabulary reads no ruling for gets the closest case's",
          "[weights][corpus]") {
  std::unique_ptr<Engine> engine;
  REQUIRE(Engine::Open(RealIndex(), &engine).ok());
  ResolveOptions options;
  options.game = "subbuteo";
  ResolveResult r;
  // Regola 4: the miniature that kicked off may not play the ball again before another
  // miniature has; the wording names no infringement the vocabulary knows.
  REQUIRE(engine->Resolve("batto il calcio d'inizio e con lo stesso omino ritocco subito la palla "
                          "prima che la tocchi un altro mio giocatore",
                          options, &r)
              .ok());
  REQUIRE_FALSE(r.rulings.empty());
  bool back = false;
  for (const SanctionInfo& s : r.rulings[0].sanctions) back = back || s.type == "back";
  CHECK(back);
  CHECK(r.rulings[0].confidence <= 0.5);  // inferred, not read: at most half
  bool cites_r4 = false;
  for (const Citation& c : r.rulings[0].citations) cites_r4 = cites_r4 || c.id.rfind("subbuteo-2.0#r4__", 0) == 0;
  CHECK(cites_r4);
}

}  // namespace arbitro
