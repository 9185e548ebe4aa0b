// The `serve` command itself, run by the arbitro-serve program (serve/main.cc), to
// which `arbitro serve` hands over (cmd_serve.cc).
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <filesystem>
#include <ostream>

#include "command.h"
#include "engine_open.h"
#include "serve/server.h"

namespace arbitro::serve {

using cli::ArgParser;
using cli::CommandContext;
using cli::EngineRef;
using cli::OpenEngine;
namespace {

namespace fs = std::filesystem;

bool HasApp(const fs::path& dir) {
  std::error_code ec;
  return !dir.empty() && fs::is_regular_file(dir / "index.html", ec);
}

// The web app's folder: --web, else $ARBITRO_WEB, else share/arbitro/web beside the
// installed binary (cmake --install), else web/ of the source tree it was built from.
Status FindWebRoot(const std::string& flag, std::string* root) {
  std::vector<fs::path> tried;
  if (!flag.empty()) {
    tried.push_back(flag);
  } else if (const char* env = std::getenv("ARBITRO_WEB"); env && *env) {
    tried.push_back(env);
  } else {
    char exe[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
      exe[n] = '\0';
      tried.push_back(fs::path(exe).parent_path().parent_path() / "share" / "arbitro" / "web");
    }
    tried.push_back(ARBITRO_WEB_DIR);
  }
  for (const fs::path& dir : tried) {
    if (HasApp(dir)) {
      std::error_code ec;
      const fs::path real = fs::canonical(dir, ec);
      *root = ec ? dir.string() : real.string();
      return Status::OK();
    }
  }
  return Status::NotFound("app web non trovata in " + tried.front().string() +
                          " (manca index.html): indicarne la cartella con --web DIR o "
                          "ARBITRO_WEB");
}

}  // namespace

Status RunServeCommand(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (!args.Positional().empty()) {
    return Status::InvalidArgument("argomento inatteso '" + args.Positional()[0] +
                                   "' (uso: arbitro serve [--listen HOST:PORTA] [--index DIR])");
  }
  ServeOptions options;
  s = ParseListen(args.Get("--listen", "127.0.0.1:8080"), &options.host, &options.port);
  if (!s.ok()) return s;
  long threads = 0;
  s = args.GetInt("--threads", 1, 1024, 64, &threads);
  if (!s.ok()) return s;
  options.threads = static_cast<int>(threads);
  long engines = 0;
  s = args.GetInt("--engines", 1, 256, 0, &engines);
  if (!s.ok()) return s;
  options.engines = static_cast<int>(engines);
  options.quiet = args.Has("--quiet");
  if (args.Has("--index")) {
    if (args.Get("--index").empty())
      return Status::InvalidArgument("--index richiede una cartella");
    ctx.index_dir = args.Get("--index");
  }
  options.index_dir = ctx.index_dir;
  options.corpus_dir = args.Get("--corpus", ctx.corpus_dir);
  s = FindWebRoot(args.Get("--web"), &options.web_root);
  if (!s.ok()) return s;
  {
    // Builds the index on first use, as every query command does.
    EngineRef engine;
    s = OpenEngine(ctx, &engine);
    if (!s.ok()) return s;
  }
  return RunServer(options, ctx.out, ctx.err);
}

}  // namespace arbitro::serve
