// arbitro index: corpus XML → SQLite + Xapian, published atomically.
#include <cstdio>
#include <ostream>

#include "arbitro/indexer.h"
#include "command.h"
#include "engine_open.h"

namespace arbitro::cli {

Status LoadCorpusReporting(CommandContext& ctx, const std::string& dir, Corpus* corpus) {
  std::vector<Diagnostic> diagnostics;
  Status s = LoadCorpus(dir, corpus, &diagnostics);
  size_t errors = 0;
  for (const Diagnostic& d : diagnostics) {
    ctx.err << d.ToString() << "\n";
    if (d.severity == Diagnostic::Severity::kError) ++errors;
  }
  if (!s.ok() && errors > 1) {
    return Status::CorpusError(s.message() + " (e altri " + std::to_string(errors - 1) + " errori)");
  }
  return s;
}

Status BuildFromCorpus(CommandContext& ctx, const std::string& corpus_dir, bool quiet) {
  Corpus corpus;
  Status s = LoadCorpusReporting(ctx, corpus_dir, &corpus);
  if (!s.ok()) return s;
  IndexStats stats;
  s = BuildIndex(corpus, ctx.index_dir, &stats);
  if (!s.ok()) {
    const std::string msg = "impossibile scrivere l'indice in " + ctx.index_dir + ": " +
                            s.message() + " (un indice già presente resta invariato)";
    return s.code() == Status::Code::kIOError ? Status::IOError(msg) : Status::IndexError(msg);
  }
  if (!quiet) {
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.2f", stats.seconds);
    ctx.out << "Indicizzati " << stats.documents << " documenti, " << stats.units << " unità, "
            << stats.xapian_documents << " disposizioni ricercabili, " << stats.cases
            << " casi in " << secs << " s\n"
            << "Indice: " << stats.generation << "\n";
  }
  return Status::OK();
}

Status OpenEngine(CommandContext& ctx, EngineRef* engine) {
  if (ctx.engine) {
    engine->engine_ = ctx.engine;
    return Status::OK();
  }
  Status s = Engine::Open(ctx.index_dir, &engine->owned_);
  if (s.code() == Status::Code::kNotFound) {
    ctx.err << "arbitro: " << s.message() << ": indicizzazione del corpus incluso…\n";
    s = BuildFromCorpus(ctx, ctx.corpus_dir, /*quiet=*/true);
    if (!s.ok()) return s;
    s = Engine::Open(ctx.index_dir, &engine->owned_);
  }
  engine->engine_ = engine->owned_.get();
  return s;
}

Status UseCorpus(CommandContext& ctx, const std::string& dir, CorpusRef* corpus) {
  if (ctx.corpus) {
    corpus->corpus_ = ctx.corpus;
    return Status::OK();
  }
  corpus->owned_ = std::make_unique<Corpus>();
  corpus->corpus_ = corpus->owned_.get();
  return LoadCorpusReporting(ctx, dir, corpus->owned_.get());
}

Status CmdIndex(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (!args.Positional().empty()) {
    return Status::InvalidArgument("argomento inatteso '" + args.Positional()[0] +
                                   "' (uso: arbitro index [--corpus DIR])");
  }
  return BuildFromCorpus(ctx, args.Get("--corpus", ctx.corpus_dir), /*quiet=*/false);
}

}  // namespace arbitro::cli
