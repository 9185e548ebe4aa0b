// Reported claims of another player (see claims.h).
#include "resolve/claims.h"

#include <cstring>

#include "core/word_set.h"

namespace arbitro::resolve {

namespace {

// Third-person verbs of saying or believing that report someone else's view when "che"
// follows ("dice che", "sostiene che"). Not with "di" and an infinitive ("dice di lasciar
// correre il tempo", "pretende di rifare il marcamento"): a request, often what is asked.
// First-person forms ("dico", "penso") are the teller's and stay read.
const WordSet& ClaimVerbs() {
  static const WordSet k = {"dice",     "dicono",    "diceva",   "detto",     "sostiene",
                            "sostengono", "sosteneva", "pensa",    "pensano",   "crede",
                            "credono",  "insiste",   "afferma",  "giura",
                            "ritiene",  "protesta",  "reclama"};
  return k;
}
// Subjects whose "dice che" quotes the rules, not a player: what follows is read.
const WordSet& RuleSubjects() {
  static const WordSet k = {"regolamento", "regola", "regole", "manuale", "libretto", "libro",
                            "rulebook", "norma", "testo"};
  return k;
}
// Subject pronouns blanked with their verb ("lui dice che"): alone they would read as the
// subject of the next clause.
const WordSet& ClaimSubjects() {
  static const WordSet k = {"lui", "lei", "loro"};
  return k;
}
// The punctuation that ends a claim (a clause end: "dice che vale 2, io dico di più").
constexpr const char* kClaimEnds = ",;.:!?()\n";

}  // namespace

std::string MaskClaims(const std::string& text, const std::vector<Token>& tokens) {
  std::string out;
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    const Token& t = tokens[i];
    size_t first = i;  // the first token blanked
    if (t.word == "secondo" && ClaimSubjects().count(tokens[i + 1].word)) {
      // "secondo lui …": the claim is the rest of the clause.
    } else if (ClaimVerbs().count(t.word) &&
               tokens[i + 1].word == "che") {
      if (i > 0 && RuleSubjects().count(tokens[i - 1].word)) continue;
      if (i > 0 && ClaimSubjects().count(tokens[i - 1].word)) first = i - 1;
    } else {
      continue;
    }
    // No clause end between the verb and "che" ("dice, che …" is not a claim).
    if (std::strpbrk(text.substr(t.end, tokens[i + 1].begin - t.end).c_str(), kClaimEnds))
      continue;
    if (out.empty()) out = text;
    const size_t begin = tokens[first].begin;
    size_t end = text.find_first_of(kClaimEnds, tokens[i + 1].end);
    if (end == std::string::npos) end = text.size();
    for (size_t k = begin; k < end; ++k) out[k] = ' ';
    while (i + 1 < tokens.size() && tokens[i + 1].begin < end) ++i;
  }
  return out;
}

}  // namespace arbitro::resolve
