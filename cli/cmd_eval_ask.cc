// arbitro eval-ask: answer quality of `ask` on question sets, beside an FTS5 baseline.
//
// Input: TSV lines "question<TAB>id[,id…]" or "question<TAB>quote<TAB>quote…" (quotes of
// the source, mapped to the units stating them by QuoteMap); the first is the best
// answer; a hit counts when it is any of the expected ids. Each question is asked twice: with
// --game set to the game of its answer (a referee at a table knows the game) and
// without (the engine infers the game). The baseline gets the game filter too.
// Prints top-1, top-3 and MRR@5 per game and overall; exits 1 (findings) when the
// engine is under the given floors: --floor-top1/--floor-top3 with --game,
// --floor-inferred-top1/--floor-inferred-top3 with the game inferred.
#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <set>
#include <utility>

#include "command.h"
#include "engine_open.h"
#include "eval_util.h"
#include "json.h"

namespace arbitro::cli {
namespace {

struct Score {
  int n = 0, top1 = 0, top3 = 0;
  double rr = 0;
  void Add(const std::vector<std::string>& ranked, const std::set<std::string>& expected) {
    ++n;
    for (size_t r = 0; r < ranked.size() && r < 5; ++r) {
      if (expected.count(ranked[r])) {
        if (r == 0) ++top1;
        if (r < 3) ++top3;
        rr += 1.0 / static_cast<double>(r + 1);
        break;
      }
    }
  }
  double Top1() const { return n ? double(top1) / n : 0; }
  double Top3() const { return n ? double(top3) / n : 0; }
  double Mrr() const { return n ? rr / n : 0; }
};

// --verbose: a question whose best answer is not first, with what came first.
void ReportMiss(CommandContext& ctx, const EvalQuestion& q, const std::vector<std::string>& ranked,
                const std::string& mode) {
  if (!ranked.empty() &&
      std::find(q.expected.begin(), q.expected.end(), ranked[0]) != q.expected.end())
    return;
  ctx.err << q.where << " [" << mode << "]: " << q.text << "\n  atteso " << q.expected[0]
          << "\n  ottenuto " << (ranked.empty() ? "(nulla)" : ranked[0]) << "\n";
}

}  // namespace

Status CmdEvalAsk(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (args.Has("--totals") && args.Has("--verbose")) {
    return Status::InvalidArgument("--totals e --verbose non vanno insieme: un insieme di test si legge solo nei totali");
  }
  if (args.Positional().empty()) return Status::InvalidArgument("uso: arbitro eval-ask FILE.tsv…");
  // The floors are read before the evaluation, so that a mistyped one costs no run.
  double f1 = 0, f3 = 0, g1 = 0, g3 = 0;
  for (auto [name, value] : {std::pair{"--floor-top1", &f1}, std::pair{"--floor-top3", &f3},
                             std::pair{"--floor-inferred-top1", &g1},
                             std::pair{"--floor-inferred-top3", &g3}}) {
    s = args.GetFraction(name, value);
    if (!s.ok()) return s;
  }
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  // Expected answers: ids, or quotes of the source mapped to the units stating them.
  std::vector<EvalQuestion> questions;
  s = LoadQuestions(*engine, args.Positional(), &questions);
  if (!s.ok()) return s;
  std::unique_ptr<Fts5Baseline> baseline;
  s = Fts5Baseline::Open(ctx.index_dir, &baseline);
  if (!s.ok()) return s;

  // Two modes: the referee names the game (--game), or the engine infers it.
  std::map<std::string, Score> ours, base, inferred;
  for (const EvalQuestion& q : questions) {
    const std::set<std::string> expected(q.expected.begin(), q.expected.end());
    AskOptions options;
    options.limit = 5;
    options.game = q.game;
    AskResult result;
    s = engine->Ask(q.text, options, &result);
    if (!s.ok()) return Status::InvalidArgument(q.where + ": " + s.message());
    std::vector<std::string> ranked;
    for (const AskHit& h : result.hits) ranked.push_back(h.provision.id);
    ours[q.game].Add(ranked, expected);
    ours["TUTTI"].Add(ranked, expected);
    AskResult guessed;
    options.game.clear();
    s = engine->Ask(q.text, options, &guessed);
    if (!s.ok()) return Status::InvalidArgument(q.where + ": " + s.message());
    std::vector<std::string> ranked_guessed;
    for (const AskHit& h : guessed.hits) ranked_guessed.push_back(h.provision.id);
    inferred[q.game].Add(ranked_guessed, expected);
    inferred["TUTTI"].Add(ranked_guessed, expected);
    if (args.Has("--verbose")) {
      ReportMiss(ctx, q, ranked, "con --game");
      ReportMiss(ctx, q, ranked_guessed,
                 "gioco dedotto '" + (guessed.game.empty() ? "-" : guessed.game) + "'");
    }
    std::vector<std::string> bm25;
    s = baseline->Search(q.text, q.game, 5, &bm25);
    if (!s.ok()) return s;
    base[q.game].Add(bm25, expected);
    base["TUTTI"].Add(bm25, expected);
  }

  if (args.Has("--json")) {
    JsonWriter json(ctx.out);
    json.BeginObject().Key("games").BeginArray();
    for (const auto& [game, sc] : ours) {
      if (args.Has("--totals") && game != "TUTTI") continue;  // a test split: totals only
      const Score& b = base[game];
      const Score& g = inferred[game];
      json.BeginObject()
          .Field("game", game)
          .Key("n")
          .Int(sc.n)
          .Key("inferred_top1")
          .Number(g.Top1())
          .Key("inferred_top3")
          .Number(g.Top3())
          .Key("inferred_mrr5")
          .Number(g.Mrr())
          .Key("top1")
          .Number(sc.Top1())
          .Key("top3")
          .Number(sc.Top3())
          .Key("mrr5")
          .Number(sc.Mrr())
          .Key("baseline_top1")
          .Number(b.Top1())
          .Key("baseline_top3")
          .Number(b.Top3())
          .Key("baseline_mrr5")
          .Number(b.Mrr())
          .EndObject();
    }
    json.EndArray().EndObject().Finish();
  } else {
    ctx.out << "                        con --game            | gioco dedotto         | FTS5/BM25 "
               "con --game\n"
               "gioco                 n   top1   top3  MRR@5 |  top1   top3  MRR@5 |  top1   top3  "
               "MRR@5\n";
    for (const auto& [game, sc] : ours) {
      if (args.Has("--totals") && game != "TUTTI") continue;  // a test split: totals only
      const Score& b = base[game];
      const Score& g = inferred[game];
      char line[200];
      std::snprintf(line, sizeof line, "%-18s %4d  %s  %s  %s | %s  %s  %s | %s  %s  %s\n",
                    game.c_str(), sc.n, Fixed3(sc.Top1()).c_str(), Fixed3(sc.Top3()).c_str(),
                    Fixed3(sc.Mrr()).c_str(), Fixed3(g.Top1()).c_str(), Fixed3(g.Top3()).c_str(),
                    Fixed3(g.Mrr()).c_str(), Fixed3(b.Top1()).c_str(), Fixed3(b.Top3()).c_str(),
                    Fixed3(b.Mrr()).c_str());
      ctx.out << line;
    }
  }
  const Score& all = ours["TUTTI"];
  if (all.Top1() < f1 || all.Top3() < f3) {
    return Status::Findings("qualità sotto la soglia: top1 " + Fixed3(all.Top1()) + " (soglia " +
                            Fixed3(f1) + "), top3 " + Fixed3(all.Top3()) + " (soglia " +
                            Fixed3(f3) + ")");
  }
  const Score& guessed_all = inferred["TUTTI"];
  if (guessed_all.Top1() < g1 || guessed_all.Top3() < g3) {
    return Status::Findings("qualità sotto la soglia con il gioco dedotto: top1 " +
                            Fixed3(guessed_all.Top1()) + " (soglia " + Fixed3(g1) + "), top3 " +
                            Fixed3(guessed_all.Top3()) + " (soglia " + Fixed3(g3) + ")");
  }
  return Status::OK();
}

}  // namespace arbitro::cli
