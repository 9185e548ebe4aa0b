// arbitro tune: fits the ranking weights of ask and resolve on a train split and
// chooses among fits on a validation split; writes query/ranking-weights.tsv.
//
// ask: every question of the train split is asked with its game given and with the
// game inferred; the candidates Ask re-ranks and their features are computed once
// (they do not depend on the weights). The weights maximise MRR@5 over both modes by
// coordinate ascent (one weight at a time, the best of a grid of steps, until no step
// helps), with a penalty λ·Σ(w − w₀)² that keeps them near the starting ones; each λ
// of a small ladder gives a fit, and the fit with the best validation MRR@5 wins. Each
// step tries fixed additive moves, and halving or doubling (for weights far from 1).
// Coordinate ascent optimises the metric itself (MRR@5 is flat almost everywhere, so
// gradients do not help) and is the usual choice for a few dozen features.
// resolve: the weights of the case retrieval maximise the share of situations with
// the right decision and citation (game given) by the same ascent, each point
// evaluated by resolving the whole train split.
// resolve without a game: the weights of the choice of game (resolve.game.*) maximise
// the share right with the game inferred, on features and outcomes computed once per
// situation and game; one fit per λ, the best on validation wins. --only fits one part.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>

#include "arbitro/game_words.h"
#include "command.h"
#include "engine_open.h"
#include "eval_util.h"

namespace arbitro::cli {
namespace {

// One list of candidates to re-rank: a question in one mode.
struct RankList {
  std::vector<std::vector<double>> x;  // features per candidate
  std::vector<bool> relevant;
};

struct AskMetrics {
  double mrr = 0, top1 = 0, top3 = 0;
};

AskMetrics Measure(const std::vector<RankList>& lists, const std::vector<double>& w, size_t features) {
  AskMetrics m;
  if (lists.empty()) return m;
  std::vector<std::pair<double, size_t>> order;
  for (const RankList& l : lists) {
    order.clear();
    for (size_t c = 0; c < l.x.size(); ++c) {
      double s = 0;
      for (size_t k = 0; k < features; ++k) s += w[k] * l.x[c][k];
      order.push_back({s, c});
    }
    // Ties keep retrieval order, as Ask's stable sort does.
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t r = 0; r < order.size() && r < 5; ++r) {
      if (!l.relevant[order[r].second]) continue;
      m.mrr += 1.0 / static_cast<double>(r + 1);
      m.top1 += r == 0;
      m.top3 += r < 3;
      break;
    }
  }
  const double n = static_cast<double>(lists.size());
  m.mrr /= n, m.top1 /= n, m.top3 /= n;
  return m;
}

Status BuildLists(Engine& engine, const std::vector<EvalQuestion>& questions, std::vector<RankList>* lists) {
  for (const EvalQuestion& q : questions) {
    for (const bool given : {true, false}) {
      AskOptions options;
      if (given) options.game = q.game;
      std::vector<AskCandidate> candidates;
      Status s = engine.AskCandidates(q.text, options, &candidates);
      if (!s.ok()) return Status::InvalidArgument(q.where + ": " + s.message());
      RankList l;
      for (const AskCandidate& c : candidates) {
        l.x.push_back(c.features);
        l.relevant.push_back(std::find(q.expected.begin(), q.expected.end(), c.id) != q.expected.end());
      }
      lists->push_back(std::move(l));
    }
  }
  return Status::OK();
}

// Coordinate ascent from `start` over the weights in [first, last) (`fixed` excluded),
// maximising objective(w) − λ·Σ(w − start)².
template <typename Objective>
std::vector<double> Ascend(std::vector<double> w, size_t first, size_t last, size_t fixed,
                           double lambda, int max_rounds, Objective objective) {
  const std::vector<double> start = w;
  auto penalised = [&](const std::vector<double>& v) {
    double p = 0;
    for (size_t k = first; k < last; ++k) p += (v[k] - start[k]) * (v[k] - start[k]);
    return objective(v) - lambda * p;
  };
  static constexpr double kSteps[] = {-0.8, -0.4, -0.2, -0.1, -0.05, 0.05, 0.1, 0.2, 0.4, 0.8};
  double best = penalised(w);
  for (int round = 0; round < max_rounds; ++round) {
    bool moved = false;
    for (size_t k = first; k < last; ++k) {
      if (k == fixed) continue;
      const double here = w[k];
      double best_value = here;
      // Additive steps, and halving or doubling for weights whose scale is far from 1.
      for (double step : kSteps) {
        w[k] = here + step;
        const double v = penalised(w);
        if (v > best + 1e-9) best = v, best_value = w[k];
      }
      for (double factor : {0.5, 2.0}) {
        w[k] = here * factor;
        const double v = penalised(w);
        if (v > best + 1e-9) best = v, best_value = w[k];
      }
      w[k] = best_value;
      moved = moved || best_value != here;
    }
    if (!moved) break;
  }
  return w;
}

// Pairwise logistic ranking (RankNet): minimises, over every pair of a relevant and
// an irrelevant candidate of a list, log(1 + exp(−(s_relevant − s_irrelevant))), plus
// λ·Σ(w − start)², by full-batch gradient descent with Adam steps. Smoother than MRR,
// so it is less swayed by a handful of questions than the ascent on the metric.
std::vector<double> FitPairwise(const std::vector<RankList>& lists, std::vector<double> w,
                                size_t features, double lambda) {
  const std::vector<double> start = w;
  std::vector<double> m(features, 0), v(features, 0), grad(features);
  constexpr int kIterations = 300;
  constexpr double kRate = 0.02, kBeta1 = 0.9, kBeta2 = 0.999, kEps = 1e-8;
  for (int it = 1; it <= kIterations; ++it) {
    std::fill(grad.begin(), grad.end(), 0.0);
    double pairs = 0;
    for (const RankList& l : lists) {
      std::vector<double> score(l.x.size());
      for (size_t c = 0; c < l.x.size(); ++c) {
        for (size_t k = 0; k < features; ++k) score[c] += w[k] * l.x[c][k];
      }
      for (size_t r = 0; r < l.x.size(); ++r) {
        if (!l.relevant[r]) continue;
        for (size_t i = 0; i < l.x.size(); ++i) {
          if (l.relevant[i]) continue;
          // d/dw log(1 + e^{−(s_r − s_i)}) = −σ(s_i − s_r) · (x_r − x_i)
          const double sigma = 1.0 / (1.0 + std::exp(score[r] - score[i]));
          for (size_t k = 0; k < features; ++k) grad[k] -= sigma * (l.x[r][k] - l.x[i][k]);
          pairs += 1;
        }
      }
    }
    for (size_t k = 0; k < features; ++k) {
      const double g = grad[k] / std::max(1.0, pairs) + 2 * lambda * (w[k] - start[k]);
      m[k] = kBeta1 * m[k] + (1 - kBeta1) * g;
      v[k] = kBeta2 * v[k] + (1 - kBeta2) * g * g;
      const double mh = m[k] / (1 - std::pow(kBeta1, it)), vh = v[k] / (1 - std::pow(kBeta2, it));
      w[k] -= kRate * mh / (std::sqrt(vh) + kEps);
    }
  }
  return w;
}

std::vector<std::string> SetFiles(const std::string& dir, const char* prefix) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && entry.path().extension() == ".tsv") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

double ResolveBoth(Engine& engine, const std::vector<EvalSituation>& situations) {
  if (situations.empty()) return 0;
  int both = 0;
  for (const EvalSituation& e : situations) {
    ResolveOptions options;
    options.game = e.game;
    ResolveResult r;
    const Status s = engine.Resolve(e.text, options, &r);
    const RulingJudgement j = JudgeRuling(s, r, e);
    both += j.decision && j.citations;
  }
  return static_cast<double>(both) / static_cast<double>(situations.size());
}

// One situation resolved without a game: the games Resolve chooses between, with their
// features, and whether the ruling is right when each is chosen (Resolve with that game
// gives what Resolve without one gives when it chooses it).
struct GameList {
  std::vector<std::string> games;
  std::vector<std::vector<double>> x;  // resolve.game.* features per game
  std::vector<bool> right;
  const EvalSituation* situation = nullptr;
};

Status BuildGameLists(Engine& engine, const std::vector<EvalSituation>& situations,
                      std::vector<GameList>* lists) {
  for (const EvalSituation& e : situations) {
    std::vector<ResolveGameCandidate> candidates;
    Status s = engine.ResolveGameCandidates(e.text, &candidates);
    if (!s.ok()) return Status::InvalidArgument(e.where + ": " + s.message());
    GameList l;
    l.situation = &e;
    for (const ResolveGameCandidate& c : candidates) {
      ResolveOptions options;
      options.game = c.game;
      ResolveResult r;
      const Status rs = engine.Resolve(e.text, options, &r);
      const RulingJudgement j = JudgeRuling(rs, r, e);
      l.games.push_back(c.game);
      l.x.push_back(c.features);
      l.right.push_back(j.decision && j.citations);
    }
    lists->push_back(std::move(l));
  }
  return Status::OK();
}

// The model of players' words (query/game-words.tsv) was learned from the train
// situations, so it scores them too well: each train situation's resolve.game.words
// feature is recomputed with the model less the counts of its own file's lines (k-fold by
// file; each file is one game's round of situations). Validation lines are not in the model.
// `words`: the feature's position among the game features.
Status OutOfFoldWords(Engine& engine, size_t words, std::vector<GameList>* lists) {
  std::map<std::string, std::vector<GameList*>> by_file;
  for (GameList& l : *lists) {
    const std::string& where = l.situation->where;
    by_file[where.substr(0, where.rfind(':'))].push_back(&l);
  }
  for (const auto& [file, in_file] : by_file) {
    std::vector<game_words::Example> fold;
    for (const GameList* l : in_file) {
      game_words::Example e;
      e.game = l->situation->game;
      Status s = engine.GameWordTerms(l->situation->text, &e.terms);
      if (!s.ok()) return s;
      fold.push_back(std::move(e));
    }
    game_words::Model model = game_words::DefaultModel();
    game_words::Subtract(fold, &model);
    for (size_t k = 0; k < in_file.size(); ++k) {
      const auto margins = game_words::Margins(model, fold[k].terms, game_words::kMarginFloor);
      GameList& l = *in_file[k];
      for (size_t g = 0; g < l.games.size(); ++g) {
        if (!margins.empty() && words < l.x[g].size())
          l.x[g][words] = game_words::MarginOf(margins, l.games[g]);
      }
    }
  }
  return Status::OK();
}

// The game chosen: the best weighted sum, the earlier on a tie (as Resolve); -1: none.
int ChosenGame(const GameList& l, const std::vector<double>& w, size_t first) {
  int best = -1;
  double best_score = 0;
  for (size_t g = 0; g < l.x.size(); ++g) {
    double score = 0;
    for (size_t k = 0; k < l.x[g].size(); ++k) score += w[first + k] * l.x[g][k];
    if (best < 0 || score > best_score + 1e-9) best = static_cast<int>(g), best_score = score;
  }
  return best;
}

// Share of the situations right with the game chosen by `w`.
double GameChoiceRight(const std::vector<GameList>& lists, const std::vector<double>& w,
                       size_t first) {
  if (lists.empty()) return 0;
  double right = 0;
  for (const GameList& l : lists) {
    const int g = ChosenGame(l, w, first);
    right += g >= 0 && l.right[static_cast<size_t>(g)];
  }
  return right / static_cast<double>(lists.size());
}

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", std::abs(v) < 5e-4 ? 0.0 : v);
  return buf;
}

// ---- ask: one fit per λ, the best on validation wins; `w` in and out.
Status TuneAsk(CommandContext& ctx, bool verbose, Engine& engine,
               const std::vector<EvalQuestion>& train_q,
               const std::vector<EvalQuestion>& validation_q, std::vector<double>* best_w) {
  if (train_q.empty() || validation_q.empty()) {
    return Status::InvalidArgument("nessuna domanda (questions-*.tsv) per l'addestramento o la convalida");
  }
  const std::vector<std::string> names = Engine::RankingWeightNames();
  const size_t n_ask = Engine::AskFeatureCount();
  const std::vector<double> start = *best_w;
  std::vector<RankList> train_lists, validation_lists;
  Status s = BuildLists(engine, train_q, &train_lists);
  if (s.ok()) s = BuildLists(engine, validation_q, &validation_lists);
  if (!s.ok()) return s;
  static constexpr double kLambdas[] = {0, 0.001, 0.003, 0.01, 0.03};
  constexpr int kMaxRounds = 20;
  const size_t bm25 = 0;  // the BM25 weight stays 1: it sets the scale of the others
  double best_validation = Measure(validation_lists, start, n_ask).mrr;
  double best_lambda = -1;
  auto reachable = [](const std::vector<RankList>& lists) {
    double n = 0;
    for (const RankList& l : lists) n += std::find(l.relevant.begin(), l.relevant.end(), true) != l.relevant.end();
    return lists.empty() ? 0 : n / static_cast<double>(lists.size());
  };
  ctx.out << "ask (MRR@5 su train | validation, con il gioco e dedotto insieme)\n";
  ctx.out << "  risposta tra i candidati: " << Fixed3(reachable(train_lists)) << " | "
          << Fixed3(reachable(validation_lists)) << "\n";
  ctx.out << "  pesi di partenza: " << Fixed3(Measure(train_lists, start, n_ask).mrr) << " | "
          << Fixed3(best_validation) << "\n";
  for (double lambda : kLambdas) {
    const std::vector<double> w = Ascend(start, 0, n_ask, bm25, lambda, kMaxRounds,
                                         [&](const std::vector<double>& v) { return Measure(train_lists, v, n_ask).mrr; });
    const double t = Measure(train_lists, w, n_ask).mrr, v = Measure(validation_lists, w, n_ask).mrr;
    ctx.out << "  λ = " << Num(lambda) << ": " << Fixed3(t) << " | " << Fixed3(v) << "\n";
    if (verbose) {
      ctx.out << "   ";
      for (size_t k = 0; k < n_ask; ++k) ctx.out << " " << names[k].substr(4) << "=" << Num(w[k]);
      ctx.out << "\n";
    }
    if (v > best_validation + 1e-9) best_validation = v, *best_w = w, best_lambda = lambda;
  }
  static constexpr double kPairLambdas[] = {0.001, 0.01, 0.1};
  std::string best_method = "salita a coordinate";
  for (double lambda : kPairLambdas) {
    const std::vector<double> w = FitPairwise(train_lists, start, n_ask, lambda);
    const double t = Measure(train_lists, w, n_ask).mrr, v = Measure(validation_lists, w, n_ask).mrr;
    ctx.out << "  a coppie, λ = " << Num(lambda) << ": " << Fixed3(t) << " | " << Fixed3(v) << "\n";
    if (v > best_validation + 1e-9)
      best_validation = v, *best_w = w, best_lambda = lambda, best_method = "a coppie";
  }
  ctx.out << "  scelto: " << (best_lambda < 0 ? std::string("pesi di partenza") : best_method + ", λ = " + Num(best_lambda)) << "\n";
  return Status::OK();
}

// ---- resolve: the case retrieval weights, on the train situations (game given).
Status TuneResolve(CommandContext& ctx, Engine& engine, const std::vector<EvalSituation>& train_s,
                   const std::vector<EvalSituation>& validation_s, std::vector<double>* w) {
  const size_t first = Engine::AskFeatureCount(), last = Engine::ResolveGameFeatureFirst();
  const std::vector<double> start = *w;
  Status s = engine.SetRankingWeights(start);
  if (!s.ok()) return s;
  const double start_train = ResolveBoth(engine, train_s),
               start_validation = ResolveBoth(engine, validation_s);
  *w = Ascend(start, first, last, last, 0, 4, [&](const std::vector<double>& v) {
    engine.SetRankingWeights(v);
    return ResolveBoth(engine, train_s);
  });
  engine.SetRankingWeights(*w);
  const double validation = ResolveBoth(engine, validation_s);
  ctx.out << "resolve (decisione e citazione giuste, con il gioco; train | validation)\n"
          << "  pesi di partenza: " << Fixed3(start_train) << " | " << Fixed3(start_validation)
          << "\n  adattati: " << Fixed3(ResolveBoth(engine, train_s)) << " | " << Fixed3(validation)
          << "\n";
  if (validation + 1e-9 < start_validation) {
    *w = start;
    ctx.out << "  scelto: pesi di partenza (la validation peggiora)\n";
  }
  return engine.SetRankingWeights(*w);
}

// ---- resolve without a game: the weights of the choice of game (resolve.game.*). Each
// situation's candidate games, their features and whether each gives the right ruling are
// computed once (they do not depend on these weights, and the figure with --game does
// not either); the ascent maximises the share right with the game chosen, one fit per
// λ, the best on validation wins.
Status TuneGameChoice(CommandContext& ctx, bool verbose, Engine& engine,
                      const std::vector<EvalSituation>& train_s,
                      const std::vector<EvalSituation>& validation_s, std::vector<double>* w) {
  const std::vector<std::string> names = Engine::RankingWeightNames();
  const size_t first = Engine::ResolveGameFeatureFirst();
  const size_t support = first;  // the support's weight stays: it sets the scale of the others
  Status s = engine.SetRankingWeights(*w);
  if (!s.ok()) return s;
  std::vector<GameList> train_lists, validation_lists;
  s = BuildGameLists(engine, train_s, &train_lists);
  if (s.ok()) s = BuildGameLists(engine, validation_s, &validation_lists);
  if (!s.ok()) return s;
  auto reachable = [](const std::vector<GameList>& lists) {
    double n = 0;
    for (const GameList& l : lists)
      n += std::find(l.right.begin(), l.right.end(), true) != l.right.end();
    return lists.empty() ? 0 : n / static_cast<double>(lists.size());
  };
  // The position of resolve.game.words among the game features.
  const size_t words = static_cast<size_t>(
      std::find(names.begin(), names.end(), "resolve.game.words") - names.begin()) - first;
  s = OutOfFoldWords(engine, words, &train_lists);
  if (!s.ok()) return s;
  // How often the model of players' words alone puts the situation's game first.
  auto words_first = [&](const std::vector<GameList>& lists) {
    double n = 0;
    for (const GameList& l : lists) {
      for (size_t g = 0; g < l.games.size(); ++g) {
        if (l.games[g] == l.situation->game && l.x[g][words] == 0 &&
            std::count_if(l.x.begin(), l.x.end(), [&](const auto& x) { return x[words] == 0; }) == 1)
          n += 1;
      }
    }
    return lists.empty() ? 0 : n / static_cast<double>(lists.size());
  };
  const std::vector<double> start = *w;
  double best_validation = GameChoiceRight(validation_lists, start, first);
  double best_lambda = -1;
  ctx.out
      << "resolve senza gioco (decisione e citazione giuste col gioco scelto; train | validation)\n"
      << "  giusto con almeno un gioco: " << Fixed3(reachable(train_lists)) << " | "
      << Fixed3(reachable(validation_lists)) << "\n"
      << "  gioco giusto primo nel modello delle parole (train fuori fold): "
      << Fixed3(words_first(train_lists)) << " | " << Fixed3(words_first(validation_lists)) << "\n"
      << "  pesi di partenza: " << Fixed3(GameChoiceRight(train_lists, start, first)) << " | "
      << Fixed3(best_validation) << "\n";
  static constexpr double kLambdas[] = {0, 0.001, 0.003, 0.01, 0.03};
  for (double lambda : kLambdas) {
    const std::vector<double> fit = Ascend(
        start, first, names.size(), support, lambda, 20,
        [&](const std::vector<double>& v) { return GameChoiceRight(train_lists, v, first); });
    const double t = GameChoiceRight(train_lists, fit, first),
                 v = GameChoiceRight(validation_lists, fit, first);
    ctx.out << "  λ = " << Num(lambda) << ": " << Fixed3(t) << " | " << Fixed3(v) << "\n";
    if (verbose) {
      ctx.out << "   ";
      for (size_t k = first; k < names.size(); ++k)
        ctx.out << " " << names[k].substr(13) << "=" << Num(fit[k]);
      ctx.out << "\n";
    }
    if (v > best_validation + 1e-9) best_validation = v, *w = fit, best_lambda = lambda;
  }
  ctx.out << "  scelto: "
          << (best_lambda < 0 ? std::string("pesi di partenza") : "λ = " + Num(best_lambda))
          << "\n";
  // The train situations wrong for want of the right game, with the weights `v`.
  auto misses = [&](const char* title, const std::vector<double>& v) {
    ctx.out << title << "\n";
    for (const GameList& l : train_lists) {
      const int g = ChosenGame(l, v, first);
      if (g < 0 || l.right[static_cast<size_t>(g)]) continue;
      if (std::find(l.right.begin(), l.right.end(), true) == l.right.end()) continue;
      ctx.out << "  " << l.situation->where << ": " << l.situation->text << "\n";
      for (size_t c = 0; c < l.games.size(); ++c) {
        ctx.out << "    " << (static_cast<int>(c) == g ? "scelto " : "       ")
                << (l.right[c] ? "giusto " : "       ") << l.games[c];
        for (size_t k = 0; k < l.x[c].size(); ++k)
          ctx.out << " " << names[first + k].substr(13) << "=" << Num(l.x[c][k]);
        ctx.out << "\n";
      }
    }
  };
  if (verbose) {
    misses("  train, gioco sbagliato con i pesi di partenza:", start);
    misses("  train, gioco sbagliato con i pesi scelti:", *w);
  }
  return engine.SetRankingWeights(*w);
}

}  // namespace

Status CmdTune(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (!args.Has("--train") || !args.Has("--validation")) {
    return Status::InvalidArgument(
        "uso: arbitro tune --train DIR --validation DIR [--only PARTE] [-o FILE]");
  }
  // The parts fitted: all of them, or the one --only names.
  const std::string only = args.Get("--only");
  if (!only.empty() && only != "ask" && only != "resolve" && only != "resolve-game") {
    return Status::InvalidArgument("--only vuole ask, resolve o resolve-game, non '" + only + "'");
  }
  const bool fit_ask = only.empty() || only == "ask",
             fit_resolve = only.empty() || only == "resolve",
             fit_game = only.empty() || only == "resolve-game";
  const std::vector<std::string> train_dirs = args.GetAll("--train");
  const std::string validation_dir = args.Get("--validation");
  std::vector<std::string> dirs = train_dirs;
  dirs.push_back(validation_dir);
  for (const std::string& dir : dirs) {
    if (!std::filesystem::is_directory(dir)) return Status::IOError("cartella non trovata: " + dir);
  }
  std::vector<std::string> train_questions, train_situations;
  for (const std::string& dir : train_dirs) {
    for (const auto& f : SetFiles(dir, "questions-")) train_questions.push_back(f);
    for (const auto& f : SetFiles(dir, "situations-")) train_situations.push_back(f);
  }
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  std::vector<EvalQuestion> train_q, validation_q;
  std::vector<EvalSituation> train_s, validation_s;
  s = LoadQuestions(*engine, train_questions, &train_q);
  if (s.ok()) s = LoadQuestions(*engine, SetFiles(validation_dir, "questions-"), &validation_q);
  if (s.ok()) s = LoadSituations(*engine, train_situations, &train_s);
  if (s.ok()) s = LoadSituations(*engine, SetFiles(validation_dir, "situations-"), &validation_s);
  if (!s.ok()) return s;

  const std::vector<std::string> names = Engine::RankingWeightNames();
  const std::vector<double> start = engine->RankingWeightValues();
  const bool verbose = args.Has("--verbose");
  std::vector<double> w = start;
  if (fit_ask) s = TuneAsk(ctx, verbose, *engine, train_q, validation_q, &w);
  if (s.ok() && fit_resolve) s = TuneResolve(ctx, *engine, train_s, validation_s, &w);
  if (s.ok() && fit_game) s = TuneGameChoice(ctx, verbose, *engine, train_s, validation_s, &w);
  if (!s.ok()) return s;

  // ---- the table and the file
  ctx.out << "\npeso                         prima     dopo\n";
  for (size_t k = 0; k < names.size(); ++k) {
    char line[120];
    std::snprintf(line, sizeof line, "%-27s %7s  %7s\n", names[k].c_str(), Num(start[k]).c_str(),
                  Num(w[k]).c_str());
    ctx.out << line;
  }
  if (!args.Has("--output")) return Status::OK();
  std::ostringstream file;
  file << "# Ranking weights of ask and resolve (query/src/core/weights.h says what each weighs).\n"
          "# A candidate's score is the weighted sum of its features. Written by\n"
          "#   arbitro tune";
  for (const auto& dir : train_dirs) file << " --train " << dir;
  file << " --validation " << validation_dir << (only.empty() ? "" : " --only " + only)
       << " -o FILE\n"
       << "# from the weights it started from (the previous version of this file).\n";
  const std::vector<std::string> meanings = Engine::RankingWeightMeanings();
  for (size_t k = 0; k < names.size(); ++k) file << names[k] << "\t" << Num(w[k]) << "\t" << meanings[k] << "\n";
  const std::string path = args.Get("--output"), tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << file.str();
    if (!out.flush()) return Status::IOError("impossibile scrivere " + tmp);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) return Status::IOError("impossibile scrivere " + path + ": " + ec.message());
  ctx.out << "\nscritto " << path << " (ricompilare perché il motore li usi)\n";
  return Status::OK();
}

}  // namespace arbitro::cli
