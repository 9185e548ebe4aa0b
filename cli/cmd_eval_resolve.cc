// arbitro eval-resolve: ruling quality of `resolve` on scenario sets.
//
// Input: situation sets (see LoadSituations and JudgeRuling in eval_util.h). Each scenario is
// resolved with --game set to the game of its first expected provision, and again without
// (the engine infers the game); the floor applies to the first. A decision is right when the best ruling
// contains the decisive sanction type for the expected beneficiary; citations are right when every
// expected provision is cited by the best ruling. --verbose lists, on stderr, the situations wrong
// with --game, then those right with it but wrong with the game inferred (and the game chosen).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <ostream>
#include <set>

#include "command.h"
#include "engine_open.h"
#include "eval_util.h"
#include "json.h"

namespace arbitro::cli {
namespace {

struct Tally {
  int n = 0, decision = 0, citations = 0, both = 0;
  double Rate(int k) const { return n ? double(k) / n : 0; }
  void Add(const RulingJudgement& j) {
    ++n;
    decision += j.decision;
    citations += j.citations;
    both += j.decision && j.citations;
  }
};

}  // namespace

Status CmdEvalResolve(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (args.Has("--totals") && args.Has("--verbose")) {
    return Status::InvalidArgument("--totals e --verbose non vanno insieme: un insieme di test si legge solo nei totali");
  }
  if (args.Positional().empty()) return Status::InvalidArgument("uso: arbitro eval-resolve FILE.tsv…");
  // The floors are read before the evaluation, so that a mistyped one costs no run.
  double floor = 0, floor_inferred = 0;
  s = args.GetFraction("--floor", &floor);
  if (!s.ok()) return s;
  s = args.GetFraction("--floor-inferred", &floor_inferred);
  if (!s.ok()) return s;
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  std::vector<EvalSituation> situations;
  s = LoadSituations(*engine, args.Positional(), &situations);
  if (!s.ok()) return s;
  std::map<std::string, Tally> tally, guessed;
  for (const EvalSituation& e : situations) {
    std::string inferred_game;  // the game resolve chose without --game
    auto judge = [&](const ResolveOptions& options) {
      ResolveResult r;
      Status rs = engine->Resolve(e.text, options, &r);
      if (options.game.empty()) inferred_game = r.game;
      return JudgeRuling(rs, r, e);
    };
    ResolveOptions with_game;
    with_game.game = e.game;
    const RulingJudgement given = judge(with_game), inferred = judge(ResolveOptions{});
    for (const std::string& key : {e.game, std::string("TUTTI")}) {
      tally[key].Add(given);
      guessed[key].Add(inferred);
    }
    if (args.Has("--verbose") && !(given.decision && given.citations)) {
      ctx.err << e.where << ": " << e.text << "\n  atteso " << e.types[0] << "/" << e.beneficiary << " "
              << e.cites[0] << "\n  ottenuto " << given.got << "\n";
    } else if (args.Has("--verbose") && !(inferred.decision && inferred.citations)) {
      // Right with --game, wrong with the game inferred: which game was chosen.
      ctx.err << e.where << ": " << e.text << "\n  senza --game: gioco " << inferred_game
              << " (atteso " << e.game << "), ottenuto " << inferred.got << "\n";
    }
  }
  if (args.Has("--json")) {
    JsonWriter json(ctx.out);
    json.BeginObject().Key("games").BeginArray();
    for (const auto& [game, t] : tally) {
      if (args.Has("--totals") && game != "TUTTI") continue;  // a test split: totals only
      const Tally& g = guessed[game];
      json.BeginObject().Field("game", game).Key("n").Int(t.n).Key("decision").Number(t.Rate(t.decision))
          .Key("inferred_decision").Number(g.Rate(g.decision)).Key("inferred_both").Number(g.Rate(g.both))
          .Key("citations").Number(t.Rate(t.citations)).Key("both").Number(t.Rate(t.both)).EndObject();
    }
    json.EndArray().EndObject().Finish();
  } else {
    ctx.out << "                         con --game                  | gioco dedotto\n"
               "gioco                 n  decisione  citazioni  entrambe | decisione  entrambe\n";
    for (const auto& [game, t] : tally) {
      if (args.Has("--totals") && game != "TUTTI") continue;  // a test split: totals only
      const Tally& g = guessed[game];
      char line[160];
      std::snprintf(line, sizeof line, "%-18s %4d      %s      %s     %s |     %s     %s\n", game.c_str(), t.n,
                    Fixed3(t.Rate(t.decision)).c_str(), Fixed3(t.Rate(t.citations)).c_str(),
                    Fixed3(t.Rate(t.both)).c_str(), Fixed3(g.Rate(g.decision)).c_str(),
                    Fixed3(g.Rate(g.both)).c_str());
      ctx.out << line;
    }
  }
  const Tally& all = tally["TUTTI"];
  if (all.Rate(all.both) < floor) {
    return Status::Findings("qualità sotto la soglia: entrambe " + Fixed3(all.Rate(all.both)) +
                            " (soglia " + Fixed3(floor) + ")");
  }
  const Tally& all_guessed = guessed["TUTTI"];
  if (all_guessed.Rate(all_guessed.both) < floor_inferred) {
    return Status::Findings("qualità sotto la soglia: entrambe con il gioco dedotto " +
                            Fixed3(all_guessed.Rate(all_guessed.both)) + " (soglia " +
                            Fixed3(floor_inferred) + ")");
  }
  return Status::OK();
}

}  // namespace arbitro::cli
