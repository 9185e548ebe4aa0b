// Reading a question for Engine::Ask (ask.cc): what it asks for, what it counts,
// spelling corrections (the game its own words point to: Engine::Impl::GameOfWords).
#pragma once

#include <xapian.h>

#include <set>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "core/engine_impl.h"

namespace arbitro::ask {

// What the question asks for.
struct Intent {
  bool consequence = false;  // "cosa succede se …"
  bool definition = false;   // "cos'è …"
  bool permission = false;   // "posso …?", "si può …?"
  bool procedure = false;    // "come si batte …?"
  bool number = false;       // "quanti …?", "quanto dura …?"
  bool place = false;        // "da dove …?"
  bool trigger = false;      // "quando si assegna …?"
};

// Reads the intent of a question of `concepts` concepts.
Intent ReadIntent(const std::vector<Token>& tokens, size_t concepts);

// The things the question counts: "quante miniature" (the word after "quante") and
// "con 11 omini" (a number and what it counts).
std::vector<std::string> AskedCounts(const std::vector<Token>& tokens);

// Replaces words the corpus never writes by the spelling dictionary's suggestion
// (see question.cc; suggestions read once per engine); true when a word was replaced.
bool CorrectSpelling(Engine::Impl& im, std::vector<Token>* tokens);

// True for a lexicon phrase term (prefix::kPhrase).
bool IsPhraseTerm(const std::string& term);

// Words that name a place on the pitch ("linea", "area", "dischetto" …).
extern const char* const kPlaceWords[16];

}  // namespace arbitro::ask
