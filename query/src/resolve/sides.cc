// Who did what, as the teller tells it (see sides.h).
#include "resolve/sides.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <string_view>

#include "core/negation.h"
#include "core/word_set.h"

namespace arbitro {
namespace {

bool In(const WordSet& s, std::string_view w) {
  return s.count(w) > 0;
}

bool StartsWithAny(const std::string& w, const std::vector<std::string>& stems) {
  return std::any_of(stems.begin(), stems.end(),
                     [&](const std::string& s) { return w.compare(0, s.size(), s) == 0; });
}

// The facts that say who acted (evaluate.cc's OffenderOf tests the same two).
const WordSet kActorFacts = {"autore", "squadra"};

const WordSet& kMine = FirstPersonPossessives();
// The third-person possessives ("un suo difensore", "il loro omino").
const WordSet kThirdPossessives = {"suo", "sua", "suoi", "sue", "loro"};
// "il loro difensore" (a third-person "suo" rather refers to the sentence's subject).
const WordSet kTheirs = {"loro"};
const WordSet kOpponent = {"avversario", "avversaria", "avversari", "avversarie", "altrui"};
// Auxiliaries of the progressive ("sto attaccando") and of a state ("sono in attacco").
const WordSet kStoFirst = {"sto", "stavo", "stiamo", "stavamo"};
const WordSet kSonoFirst = {"sono", "ero", "siamo", "eravamo"};
// The roles a possessive or "avversario" binds to a side.
const WordSet kAttackRoles = {"attaccante", "attaccanti", "portatore", "tiratore"};
const WordSet kDefenceRoles = {"difensore", "difensori", "portiere", "portierino", "difesa"};
// What the side with the ball does: "il mio tiro", "il calcio avversario".
const WordSet kAttackActions = {"tiro", "calcio", "drop", "passaggio", "avanzamento", "attacco"};
const WordSet kDefenceActions = {"marcamento", "placcaggio"};
// A verb that acts on what follows it ("colpisce un omino del difensore", "tocca il
// portiere avversario", "prende prima il mio attaccante"): stems of the verbs.
const std::vector<std::string> kContactStems = {
    "colpi", "colpe",   "tocc",    "urt",   "prend",     "pres",   "travol", "invest",
    "spost", "ostacol", "blocc",   "sbatt", "spin",      "carica", "placc",  "sfior",
    "centr", "falci",   "tratten", "aggan", "strattona", "abbatt", "spinge", "respin"};
const WordSet kContactWords = {"contro", "addosso"};
// Words between such a verb and the side named in its object: articles and prepositions
// (stopwords), possessives, the piece or part acted on, adverbs of order.
const WordSet kObjectFiller = {
    "omino",      "omini",      "miniatura",  "miniature", "pedina", "pedine", "giocatore",
    "giocatori",  "calciatore", "calciatori", "base",      "mano",   "corpo",  "figurina",
    "asticciola", "asta",       "prima",      "poi",       "anche",  "subito", "direttamente",
    "proprio",    "propria",    "uno",        "due",       "altro",  "altra",  "mio",
    "mia",        "miei",       "mie",        "suo",       "sua",    "suoi",   "sue",
    "loro",       "nostro",     "nostra",     "nostri",    "nostre"};
// What a possessive names acting for a side: pieces, roles, the sides' actions.
const WordSet kOwnedActors = {
    "omino",      "omini",     "pedina",     "pedine",     "miniatura",  "miniature",
    "giocatore",  "giocatori", "attaccante", "attaccanti", "difensore",  "difensori",
    "portiere",   "portierino", "marcamento", "placcaggio", "tiro",      "calcio",
    "passaggio",  "centrocampista", "punta", "mediano"};
const WordSet kArticles = {"il", "lo", "la", "i", "gli", "le", "l", "un", "uno", "una"};
// Words after which a clause opens ("… e il suo omino tocca").
const WordSet kClauseOpeners = {"e", "ma", "poi", "quando", "mentre", "però", "pero", "allora",
                                "che", "cosi", "così"};
// "da", "dal", "da parte del": what follows is the agent.
const WordSet kAgent = {"da", "dal", "dallo", "dalla", "dai", "dagli", "dall", "dalle"};
// Prepositions before a stressed pronoun: "tra lui e la palla", "con lui" name no subject
// (the pronoun may be the teller's own piece: "un mio omino … luce tra lui e la palla").
const WordSet kBeforeStressedPronoun = {"tra", "fra", "di", "a", "con", "su", "per", "verso",
                                        "contro", "dietro", "davanti", "sopra", "sotto", "senza"};
// "è stato colpito", "viene toccato": the subject before it is acted on.
const WordSet kPassiveAux = {"è",     "e",     "viene", "venne", "fu",     "era",
                             "stato", "stata", "stati", "state", "vengono"};

// The teller's first-person verbs of playing the ball, and the words after which such a
// word is a noun instead.
const WordSet kBallVerbs = {"tiro", "calcio", "passo", "avanzo", "spingo"};
const WordSet kBallParticiples = {"tirato", "calciato", "passato", "avanzato"};
const WordSet kNounComplement = {"di",    "d",   "da",    "dal", "dall",
                                 "dalla", "del", "della", "dei", "piazzato"};

// Punctuation between tokens a and a + 1 ends a clause.
bool Boundary(const std::string& text, const std::vector<Token>& t, size_t a) {
  if (a + 1 >= t.size()) return true;
  for (size_t k = t[a].end; k < t[a + 1].begin && k < text.size(); ++k) {
    if (std::string(",;.:!?()").find(text[k]) != std::string::npos) return true;
  }
  return false;
}

// Whether the clause of token k ends with a question mark ("palla mia adesso?").
bool Asked(const std::string& text, const std::vector<Token>& t, size_t k) {
  for (size_t j = k < t.size() ? t[k].end : text.size(); j < text.size(); ++j) {
    if (text[j] == '?') return true;
    if (std::string(",;.:!()").find(text[j]) != std::string::npos) return false;
  }
  return false;
}

struct Teller {
  int attacker = 0, defender = 0;  // statements found for each side
  std::set<size_t> cues;           // token indices of first-person role statements
};

Teller ReadTellerUncached(const std::string& text, const std::vector<Token>& t) {
  Teller out;
  auto word = [&](size_t i, int d) -> std::string_view {
    const long k = static_cast<long>(i) + d;
    return k >= 0 && static_cast<size_t>(k) < t.size()
               ? std::string_view(t[static_cast<size_t>(k)].word)
               : "";
  };
  auto vote = [&](bool attacker, size_t i, bool cue) {
    (attacker ? out.attacker : out.defender)++;
    if (cue) out.cues.insert(i);
  };
  for (size_t i = 0; i < t.size(); ++i) {
    const std::string_view w = t[i].word;
    const std::string_view p1 = word(i, -1), p2 = word(i, -2), n1 = word(i, 1), n2 = word(i, 2);
    // The teller's own verbs: "attaccavo", "io attacco", "sto attaccando", "sono in attacco".
    if (w == "attaccavo" || w == "attacchiamo" || w == "attaccavamo" || w == "avanzo" ||
        w == "avanzavo" || w == "avanziamo" || (w == "attacco" && (p1 == "io" || n1 == "io")) ||
        ((w == "attaccando" || w == "avanzando") && In(kStoFirst, p1)) ||
        ((w == "attacco" || w == "possesso") && p1 == "in" && In(kSonoFirst, p2)))
      vote(true, i, true);
    // The teller plays the ball: "ho calciato", "io tiro", and a clause that opens with
    // the verb before what it moves or where ("calcio fuori dai miei 22", "passo la
    // palla"), not before a complement of the noun ("calcio di punizione", "tiro da fuori").
    if (In(kBallVerbs, w)) {
      const bool opens = i == 0 || p1 == "io" || p1 == "poi" || p1 == "e" || p1 == "quando" ||
                         p1 == "mentre" || p1 == "se" || (i > 0 && Boundary(text, t, i - 1));
      if ((opens && !n1.empty() && !In(kNounComplement, n1)) || p1 == "io") vote(true, i, true);
    }
    if (In(kBallParticiples, w) && (p1 == "ho" || p1 == "avevo" || p1 == "abbiamo"))
      vote(true, i, true);
    if (w == "difendo" || w == "difendevo" || w == "difendiamo" || w == "difendevamo" ||
        (w == "difendendo" && In(kStoFirst, p1)) ||
        (w == "difesa" && p1 == "in" && In(kSonoFirst, p2)))
      vote(false, i, true);
    // A role or an action bound to the teller ("il mio portatore", "il mio calcio") or
    // to the other side ("il loro difensore", "l'attaccante avversario", "il calcio
    // avversario", "il marcamento dell'avversario").
    const bool attack = In(kAttackRoles, w) || In(kAttackActions, w);
    const bool defence = In(kDefenceRoles, w) || In(kDefenceActions, w);
    if (attack || defence) {
      if (In(kMine, p1) || In(kMine, p2)) vote(attack, i, false);
      if (In(kTheirs, p1) || In(kTheirs, p2) || In(kOpponent, n1) ||
          (In(kOpponent, n2) &&
           (word(i, 1) == "dell" || word(i, 1) == "dello" || word(i, 1) == "del")))
        vote(!attack, i, false);
    }
    // Whose the ball is, stated (not asked: "la palla è mia o no?"): "la palla era mia",
    // "palla sua", "ce l'ha lui", "ce l'ho io"; and whose the kick is: "calcio d'inizio suo".
    if (w == "palla" || w == "pallone" || w == "ovale") {
      const size_t k = (n1 == "è" || n1 == "e" || n1 == "era") ? i + 2 : i + 1;
      const std::string owner = k < t.size() ? t[k].word : "";
      const bool asked = (k + 1 < t.size() && t[k + 1].word == "o") || Asked(text, t, k);
      if (!asked && (owner == "mia" || owner == "nostra")) vote(true, i, false);
      if (!asked && (owner == "sua" || owner == "loro")) vote(false, i, false);
    }
    if (w == "ce" && n1 == "l" && (word(i, 2) == "ha" || word(i, 2) == "hanno") &&
        (word(i, 3) == "lui" || word(i, 3) == "lei" || In(kOpponent, word(i, 3))))
      vote(false, i, false);
    if (w == "ce" && n1 == "l" && word(i, 2) == "ho" && !Asked(text, t, i + 2))
      vote(true, i, false);
    if (w == "inizio" && (p1 == "d" || p1 == "di") && In(kAttackActions, p2)) {
      if (n1 == "suo" || n1 == "sua" || n1 == "loro") vote(false, i, false);
      if (n1 == "mio" || n1 == "nostro") vote(true, i, false);
    }
    // The other side named as the one attacking or defending: "l'avversario attacca",
    // "il mio avversario in attacco", "l'avversario tira".
    // So is "lui" / "lei" opening a clause ("lui calcia lungo e …", "poi lei attacca").
    const bool third_subject =
        w.size() == 3 && w[0] == 'l' && (w == "lui" || w == "lei") &&
        (i == 0 || Boundary(text, t, i - 1) || In(kClauseOpeners, p1) || p1 == "se");
    if (In(kOpponent, w) || third_subject) {
      for (int d = 1; d <= 2; ++d) {
        const std::string_view n = word(i, d);
        // "l'avversario tira il dado" rolls, whichever side he is on.
        // So does "lui tira 2", "tira un sei": a number after the verb is a roll.
        static const WordSet kRolled = {"uno",  "due",  "tre",  "quattro", "cinque", "sei",
                                        "sette", "otto", "nove", "dieci",   "undici", "dodici"};
        const std::string_view after = word(i, d + 1), after2 = word(i, d + 2);
        const bool number = (!after.empty() && std::isdigit(static_cast<unsigned char>(after[0]))) ||
                            In(kRolled, after) || (after == "un" && In(kRolled, after2));
        const bool rolls = n == "tira" && (number || after == "dado" || after2 == "dado" ||
                                           after == "dadi" || after2 == "dadi");
        if (n.rfind("attacc", 0) == 0 || (n == "tira" && !rolls) || n == "calcia" || n == "avanza")
          vote(false, i, false);
        if (n.rfind("difend", 0) == 0 || n == "difesa") vote(true, i, false);
      }
    }
  }
  return out;
}

// The teller's seat depends on the words only, not on the game: each game's ReadSides and
// ReadReach ask it of the same description, read once (per thread) and kept for the next.
Teller ReadTeller(const std::string& text, const std::vector<Token>& t) {
  struct Last {
    std::string text;
    std::vector<std::pair<size_t, std::string>> words;
    Teller teller;
  };
  thread_local Last last;
  bool same = last.text == text && last.words.size() == t.size();
  for (size_t i = 0; same && i < t.size(); ++i)
    same = last.words[i].first == t[i].begin && last.words[i].second == t[i].word;
  if (same) return last.teller;
  last.text = text;
  last.words.clear();
  for (const Token& k : t) last.words.emplace_back(k.begin, k.word);
  last.teller = ReadTellerUncached(text, t);
  return last.teller;
}

// The value of `fact` that names the other side ("area-22-metri-attaccante" →
// "area-22-metri-difensore"); "" when the fact has none.
std::string Mirror(const RuleFact& fact, const std::string& value) {
  static const std::vector<std::pair<std::string, std::string>> kPairs = {
      {"attaccante", "difensore"}, {"offensiva", "difensiva"}, {"offensivo", "difensivo"},
      {"offensive", "difensive"},  {"attacco", "difesa"},      {"sia", "sid"}};
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t k = 0; k <= value.size(); ++k) {
    if (k == value.size() || value[k] == '-') {
      parts.push_back(value.substr(start, k - start));
      start = k + 1;
    }
  }
  std::string found;
  for (size_t k = 0; k < parts.size(); ++k) {
    for (const auto& [a, b] : kPairs) {
      if (parts[k] != a && parts[k] != b) continue;
      std::vector<std::string> other = parts;
      other[k] = parts[k] == a ? b : a;
      std::string id;
      for (const auto& s : other) id += (id.empty() ? "" : "-") + s;
      if (fact.Value(id)) {
        if (!found.empty() && found != id) return "";  // two sides named: no single mirror
        found = id;
      }
    }
  }
  return found;
}

// Whether a value names the defending side ("miniatura-difensiva", "area-22-metri-difensore").
bool DefenceSide(const std::string& value) {
  static const WordSet kDefenceParts = {"difensore", "difensiva", "difensivo", "difensive",
                                        "difesa",    "sid"};
  size_t start = 0;
  for (size_t k = 0; k <= value.size(); ++k) {
    if (k == value.size() || value[k] == '-') {
      if (In(kDefenceParts, std::string_view(value).substr(start, k - start))) return true;
      start = k + 1;
    }
  }
  return false;
}

}  // namespace

// A full stop, "!" or "?" between tokens a and a + 1 ends a sentence.
bool SentenceEnd(const std::string& text, const std::vector<Token>& t, size_t a) {
  if (a + 1 >= t.size()) return true;
  for (size_t k = t[a].end; k < t[a + 1].begin && k < text.size(); ++k) {
    if (std::string(".;!?").find(text[k]) != std::string::npos) return true;
  }
  return false;
}

// A piece named with whose it is ("un mio omino", "la sua pedina", "una miniatura
// avversaria") that acts — the subject or the agent ("toccata per ultima da un mio
// omino"), not the object of a contact verb nor the subject of its passive — names the
// side that acts: the teller's (the attacker unless the teller defends) or the other.
// Read only when the description names the actor no other way.
template <typename Object, typename Passive>
void ReadOwnedPieceActor(const Engine::Impl::GameResolver& gr, const std::string& text,
                         const std::vector<Token>& t, const std::vector<Token>& content,
                         const std::vector<size_t>& at, TellerSide side, const Object& object,
                         const Passive& passive, FactMap* facts) {
  static const WordSet kPieces = {"omino",     "omini",     "pedina",     "pedine",  "miniatura",
                                  "miniature", "giocatore", "calciatore", "figurina"};
  for (const char* name : {"autore", "squadra"}) {
    const RuleFact* fact = gr.rules.Fact(name);
    if (!fact) continue;
    auto read = facts->find(name);
    if (read != facts->end() && std::any_of(read->second.begin(), read->second.end(),
                                            [](const Reading& r) { return r.from_text; }))
      return;
    const std::string attacker = fact->Value("attaccante") ? "attaccante" : "squadra-in-attacco";
    const std::string defender = fact->Value("difensore") ? "difensore" : "squadra-in-difesa";
    if (!fact->Value(attacker) || !fact->Value(defender)) continue;
    for (size_t k = 0; k < content.size(); ++k) {
      const size_t i = at[k];
      if (!In(kPieces, t[i].word)) continue;
      const std::string p1 = i > 0 ? t[i - 1].word : "", n1 = i + 1 < t.size() ? t[i + 1].word : "";
      const bool mine = In(kMine, p1), theirs = In(kThirdPossessives, p1) || In(kOpponent, n1);
      if (mine == theirs) continue;
      const size_t first = i > 0 && (mine || In(kThirdPossessives, p1)) ? i - 1 : i;
      // Only as the agent ("da un mio omino", "dalla sua pedina"): a piece that is the
      // subject is most often the teller's default side already, and reading it there
      // let more specific cases about the actor outrank the situation (train 0.925 -> 0.914).
      const bool agent = (first > 0 && In(kAgent, t[first - 1].word)) ||
                         (first > 1 && In(kAgent, t[first - 2].word));
      // Told by a teller who says they defend, a piece of theirs or of the other side
      // that is the subject names a side the default seat does not ("sto difendendo e un
      // suo omino tocca la palla").
      // The subject opens a clause ("… e un suo omino tocca"; not "supera tutti i miei omini").
      size_t j = first;  // the possessive's article, if any
      if (j > 0 && In(kArticles, t[j - 1].word)) --j;
      const bool subject =
          side == TellerSide::kDefender &&
          (j == 0 || Boundary(text, t, j - 1) || In(kClauseOpeners, t[j - 1].word));
      if ((!agent && !subject) || object(first) || passive(i + 1)) continue;
      const bool teller_defends = side == TellerSide::kDefender;
      const std::string value = mine != teller_defends ? attacker : defender;
      (*facts)[name].push_back({name, value, t[first].word + " " + t[i].word, k, 1, true});
      return;
    }
  }
}

TellerSide TellerSideOf(const std::string& text, const std::vector<Token>& tokens) {
  const Teller t = ReadTeller(text, tokens);
  if (t.attacker && !t.defender) return TellerSide::kAttacker;
  if (t.defender && !t.attacker) return TellerSide::kDefender;
  return TellerSide::kUnknown;
}

void ReadSides(const Engine::Impl::GameResolver& gr, const std::string& text,
               const std::vector<Token>& t, const std::vector<Token>& content, FactMap* facts) {
  // Where each content word stands among all the tokens.
  std::vector<size_t> at(content.size(), 0);
  for (size_t k = 0, i = 0; k < content.size(); ++k) {
    while (i < t.size() && t[i].begin != content[k].begin) ++i;
    at[k] = i < t.size() ? i : t.size() - 1;
  }
  const Teller teller = ReadTeller(text, t);
  const TellerSide side = teller.attacker && !teller.defender   ? TellerSide::kAttacker
                          : teller.defender && !teller.attacker ? TellerSide::kDefender
                                                                : TellerSide::kUnknown;

  // A side named right after a verb acting on it (skipping articles, possessives, the
  // piece acted on) within the clause: the object, not the actor.
  auto object = [&](size_t a) {
    if (a > 0 && In(kAgent, t[a - 1].word)) return false;
    for (size_t j = a, steps = 0; j > 0 && steps < 6; --j, ++steps) {
      const size_t i = j - 1;
      if (Boundary(text, t, i)) return false;
      const std::string& w = t[i].word;
      if (In(kAgent, w) || w == "parte") return false;  // "da parte del difensore"
      if (In(kContactWords, w) || StartsWithAny(w, kContactStems)) return true;
      if (!t[i].stop && !In(kObjectFiller, w)) return false;
    }
    return false;
  };
  // A side named as the subject of a passive of such a verb: "il mio attaccante è stato
  // colpito".
  auto passive = [&](size_t b) {
    bool aux = false;
    for (size_t i = b; i < t.size() && i < b + 4; ++i) {
      if (Boundary(text, t, i - 1) && i > b) break;
      if (In(kPassiveAux, t[i].word)) {
        aux = true;
      } else if (aux) {
        return StartsWithAny(t[i].word, kContactStems);
      }
    }
    return false;
  };
  // The other side named as a subject ("l'avversario mette …"): not acted on. Found only
  // when a reading of who acted rests on the teller's own role (the one use of it).
  auto find_opponent_acts = [&]() {
    bool opponent_acts = false;
    for (size_t i = 0; i < t.size() && !opponent_acts; ++i) {
      if ((In(kOpponent, t[i].word) || t[i].word == "lui") && !object(i) &&
          !(i > 0 &&
            (t[i - 1].word == "dell" || t[i - 1].word == "del" || In(kAgent, t[i - 1].word))) &&
          !(t[i].word == "lui" && i > 0 && In(kBeforeStressedPronoun, t[i - 1].word)))
        opponent_acts = true;
      // Or by a piece, a role or an action of theirs opening a clause ("attacco io: il suo
      // marcamento butta la palla fuori", "… e il loro difensore tocca la palla"); not one
      // after a verb or a preposition ("fa il suo tiro", "sul suo omino"), where "suo" may be
      // the subject's own.
      if (In(kThirdPossessives, t[i].word) && i + 1 < t.size() &&
          (In(kOwnedActors, t[i + 1].word)) && !object(i)) {
        size_t j = i;  // the possessive's article, if any
        if (j > 0 && In(kArticles, t[j - 1].word)) --j;
        // A piece of the teller's named before it in the sentence may be whose "suo" is
        // ("il mio omino tira e il suo tiro finisce fuori").
        bool mine_before = false;
        for (size_t k = j; k > 0 && !SentenceEnd(text, t, k - 1); --k)
          mine_before = mine_before || In(kMine, t[k - 1].word);
        if ((j == 0 || Boundary(text, t, j - 1) || In(kClauseOpeners, t[j - 1].word)) &&
            (!mine_before || t[i].word == "loro"))
          opponent_acts = true;
      }
    }
    return opponent_acts;
  };
  int opponent_acts = -1;  // unknown until needed

  for (auto& [name, list] : *facts) {
    const RuleFact* fact = gr.rules.Fact(name);
    if (!fact) continue;
    const bool actor_fact = kActorFacts.count(name) > 0;
    std::vector<Reading> kept;
    std::vector<std::string> seat;  // values read only from the teller's own role
    for (Reading r : list) {
      if (!r.from_text || r.count == 0 || r.first + r.count > content.size()) {
        kept.push_back(std::move(r));
        continue;
      }
      const size_t a = at[r.first], b = at[r.first + r.count - 1] + 1;
      bool mine = false, opponent = false;
      for (size_t k = r.first; k < r.first + r.count; ++k) {
        mine = mine || In(kMine, content[k].word);
        opponent = opponent || In(kOpponent, content[k].word);
      }
      // First-person and "avversario" forms are written from the attacker's seat: from
      // the defender's they name the other side's value.
      const std::string mirror = (mine || opponent) ? Mirror(*fact, r.value) : "";
      if (!mirror.empty() && side == TellerSide::kDefender) r.value = mirror;
      // A third-person possessive form of the defending side's value ("un suo omino" read as
      // a defender's piece) is written from the attacker's seat too; told by the defender,
      // "suo" is the other side's or its subject's, the attacker's ("sto difendendo e un suo
      // omino in fuorigioco tocca la palla"). Not one naming a role ("un suo difensore").
      if (side == TellerSide::kDefender && !mine && !opponent && !actor_fact) {
        bool third = false, role = false;
        for (size_t k = r.first; k < r.first + r.count; ++k) {
          third = third || In(kThirdPossessives, content[k].word);
          role = role || In(kAttackRoles, content[k].word) || In(kDefenceRoles, content[k].word);
        }
        if (third && !role && DefenceSide(r.value)) {
          const std::string other = Mirror(*fact, r.value);
          if (!other.empty()) r.value = other;
        }
      }
      if (actor_fact) {
        // The object of an action, or the subject of a passive: acted on, not acting.
        if (object(a) || passive(b)) continue;
        // The teller's own role ("sto attaccando") while the other side is named acting
        // ("… e l'avversario mette quattro pedine in colonna"): the actor is the other side.
        bool cue = false;
        for (size_t i = a; i < b; ++i) cue = cue || teller.cues.count(i) > 0;
        if (cue && opponent_acts < 0) opponent_acts = find_opponent_acts() ? 1 : 0;
        if (cue && opponent_acts == 1) {
          const std::string other = Mirror(*fact, r.value);
          if (other.empty()) continue;
          r.value = other;
          r.words = "avversario";
        } else if (cue) {
          seat.push_back(r.value);
        }
      }
      if (std::none_of(kept.begin(), kept.end(),
                       [&](const Reading& k) { return k.value == r.value; }))
        kept.push_back(std::move(r));
    }
    // The teller's seat ("io difendo") against another reading of who acted ("la palla"
    // moved by the attacker): the other reading says who did it; the seat only says who tells.
    if (actor_fact && kept.size() == 2 && seat.size() == 1) {
      kept.erase(std::remove_if(kept.begin(), kept.end(),
                                [&](const Reading& k) { return k.value == seat[0]; }),
                 kept.end());
    }
    list = std::move(kept);
  }
  for (auto it = facts->begin(); it != facts->end();) {
    it = it->second.empty() ? facts->erase(it) : std::next(it);
  }
  ReadOwnedPieceActor(gr, text, t, content, at, side, object, passive, facts);
}

void ReadReach(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::string& text,
               const std::vector<Token>& t, FactMap* facts) {
  // The pieces and roles a possessive binds to a side ("il mio numero 7", "un suo difensore").
  static const WordSet kPieces = {
      "omino",          "omini",          "pedina",    "pedine",    "numero",     "giocatore",
      "calciatore",     "portiere",       "difensore", "difensori", "attaccante", "attaccanti",
      "centrocampista", "centrocampisti", "mediano",   "punta",     "ala",        "terzino"};
  static const WordSet kNone = {"nessuno", "nessuna", "nessun"};
  static const WordSet kThird = {"lui", "lei"};
  static const WordSet kPlace = {"palla", "pallone", "casella"};
  static const WordSet kWith = {"con", "col", "coi"};
  // A verb group before the reach verb ("non ci sono ancora arrivato", "non riesce ad
  // arrivare", "l'ha raggiunta"): auxiliaries and modals of the first person, of the third,
  // and the adverbs and the infinitive's "a" / "ad" that say neither.
  static const WordSet kFirstAux = {
      "ho",      "avevo",  "abbiamo",  "avevamo",   "sono",   "ero",    "siamo",    "eravamo",
      "riesco",  "riuscivo", "riusciamo", "riuscivamo", "posso", "potevo", "possiamo", "potevamo",
      "provo",   "provavo", "cerco",   "cercavo"};
  static const WordSet kThirdAux = {"ha",     "aveva",    "è",   "e",      "era",
                                    "riesce", "riusciva", "può", "puo",    "poteva",
                                    "prova",  "provava",  "cerca", "cercava"};
  static const WordSet kGroupFiller = {"a",      "ad",  "di",      "ancora",  "mai",
                                       "più",    "piu", "già",     "gia",     "proprio",
                                       "subito", "neanche", "nemmeno"};
  // The sides named by role as a reach verb's subject ("chi difende non riesce ad arrivare",
  // "la difesa ci arriva"): the side itself, whoever tells it.
  static const WordSet kDefenceSubjects = {"difesa", "difende", "difendeva"};
  static const WordSet kAttackSubjects = {"attacca", "attaccava"};
  auto reach_verb = [](const std::string& w) {
    return w.rfind("arriv", 0) == 0 || w.rfind("raggiung", 0) == 0 ||
           w.rfind("raggiunt", 0) == 0;
  };
  // The person of the verb itself: 1 for the first ("arrivo", "arrivavo", "raggiungiamo"),
  // 3 for the third ("arriva", "arrivava", "raggiunge"), 0 for an infinitive or a
  // participle ("arrivare", "arrivato", "arrivarci"), whose auxiliary or modal says it.
  auto person_of = [](const std::string& w) {
    auto ends = [&](std::string_view e) {
      return w.size() > e.size() && w.compare(w.size() - e.size(), e.size(), e) == 0;
    };
    if (ends("to") || ends("ta") || ends("ti") || ends("te") || ends("re") || ends("ci") ||
        ends("rla"))
      return 0;
    if (ends("o") || ends("amo")) return 1;
    if (ends("a") || ends("e") || ends("ano") || ends("ono")) return 3;
    return 0;
  };
  if (std::none_of(t.begin(), t.end(), [&](const Token& x) { return reach_verb(x.word); })) return;
  // Restatements no game reads say nothing (read only when a reach verb is there: the
  // reader's pass over them costs as much as one over a whole description).
  const FactMap attack = ReadWhole(im, gr, "l attacco raggiunge la palla");
  const FactMap defence = ReadWhole(im, gr, "la difesa raggiunge la palla");
  if (attack.empty() || defence.empty()) return;
  const TellerSide teller = TellerSideOf(text, t);
  FactMap said;  // fact → the last value a reach statement gives it
  std::vector<size_t> verbs_restated;  // the restated verbs' places among the content words
  for (size_t i = 0; i < t.size(); ++i) {
    const std::string& w = t[i].word;
    if (!reach_verb(w)) continue;
    // The verb group before the verb: its first token, its person, its "non".
    int person = person_of(w);
    const bool participle = person == 0 && w.size() > 4 && (w.back() == 'o' || w.back() == 'a' ||
                                                            w.back() == 'i' || w.back() == 'e') &&
                            w[w.size() - 2] == 't';
    bool negated = false;
    size_t g = i;  // the group's first token
    while (g > 0 && !Boundary(text, t, g - 1) && i - g < 5) {
      const std::string& v = t[g - 1].word;
      if (In(kFirstAux, v)) {
        if (person == 0) person = 1;
      } else if (In(kThirdAux, v)) {
        // "è" / "e" only as the auxiliary of a participle right after it ("è arrivato"): the
        // conjunction before a finite verb or a clitic ("… e arriva", "… e ci arriva") is none.
        if ((v == "e" || v == "è") && !(g == i && participle)) break;
        if (person == 0) person = 3;
      } else if (v == "non") {
        negated = true;
      } else if (!In(kGroupFiller, v) && v != "ci" && v != "la" && v != "l") {
        break;
      }
      --g;
    }
    // "e" between a clitic and the participle is the auxiliary "è" written plain ("ci e
    // arrivato").
    if (person == 0 && i > 1 && t[i - 1].word == "e" && t[i - 2].word == "ci") {
      person = 3;
      g = i - 2;
    }
    // Reaching the ball's square: "ci arriva", "arriva sulla palla", "raggiunge la casella";
    // the ball said by a clitic pronoun: "la raggiungo", "l'ha raggiunta".
    bool place = false;
    for (size_t k = g; k < i; ++k) {
      const std::string& v = t[k].word;
      place = place || v == "ci" || v == "la" || v == "l";
    }
    for (size_t k = i + 1; k < t.size() && k <= i + 3 && !Boundary(text, t, k - 1); ++k)
      place = place || In(kPlace, t[k].word);
    // The clitic joined to an infinitive: "arrivarci", "raggiungerla".
    place = place || (w.size() > 4 && (w.compare(w.size() - 2, 2, "ci") == 0 ||
                                       w.compare(w.size() - 2, 2, "la") == 0) &&
                      person_of(w) == 0 && w.compare(w.size() - 3, 1, "r") == 0);
    if (!place) continue;
    // Negated: "non ci arriva", "non raggiunge", "con nessuna pedina".
    negated = negated || (i > 0 && t[i - 1].word == "non") || (i > 1 && t[i - 2].word == "non");
    // Whose: the verb's person, its subject before it, the piece it reaches with after it.
    int me = person == 1 ? 1 : 0, them = 0;
    int role = 0;  // +1: the attack named as the subject, -1: the defence
    for (size_t j = g; j > 0 && g - j < 6; --j) {
      const size_t k = j - 1;
      if (Boundary(text, t, k)) break;
      const std::string& v = t[k].word;
      const std::string next = k + 1 < t.size() ? t[k + 1].word : "";
      if (v == "io" || v == "noi") ++me;
      if (In(kNone, v)) negated = true;  // "nessuna sua pedina ci arriva"
      if (In(kThird, v) || In(kOpponent, v)) ++them;
      if (In(kMine, v) && In(kPieces, next)) ++me;
      if (In(kThirdPossessives, v) && In(kPieces, next)) ++them;
      if (In(kDefenceSubjects, v)) role = -1;
      if (In(kAttackSubjects, v) || v == "attacco") role = role == 0 ? 1 : role;
    }
    for (size_t k = i + 1; k < t.size() && k <= i + 6 && !Boundary(text, t, k - 1); ++k) {
      const std::string& v = t[k].word;
      if (v == "e" || v == "ma" || v == "poi") break;  // another clause: "… e anche un loro …"
      if (In(kNone, v) && k > 0 && In(kWith, t[k - 1].word)) negated = true;
      if (!In(kWith, t[k - 1].word) && !In(kNone, t[k - 1].word) && t[k - 1].word != "un" &&
          t[k - 1].word != "una" && t[k - 1].word != "dei" && t[k - 1].word != "delle")
        continue;
      if (In(kMine, v)) ++me;
      if (In(kThirdPossessives, v)) ++them;
    }
    // A third-person verb whose clause names no subject: its subject may stand before an
    // inserted clause ("chi difende, tirando il dado, non riesce ad arrivare"), in the
    // sentence.
    if (person == 3 && me == 0 && them == 0 && role == 0) {
      for (size_t j = g; j > 0 && g - j < 10; --j) {
        const size_t k = j - 1;
        if (k + 1 < t.size() && SentenceEnd(text, t, k)) break;
        const std::string& v = t[k].word;
        if (In(kThird, v) || In(kOpponent, v)) {
          ++them;
          break;
        }
        if (In(kDefenceSubjects, v)) {
          role = -1;
          break;
        }
        if (In(kAttackSubjects, v)) {
          role = 1;
          break;
        }
      }
    }
    bool attacker;
    if ((me > 0) != (them > 0)) {
      attacker = (me > 0) != (teller == TellerSide::kDefender);
    } else if (me == 0 && role != 0) {
      attacker = role > 0;  // no person named: the side named by its role
    } else {
      continue;
    }
    const std::string canonical = std::string(attacker ? "l attacco" : "la difesa") +
                                  (negated ? " non" : "") + " raggiunge la palla";
    size_t first = 0;  // the verb's place among the content words
    for (size_t k = 0; k < i; ++k) first += t[k].stop ? 0 : 1;
    verbs_restated.push_back(first);
    for (auto& [fact, list] : ReadWhole(im, gr, canonical)) {
      for (Reading r : list) {
        r.first = first;
        r.count = 1;
        // Said with its "non" when negated: a reading the text negates is no stray word the
        // closest rule may take for a misreading (retrieve.cc: a phrase stands).
        r.words = std::string(negated ? "non " : "") +
                  (i > 0 && t[i - 1].word == "ci" ? "ci " : "") + w;
        said[fact] = {r};
      }
    }
  }
  for (auto& [fact, list] : said) (*facts)[fact] = list;
  // A reach fact of the other side that the verb alone read, or with its "non" ("mi
  // raggiunge", a form whose "mi" is a stopword, read "la raggiungo"; "non mi raggiunge"
  // read "non la raggiungo"): the restatement says whose reach it is.
  for (const FactMap* restated : {&attack, &defence}) {
    for (const auto& [fact, unused] : *restated) {
      if (said.count(fact)) continue;
      auto it = facts->find(fact);
      if (it == facts->end()) continue;
      auto& list = it->second;
      list.erase(std::remove_if(list.begin(), list.end(),
                                [&](const Reading& r) {
                                  return r.from_text && r.count <= 2 &&
                                         std::any_of(verbs_restated.begin(), verbs_restated.end(),
                                                     [&](size_t v) {
                                                       return r.first <= v &&
                                                              v < r.first + r.count;
                                                     });
                                }),
                 list.end());
      if (list.empty()) facts->erase(it);
    }
  }
}

}  // namespace arbitro
