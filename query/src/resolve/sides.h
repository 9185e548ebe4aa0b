// Who did what, as the teller tells it: the teller's side and the actor vs. the object of
// a described situation. Implemented in sides.cc.
//
// Situations are told in the first person ("il mio omino", "nella mia area dei 22",
// "sto attaccando", "io difendo") by either side. The vocabularies' first-person and
// "avversario" forms are written from the attacker's seat ("mia area di meta" = the
// attacker's, "omino avversario" = a defender's piece); this reader finds which side the
// teller is on from what the text says of them (their attacking or defending verbs, their
// own keeper or defender, the other side named as the one attacking, whose ball or kick it
// is as stated, not asked: "la palla era mia", "ce l'ha lui", "calcio d'inizio suo") and, when the teller
// is the defender, reads such a form as the value of the other side (the value whose id
// names the other side: "area-22-metri-attaccante" ↔ "area-22-metri-difensore",
// "miniatura-offensiva" ↔ "miniatura-difensiva", "squadra-in-attacco" ↔
// "squadra-in-difesa"). When nothing says which side the teller is on, the forms keep
// their attacker's-seat reading (the teller is then most often the one playing the ball;
// dropping such readings instead changed nothing on train and lost one held-out
// situation).
//
// The teller's own role ("attacco io", "sto attaccando", "ero in attacco") says which side
// the teller is on, not who acted, when the other side is named acting: "lui" or
// "l'avversario" as a subject, or a piece, a role or an action of theirs opening a clause
// ("attacco io: il suo marcamento butta la palla fuori", "… e il loro difensore tocca"):
// the actor read from the role is then the other side.
//
// A side named as the one acted ON ("colpisce un omino del difensore", "tocca il portiere
// avversario", "il mio attaccante è stato colpito") is no reading of the facts that say who
// acted ("autore", "squadra": evaluate.cc's OffenderOf); a side named as the agent ("dal
// difensore", "da parte dell'attaccante") is.
#pragma once

#include <string>
#include <vector>

#include "core/fact_reader.h"

namespace arbitro {

// The side the teller of a situation is on, from what the text says of them.
enum class TellerSide { kUnknown, kAttacker, kDefender };

// The teller's side: kUnknown when nothing says, or when the text says both.
TellerSide TellerSideOf(const std::string& text, const std::vector<Token>& tokens);

// Restates the readings of ReadFacts (spans in `content`, the non-stopword tokens of
// `tokens`) from the teller's seat and drops the actor readings that name the object of
// an action (see above).
// `text` is the description the tokens were read from (its punctuation ends clauses).
void ReadSides(const Engine::Impl::GameResolver& gr, const std::string& text,
               const std::vector<Token>& tokens, const std::vector<Token>& content, FactMap* facts);

// Who reaches the ball's square, as people tell it ("il mio numero 7 ci arriva", "non ci
// arrivo con nessuno dei miei", "lui tira e ci arriva con un suo centrocampista", "non
// raggiunge la casella con nessuna pedina"): the person of the reach verb, or the side of its
// subject or of the piece it reaches with, from the teller's seat, restated in the words the
// game's forms read ("l attacco raggiunge la palla", "la difesa non raggiunge la palla"). What
// the raw text read of the facts these restatements read is replaced. Games whose forms read
// neither restatement read nothing.
void ReadReach(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::string& text,
               const std::vector<Token>& tokens, FactMap* facts);

// Whether a full stop, ";", "!" or "?" of `text` stands between tokens a and a + 1 (or a is
// the last token): a sentence ends there.
bool SentenceEnd(const std::string& text, const std::vector<Token>& tokens, size_t a);

}  // namespace arbitro
