// arbitro game-words: learns the game model of players' words (arbitro/game_words.h) from
// game-labelled lines and writes its data file (query/game-words.tsv, compiled in).
//
// Input: ask sets (questions-*.tsv) and resolve sets (any other .tsv: scenarios-*,
// situations-*); each line's game is the game of its first expected provision, as the
// evaluations take it. The engine's analyzer gives each line's content terms, so the
// model reads a text as the engine does. The output depends only on the lines (not on
// the order or paths of the files), so regenerating it gives the committed file back.
#include <filesystem>
#include <fstream>
#include <ostream>

#include "arbitro/game_words.h"
#include "command.h"
#include "engine_open.h"
#include "eval_util.h"

namespace arbitro::cli {
namespace {

// The labelled lines of `paths`: one example per line.
Status GameWordExamples(Engine& engine, const std::vector<std::string>& paths,
                        std::vector<game_words::Example>* examples) {
  for (const std::string& path : paths) {
    std::vector<std::pair<std::string, std::string>> lines;  // game, text
    if (std::filesystem::path(path).filename().string().rfind("questions-", 0) == 0) {
      std::vector<EvalQuestion> q;
      Status s = LoadQuestions(engine, {path}, &q);
      if (!s.ok()) return s;
      for (const EvalQuestion& e : q) lines.emplace_back(e.game, e.text);
    } else {
      std::vector<EvalSituation> q;
      Status s = LoadSituations(engine, {path}, &q);
      if (!s.ok()) return s;
      for (const EvalSituation& e : q) lines.emplace_back(e.game, e.text);
    }
    for (const auto& [game, text] : lines) {
      game_words::Example e;
      e.game = game;
      Status s = engine.GameWordTerms(text, &e.terms);
      if (!s.ok()) return s;
      examples->push_back(std::move(e));
    }
  }
  return Status::OK();
}

}  // namespace

Status CmdGameWords(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  const std::vector<std::string>& files = args.Positional();
  if (files.empty()) return Status::InvalidArgument("uso: arbitro game-words FILE.tsv… [-o FILE]");
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  std::vector<game_words::Example> examples;
  s = GameWordExamples(*engine, files, &examples);
  if (!s.ok()) return s;
  const game_words::Model model = game_words::Train(examples);
  const std::string text = game_words::Write(
      model,
      "The game model of players' words (query/include/arbitro/game_words.h): for each term\n"
      "(the engine's stem), in how many labelled lines of each game it occurs. Written by\n"
      "  arbitro game-words tests/eval/questions-*.tsv tests/eval/scenarios-*.tsv \\\n"
      "    tests/eval/users/train/*.tsv -o query/game-words.tsv\n"
      "(never validation, test or fresh lines); here from " +
          std::to_string(examples.size()) + " lines.");
  if (!args.Has("--output")) {
    ctx.out << text;
    return Status::OK();
  }
  const std::string path = args.Get("--output"), tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << text;
    if (!out.flush()) return Status::IOError("impossibile scrivere " + tmp);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) return Status::IOError("impossibile scrivere " + path + ": " + ec.message());
  ctx.out << "scritto " << path << ": " << model.counts.size() << " termini, "
          << examples.size() << " righe (ricompilare perché il motore lo usi)\n";
  return Status::OK();
}

}  // namespace arbitro::cli
