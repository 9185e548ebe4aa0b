// Reading a game's facts from Italian text (see fact_reader.h), the per-game
// vocabulary cache (Engine::Impl::Resolver) and the fact terms ask searches with.
#include "core/fact_reader.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "core/negation.h"

namespace arbitro {

// Words of the text that may stand between two consecutive words of a form.
constexpr size_t kMaxGap = 1;
// Shorter forms must match word for word: two words with a gap say too little.
constexpr size_t kMinGappedForm = 3;
// Words that make a form negative by themselves (Italian negative concord).
const WordSet kNegativeWords = {"nessun", "nessuno", "nessuna", "niente", "nulla"};
// Adverbs that only colour a verb or a place ("entra proprio nella casella", "tocca
// subito la palla"): like a possessive, one does not part a form's words. Not "quasi",
// "mai", "non", which change what happened, nor "direttamente" (Rugby reads it: no
// bounce). Another fact's forms may use the word ("la propria area"): the surface word
// decides, unless the form's own fact uses it.
const WordSet kFillerAdverbs = {
    "proprio", "subito",   "poi",  "anche",  "ancora",      "già",     "gia",      "appena",
    "solo",    "soltanto", "pure", "sempre", "esattamente", "davvero", "comunque", "leggermente"};
// Participles of getting and being that only carry a tense ("ha già preso un giallo",
// "aveva ricevuto un cartellino", "era già stato ammonito"): the thing got is the form's
// word, so one does not part a form's words either (FillerWord).
const WordSet kLightParticiples = {"preso",    "presa",     "ricevuto", "ricevuta",
                                   "rimediato", "rimediata", "beccato",  "beccata",
                                   "avuto",    "avuta",     "stato",    "stata"};
// Whether a word is a filler adverb or a light participle; the participles' list is looked
// up only for a word ending as they do ("-to", "-ta", "-so", "-sa"), most words a form's gap
// holds being neither.
bool FillerWord(const std::string& w) {
  if (kFillerAdverbs.count(w)) return true;
  if (w.size() < 5) return false;
  const char a = w[w.size() - 2], b = w[w.size() - 1];
  return (a == 't' || a == 's') && (b == 'o' || b == 'a') && kLightParticiples.count(w);
}
// The punctuation that ends a clause: a form's words stand in one clause.
constexpr const char* kClauseEnds = ",;.:!?()";
// Words typed short on a phone, read as the word they stand for ("nn la prende").
const std::map<std::string, std::string> kPhoneWords = {{"nn", "non"}};

namespace {

// Whether a conjunction ("e", "o", "ma", ...) stands in text[from, to).
bool ConjunctionBetween(const std::string& text, size_t from, size_t to) {
  static const WordSet kConjunctions = {"e",      "ed",  "o",   "od",    "ma",
                                        "mentre", "che", "poi", "quando"};
  std::string word;
  for (size_t k = from; k <= to && k <= text.size(); ++k) {
    const bool letter =
        k < to && k < text.size() && std::isalpha(static_cast<unsigned char>(text[k]));
    if (letter) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(text[k])));
    } else if (!word.empty()) {
      if (kConjunctions.count(word)) return true;
      word.clear();
    }
  }
  return false;
}

const WordSet& Prepositions() {
  static const WordSet k = {
      "di",    "a",     "da",    "in",    "con",   "su",    "per",   "tra",   "fra",   "del",
      "dello", "della", "dei",   "degli", "delle", "dell",  "al",    "allo",  "alla",  "ai",
      "agli",  "alle",  "all",   "dal",   "dallo", "dalla", "dai",   "dagli", "dalle", "dall",
      "nel",   "nello", "nella", "nei",   "negli", "nelle", "nell",  "col",   "coi",   "sul",
      "sullo", "sulla", "sui",   "sugli", "sulle", "sull",  "verso", "contro"};
  return k;
}

// The words of a vocabulary form (lower case, parted by spaces and apostrophes).
std::vector<std::string> FormWords(const std::string& form) {
  std::vector<std::string> words;
  std::string word;
  for (size_t k = 0; k <= form.size(); ++k) {
    if (k < form.size() && form[k] != ' ' && form[k] != '\'') {
      word += form[k];
    } else if (!word.empty()) {
      words.push_back(word);
      word.clear();
    }
  }
  return words;
}

// The word of `text` right before byte `at`, lower case; "" at the start of the text or of
// a clause.
std::string WordBefore(const std::string& text, size_t at, size_t* start = nullptr) {
  size_t k = std::min(at, text.size());
  while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\'' || text[k - 1] == '\t')) --k;
  size_t end = k;
  while (k > 0 && std::isalpha(static_cast<unsigned char>(text[k - 1]))) --k;
  if (start) *start = k;
  std::string w = text.substr(k, end - k);
  for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return w;
}

// The word of `text` right after byte `at`, lower case; "" at the end of the text or of a
// clause.
std::string WordAfter(const std::string& text, size_t at) {
  size_t k = std::min(at, text.size());
  while (k < text.size() && (text[k] == ' ' || text[k] == '\'' || text[k] == '\t')) ++k;
  const size_t begin = k;
  while (k < text.size() && std::isalpha(static_cast<unsigned char>(text[k]))) ++k;
  std::string w = text.substr(begin, k - begin);
  for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return w;
}

// Whether a verb of standing comes right before byte `at` ("che stava più avanti", "era già
// avanti", "si trovava un po' indietro"), degree adverbs between.
bool StandsBefore(const std::string& text, size_t at) {
  static const WordSet kDegree = {"più", "piu", "già", "gia", "po", "un", "ancora", "molto",
                                  "troppo", "parecchio", "poco"};
  static const WordSet kStand = {"stava", "stavano", "era",      "erano",  "sta",
                                 "stanno", "trova",  "trovava",  "trovavano", "resta",
                                 "restava", "rimane", "rimaneva", "piazzato", "posizionato"};
  auto letter = [](char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) & 0x80);
  };
  size_t k = std::min(at, text.size());
  for (int steps = 0; steps < 4; ++steps) {
    while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\'' || text[k - 1] == '\t')) --k;
    const size_t end = k;
    while (k > 0 && letter(text[k - 1])) --k;  // a word, its accented letters included
    std::string w = text.substr(k, end - k);
    for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (w.empty()) return false;
    if (kStand.count(w)) return true;
    if (!kDegree.count(w)) return false;
  }
  return false;
}

// Whether the text after a "tocca" at byte `at` names whose turn it is ("tocca di nuovo a
// me", "tocca ancora a lui", "tocca a chi?"): "a" / "ad" and a person, adverbs of time between.
bool TurnAfter(const std::string& text, size_t at) {
  static const WordSet kBetween = {"di",     "nuovo",  "ancora", "poi",        "adesso",
                                   "ora",    "sempre", "subito", "nuovamente", "quindi"};
  static const WordSet kPersons = {"me",  "te",   "lui", "lei", "noi",
                                   "voi", "loro", "chi"};
  size_t k = at;
  for (int steps = 0; steps < 4; ++steps) {
    const std::string w = WordAfter(text, k);
    if (w.empty()) return false;
    const size_t found = text.find_first_not_of(" '\t", k);
    // Punctuation before the next word ends the clause.
    if (found == std::string::npos || !std::isalpha(static_cast<unsigned char>(text[found])))
      return false;
    const size_t next = found + w.size();
    if (w == "a" || w == "ad") return kPersons.count(WordAfter(text, next)) > 0;
    if (!kBetween.count(w)) return false;
    k = next;
  }
  return false;
}

// The words that name a rule, stopwords of the lexicon (GameResolver::Form::rule_named).
const WordSet& RuleWords() {
  static const WordSet k = {"regola", "regole", "regolamento"};
  return k;
}

// Words of leaving a place, which no gap of a form's words may hold (ReadFacts).
const WordSet& ExitWords() {
  static const WordSet k = {"esce",   "escono", "usciva", "uscivano", "uscire",
                            "uscito", "uscita", "usciti", "uscendo",  "fuori"};
  return k;
}

// Whether "invece di" / "invece che" / "anziché" / "al posto di" stands right before byte
// `at`.
bool InsteadBefore(const std::string& text, size_t at) {
  size_t end = std::min(at, text.size());
  while (end > 0 && text[end - 1] == ' ') --end;
  for (const std::string_view ending : {"anziché", "anziche", "Anziché", "Anziche"}) {
    if (end >= ending.size() && text.compare(end - ending.size(), ending.size(), ending) == 0)
      return true;
  }
  size_t start = 0;
  const std::string w = WordBefore(text, at, &start);
  if (w != "di" && w != "che") return false;
  const std::string before = WordBefore(text, start, &start);
  return before == "invece" || (before == "posto" && WordBefore(text, start) == "al");
}

bool IsArea(const std::string& w) {
  return w == "area" || w == "aree";
}

// The words that open a purpose clause before "non" and its infinitive ("per non sbagliare").
const WordSet& PurposeWords() {
  static const WordSet k = {"per", "pur"};
  return k;
}

// The definite articles a preposition may stand before ("tra i pali"). Not "un" / "una",
// numbers as often ("in una casella" is no "a una casella"), nor the elided "l" ("verso
// l'area" is no "nell'area"; 2 train situations read a place they were not in).
const WordSet& Articles() {
  static const WordSet k = {"il", "lo", "la", "i", "gli", "le"};
  return k;
}

// Whether a preposition stands before byte `at`, possessives and articles aside ("nella mia
// area", "tra i pali").
bool AfterPreposition(const std::string& text, size_t at) {
  for (int steps = 0; steps < 3 && at > 0; ++steps) {
    size_t start = 0;
    const std::string w = WordBefore(text, at, &start);
    if (Prepositions().count(w)) return true;
    if (!IsPossessive(w) && !Articles().count(w)) return false;
    at = start;  // step before the possessive
  }
  return false;
}

// The clitic pronouns that say the ball before its verb ("non la prende", "l'ha calciata").
const WordSet& BallClitics() {
  static const WordSet k = {"la", "lo", "l"};
  return k;
}

// Whether a clitic pronoun stands before the verb at byte `at` ("la prende"), or before its
// auxiliary ("l'ha presa"). Without an auxiliary a participle is read as a noun ("la
// parata" is no "la para").
bool CliticBeforeVerb(const std::string& text, size_t at, const std::string& verb) {
  static const WordSet kAuxiliaries = {"ha",    "ho",    "hai",     "hanno", "abbiamo", "avete",
                                       "aveva", "avevo", "avevano", "è",     "e"};
  static const std::vector<std::string> kParticiples = {"ata", "ato", "ita", "ito", "uta", "uto"};
  size_t start = 0;
  std::string w = WordBefore(text, at, &start);
  if (kAuxiliaries.count(w)) {
    w = WordBefore(text, start);
  } else {
    for (const std::string& end : kParticiples) {
      if (verb.size() > end.size() && verb.compare(verb.size() - end.size(), end.size(), end) == 0)
        return false;
    }
  }
  return BallClitics().count(w) > 0;
}

// GameResolver::possessive_pairs, found on first use: most descriptions have no
// possessive between a form's words, and opening a game's vocabulary stays as cheap.
const std::set<std::tuple<size_t, std::string, std::string>>& PossessivePairs(
    Engine::Impl& im, Engine::Impl::GameResolver& gr) {
  if (!gr.possessive_pairs_found) {
    std::set<std::string> possessive_terms;  // as the forms' terms spell them
    for (const std::string& w : PossessiveWords()) possessive_terms.insert(im.analyzer->TermOf(w));
    for (const auto& form : gr.forms) {
      for (size_t k = 0; k + 1 < form.terms.size(); ++k) {
        if (possessive_terms.count(form.terms[k]))
          gr.possessive_pairs.emplace(form.fact, form.terms[k], form.terms[k + 1]);
      }
    }
    gr.possessive_pairs_found = true;
  }
  return gr.possessive_pairs;
}

}  // namespace

void ReadFacts(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::vector<Token>& content,
               FactMap* facts, std::vector<std::string>* contradictions, const std::string& text) {
  // Spelling correction against the game's forms.
  std::vector<Token> words = content;
  for (Token& t : words) {
    auto phone = kPhoneWords.find(t.word);
    if (phone != kPhoneWords.end()) {
      t.word = phone->second;
      t.term = im.analyzer->TermOf(t.word);
      continue;
    }
    if (gr.form_terms.count(t.term) || t.word.size() < 5) continue;
    if (im.xdb.get_termfreq(t.term) > 0) continue;
    const std::string& suggestion = im.SpellingSuggestion(t.word);
    if (!suggestion.empty()) {
      t.term = im.analyzer->TermOf(suggestion);
      t.word = suggestion;
    }
  }
  // Whether the end of a clause stands between content words j - 1 and j.
  std::vector<bool> clause_starts(content.size(), false);
  for (size_t j = 1; j < content.size() && !text.empty(); ++j) {
    for (size_t k = content[j - 1].end; k < content[j].begin && k < text.size(); ++k) {
      if (std::string(kClauseEnds).find(text[k]) != std::string::npos) clause_starts[j] = true;
    }
  }
  // Where each term stands in the description: a form is tried only where its
  // first term occurs.
  std::map<std::string, std::vector<size_t>> where;
  for (size_t i = 0; i < words.size(); ++i) where[words[i].term].push_back(i);
  std::map<size_t, std::vector<std::pair<size_t, size_t>>> taken;  // fact → spans
  std::set<size_t> used_numbers;
  // The facts whose forms use each word's term (nullptr: none), looked up once.
  std::vector<const std::vector<size_t>*> word_facts(words.size(), nullptr);
  for (size_t j = 0; j < words.size(); ++j) {
    auto of = gr.term_facts.find(words[j].term);
    if (of != gr.term_facts.end()) word_facts[j] = &of->second;
  }
  // Whether each word is a possessive or a filler word (which do not part a form's words),
  // looked up once rather than at every form tried across it.
  std::vector<char> possessive(words.size(), 0), filler(words.size(), 0);
  for (size_t j = 0; j < words.size(); ++j) {
    possessive[j] = IsPossessive(words[j].word);
    filler[j] = FillerWord(words[j].word);
  }
  // The words that say whose turn it is ("tocca di nuovo a me") and the places a piece stood
  // ("che stava più avanti"), found once: most descriptions have neither.
  std::vector<char> turn(words.size(), 0), stood(words.size(), 0);
  bool any_turn = false;
  for (size_t j = 0; j < words.size() && !text.empty(); ++j) {
    const std::string& w = words[j].word;
    if (w.size() >= 5 && w.compare(0, 4, "tocc") == 0 && TurnAfter(text, words[j].end))
      any_turn = turn[j] = 1;
    if ((w == "avanti" || w == "indietro") && StandsBefore(text, words[j].begin)) stood[j] = 1;
  }
  // The forms starting with a term of the text, in their priority order, each with the
  // positions of its first term.
  std::vector<std::pair<size_t, const std::vector<size_t>*>> candidates;
  for (const auto& [term, positions] : where) {
    auto it = gr.forms_by_first.find(term);
    if (it == gr.forms_by_first.end()) continue;
    for (size_t index : it->second) candidates.emplace_back(index, &positions);
  }
  std::sort(candidates.begin(), candidates.end());
  for (const auto& [index, starts] : candidates) {
    const auto& form = gr.forms[index];
    const size_t n = form.terms.size();
    for (size_t i : *starts) {
      // The form's terms in order, each within kMaxGap words of the previous one
      // ("urta prima un avversario fermo" reads the form "urta avversario fermo").
      size_t end = i + 1;  // one past the last matched word
      bool match = true;
      size_t failed = n;  // the form's term not found
      for (size_t k = 1; k < n && match; ++k) {
        match = false;
        size_t gap = n >= kMinGappedForm ? kMaxGap : 0;
        for (size_t j = end; j < words.size() && j <= end + gap; ++j) {
          if (clause_starts[j]) break;
          if (words[j].term == form.terms[k]) {
            end = j + 1;
            match = true;
            break;
          }
          // A possessive does not part a form's words ("sbatte su un suo difensore" reads
          // the form "sbatte sul difensore") unless a form of the fact says it before the
          // word sought ("mia area" is not "sua area") or a conjunction opens a new phrase
          // before it ("di tiro e il mio portiere" is no shot at the keeper).
          if (possessive[j] &&
              !PossessivePairs(im, gr).count({form.fact, words[j].term, form.terms[k]}) &&
              !ConjunctionBetween(text, words[end - 1].end, words[j].begin)) {
            ++gap;
            continue;
          }
          // A word of leaving a place ends the match: "il portiere può uscire dalle 4 caselle"
          // is no "portiere nelle 4 caselle".
          if (ExitWords().count(words[j].word)) break;
          // So does a filler adverb ("ancora", "subito" …) the fact's forms do not use.
          const std::vector<size_t>* word_in = word_facts[j];
          if (filler[j] &&
              !(word_in && std::count(word_in->begin(), word_in->end(), form.fact) > 0)) {
            ++gap;
            continue;
          }
          // A word another fact's forms use may not stand in a gap: "palla ferma tocca
          // miniatura attaccante difensore" names two sides, not the defender's one.
          const std::vector<size_t>* of = word_facts[j];
          if (of && std::any_of(of->begin(), of->end(), [&](size_t f) { return f != form.fact; }))
            break;
        }
        if (!match) failed = k;
      }
      // The ball said by a clitic pronoun before the verb ("non la prende" reads the form
      // "non prende la palla"). Not one joined to it ("pensavo di passarla", read as the
      // verb by the stemmer): it read more passes and moves than happened (train 0.856 ->
      // 0.855, validation 0.704 -> 0.700).
      if (!match && form.ball_object && failed + 1 == n && !text.empty() &&
          CliticBeforeVerb(text, words[end - 1].begin, words[end - 1].word))
        match = true;
      if (!match) continue;
      if (form.prepositional && !text.empty() && !AfterPreposition(text, words[i].begin)) continue;
      // "prima della palla" is not "prima che io colpisca la palla" nor "prima la palla tocca":
      // the text's "prima" / "dopo" is followed by a preposition too.
      if (form.order_preposition && !text.empty() &&
          !Prepositions().count(WordAfter(text, words[i].end)))
        continue;
      if (form.rule_named && !text.empty() && !RuleWords().count(WordBefore(text, words[i].begin)))
        continue;
      // "un suo omino che stava più avanti": where a piece stood, not where the ball went.
      if (stood[i] && form.terms.size() == 1 && end == i + 1) continue;
      // "tocca di nuovo a me", "adesso tocca a lui": whose turn it is, not a touch.
      if (any_turn && !form.says_turn &&
          std::any_of(turn.begin() + i, turn.begin() + end, [](char c) { return c != 0; }))
        continue;
      const size_t span = end - i;
      auto& spans = taken[form.fact];
      bool overlaps = std::any_of(spans.begin(), spans.end(), [&](const auto& sp) {
        return i < sp.first + sp.second && sp.first < i + span;
      });
      if (overlaps) continue;
      const RuleFact& fact = gr.rules.facts[form.fact];
      std::string value = form.value;
      if (value.empty()) {
        // A fact-level cue ("tira", "dado"): the number right after it is the value.
        if (!fact.integer) continue;
        size_t j = i + span;
        while (j < words.size() && j < i + span + 2 &&
               !std::isdigit(static_cast<unsigned char>(words[j].word[0])))
          ++j;
        if (j >= words.size() || j >= i + span + 2) continue;
        // Each number is read once, by the longest cue (forms come longest first).
        if (!used_numbers.insert(j).second) continue;
        value = words[j].word;
        spans.emplace_back(i, j - i + 1);
      } else {
        spans.emplace_back(i, span);
      }
      std::string span_words;
      for (size_t k = i; k < i + span; ++k) span_words += (k > i ? " " : "") + words[k].word;
      // Negation just before the form: a two-valued fact takes its other value. "senza"
      // also negates through an infinitive ("senza toccare il campo").
      // "per non sbagliare ho accompagnato": a "non" before a purpose infinitive negates that
      // infinitive, not the form after it.
      const bool purpose = i > 1 && words[i - 2].word == "non" && IsInfinitive(words[i - 1].word) &&
                           !text.empty() &&
                           PurposeWords().count(WordBefore(text, words[i - 2].begin)) > 0;
      // "fuori" before an area says the area is not where it happened ("appena fuori
      // dall'area avversaria" is no "area avversaria"; a form "fuori area" may read it). Not
      // before a line ("spinge l'ovale fuori dalla linea laterale": where it went) nor across
      // a clause.
      const bool outside =
          i > 0 && words[i - 1].word == "fuori" && !clause_starts[i] &&
          (IsArea(words[i].word) ||  // "fuori dalla mia area"
           (IsPossessive(words[i].word) && i + 1 < words.size() && IsArea(words[i + 1].word)));
      // A "non" or "senza" negates only within its clause: "lui tira e non arriva. palla
      // mia?" says nothing negative of the ball.
      const bool near1 = i > 0 && !clause_starts[i];
      const bool near2 = i > 1 && near1 && !clause_starts[i - 1];
      // "invece di tirare il dado", "anziché calciare": what was done instead of it did not
      // happen, as after "senza".
      const bool instead =
          !text.empty() && !form.says_instead && fact.values.size() == 2 && !fact.integer &&
          ((IsInfinitive(words[i].word) && InsteadBefore(text, words[i].begin)) ||
           (near1 && IsInfinitive(words[i - 1].word) && InsteadBefore(text, words[i - 1].begin)));
      bool negated = instead ||
                     (near1 && (words[i - 1].word == "non" || words[i - 1].word == "senza" ||
                                words[i - 1].word == "né")) ||
                     outside || (near2 && words[i - 2].word == "non" && !purpose) ||
                     (near2 && words[i - 2].word == "senza" && IsInfinitive(words[i - 1].word)) ||
                     NegatedThroughVerb(words, i, clause_starts) ||
                     NoneSubject(words, i, clause_starts);
      // Negative concord: a form that is itself negative ("nessuno in mezzo") keeps its
      // value after "senza" or "non" ("senza nessuno in mezzo", "non c'è nessuno in mezzo");
      // so does one that says "non" itself, which an earlier clause's "non" two words
      // before does not reach ("non sulle stelle, e lui non arriva a contrastarmi").
      for (size_t k = i; k < i + span && negated; ++k) {
        if (kNegativeWords.count(words[k].word) || words[k].word == "non") negated = false;
      }
      if (negated) {
        if (fact.values.size() == 2 && !fact.integer) {
          value = fact.values[0].id == value ? fact.values[1].id : fact.values[0].id;
          span_words = "non " + span_words;
        } else {
          continue;
        }
      }
      auto& list = (*facts)[fact.name];
      if (std::none_of(list.begin(), list.end(),
                       [&](const Reading& r) { return r.value == value; })) {
        list.push_back({fact.name, value, span_words, i, span, true});
      }
    }
  }
  // The sentence of each content word (a full stop, "!" or "?" ends one).
  std::vector<size_t> sentence(words.size(), 0);
  for (size_t j = 1; j < words.size(); ++j) {
    sentence[j] = sentence[j - 1];
    for (size_t k = content[j - 1].end; k < content[j].begin && k < text.size(); ++k) {
      if (text[k] == '.' || text[k] == '!' || text[k] == '?') {
        ++sentence[j];
        break;
      }
    }
  }
  // The same object described twice with different values is a contradiction:
  // two multi-word readings of a two-valued fact (a state such as still / moving)
  // about the same head word ("palla ferma" / "palla in movimento"). Facts with many
  // values legitimately hold several (subject and object of a sentence).
  for (const auto& [fact, list] : *facts) {
    const RuleFact* rule_fact = gr.rules.Fact(fact);
    if (!rule_fact || rule_fact->integer || rule_fact->values.size() != 2) continue;
    // The head a state is said of: the reading's first word when it has several,
    // else the content word before it ("palla" in "palla … ferma").
    auto head = [&](const Reading& r) -> std::string {
      if (r.count >= 2) return words[r.first].term;
      return r.first > 0 ? words[r.first - 1].term : std::string();
    };
    for (size_t a = 0; a < list.size(); ++a) {
      for (size_t b = a + 1; b < list.size(); ++b) {
        if (list[a].value == list[b].value || !list[a].from_text || !list[b].from_text) continue;
        // In two sentences the story moves on ("la palla rotola ancora. A palla ferma chiedo
        // il back"): a state and a later one.
        if (sentence[std::min(list[a].first, words.size() - 1)] !=
            sentence[std::min(list[b].first, words.size() - 1)])
          continue;
        const std::string ha = head(list[a]), hb = head(list[b]);
        if (!ha.empty() && ha == hb) {
          contradictions->push_back("«" + list[a].words + "» e «" + list[b].words + "» (" + fact +
                                    ")");
        }
      }
    }
  }
}

Status Engine::Impl::Resolver(const std::string& game, GameResolver** out, bool need_cases) {
  auto it = resolvers.find(game);
  if (it != resolvers.end() && (it->second->complete || !need_cases)) {
    *out = it->second.get();
    return Status::OK();
  }
  auto r = std::make_shared<GameResolver>();
  Status s = LoadGameRules(db, game, sanction_labels, beneficiary_labels, &r->rules, need_cases);
  if (!s.ok()) return s;
  r->complete = need_cases;
  for (size_t f = 0; f < r->rules.facts.size(); ++f) {
    const RuleFact& fact = r->rules.facts[f];
    // Forms were analysed at index time with the same analyser.
    auto add = [&](const std::string& value, const std::vector<std::string>& terms,
                   const std::string& form) {
      if (terms.empty()) return;
      const std::vector<std::string> ws = FormWords(form);  // split once for every test below
      // Its one content word after a preposition: "in diagonale", also among other
      // stopwords ("è in gioco", "con il più", "sul numero 1" when the digit is no term).
      // (Forms are lower case, their words parted by spaces and apostrophes.)
      bool prepositional = false;
      if (terms.size() == 1 && form.find(' ') != std::string::npos) {
        bool preposition = false;  // among the stopwords before the content word
        for (const std::string& word : ws) {
          if (!analyzer->IsStopword(word)) {
            prepositional = preposition;
            break;
          }
          preposition = preposition || Prepositions().count(word) > 0;
        }
      }
      r->form_terms.insert(terms.begin(), terms.end());
      for (const auto& t : terms) {
        auto& facts = r->term_facts[t];
        if (std::find(facts.begin(), facts.end(), f) == facts.end()) facts.push_back(f);
      }
      // A verb with the ball for object: the form is the verb, an article and the ball, the
      // verb a content word, the term before the ball's ("prende la palla", not "con la
      // palla").
      bool ball_object = false;
      if (terms.size() >= 2) {
        static const std::set<std::string> kArticles = {"la", "il", "l", "lo"};
        static const std::set<std::string> kBalls = {"palla", "pallone", "ovale", "sfera"};
        const size_t m = ws.size();
        // The verb opens the form, "non" aside ("non prende la palla"): "con le mani la
        // palla", "prima di toccare la palla" say no verb the clitic could stand before.
        const bool verb_first = m == 3 || (m == 4 && ws[0] == "non");
        ball_object = verb_first && kBalls.count(ws[m - 1]) && kArticles.count(ws[m - 2]) &&
                      !analyzer->IsStopword(ws[m - 3]) && !Prepositions().count(ws[m - 3]) &&
                      analyzer->TermOf(ws[m - 3]) == terms[terms.size() - 2] &&
                      analyzer->TermOf(ws[m - 1]) == terms.back();
      }
      // One content word right after a rule's name: "regola avanzata".
      bool rule_named = false;
      if (terms.size() == 1 && !prepositional) {
        std::string previous;
        for (const std::string& word : ws) {
          if (!analyzer->IsStopword(word)) {
            rule_named = RuleWords().count(previous) > 0;
            break;
          }
          previous = word;
        }
      }
      // "prima della palla", "dopo il fischio": an order said by a preposition.
      const bool order_preposition = ws.size() >= 2 && (ws[0] == "prima" || ws[0] == "dopo") &&
                                     Prepositions().count(ws[1]) > 0;
      const bool says_instead = form.find("invece") != std::string::npos ||
                                form.find("anzich") != std::string::npos ||
                                form.find("al posto") != std::string::npos;
      bool says_turn = false;
      for (size_t k = 0; k + 1 < ws.size(); ++k)
        says_turn = says_turn || (ws[k].rfind("tocc", 0) == 0 && (ws[k + 1] == "a" || ws[k + 1] == "ad"));
      r->forms.push_back({f, value, terms, prepositional, ball_object, rule_named, says_instead,
                          order_preposition, says_turn});
    };
    for (size_t k = 0; k < fact.form_terms.size(); ++k)
      add("", fact.form_terms[k], k < fact.forms.size() ? fact.forms[k] : std::string());
    for (const auto& v : fact.values) {
      // The label's terms come first, then the forms' (rules.cc).
      const size_t shift = v.form_terms.size() - v.forms.size();
      for (size_t k = 0; k < v.form_terms.size(); ++k)
        add(v.id, v.form_terms[k], k < shift ? v.label : v.forms[k - shift]);
    }
  }
  // Longest forms first: they win within a fact.
  std::stable_sort(r->forms.begin(), r->forms.end(),
                   [](const auto& a, const auto& b) { return a.terms.size() > b.terms.size(); });
  for (size_t i = 0; i < r->forms.size(); ++i) r->forms_by_first[r->forms[i].terms[0]].push_back(i);
  *out = r.get();
  resolvers[game] = std::move(r);
  return Status::OK();
}

Status Engine::Impl::FactTerms(const std::string& game, const std::vector<Token>& tokens,
                               std::vector<std::string>* terms) {
  std::vector<Token> content;
  for (const Token& t : tokens) {
    if (!t.stop) content.push_back(t);
  }
  // No game: every game's vocabulary merged at index time (kEveryGame), one reading
  // whatever the number of games.
  GameResolver* gr = nullptr;
  Status s = Resolver(game.empty() ? kEveryGame : game, &gr, /*need_cases=*/false);
  if (!s.ok()) return s;
  FactMap facts;
  std::vector<std::string> contradictions;
  ReadFacts(*this, *gr, content, &facts, &contradictions);
  for (const auto& [fact, list] : facts) {
    for (const Reading& r : list) terms->push_back(CondTerm(fact, r.value));
  }
  return Status::OK();
}

FactMap ReadWhole(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::string& canonical) {
  auto cached = gr.whole.find(canonical);
  if (cached != gr.whole.end()) return cached->second;
  std::vector<Token> content;
  for (const Token& t : im.analyzer->Tokenize(canonical)) {
    if (!t.stop) content.push_back(t);
  }
  FactMap one, whole;
  std::vector<std::string> contradictions;
  ReadFacts(im, gr, content, &one, &contradictions, canonical);
  for (auto& [fact, list] : one) {
    for (Reading& r : list) {
      if (r.first == 0 && r.count == content.size()) whole[fact].push_back(r);
    }
  }
  gr.whole.emplace(canonical, whole);
  return whole;
}

}  // namespace arbitro
