// Negation that reaches a vocabulary form through the verb before it (negation.cc).
//
// fact_reader.cc flips a two-valued fact when "non" stands right before a form or one
// word before it ("non chiede il vantaggio"). People also negate through a modal verb and
// its infinitive ("non voglio giocare il vantaggio", "non riesce a toccare la palla") and
// through an auxiliary or a "not yet / never / no longer" adverb ("non aveva ancora fatto
// il marcamento", "non è mai uscita"): "non" then stands two words before the form.
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "core/word_set.h"

namespace arbitro {

// Whether the form starting at content word `i` is negated by a "non" two words before
// it through a modal verb and its infinitive, or through auxiliaries and adverbs of time
// ("ancora", "mai", "più"). `words` are the description's content words (stopwords
// dropped), as fact_reader.cc reads them; `clause_starts[j]`: a clause ends between words
// j - 1 and j (a "non" does not reach across it).
bool NegatedThroughVerb(const std::vector<Token>& words, size_t i,
                        const std::vector<bool>& clause_starts);
// Whether the form at content word `i` has "nessuno" for subject: "nessuna sua pedina ci
// arriva", "nessun difensore tocca", "con nessun omino riesce ad arrivare" (up to a
// possessive or "altro", one noun and a modal verb between, all in the form's clause;
// `clause_starts[j]`: a clause ends between words j - 1 and j).
bool NoneSubject(const std::vector<Token>& words, size_t i,
                 const std::vector<bool>& clause_starts);
// Whether a word is a possessive adjective or pronoun ("mio", "sua", "loro", ...).
bool IsPossessive(const std::string& word);
// Every word IsPossessive accepts.
const WordSet& PossessiveWords();
// The first-person possessives ("mio", "nostra" …): the teller's own pieces and places.
const WordSet& FirstPersonPossessives();
// Whether a word looks like an infinitive (-are, -ere, -ire, longer than four letters).
bool IsInfinitive(const std::string& word);

}  // namespace arbitro
