// What another player claims, as people report it ("il mio amico dice che vale 2", "lui
// sostiene che ho perso il possesso", "secondo lui va fuori subito"). Implemented in
// claims.cc.
//
// A reported claim states the other player's reading of the rules (a ruling, a
// conclusion, the reason for it), not what happened on the table: the facts it names are
// the dispute, and reading them as facts makes resolve answer the claim ("vale 2 come una
// trasformazione" read a conversion). The facts are read from the rest of the description.
#pragma once

#include <string>
#include <vector>

#include "arbitro/indexer.h"

namespace arbitro::resolve {

// `text` with each reported claim of another person blanked out (its bytes turned to
// spaces, so that byte offsets stay those of `text`), from the verb of saying ("dice",
// "sostiene", "secondo lui" …) and a subject pronoun right before it to the end of its
// clause; "" when the text reports no claim. `tokens` are `text`'s tokens. The teller's
// own words ("io dico che …", "dico vantaggio") and the rulebook's ("il regolamento dice
// che …") are kept.
std::string MaskClaims(const std::string& text, const std::vector<Token>& tokens);

}  // namespace arbitro::resolve
