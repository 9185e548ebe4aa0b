// Dice duels and numbers as people write them ("io faccio 1 e lui 6", "tutti e due
// tiriamo 4", "il mio attaccante tira 6 e il loro difensore tira 1", "il portiere fa 12,
// il mio attaccante solo 9"). Implemented in dice.cc.
//
// The reader finds the numbers a description says were rolled (digits or words, "un 6",
// "un sei"), the side each belongs to (first person io/mio/noi, third person
// lui/suo/loro/avversario, the roles attaccante/attacco/tiratore/chi ha la palla and
// difensore/difesa/portiere, both sides "tutti e due"/"entrambi") and, when both sides
// rolled, who rolled higher. First and third person are mapped to roles by what the text
// says ("il mio attaccante", "il loro difensore", "io lancio per il portiere", "ho rubato
// palla"), else the writer is the side with the ball; "ho fatto 11" is the writer's roll
// when the other side's is told too ("ho fatto 11 e lui 7"). A number set against another ("1
// contro il mio 6", "11 contro il suo 8") is the other side's; a duel's result said as a score
// after a duel word
// ("contrasto finito 9 a 9", "lo vinco io 5 a 3") gives both rolls (a tie, or the winner
// the higher); a piece's number ("il mio 7", "col suo 11", "numero 4") is no roll; one side's
// two dice ("io faccio 5 e 4, lui 6 e 1") are summed, and a die named again after them
// ("avendo fatto il 6") is no new roll. What it
// finds is restated in the words the vocabularies' forms read ("attaccante tira 6",
// "vince il difensore", "pareggio nei dadi"), so which facts of a game take the values is
// the game's vocabulary's business, not this reader's. Both sides' rolls at the start of
// the match ("inizio partita", "sorteggio", "per decidere chi parte", no contrast nor
// goalkeeper said) are the roll
// for the ball, no duel: restated of the writer ("per il possesso di palla", "faccio il
// punteggio più alto"/"più basso", "stesso punteggio nel lancio per il possesso").
#pragma once

#include <string>
#include <vector>

#include "core/fact_reader.h"

namespace arbitro {

// One thing the description says about the dice, restated.
struct DiceStatement {
  std::string canonical;      // "attaccante tira 6", "vince il difensore", "pareggio nei dadi"
  size_t first = 0, end = 0;  // the original words: [first, end) in the token vector
};

// A duel the description states, both sides' rolls known: what a game's roll bonuses
// (dice_bonus.h) need to compare the sides' totals instead of the bare dice.
struct DiceDuel {
  int attacker = 0, defender = 0;  // the numbers rolled
  // The words naming each side ("il portiere", "il mio attaccante"): token indices.
  std::vector<size_t> attacker_words, defender_words;
  size_t phase = 0, comparison = 0;  // positions among the statements
};

// The dice statements of a description (all its tokens, stopwords included); empty when
// it states no roll. *rolls (when given) receives the token index of every number read
// as a roll; *duel (when given) is filled when both sides' rolls are read (else its
// attacker or defender stays 0).
std::vector<DiceStatement> DiceStatements(const std::vector<Token>& tokens,
                                          std::vector<size_t>* rolls = nullptr,
                                          DiceDuel* duel = nullptr);

// Reads the dice statements of the description through the game's forms. A fact they
// read (the whole restated statement matching one form) replaces what the forms read of
// that fact in the raw text, where a bare "fa 6" or "un 1" says nothing of whose roll it
// was; of the facts that take a side's roll, what the raw text read on any number is
// dropped ("2 caselle" is no roll). A game whose forms read a side's roll, but not the numbers
// rolled, reads nothing from them. Where the game's rules give the pieces named a bonus on their
// roll (dice_bonus.h; `variants`: those in play), who won is said of the totals, and the comparison
// read carries the bonus cases as its basis (cited with the ruling); a side named by pieces with
// different bonuses leaves who won unsaid.
void ReadDice(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::vector<Token>& tokens,
              const std::vector<std::string>& variants, FactMap* facts);

// A drawn score the description states ("siamo 3-3", "finisce 2 a 2", "sull'1 a 1"), two
// equal numbers that are no roll, read through the game's forms as "pareggio" and "stesso
// numero di gol" would be; and goal tallies told by person ("io ho fatto 3 gol e lui 2", "lui
// ha segnato 4 gol e io 2"), read as "ho fatto più gol", "ho fatto meno gol" or "stesso
// numero di gol".
void ReadDrawnScore(Engine::Impl& im, Engine::Impl::GameResolver& gr,
                    const std::vector<Token>& tokens, FactMap* facts);

}  // namespace arbitro
