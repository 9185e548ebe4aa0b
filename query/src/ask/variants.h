// Variants in Engine::Ask (variants.cc): which game `--variant` names, and the ranking of
// a variant's provisions beside the base provisions they change.
#pragma once

#include "core/engine_impl.h"

namespace arbitro::ask {

// Before the search: checks AskOptions::variants against the game, or, without a game,
// takes the game that declares them (InvalidArgument listing every game's variants when
// none does, or when two exclude each other).
Status VariantGame(const Engine::Impl& im, AskOptions* options);

// After the ranking: marks the hits that hold under a variant in play, and places the
// provision of each variant in play just above the best-ranked base provision it amends
// or replaces, loading whichever of the two the search did not find. Hits of variants
// not in play keep their rank. At most `options.limit` hits are kept.
Status ApplyVariants(Engine::Impl& im, const AskOptions& options, AskResult* result);

}  // namespace arbitro::ask
