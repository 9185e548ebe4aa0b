// Dice duels and numbers as people write them (see dice.h).
#include "resolve/dice.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string_view>

#include "core/word_set.h"
#include "resolve/dice_bonus.h"

namespace arbitro {
namespace {

// Whose roll a word names.
enum class Side { kNone, kMe, kThem, kAttacker, kDefender, kBoth };

// How far back from a number its side is looked for, and its roll verb.
constexpr size_t kSideWindow = 6;
constexpr size_t kVerbWindow = 3;
// How far from a word saying who won a duel word must stand ("contrasto: lui ha la palla
// e fa meno di me").
constexpr size_t kDuelWindow = 8;
// Dice totals people write (two dice plus a base stay well below).
constexpr int kMaxRoll = 30;

bool In(const WordSet& s, std::string_view w) {
  return s.count(w) > 0;
}

// The value of a number written in digits or in words; 0 when the word is none.
int NumberOf(std::string_view w) {
  // Index i holds the word for i + 1.
  static constexpr std::string_view kWords[] = {"uno",    "due",   "tre",    "quattro",
                                                "cinque", "sei",   "sette",  "otto",
                                                "nove",   "dieci", "undici", "dodici"};
  if (!w.empty() &&
      std::all_of(w.begin(), w.end(), [](unsigned char c) { return std::isdigit(c); })) {
    if (w.size() > 2) return 0;
    const int n = w.size() == 1 ? w[0] - '0' : (w[0] - '0') * 10 + (w[1] - '0');
    return n >= 1 && n <= kMaxRoll ? n : 0;
  }
  for (size_t i = 0; i < std::size(kWords); ++i) {
    if (w == kWords[i]) return static_cast<int>(i) + 1;
  }
  return 0;
}

const WordSet kRollVerbs = {
    "tira",      "tiro",      "tiri",      "tiriamo",     "tirano",      "tirando",
    "tirato",    "fa",        "faccio",    "fai",         "facciamo",    "fanno",
    "fatto",     "facendo",   "ottiene",   "ottengo",     "ottenuto",    "otteniamo",
    "ottengono", "totalizza", "totalizzo", "totalizzano", "lancia",      "lancio",
    "lanciato",  "esce",      "escono",    "uscito",      "realizza",    "realizzo",
    "contro",    "fare",      "tirare",    "ottenere",    "totalizzato", "realizzato"};
// "finiscono a 10", "si ferma a 8": a roll verb two words back.
const WordSet kReachVerbs = {"finiscono", "finisce",  "ferma",  "fermano",
                             "arriva",    "arrivano", "chiude", "chiudono"};
// "arriva solo a 9": adverbs between a reach verb and its number.
const WordSet kOnly = {"solo", "soltanto", "solamente", "appena", "giusto"};
// Words a number may stand before without being a roll.
const WordSet kUnits = {
    "cm",          "centimetri", "centimetro", "mm",      "millimetri", "metri",      "metro",
    "mt",          "minuti",     "minuto",     "secondi", "caselle",    "casella",    "volte",
    "volta",       "giri",       "giro",       "gol",     "reti",       "carte",      "carta",
    "pedine",      "pedina",     "omini",      "omino",   "miniature",  "miniatura",  "calciatori",
    "giocatori",   "rigori",     "gialli",     "giallo",  "cartellini", "colpi",      "tocchi",
    "spostamenti", "passaggi",   "dadi",       "dado",    "difensori",  "attaccanti", "squadre",
    "tempi",       "contro"};
const WordSet kMe = {"io",     "mio",     "mia",       "miei",   "mie",
                     "noi",    "nostro",  "nostra",    "nostri", "nostre",
                     "faccio", "ottengo", "totalizzo", "lancio", "realizzo"};
const WordSet kThem = {"lui",        "lei",   "suo",        "sua",        "suoi",
                       "sue",        "loro",  "avversario", "avversaria", "avversari",
                       "avversarie", "altro", "altra"};
const WordSet kAttacker = {"attaccante", "attacco", "tiratore", "sia", "portatore"};
const WordSet kDefender = {"difensore", "difesa", "portiere", "portierino", "sid"};
const WordSet kBoth = {"entrambi", "entrambe",  "ambedue",     "tiriamo",
                       "facciamo", "otteniamo", "totalizziamo"};
// "il 6 del difensore": what names whose a number is, after it.
const WordSet kOf = {"del", "dello", "della", "dell", "dei", "degli", "di"};
// Articles, alone or joined to a preposition, before a possessive ("al mio 4").
const WordSet kArticles = {"il",    "lo",    "la",    "i",     "gli",  "le",    "al",    "allo",
                           "alla",  "ai",    "agli",  "alle",  "col",  "coi",   "del",   "dello",
                           "della", "dei",   "degli", "delle", "nel",  "nello", "nella", "nei",
                           "sul",   "sullo", "sulla", "sui",   "un",   "uno",   "una",   "dal",
                           "dallo", "dalla", "l",     "all",   "dell", "nell",  "sull",  "dall"};
// "ho fatto 11": past participles of roll verbs, whose auxiliary says the person.
const WordSet kPastRolls = {"fatto", "tirato", "ottenuto", "lanciato", "totalizzato", "realizzato"};
const WordSet kPossessives = {"mio",    "mia", "miei", "mie",  "nostro", "nostra", "nostri",
                              "nostre", "suo", "sua",  "suoi", "sue",    "loro"};

Side Opposite(Side s) {
  switch (s) {
    case Side::kMe:
      return Side::kThem;
    case Side::kThem:
      return Side::kMe;
    case Side::kAttacker:
      return Side::kDefender;
    case Side::kDefender:
      return Side::kAttacker;
    default:
      return Side::kNone;
  }
}

bool IsRole(Side s) {
  return s == Side::kAttacker || s == Side::kDefender;
}

// The side the word at i names, looking at its neighbours for the phrases
// ("chi tira", "con la palla", "tutti e due"); sets *bound_person to the person a role is
// said of ("il mio attaccante": kMe).
Side SideAt(const std::vector<Token>& t, size_t i, Side* bound_person) {
  const std::string_view w = t[i].word;
  auto prev = [&](size_t k) -> std::string_view {
    return i >= k ? t[i - k].word : std::string_view();
  };
  auto next = [&](size_t k) -> std::string_view {
    return i + k < t.size() ? t[i + k].word : std::string_view();
  };
  *bound_person = Side::kNone;
  Side role = Side::kNone;
  if (In(kAttacker, w)) role = Side::kAttacker;
  if (In(kDefender, w)) role = Side::kDefender;
  // "chi tira", "chi ha la palla", "con la palla", "quello col pallone", "chi contrasta".
  // Also as a relative clause: "la squadra che attacca", "l'omino che contrasta".
  const bool who = prev(1) == "chi" || prev(1) == "che";
  if ((w == "tira" || w == "attacca") && who) role = Side::kAttacker;
  if ((w == "contrasta" || w == "difende") && who) role = Side::kDefender;
  // "chi entra in contrasto", "chi va in contrasto", "chi tenta il contrasto".
  if (w == "contrasto" && prev(3) == "chi" &&
      ((prev(1) == "in" && (prev(2) == "entra" || prev(2) == "va")) ||
       (prev(1) == "il" && (prev(2) == "tenta" || prev(2) == "fa"))))
    role = Side::kDefender;
  // "la squadra A", "la squadra D".
  if (w == "a" && prev(1) == "squadra") role = Side::kAttacker;
  if (w == "d" && prev(1) == "squadra") role = Side::kDefender;
  // (not "ho rubato palla": "ho"/"ha" with its article only)
  const bool article = prev(1) == "la" || prev(1) == "il";
  if ((w == "palla" || w == "pallone") &&
      (prev(1) == "col" || prev(2) == "con" || ((prev(2) == "ha" || prev(2) == "ho") && article)))
    role = Side::kAttacker;
  if (role != Side::kNone) {
    // The person the role is said of: "il mio attaccante", "il loro difensore",
    // "il difensore avversario".
    for (size_t k = 1; k <= 2 && k <= i; ++k) {
      if (In(kPossessives, prev(k))) {
        *bound_person = In(kMe, prev(k)) ? Side::kMe : Side::kThem;
        break;
      }
    }
    if (next(1) == "avversario" || next(1) == "avversaria") *bound_person = Side::kThem;
    // "io lancio per il portiere", "tiro io per il portiere": the person who rolls for the
    // goalkeeper (not "il lancio per il portiere", "un tiro per il portiere": nouns).
    if ((w == "portiere" || w == "portierino") && prev(2) == "per" && In(kArticles, prev(1)) &&
        !In(kArticles, prev(4)) && !In(kPossessives, prev(4))) {
      for (size_t k = 3; k <= 4 && k <= i; ++k) {
        if (In(kMe, prev(k)) || (k == 3 && prev(3) == "tiro")) {
          *bound_person = Side::kMe;
          break;
        }
        if (In(kThem, prev(k))) {
          *bound_person = Side::kThem;
          break;
        }
      }
    }
    // "io ho la palla", "lui ha il pallone": the person who has it.
    if ((w == "palla" || w == "pallone") && (prev(2) == "ho" || prev(2) == "abbiamo"))
      *bound_person = Side::kMe;
    if ((w == "palla" || w == "pallone") && prev(2) == "ha" && i >= 3 && In(kThem, prev(3)))
      *bound_person = Side::kThem;
    return role;
  }
  if (w == "due" && (prev(1) == "e" && (prev(2) == "tutti" || prev(2) == "tutte")))
    return Side::kBoth;
  // "ho fatto 11", "ho tirato 4": the writer's roll.
  if (In(kPastRolls, w) && prev(1) == "ho") return Side::kMe;
  if (In(kBoth, w)) return Side::kBoth;
  if (In(kMe, w)) return Side::kMe;
  if (In(kThem, w)) return Side::kThem;
  // "io tiro 6", "tiro 6 e lui 5": first person when a number follows.
  if (w == "tiro" && (NumberOf(next(1)) || (next(1) == "un" && NumberOf(next(2)))))
    return Side::kMe;
  return Side::kNone;
}

// Whether the number at b is set against the one at a: "1 contro 6", "1 contro il 6",
// "11 contro il suo 8" (an article and a possessive at most between).
bool Against(const std::vector<Token>& t, size_t a, size_t b) {
  if (b <= a + 1 || b > a + 4 || t[a + 1].word != "contro") return false;
  for (size_t k = a + 2; k < b; ++k) {
    if (!In(kArticles, t[k].word) && !In(kPossessives, t[k].word)) return false;
  }
  return true;
}

// Who won a duel, said in words: "vinco il contrasto", "contrasto vinto da me", "perdo il
// contrasto", "il contrasto lo vince lui". Only next to a duel word, so that "vinco la
// partita" says nothing of the dice.
void Outcome(const std::vector<Token>& t, Side me, std::vector<DiceStatement>* out) {
  // A shot against the goalkeeper is a duel too ("il portiere ha fatto più di me").
  static const WordSet kDuel = {"contrasto", "contrasti", "duello",    "tackle",    "dadi",
                                "dado",      "punteggio", "punti",     "portiere",  "portierino"};
  static const WordSet kBy = {"da", "dal", "dall", "dalla", "dai"};
  static const WordSet kThird = {"lui",        "lei",       "loro",  "avversario",
                                 "avversaria", "avversari", "altro", "altra"};
  static const WordSet kThan = {"di", "del", "dello", "della", "dell", "dei"};
  static const WordSet kFirstPersonRolls = {"faccio",       "facciamo",  "tiro",       "tiriamo",
                                            "ottengo",      "otteniamo", "lancio",     "totalizzo",
                                            "totalizziamo", "realizzo",  "realizziamo"};
  auto word = [&](size_t i) -> std::string_view {
    return i < t.size() ? t[i].word : std::string_view();
  };
  for (size_t i = 0; i < t.size(); ++i) {
    const std::string_view w = t[i].word;
    Side winner = Side::kNone;
    const std::string_view before = i > 0 ? std::string_view(t[i - 1].word) : std::string_view();
    if (w == "vinco" || w == "vinciamo") winner = Side::kMe;
    if (w == "perdo" || w == "perdiamo") winner = Side::kThem;
    if (w == "vinto" && (before == "ho" || before == "abbiamo")) winner = Side::kMe;
    if (w == "perso" && (before == "ho" || before == "abbiamo")) winner = Side::kThem;
    if (w == "vinto" && In(kBy, word(i + 1))) {
      if (word(i + 2) == "me" || word(i + 2) == "noi") winner = Side::kMe;
      if (In(kThird, word(i + 2)) || In(kThird, word(i + 3))) winner = Side::kThem;
    }
    if ((w == "vince" || w == "vincono") && In(kThird, word(i + 1))) winner = Side::kThem;
    // The winner named by a piece or a role after the verb: "vinto dal suo difensore",
    // "vinto dal mio attaccante", "lo vince il loro portiere" (an article and a possessive
    // between).
    if (winner == Side::kNone &&
        ((w == "vinto" && In(kBy, word(i + 1))) || w == "vince" || w == "vincono")) {
      for (size_t k = i + 1; k < t.size() && k <= i + 4; ++k) {
        Side person;
        const Side s = SideAt(t, k, &person);
        if (IsRole(s)) {
          // Whose piece it is says the side ("il mio difensore" attacks in Soccer Tactics
          // when the teller does), else the role.
          winner = person != Side::kNone ? person : s;
          break;
        }
        if (!In(kArticles, t[k].word) && !In(kPossessives, t[k].word) && !In(kBy, t[k].word))
          break;
      }
    }
    // "mi ha battuto", "ci ha battuti", "mi batte": the other side won; "l'ho battuto".
    if ((w == "battuto" || w == "battuti") && before == "ha" && i >= 2 &&
        (word(i - 2) == "mi" || word(i - 2) == "ci"))
      winner = Side::kThem;
    if (w == "batte" && (before == "mi" || before == "ci")) winner = Side::kThem;
    if (w == "battuto" && before == "ho") winner = Side::kMe;
    // A comparison: "faccio più di lui", "ho fatto meno dell'avversario", "fa più di me",
    // "il portiere fa un punteggio più alto del mio", "ho fatto più punti io", "lui ha la
    // palla e fa meno di me". Who is compared with whom: the side named after "di" (a
    // person, a possessive, a role), the side named before the comparison (its subject),
    // each the other's opposite when only one is said.
    if (w == "più" || w == "piu" || w == "meno") {
      static const WordSet kScoreWords = {"alto",  "alta",  "elevato",  "basso",
                                          "bassa", "punti", "punteggio"};
      size_t j = i + 1;
      if (In(kScoreWords, word(j))) ++j;
      const bool lower = (w == "meno") != (word(i + 1) == "basso" || word(i + 1) == "bassa");
      Side other = Side::kNone, subject = Side::kNone;
      if (In(kThan, word(j))) {
        for (size_t k = j + 1; k < t.size() && k <= j + 3 && other == Side::kNone; ++k) {
          const std::string& o = t[k].word;
          if (o == "me" || o == "noi" || In(kMe, o)) other = Side::kMe;
          Side person;
          const Side s = SideAt(t, k, &person);
          if (other == Side::kNone && s != Side::kNone && s != Side::kBoth) other = s;
        }
      } else if (word(j) == "io" || word(j) == "noi") {
        subject = Side::kMe;  // "ho fatto più punti io"
      } else if (In(kThird, word(j))) {
        subject = Side::kThem;  // "ha fatto più punti lui"
      }
      if (other != Side::kNone || subject != Side::kNone) {
        for (size_t k = i; k-- > 0 && k + 6 >= i && subject == Side::kNone;) {
          if (In(kFirstPersonRolls, t[k].word) ||
              (t[k].word == "fatto" && k > 0 &&
               (t[k - 1].word == "ho" || t[k - 1].word == "abbiamo"))) {
            subject = Side::kMe;
            break;
          }
          Side person;
          const Side s = SideAt(t, k, &person);
          if (s != Side::kNone && s != Side::kBoth) subject = s;
        }
      }
      if (subject == Side::kNone) subject = Opposite(other);
      if (subject != Side::kNone && subject != other) winner = lower ? Opposite(subject) : subject;
    }
    if (winner == Side::kNone) continue;
    bool duel = false;
    for (size_t k = i >= kDuelWindow ? i - kDuelWindow : 0; k < t.size() && k <= i + kDuelWindow;
         ++k)
      duel = duel || In(kDuel, t[k].word);
    if (!duel) continue;
    const Side role = IsRole(winner) ? winner : winner == Side::kMe ? me : Opposite(me);
    out->push_back(
        {role == Side::kAttacker ? "vince l'attaccante" : "vince il difensore", i, i + 1});
    return;
  }
}

struct Roll {
  size_t at = 0;     // token index of the number
  size_t first = 0;  // first token of the words that say it
  int value = 0;
  Side side = Side::kNone;
};

// A duel's result said as a score ("contrasto finito 9 a 9", "coi dadi 7 a 7", "il
// contrasto lo vinco io 5 a 3"): two numbers joined by "a" shortly after a duel word, with
// no word of a match's score near ("siamo 2 a 2", "partita"; those are ReadDrawnScore's). Equal,
// both sides rolled the number; else the side said to have won (Outcome) rolled the higher. Rolls
// to *rolls.
void DuelScore(const std::vector<Token>& t, Side me, std::vector<Roll>* rolls) {
  static const WordSet kDuel = {"contrasto", "contrasti", "duello", "tackle", "dadi", "dado"};
  static const WordSet kMatch = {"partita", "gol",    "reti",  "rete",      "risultato",
                                 "rigori",  "tempo",  "tempi", "finale",    "torneo",
                                 "siamo",   "stiamo", "sul",   "vantaggio", "supplementari"};
  for (size_t i = 0; i + 2 < t.size(); ++i) {
    const int a = NumberOf(t[i].word), b = NumberOf(t[i + 2].word);
    if (!a || !b || t[i + 1].word != "a") continue;
    if (i + 3 < t.size() && In(kUnits, t[i + 3].word)) continue;
    // the duel said before its score: "contrasto finito 9 a 9"
    const size_t from = i >= kDuelWindow ? i - kDuelWindow : 0;
    const size_t to = std::min(t.size(), i + 3);
    bool duel = false, match = false;
    for (size_t k = from; k < to; ++k) {
      duel = duel || In(kDuel, t[k].word);
      match = match || In(kMatch, t[k].word);
    }
    if (!duel || match) continue;
    if (a == b) {
      rolls->push_back({i + 2, i, a, Side::kBoth});
      return;
    }
    std::vector<DiceStatement> won;
    Outcome(t, me, &won);
    if (won.empty()) return;
    const bool attacker_won = won.front().canonical == "vince l'attaccante";
    const size_t high = a > b ? i : i + 2, low = a > b ? i + 2 : i;
    rolls->push_back(
        {high, high, std::max(a, b), attacker_won ? Side::kAttacker : Side::kDefender});
    rolls->push_back({low, low, std::min(a, b), attacker_won ? Side::kDefender : Side::kAttacker});
    std::sort(rolls->begin(), rolls->end(),
              [](const Roll& x, const Roll& y) { return x.at < y.at; });
    return;
  }
}

// Whether the rolls told are the one for the ball at the start of the match: words of the
// start ("inizio partita", "lancio iniziale", "per il possesso", "sorteggio") and none of a
// duel (a contrast, the goalkeeper, a shot on goal).
bool KickOff(const std::vector<Token>& t) {
  static const WordSet kStart = {"inizio", "iniziale", "sorteggio"};
  static const WordSet kDuel = {"contrasto", "contrasti", "contrasta",  "contrastare", "duello",
                                "tackle",    "portiere",  "portierino", "porta"};
  bool start = false;
  for (size_t i = 0; i < t.size(); ++i) {
    if (In(kDuel, t[i].word)) return false;
    // "per decidere chi parte", "chi inizia", "chi comincia"
    const bool who_starts =
        i > 0 && t[i - 1].word == "chi" &&
        (t[i].word == "parte" || t[i].word == "inizia" || t[i].word == "comincia");
    start = start || In(kStart, t[i].word) || who_starts ||
            (t[i].word == "possesso" && i >= 2 && t[i - 1].word == "il" &&
             (t[i - 2].word == "per" || t[i - 2].word == "stabilire"));
  }
  return start;
}

}  // namespace

std::vector<DiceStatement> DiceStatements(const std::vector<Token>& t, std::vector<size_t>* roll_at,
                                          DiceDuel* duel) {
  // Who is who: "il mio attaccante" binds me to the attacker (and them to the defender).
  Side me = Side::kNone;
  bool keeper = false;  // a side is the goalkeeper or the shooter
  for (size_t i = 0; i < t.size(); ++i) {
    Side person;
    const Side s = SideAt(t, i, &person);
    if (!IsRole(s) || person == Side::kNone) continue;
    me = person == Side::kMe ? s : Opposite(s);
    // "io lancio per il portiere": the dice are the goalkeeper's, against a shot.
    if (i >= 2 && t[i - 2].word == "per" && (t[i].word == "portiere" || t[i].word == "portierino"))
      keeper = true;
    break;
  }
  if (me == Side::kNone) {
    for (size_t i = 0; i < t.size(); ++i) {
      const std::string_view w = t[i].word;
      auto prev = [&](size_t k) -> std::string_view {
        return i >= k ? t[i - k].word : std::string_view();
      };
      if (w == "difendo" || w == "difendendo") me = Side::kDefender;
      // "ho rubato palla", "rubo il pallone": the teller took it from the side that had it.
      if ((w == "palla" || w == "pallone") &&
          ((prev(1) == "rubo" || prev(2) == "rubo") ||
           ((prev(1) == "rubato" || prev(2) == "rubato") && (prev(2) == "ho" || prev(3) == "ho"))))
        me = Side::kDefender;
    }
    // "io contrasto", "contrastando": the teller contrasts the side with the ball.
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i].word == "contrastando" || t[i].word == "contrastavo" ||
          (t[i].word == "contrasto" && i > 0 && t[i - 1].word == "io") ||
          (t[i].word == "contrasto" && i > 1 && t[i - 1].word == "che" && t[i - 2].word == "io"))
        me = Side::kDefender;
    }
  }
  if (me == Side::kNone) me = Side::kAttacker;  // the writer is the side with the ball

  // The numbers that are rolls: a roll verb shortly before (articles and "solo" aside), or
  // "N contro M", or a side word just before when another number is a roll ("e lui 6").
  std::vector<Roll> rolls;
  std::vector<size_t> elliptic;     // numbers right after a side word, rolls if any other is
  std::vector<size_t> second_dice;  // "5 e 4": the second die of the roll two words before
  for (size_t i = 0; i < t.size(); ++i) {
    const int n = NumberOf(t[i].word);
    if (!n) continue;
    // A unit counts the number only in its phrase: "6 (dado maledetto)" is a roll of 6.
    if (i + 1 < t.size() && In(kUnits, t[i + 1].word) && t[i + 1].word != "contro" &&
        t[i + 1].begin <= t[i].end + 1)
      continue;
    if (i + 2 < t.size() && t[i + 1].word == "punti" && t[i + 2].word == "spostamento") continue;
    // "il mio attaccante n.9", "la pedina numero 7": a piece's number, not a roll.
    if (i > 0 && (t[i - 1].word == "n" || t[i - 1].word == "nr" || t[i - 1].word == "numero"))
      continue;
    // "il mio 7", "al suo 11", "col mio 4": a piece's shirt number after an article and a
    // possessive, unless set against another ("1 contro il mio 6", "il mio 6 contro il suo
    // 1"), after a roll verb, or said after "e" like a roll ("faccio 1 e il suo 6").
    if (i >= 2 && In(kPossessives, t[i - 1].word) && In(kArticles, t[i - 2].word) &&
        !(i >= 3 &&
          (t[i - 3].word == "contro" || t[i - 3].word == "e" || In(kRollVerbs, t[i - 3].word))) &&
        !(i + 1 < t.size() && t[i + 1].word == "contro"))
      continue;
    // "tutti e due", "i due": not a roll.
    if (t[i].word == "due" && i > 0 && (t[i - 1].word == "e" || t[i - 1].word == "i")) continue;
    bool roll = false;
    for (size_t k = 1; k <= kVerbWindow && k <= i && !roll; ++k) {
      const std::string_view w = t[i - k].word;
      if (NumberOf(w) && w != "un") break;
      if (In(kRollVerbs, w)) roll = true;
      // "l'attacco con un 6", "vince con il 6".
      if (w == "con" && k == 2 && (t[i - 1].word == "un" || t[i - 1].word == "il")) roll = true;
      // "arriva a 9", "arriva solo a 9"
      if (w == "a" && k == 1 && i >= 2 &&
          (In(kReachVerbs, t[i - 2].word) ||
           (i >= 3 && In(kOnly, t[i - 2].word) && In(kReachVerbs, t[i - 3].word))))
        roll = true;
      if (w == "a" && k == 1 && i >= 2 &&
          (t[i - 2].word == "entrambi" || t[i - 2].word == "entrambe"))
        roll = true;
    }
    // The verb before its subject: "facciamo tutti e due 4", "faccio io 6", "tira lui 5".
    if (!roll && i >= 2) {
      size_t subject = i - 1;
      if (i >= 4 && t[i - 1].word == "due" && t[i - 2].word == "e" &&
          (t[i - 3].word == "tutti" || t[i - 3].word == "tutte"))
        subject = i - 3;
      else if (!In(kMe, t[i - 1].word) && !In(kThem, t[i - 1].word) && !In(kBoth, t[i - 1].word))
        subject = i;
      roll = subject < i && In(kRollVerbs, t[subject - 1].word);
    }
    // "io faccio 5 e 4": the second of one side's two dice, added to the first.
    if (!roll && i >= 2 && t[i - 1].word == "e" && !rolls.empty() && rolls.back().at == i - 2 &&
        NumberOf(t[i - 2].word)) {
      second_dice.push_back(i);
      continue;
    }
    if (roll) {
      rolls.push_back({i, i, n, Side::kNone});
    } else if (i > 0) {
      Side bound;
      if (SideAt(t, i - 1, &bound) != Side::kNone ||
          (i > 1 && SideAt(t, i - 2, &bound) != Side::kNone))
        elliptic.push_back(i);
    }
  }
  std::vector<DiceStatement> out;
  if (rolls.empty()) DuelScore(t, me, &rolls);
  if (rolls.empty()) {
    Outcome(t, me, &out);
    return out;
  }
  for (size_t i : elliptic) rolls.push_back({i, i, NumberOf(t[i].word), Side::kNone});
  for (size_t i : elliptic) {  // "lui 6 e 1": an elliptic roll's second die
    if (i + 2 < t.size() && t[i + 1].word == "e" && NumberOf(t[i + 2].word) &&
        !In(kUnits, i + 3 < t.size() ? t[i + 3].word : ""))
      second_dice.push_back(i + 2);
  }
  std::vector<int> dice_said;  // the dice of the summed rolls
  for (size_t j : second_dice) {
    for (Roll& r : rolls) {
      if (r.at + 2 != j) continue;
      dice_said.push_back(r.value);
      dice_said.push_back(NumberOf(t[j].word));
      r.value += NumberOf(t[j].word);
    }
  }
  // A die of a summed roll named again after it ("avendo fatto il 6") is no new roll.
  if (!second_dice.empty()) {
    const size_t last_sum = second_dice.back();
    rolls.erase(std::remove_if(rolls.begin(), rolls.end(),
                               [&](const Roll& r) {
                                 return r.at > last_sum &&
                                        std::count(dice_said.begin(), dice_said.end(), r.value) > 0;
                               }),
                rolls.end());
  }
  std::sort(rolls.begin(), rolls.end(), [](const Roll& a, const Roll& b) { return a.at < b.at; });
  // A tie restated as a score after the rolls ("io faccio 8 più il base, lui uguale, 10 a
  // 10"): both sides' totals, which replace the numbers said before.
  for (size_t i = rolls.front().at + 1; i + 2 < t.size(); ++i) {
    const int n = NumberOf(t[i].word);
    if (n && t[i + 1].word == "a" && NumberOf(t[i + 2].word) == n) {
      rolls.assign(1, {i + 2, i, n, Side::kBoth});
      break;
    }
  }
  if (roll_at) {
    for (const Roll& r : rolls) roll_at->push_back(r.at);
  }

  // The side of each roll: the nearest side word before it, not past the previous roll.
  size_t floor = 0;
  for (size_t r = 0; r < rolls.size(); ++r) {
    Roll& roll = rolls[r];
    if (roll.side != Side::kNone) {  // a score's sides ("9 a 9", "lo vinco io 5 a 3")
      floor = roll.at + 1;
      continue;
    }
    for (size_t k = 1; k <= kSideWindow && k <= roll.at && roll.at - k >= floor; ++k) {
      Side person;
      const Side s = SideAt(t, roll.at - k, &person);
      if (s == Side::kNone) continue;
      roll.side = s;
      roll.first = roll.at - k;
      break;
    }
    // "il 6 del loro difensore", "il 6 dell'avversario": the side named after the number.
    if (roll.side == Side::kNone && roll.at + 2 < t.size() && In(kOf, t[roll.at + 1].word)) {
      for (size_t k = roll.at + 2; k < t.size() && k <= roll.at + 3; ++k) {
        Side person;
        const Side s = SideAt(t, k, &person);
        if (s == Side::kNone || s == Side::kBoth) continue;
        roll.side = s;
        break;
      }
    }
    // "1 contro 6", "11 contro il suo 8": the second number is the other side's.
    if (r > 0 && roll.side == Side::kNone && Against(t, rolls[r - 1].at, roll.at)) {
      roll.side = Opposite(rolls[r - 1].side);
      roll.first = rolls[r - 1].at + 1;
    }
    if (roll.side == Side::kMe) roll.side = me;
    if (roll.side == Side::kThem) roll.side = Opposite(me);
    floor = roll.at + 1;
  }

  // "tira 1 contro il 6 del loro difensore", "facendo 1 contro il mio 6": the first number
  // is the other side's.
  for (size_t r = 1; r < rolls.size(); ++r) {
    if (rolls[r - 1].side == Side::kNone && IsRole(rolls[r].side) &&
        Against(t, rolls[r - 1].at, rolls[r].at))
      rolls[r - 1].side = Opposite(rolls[r].side);
  }

  // Two rolls, one of a side and one of none ("poi tira dall'area, fa 8 in tutto, il mio
  // portiere fa 11"): a duel told by its two rolls, the other is the other side's.
  if (rolls.size() == 2) {
    for (size_t r = 0; r < 2; ++r) {
      if (rolls[r].side == Side::kNone && IsRole(rolls[1 - r].side))
        rolls[r].side = Opposite(rolls[1 - r].side);
    }
  }

  // One number per side; a side given two different numbers says nothing sure.
  int attacker = 0, defender = 0;
  size_t att_first = 0, att_end = 0, def_first = 0, def_end = 0;
  bool att_clash = false, def_clash = false;
  auto put = [](int v, size_t first, size_t end, int* slot, size_t* sf, size_t* se, bool* clash) {
    if (*slot && *slot != v) *clash = true;
    if (!*slot) {
      *slot = v;
      *sf = first;
      *se = end;
    }
  };
  // "ho fatto 11" is the writer's roll in a duel, when the other side's is told too; alone
  // it may be any roll (the movement points, the ball's die), of no side said.
  bool att_past = false, def_past = false;
  for (const Roll& roll : rolls) {
    for (size_t i = roll.first; i < roll.at; ++i) {
      const std::string_view w = t[i].word;
      if (w == "portiere" || w == "portierino" || w == "tiratore" ||
          (w == "tira" && i > 0 && t[i - 1].word == "chi"))
        keeper = true;
    }
    const bool past =
        roll.first > 0 && In(kPastRolls, t[roll.first].word) && t[roll.first - 1].word == "ho";
    if (roll.side == Side::kAttacker || roll.side == Side::kBoth) {
      att_past = att_past || (!attacker && past);
      put(roll.value, roll.first, roll.at + 1, &attacker, &att_first, &att_end, &att_clash);
    }
    if (roll.side == Side::kDefender || roll.side == Side::kBoth) {
      def_past = def_past || (!defender && past);
      put(roll.value, roll.first, roll.at + 1, &defender, &def_first, &def_end, &def_clash);
    }
  }
  if (!attacker || !defender) {
    if (att_past) attacker = 0;
    if (def_past) defender = 0;
  }
  // The roll for the ball at the start ("inizio partita: io faccio 9 e lui 7"): no duel,
  // no attacker nor defender yet; said of the teller, who rolled more.
  if (attacker && defender && !att_clash && !def_clash && KickOff(t)) {
    const int mine = me == Side::kAttacker ? attacker : defender;
    const int theirs = me == Side::kAttacker ? defender : attacker;
    const size_t first = std::min(att_first, def_first), end = std::max(att_end, def_end);
    out.push_back({"per il possesso di palla", first, end});
    out.push_back({mine > theirs   ? "faccio il punteggio più alto"
                   : mine < theirs ? "faccio il punteggio più basso"
                                   : "stesso punteggio nel lancio per il possesso",
                   first, end});
    return out;
  }
  if (attacker && !att_clash)
    out.push_back({"attaccante tira " + std::to_string(attacker), att_first, att_end});
  if (defender && !def_clash)
    out.push_back({"difensore tira " + std::to_string(defender), def_first, def_end});
  if (attacker && defender && !att_clash && !def_clash) {
    const size_t first = std::min(att_first, def_first), end = std::max(att_end, def_end);
    // Both sides rolled: a duel, against the goalkeeper a shot ("tiro ai dadi contro il
    // portiere"), else a tackle ("contrasto ai dadi"); each game's forms say which phase.
    out.push_back({keeper ? "tiro ai dadi contro il portiere" : "contrasto ai dadi", first, end});
    if (duel) {
      duel->attacker = attacker;
      duel->defender = defender;
      duel->phase = out.size() - 1;
      duel->comparison = out.size();
      // The words that name a side anywhere in the text: which piece rolled may be said
      // away from the numbers ("il portiere entra …: io tiro 6, lui tira 5").
      for (size_t i = 0; i < t.size(); ++i) {
        Side person;
        const Side s = SideAt(t, i, &person);
        if (s == Side::kAttacker) duel->attacker_words.push_back(i);
        if (s == Side::kDefender) duel->defender_words.push_back(i);
      }
    }
    if (attacker > defender) out.push_back({"vince l'attaccante", first, end});
    if (attacker < defender) out.push_back({"vince il difensore", first, end});
    if (attacker == defender) out.push_back({"pareggio nei dadi", first, end});
  } else {
    Outcome(t, me, &out);
  }
  return out;
}

namespace {

// Adds what the game's forms read of `canonical` (restated by the reader) to `facts`, spanning
// `words` at content place `first`; a value already read is kept as it was.
void AddRestated(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::string& canonical,
                 const std::string& words, size_t first, size_t count, FactMap* facts) {
  for (auto& [fact, list] : ReadWhole(im, gr, canonical)) {
    auto& kept = (*facts)[fact];
    for (Reading& r : list) {
      if (std::any_of(kept.begin(), kept.end(),
                      [&](const Reading& k) { return k.value == r.value; }))
        continue;
      r.words = words;
      r.first = first;
      r.count = count;
      kept.push_back(r);
    }
  }
}

// Words that say whose goals a number counts: the speaker's ("io ho fatto 3 gol") or the
// opponent's ("e lui 2", "l'avversario ne ha fatti 2").
const WordSet kGoalWords = {"gol", "goal", "reti", "rete"};
const WordSet kMine = {"io", "ho", "abbiamo", "noi", "segno", "faccio", "mio", "mia"};
const WordSet kTheirs = {"lui",   "lei",  "loro",       "avversario", "avversari",
                         "altro", "suoi", "avversaria", "ha",         "hanno"};
// Who a score is "per" ("3 a 2 per me", "per loro", "per l'avversario").
const WordSet kScoreMine = {"me", "noi"};
const WordSet kScoreTheirs = {"lui", "lei", "loro", "avversario", "avversari", "te", "voi"};
// How far (tokens) a person word may stand before its number: "io ho fatto 3".
constexpr size_t kPersonReach = 4;
// How far apart the two tallies may stand: "3 gol e lui ne ha fatti 2".
constexpr size_t kTallyReach = 7;

// The goals a word counts (digits or words, "0" and "zero" included); -1 when it is no number.
int GoalCount(std::string_view w) {
  if (w == "0" || w == "zero") return 0;
  const int n = NumberOf(w);
  return n > 0 ? n : -1;
}

int TallySide(const std::vector<Token>& t, size_t from, size_t to) {  // 1 mine, -1 theirs, 0 unsaid
  int side = 0;
  for (size_t k = from; k < to; ++k) {
    if (In(kMine, t[k].word)) side = 1;
    if (In(kTheirs, t[k].word)) side = -1;
  }
  return side;
}

// Two goal tallies told by person ("io ho fatto 3 gol e lui 2", "lui ha segnato 1 gol e io
// 2"): the speaker's goals against the opponent's, read as the game's forms read "ho fatto
// più gol", "ho fatto meno gol" or "stesso numero di gol".
void ReadGoalTally(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::vector<Token>& t,
                   FactMap* facts) {
  auto goals = [&](size_t i) { return t[i].word == "nessun" ? 0 : GoalCount(t[i].word); };
  for (size_t i = 0; i < t.size(); ++i) {
    const int a = goals(i);
    if (a < 0) continue;
    const bool a_goals = i + 1 < t.size() && In(kGoalWords, t[i + 1].word);
    const int side_a = TallySide(t, i >= kPersonReach ? i - kPersonReach : 0, i);
    if (side_a == 0) continue;
    for (size_t j = i + 1; j < t.size() && j <= i + kTallyReach; ++j) {
      const int b = goals(j);
      if (b < 0) continue;
      const bool b_goals = j + 1 < t.size() && In(kGoalWords, t[j + 1].word);
      if (!a_goals && !b_goals) break;
      if (TallySide(t, i + 1, j) != -side_a) break;
      const int mine = side_a > 0 ? a : b, theirs = side_a > 0 ? b : a;
      size_t first = 0, count = 0;  // the tallies' span among the content words
      for (size_t k = 0; k < i; ++k) first += t[k].stop ? 0 : 1;
      for (size_t k = i; k <= j; ++k) count += t[k].stop ? 0 : 1;
      const std::string words = t[i].word + " … " + t[j].word;
      AddRestated(im, gr,
                  mine > theirs   ? "ho fatto più gol"
                  : mine < theirs ? "ho fatto meno gol"
                                  : "stesso numero di gol",
                  words, first, count, facts);
      return;
    }
  }
}

}  // namespace

void ReadDrawnScore(Engine::Impl& im, Engine::Impl::GameResolver& gr,
                    const std::vector<Token>& tokens, FactMap* facts) {
  ReadGoalTally(im, gr, tokens, facts);
  std::vector<size_t> rolls;
  bool rolls_read = false;  // the rolls are read only when two equal numbers stand together
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    const int a = GoalCount(tokens[i].word);
    if (a < 0 || tokens[i].stop) continue;
    // "2 a 2", "2-2" (the hyphen parts the tokens), not "2, 2" nor "2 e 2"
    size_t j = i + 1;
    if (tokens[j].word == "a" && j + 1 < tokens.size()) ++j;
    if (j == i + 1 && tokens[j].begin != tokens[i].end + 1) continue;
    const int b = GoalCount(tokens[j].word);
    if (b < 0 || tokens[j].stop) continue;
    // "3 a 2 per me", "1-2 per loro": a score in someone's favour says whose goals are more.
    int favoured = 0;  // 1: the speaker's, -1: the opponent's, 0: unsaid
    if (b != a && j + 2 < tokens.size() && tokens[j + 1].word == "per") {
      if (In(kScoreMine, tokens[j + 2].word)) favoured = 1;
      if (In(kScoreTheirs, tokens[j + 2].word) ||
          (j + 3 < tokens.size() && In(kTheirs, tokens[j + 3].word)))
        favoured = -1;
    }
    if (b != a && favoured == 0) continue;
    if (!rolls_read) {
      DiceStatements(tokens, &rolls);
      rolls_read = true;
    }
    if (std::find(rolls.begin(), rolls.end(), i) != rolls.end() ||
        std::find(rolls.begin(), rolls.end(), j) != rolls.end())
      continue;
    if (j + 1 < tokens.size() && In(kUnits, tokens[j + 1].word)) continue;
    size_t first = 0;  // the first number's place among the content words
    for (size_t k = 0; k < i; ++k) first += tokens[k].stop ? 0 : 1;
    const std::string words = tokens[i].word + (j == i + 2 ? " a " : "-") + tokens[j].word;
    if (favoured != 0) {
      AddRestated(im, gr, favoured > 0 ? "ho fatto più gol" : "ho fatto meno gol",
                  words + " per " + tokens[j + 2].word, first, 2, facts);
      return;
    }
    // A draw is a match drawn and the same number of goals on each side.
    AddRestated(im, gr, "pareggio", words, first, 2, facts);
    AddRestated(im, gr, "stesso numero di gol", words, first, 2, facts);
    return;
  }
}

void ReadDice(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::vector<Token>& tokens,
              const std::vector<std::string>& variants, FactMap* facts) {
  // The numbers of the description (content words: a stopword is in no reading's span).
  std::vector<size_t> numbers;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (!tokens[i].stop && NumberOf(tokens[i].word)) numbers.push_back(i);
  }
  std::vector<size_t> rolls;
  DiceDuel duel;
  std::vector<DiceStatement> statements = DiceStatements(tokens, &rolls, &duel);
  if (numbers.empty() && statements.empty()) return;
  // Where each token stands among the content words (the space readings' spans count in).
  std::vector<size_t> content_index(tokens.size() + 1, 0);
  for (size_t i = 0, c = 0; i < tokens.size(); ++i) {
    content_index[i] = c;
    if (!tokens[i].stop) ++c;
  }
  // The facts of this game that take a side's roll. A game whose forms read a side's roll
  // but not the numbers rolled (a 10 on a six-sided die) is not the game of this duel.
  std::set<std::string> side_facts;
  const bool has_side_facts = !ReadWhole(im, gr, "attaccante tira 1").empty();
  if (!has_side_facts && rolls.empty() && statements.empty()) return;
  for (size_t at : numbers) {
    bool readable = false;
    for (const char* who : {"attaccante tira ", "difensore tira "}) {
      const std::string roll = who + std::to_string(NumberOf(tokens[at].word));
      for (const auto& [fact, list] : ReadWhole(im, gr, roll)) {
        side_facts.insert(fact);
        readable = true;
      }
    }
    if (has_side_facts && !readable && std::find(rolls.begin(), rolls.end(), at) != rolls.end())
      return;
  }
  // Both sides rolled: who won is said of the totals the game's roll bonuses give.
  std::vector<std::string> basis;
  std::string derivation;
  if (duel.attacker && duel.defender && !gr.rules.roll_bonus_types.empty()) {
    const FactMap phase = ReadWhole(im, gr, statements[duel.phase].canonical);
    auto side_bonus = [&](const std::vector<size_t>& words) {
      RollBonus side;
      for (size_t w : words) {
        const RollBonus b =
            BonusOf(gr.rules, ReadWhole(im, gr, tokens[w].word), phase, *facts, variants);
        if (!b.found) continue;
        side.clash = side.clash || b.clash || (side.found && b.points != side.points);
        side.found = true;
        side.points = b.points;
        side.cases.insert(side.cases.end(), b.cases.begin(), b.cases.end());
      }
      return side;
    };
    const RollBonus att = side_bonus(duel.attacker_words), def = side_bonus(duel.defender_words);
    if (att.clash || def.clash) {
      statements.erase(statements.begin() + static_cast<long>(duel.comparison));
    } else if (att.points || def.points) {
      const int a = duel.attacker + att.points, d = duel.defender + def.points;
      statements[duel.comparison].canonical = a > d   ? "vince l'attaccante"
                                              : a < d ? "vince il difensore"
                                                      : "pareggio nei dadi";
      // The cases that add something first: a provision is cited once, with its first case.
      for (const bool adds : {true, false}) {
        for (const RollBonus* b : {&att, &def}) {
          for (const RuleCase* c : b->cases) {
            if ((b->points != 0) == adds &&
                std::find(basis.begin(), basis.end(), c->Key()) == basis.end())
              basis.push_back(c->Key());
          }
        }
      }
      auto total = [](const char* who, int roll, int bonus) {
        return std::string(who) + " " + std::to_string(roll) +
               (bonus ? " + " + std::to_string(bonus) + " = " + std::to_string(roll + bonus) : "");
      };
      derivation = total("attacco", duel.attacker, att.points) + ", " +
                   total("difesa", duel.defender, def.points);
    }
  }
  FactMap read;
  std::set<size_t> outcome_words;  // content words that alone say who won ("meno di me")
  for (size_t k = 0; k < statements.size(); ++k) {
    const DiceStatement& s = statements[k];
    const bool comparison = !basis.empty() && k == duel.comparison;
    std::string words;
    for (size_t i = s.first; i < s.end; ++i) words += (i > s.first ? " " : "") + tokens[i].word;
    const FactMap whole = ReadWhole(im, gr, s.canonical);
    if (s.end == s.first + 1 && !whole.empty() && !tokens[s.first].stop)
      outcome_words.insert(content_index[s.first]);
    for (auto [fact, list] : whole) {
      for (Reading& r : list) {
        if (comparison) {
          r.basis = basis;
          r.derivation = derivation;
        }
        r.words = words;
        r.first = content_index[s.first];
        auto& kept = read[fact];
        if (std::none_of(kept.begin(), kept.end(),
                         [&](const Reading& k) { return k.value == r.value; }))
          kept.push_back(r);
      }
    }
  }
  // A side's fact read on a bare number ("un 1" as the defender's roll, "2 caselle" as
  // a roll) goes: whose roll a number is, if any, is this reader's to say.
  for (const std::string& fact : side_facts) {
    auto it = facts->find(fact);
    if (it == facts->end()) continue;
    auto& list = it->second;
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const Reading& r) {
                                return r.from_text &&
                                       std::any_of(numbers.begin(), numbers.end(), [&](size_t at) {
                                         const size_t c = content_index[at];
                                         return c >= r.first && c < r.first + r.count;
                                       });
                              }),
               list.end());
    if (list.empty()) facts->erase(it);
  }
  // A word that says who won the duel says nothing else: "fa meno di me" is no minus on
  // the plus/minus die nor a lower roll for the kick-off possession.
  for (auto it = facts->begin(); it != facts->end() && !outcome_words.empty();) {
    auto& list = it->second;
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const Reading& r) {
                                return r.from_text && r.count == 1 &&
                                       outcome_words.count(r.first) && !read.count(r.fact);
                              }),
               list.end());
    it = list.empty() ? facts->erase(it) : std::next(it);
  }
  for (auto& [fact, list] : read) (*facts)[fact] = std::move(list);
}

}  // namespace arbitro
