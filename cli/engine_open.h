// Opening the query engine from a command, building the index on first use.
#pragma once

#include <memory>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "command.h"

namespace arbitro::cli {

// Opens the engine on ctx.index_dir. When no index exists yet, first builds it from
// ctx.corpus_dir (a new user's first command just works) and says so on stderr.
Status OpenEngine(CommandContext& ctx, std::unique_ptr<Engine>* engine);

// Loads the corpus and prints its diagnostics (warnings too) on ctx.err.
Status LoadCorpusReporting(CommandContext& ctx, const std::string& dir, Corpus* corpus);

}  // namespace arbitro::cli
