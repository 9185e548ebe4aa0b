// Reading a game's facts from Italian text: shared by ask (fact terms of a question)
// and resolve (the facts of a described situation). Implemented in fact_reader.cc.
//
// The description's content words are matched against the Italian forms of the
// game's vocabulary (stemmed, stopwords ignored, typos corrected through the
// spelling dictionary); "non" before a form flips a two-valued fact. A fact may hold
// several values (subject and object of a sentence); the same thing described with
// two values ("palla ferma" … "palla in movimento") in one sentence is a contradiction (in
// two, the story moves on: "la palla rotola ancora. A palla ferma chiedo il back").
#pragma once

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/engine_impl.h"
#include "core/rules.h"

namespace arbitro {

// One value of a fact read from the text (or given, or assumed by default).
struct Reading {
  std::string fact;
  std::string value;
  std::string words;
  size_t first = 0, count = 0;  // span in content-token space
  bool from_text = true;
  bool inferred = false;  // supplied by the case retrieval found closest (resolve/retrieve.h)
  // A value derived with the game's rules (who won a duel, the roll bonuses counted): the
  // keys ("doc#eId/case") of the cases it rests on, cited with a ruling that uses it, and
  // how it was derived, in Italian ("attaccante 6, difensore 5 + 2 = 7").
  std::vector<std::string> basis{};
  std::string derivation{};
};

using FactMap = std::map<std::string, std::vector<Reading>>;  // fact → values read

// Forms pre-analysed for one game.
struct Engine::Impl::GameResolver {
  GameRules rules;
  struct Form {
    size_t fact;        // index into rules.facts
    std::string value;  // empty for a fact-level form (an integer fact's cue word)
    std::vector<std::string> terms;
    // A form of one content word written as a prepositional phrase ("sul portiere", "in
    // diagonale"): it reads that word only after a preposition (a possessive or a definite
    // article between: "nella mia area", "tra i pali").
    bool prepositional = false;
    // A verb and the ball as its object ("prende la palla", "calcia l ovale"): the ball
    // may be said by a clitic pronoun before the verb instead ("non la prende"; ReadFacts).
    bool ball_object = false;
    // A form of one content word after "regola" / "regole" / "regolamento", words the
    // lexicon drops as stopwords (every question is about the rules): "regola avanzata"
    // names a rule, and reads "avanzata" only after one of them ("avanzo di una casella"
    // is no variant).
    bool rule_named = false;
    // The form says "invece di" / "anziché" / "al posto di" itself ("invece di fermare
    // tutto"): what it reads is the thing done instead, not negated by them.
    bool says_instead = false;
    // The form says an order with "prima" / "dopo" and a preposition ("prima della palla",
    // "prima di toccare la palla"): the text's "prima" / "dopo" is followed by a preposition
    // too ("prima che io colpisca la palla", "prima la palla tocca …" read no such order).
    bool order_preposition = false;
    // The form says whose turn it is with "tocca a" ("la rimessa tocca a me"): a "tocca"
    // followed by "a me" / "a lui" in the text reads as a turn only for such a form.
    bool says_turn = false;
  };
  std::vector<Form> forms;
  std::map<std::string, std::vector<size_t>> forms_by_first;  // first term → forms indices
  std::set<std::string> form_terms;
  std::map<std::string, std::vector<size_t>> term_facts;  // form term → facts using it
  // (fact, possessive's term, the term after it) for each possessive a form of the fact
  // says ("nella mia area"): that possessive before that word tells the fact's values
  // apart, so a form does not read across it (ReadFacts; found on first use).
  std::set<std::tuple<size_t, std::string, std::string>> possessive_pairs;
  bool possessive_pairs_found = false;
  // ReadWhole's readings of each statement the readers restate ("l attacco raggiunge la
  // palla", "attaccante tira 6"): a few fixed sentences, read once per game.
  std::map<std::string, FactMap> whole;
  bool complete = false;  // cases loaded, not just the vocabulary
};


// Reads the facts of one game from the description's content words; records
// contradictions.
// `text` (optional) is the description the tokens' byte ranges point into: a form does not
// read across the end of a clause there ("la palla finisce sulla terza casella. Il
// portiere …" says nothing of "casella del portiere").
void ReadFacts(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::vector<Token>& content,
               FactMap* facts, std::vector<std::string>* contradictions,
               const std::string& text = std::string());

// What the game's forms read of a canonical statement the readers restate ("attaccante
// tira 6", "l attacco raggiunge la palla"): only the readings of forms that read the whole
// of it ("attaccante tira 6" is the attacker's roll, not the piece "attaccante").
FactMap ReadWhole(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::string& canonical);

}  // namespace arbitro
