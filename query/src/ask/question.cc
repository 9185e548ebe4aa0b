// Reading a question for Engine::Ask: what it asks for (intent), what it counts,
// spelling corrections. See question.h. (The game its own words point to is
// Engine::Impl::GameOfWords, core/game_vote.cc.)
#include "ask/question.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace arbitro::ask {
namespace {

const char* const kConsequenceWords[] = {"succede",    "succederebbe", "capita",     "accade",
                                         "sanzione",   "sanzioni",     "sanziona",   "punisce",
                                         "fischia",    "decide",       "assegna",    "assegnato",
                                         "infrazione", "fallo",        "irregolare", "vietato"};
const char* const kDefinitionWords[] = {"cos",         "significa", "vuol",
                                        "definizione", "definito",  "chiama",
                                        "intende",     "funziona",  "consiste"};
const char* const kCopula[] = {"è", "sono"};
const char* const kPermissionWords[] = {"posso",      "può",      "puo",     "puoi",     "possono",
                                        "possiamo",   "potete",   "potrei",  "potrebbe", "potere",
                                        "consentito", "permesso", "lecito",  "ammesso",  "vietato",
                                        "proibito",   "valido",   "regolare"};
const char* const kProcedureWords[] = {"come", "dove", "procedura", "modalità", "battuta"};
const char* const kNumberWords[] = {"quanti",   "quante", "quanto", "quanta",  "durata", "dura",
                                    "distanza", "misura", "numero", "massimo", "minimo", "punti"};
const char* const kHowMany[] = {"quanti", "quante", "quanta", "quanto"};
const char* const kTriggerWords[] = {"quando",   "assegna",  "assegnato", "assegnata", "concede",
                                     "concesso", "ottiene",  "ottengo",   "ottieni",   "ottengono",
                                     "ottenere", "ottenuto", "scatta",    "dà",        "danno"};
const char* const kPlaceQuestion[] = {"dove"};
}  // namespace

const char* const kPlaceWords[16] = {
    "linea", "linee", "area",   "zona",    "metri",       "casella",    "caselle",   "dischetto",
    "lato",  "oltre", "dietro", "davanti", "centrocampo", "bandierina", "posizione", "distanza"};

namespace {

bool IsOneOf(const std::string& word, const char* const* words, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (word == words[i]) return true;
  }
  return false;
}

template <size_t N>
bool HasAny(const std::vector<Token>& tokens, const char* const (&words)[N]) {
  for (const Token& t : tokens) {
    if (IsOneOf(t.word, words, N)) return true;
  }
  return false;
}


// "Cos'è il back?", "cosa vuol dire tirabile", "come funziona il vantaggio",
// "quando una pedina è in fuorigioco?": the question asks what something is.
bool AsksDefinition(const std::vector<Token>& tokens) {
  if (HasAny(tokens, kDefinitionWords)) return true;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].word != "cosa" && tokens[i].word != "quando") continue;
    for (size_t j = i + 1; j < tokens.size() && j <= i + 3; ++j) {
      // "Quando c'è il rinvio?" asks when it is given, not what it is.
      if (IsOneOf(tokens[j].word, kCopula, std::size(kCopula))) return tokens[j - 1].word != "c";
    }
  }
  return false;
}


}  // namespace

bool IsPhraseTerm(const std::string& term) {
  return term.rfind(prefix::kPhrase, 0) == 0;
}

Intent ReadIntent(const std::vector<Token>& tokens, size_t concepts) {
  Intent in;
  in.consequence = HasAny(tokens, kConsequenceWords);
  in.definition = AsksDefinition(tokens) && concepts <= 3;
  in.permission = HasAny(tokens, kPermissionWords);
  in.procedure = !in.definition && HasAny(tokens, kProcedureWords);
  in.number = HasAny(tokens, kNumberWords);
  in.place = HasAny(tokens, kPlaceQuestion);
  in.trigger = HasAny(tokens, kTriggerWords);
  return in;
}

// The things the question counts: "quante miniature" (the word after "quante") and
// "con 11 omini" (a number and what it counts).
std::vector<std::string> AskedCounts(const std::vector<Token>& tokens) {
  std::vector<std::string> out = CountedTerms(tokens);
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (!IsOneOf(tokens[i].word, kHowMany, std::size(kHowMany))) continue;
    for (size_t j = i + 1; j < tokens.size() && j <= i + 3; ++j) {
      if (tokens[j].stop) continue;
      out.push_back(tokens[j].term);
      break;
    }
  }
  return out;
}

// A word the corpus never writes is replaced by the spelling dictionary's suggestion
// when its stem is unknown, or rare beside the suggestion's ("passagio" → "passaggio").
// Typing errors seldom touch the first letter ("caduto" is not "scaduto"); a synonym of
// the lexicon ("omini", or a word of one of its phrases) is not a misspelling. Returns
// whether a word was replaced.
bool CorrectSpelling(Engine::Impl& im, std::vector<Token>* tokens) {
  const Xapian::Database& db = im.xdb;
  const Analyzer& analyzer = *im.analyzer;
  // Words of a lexicon phrase ("lotteria dei rigori") are the lexicon's words too.
  std::vector<bool> in_phrase(tokens->size(), false);
  for (const PhraseMatch& p : analyzer.Phrases(*tokens)) {
    for (size_t k = 0; k < p.count; ++k) in_phrase[p.first + k] = true;
  }
  bool any = false;
  for (size_t i = 0; i < tokens->size(); ++i) {
    Token& t = (*tokens)[i];
    if (t.stop || in_phrase[i] || t.word.size() <= 3 || IsNumberWord(t.word)) continue;
    if (db.synonyms_begin(t.term) != db.synonyms_end(t.term)) continue;
    Xapian::TermIterator known = db.spellings_begin();
    known.skip_to(t.word);
    if (known != db.spellings_end() && *known == t.word) continue;
    const std::string suggestion = im.SpellingSuggestion(t.word);
    if (suggestion.empty() || suggestion[0] != t.word[0]) continue;
    const std::string term = analyzer.TermOf(suggestion);
    const Xapian::doccount own = db.get_termfreq(t.term);
    if (own == 0 || (term != t.term && own * 10 < db.get_termfreq(term))) {
      t.word = suggestion;
      t.term = term;
      any = true;
    }
  }
  return any;
}

}  // namespace arbitro::ask
