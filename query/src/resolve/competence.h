// Whose zone of competence a square is in, as people tell it ("vado in contrasto sul loro
// centrocampista col pallone, che però è fuori dalla sua zona di competenza", "sto
// contrastando col mio centrocampista e siamo nella sua zona di competenza", "il loro
// portatore è fuori dalla zona di competenza del mio omino", "il mio attaccante, nella sua
// zona di competenza, tira"); also without "di competenza" when the zone is said of a piece
// ("nella sua zona", "fuori dalla zona del mio mediano"; "zona porta" is the goal's). When
// zones disagree, the one the ball carrier is said to be in decides ("il mio mediano è nella
// sua zona, ma il loro col pallone è fuori dalla zona del mio mediano"). Implemented in
// competence.cc.
//
// The zone is said of a piece named before it ("sua", "propria") or after it ("del mio
// omino"); the piece is the side with the ball when it holds it or shoots ("col pallone",
// "portatore", "tira"), else the teller's side or the other one by its possessive, the teller
// being the side that tackles when the teller tackles ("vado in contrasto", "sto
// contrastando") or when the ball is the other side's ("il loro portatore"). What is read is
// restated in the words the game's forms read ("attaccante fuori dalla sua zona di
// competenza", "difensore nella sua zona di competenza"); games whose forms read neither
// read nothing, and a fact the text's own forms read stays as read.
#pragma once

#include <string>
#include <vector>

#include "core/fact_reader.h"

namespace arbitro {

void ReadCompetence(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::string& text,
                    const std::vector<Token>& tokens, FactMap* facts);

}  // namespace arbitro
