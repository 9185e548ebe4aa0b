// Opening the query engine or the corpus from a command: its own, or the ones `serve`
// lends it (CommandContext::engine, ::corpus).
#pragma once

#include <memory>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "command.h"

namespace arbitro::cli {

// The engine a command uses: owned (opened by OpenEngine) or borrowed from ctx.engine.
class EngineRef {
 public:
  Engine* operator->() const { return engine_; }
  Engine& operator*() const { return *engine_; }

 private:
  friend Status OpenEngine(CommandContext& ctx, EngineRef* engine);
  std::unique_ptr<Engine> owned_;
  Engine* engine_ = nullptr;
};

// The corpus a command reads: owned (loaded by UseCorpus) or borrowed from ctx.corpus.
class CorpusRef {
 public:
  const Corpus* operator->() const { return corpus_; }
  const Corpus& operator*() const { return *corpus_; }

 private:
  friend Status UseCorpus(CommandContext& ctx, const std::string& dir, CorpusRef* corpus);
  std::unique_ptr<Corpus> owned_;
  const Corpus* corpus_ = nullptr;
};

// ctx.engine when set; else opens the engine on ctx.index_dir. When no index exists
// yet, first builds it from ctx.corpus_dir (a new user's first command just works) and
// says so on stderr.
Status OpenEngine(CommandContext& ctx, EngineRef* engine);

// ctx.corpus when set; else loads the corpus in `dir`, printing its diagnostics.
Status UseCorpus(CommandContext& ctx, const std::string& dir, CorpusRef* corpus);

// Loads the corpus and prints its diagnostics (warnings too) on ctx.err.
Status LoadCorpusReporting(CommandContext& ctx, const std::string& dir, Corpus* corpus);

// Builds the index in ctx.index_dir from the corpus in `corpus_dir`; `quiet` prints no
// summary.
Status BuildFromCorpus(CommandContext& ctx, const std::string& corpus_dir, bool quiet);

}  // namespace arbitro::cli
