// resolve without --game: the choice of game (query/src/resolve/game_choice.h), a weighted
// sum of named features whose weights (resolve.game.*) live in query/ranking-weights.tsv.
// The situations are written for this test; none names its game by --game.
#include <catch2/catch.hpp>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

namespace arbitro {
namespace {


const std::string& GameIndex() { return test::BundledCorpusIndex(); }

std::unique_ptr<Engine> OpenGameEngine() {
  std::unique_ptr<Engine> engine;
  REQUIRE(Engine::Open(GameIndex(), &engine).ok());
  return engine;
}

std::string ChosenGame(Engine& engine, const std::string& text) {
  ResolveResult r;
  const Status s = engine.Resolve(text, ResolveOptions{}, &r);
  INFO(s.message());
  REQUIRE(s.ok());
  return r.game;
}

size_t WeightIndex(const std::string& name) {
  const std::vector<std::string> names = Engine::RankingWeightNames();
  for (size_t k = 0; k < names.size(); ++k) {
    if (names[k] == name) return k;
  }
  FAIL("no weight " << name);
  return 0;
}

}  // namespace

TEST_CASE("resolve without a game chooses the game of clear situations", "[resolve][corpus]") {
  std::unique_ptr<Engine> engine = OpenGameEngine();
  const std::vector<std::pair<std::string, std::string>> cases = {
      // Calciotto: its own words (calciatore, tiro d'inizio, zona porta), or its name.
      {"tiro d'inizio: il mio calciatore passa il pallone a un compagno nella zona porta",
       "calciotto"},
      {"gioco a calciotto: il mio calciatore fa fallo in area sul loro attaccante", "calciotto"},
      {"gioco a calciotto, il portiere avversario esce dall'area e prende il pallone con le mani",
       "calciotto"},
      // Soccer Tactics: pedine and frecce, or its name.
      {"la mia pedina si muove con la freccia e arriva davanti alla porta avversaria",
       "soccer-tactics"},
      {"con soccer tactics, la mia pedina in fuorigioco riceve il passaggio", "soccer-tactics"},
      // Subbuteo: its infringements, or its name against a stronger reading elsewhere.
      {"l'attaccante colpisce un omino avversario fermo prima della palla dentro l'area di tiro",
       "subbuteo"},
      {"a subbuteo il mio omino tocca la palla tre volte di fila", "subbuteo"},
      {"in una partita di subbuteo il portiere avversario para fuori dall'area di porta",
       "subbuteo"},
      // Table rugby: touche, mischia, in avanti, or its name.
      {"dopo la touche il mio omino passa la palla in avanti a un compagno", "subbuteo-rugby"},
      {"durante la mischia il tallonatore avversario tocca la palla con il bastoncino",
       "subbuteo-rugby"},
      {"nel rugby da tavolo il mio omino calcia e la palla esce direttamente in laterale",
       "subbuteo-rugby"},
  };
  for (const auto& [text, game] : cases) {
    INFO(text);
    CHECK(ChosenGame(*engine, text) == game);
  }
}

TEST_CASE("each game's features: the game named, its hints, the word vote", "[resolve][corpus]") {
  std::unique_ptr<Engine> engine = OpenGameEngine();
  const size_t first = Engine::ResolveGameFeatureFirst();
  const size_t named = WeightIndex("resolve.game.named") - first,
               hint = WeightIndex("resolve.game.hint") - first,
               vote = WeightIndex("resolve.game.vote") - first,
               support = WeightIndex("resolve.game.support") - first;
  std::vector<ResolveGameCandidate> games;
  REQUIRE(engine
              ->ResolveGameCandidates(
                  "a subbuteo il portierino tocca la palla fuori dalla sua area di tiro", &games)
              .ok());
  REQUIRE(games.size() == engine->GameNames().size());
  std::map<std::string, std::vector<double>> by_game;
  for (const ResolveGameCandidate& g : games) {
    CHECK(g.features.size() == Engine::RankingWeightNames().size() - first);
    by_game[g.game] = g.features;
  }
  const std::vector<double>& subbuteo = by_game.at("subbuteo");
  CHECK(subbuteo[named] == 1);
  // "subbuteo" (1) and "portierino" (1) are Subbuteo's hints; "area di tiro" (1) too.
  CHECK(subbuteo[hint] == 3);
  CHECK(subbuteo[vote] == 0);  // the vote's best game
  for (const auto& [game, x] : by_game) {
    INFO(game);
    CHECK(x[vote] <= 0);
    CHECK(x[support] >= 0);
    if (game != "subbuteo") CHECK(x[named] == 0);
  }
  // "Subbuteo rugby" names the rugby game only.
  REQUIRE(engine->ResolveGameCandidates("nel subbuteo rugby la palla esce in touche", &games).ok());
  for (const ResolveGameCandidate& g : games) {
    INFO(g.game);
    CHECK(g.features[named] == (g.game == "subbuteo-rugby" ? 1 : 0));
  }
}

TEST_CASE("the choice of game weighs with the resolve.game.* lines of the weights file",
          "[resolve][weights][corpus]") {
  // Every resolve.game.* line of query/ranking-weights.tsv is the engine's weight.
  std::map<std::string, double> file;
  std::istringstream in(
      test::ReadFile(std::string(ARBITRO_SCHEMA_DIR) + "/../query/ranking-weights.tsv"));
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("resolve.game.", 0) != 0) continue;
    const size_t tab = line.find('\t');
    file[line.substr(0, tab)] = std::stod(line.substr(tab + 1, line.find('\t', tab + 1) - tab - 1));
  }
  const std::vector<std::string> names = Engine::RankingWeightNames();
  std::unique_ptr<Engine> engine = OpenGameEngine();
  const std::vector<double> values = engine->RankingWeightValues();
  size_t game_weights = 0;
  for (size_t k = 0; k < names.size(); ++k) {
    if (names[k].rfind("resolve.game.", 0) != 0) continue;
    ++game_weights;
    INFO(names[k]);
    REQUIRE(file.count(names[k]) == 1);
    CHECK(values[k] == Approx(file.at(names[k])));
  }
  CHECK(game_weights == 8);
  CHECK(file.size() == game_weights);
  CHECK(Engine::ResolveGameFeatureFirst() == WeightIndex("resolve.game.support"));

  // The weights decide for a text that names no game: Subbuteo reads most of this one
  // (support), the word vote points elsewhere.
  const std::string text = "abbiamo segnato noi e ora si ricomincia da centrocampo";
  std::vector<double> w = values;
  for (size_t k = Engine::ResolveGameFeatureFirst(); k < w.size(); ++k) w[k] = 0;
  w[WeightIndex("resolve.game.support")] = 1;
  REQUIRE(engine->SetRankingWeights(w).ok());
  const std::string by_support = ChosenGame(*engine, text);
  CHECK(by_support == "subbuteo");
  w[WeightIndex("resolve.game.support")] = 0;
  w[WeightIndex("resolve.game.vote")] = 1;
  REQUIRE(engine->SetRankingWeights(w).ok());
  CHECK(ChosenGame(*engine, text) != by_support);
  // A text that names one game is that game's whatever the weights: with only the support
  // weighing, another game reads more of this one.
  w[WeightIndex("resolve.game.vote")] = 0;
  w[WeightIndex("resolve.game.support")] = 1;
  REQUIRE(engine->SetRankingWeights(w).ok());
  CHECK(ChosenGame(*engine,
                   "giochiamo a subbuteo: l'avversario fa la mossa difensiva mentre la palla è ancora ferma") ==
        "subbuteo");
}

TEST_CASE("--explain without a game shows how each game scored", "[resolve][corpus]") {
  std::unique_ptr<Engine> engine = OpenGameEngine();
  ResolveOptions options;
  options.explain = true;
  ResolveResult r;
  REQUIRE(engine->Resolve("il mio omino tocca la palla tre volte di fila", options, &r).ok());
  int scored = 0;
  bool chosen = false;
  for (const std::string& line : r.explanation) {
    scored += line.rfind("gioco ", 0) == 0;
    chosen = chosen || line == "scelto il gioco " + r.game + " (il punteggio più alto)";
  }
  CHECK(scored == static_cast<int>(engine->GameNames().size()));
  CHECK(chosen);
  // A game named is chosen without scoring the others.
  REQUIRE(engine->Resolve("a subbuteo il mio omino tocca la palla tre volte di fila", options, &r)
              .ok());
  CHECK(r.explanation.at(0) == "scelto il gioco subbuteo (nominato nel testo)");
  // With --game there is no choice to explain.
  options.game = "subbuteo";
  REQUIRE(engine->Resolve("a subbuteo il mio omino tocca la palla tre volte di fila", options, &r)
              .ok());
  for (const std::string& line : r.explanation) CHECK(line.rfind("scelto il gioco", 0) != 0);
}

}  // namespace arbitro

namespace arbitro {

TEST_CASE("resolve rules in the one game the text names", "[resolve][corpus]") {
  std::unique_ptr<Engine> engine = OpenGameEngine();
  // Words of rugby ("avanzamento", "miniatura", "linea laterale") in a text that says the
  // game is Subbuteo: the game named is the game, and no other game is even read.
  ResolveResult r;
  ResolveOptions options;
  options.explain = true;
  REQUIRE(engine->Resolve("a subbuteo la mia miniatura in avanzamento spinge la palla oltre la linea laterale",
                          options, &r).ok());
  CHECK(r.game == "subbuteo");
  for (const std::string& line : r.explanation) CHECK(line.find("gioco subbuteo-rugby:") == std::string::npos);
  // Two games named: the choice stays the weighted one, every game is read.
  ResolveResult both;
  REQUIRE(engine->Resolve("a subbuteo come nel table rugby la palla esce dalla linea laterale", options, &both).ok());
  bool rugby_read = false;
  for (const std::string& line : both.explanation) rugby_read = rugby_read || line.find("gioco subbuteo-rugby:") != std::string::npos;
  CHECK(rugby_read);
}

}  // namespace arbitro
