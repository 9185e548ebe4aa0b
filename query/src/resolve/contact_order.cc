// Contact orders as people tell them, and the facts they read (see contact_order.h).
#include "resolve/contact_order.h"

#include <algorithm>
#include <set>

#include "core/word_set.h"

namespace arbitro {
namespace {

enum class Thing { kNone, kBall, kPiece, kOther };  // kOther: own side's piece, or several

// What a word names among the things a contact order is about.
Thing ThingOf(const std::vector<Token>& t, size_t i) {
  static const WordSet kBall = {"palla", "pallone", "ovale", "sfera", "pallina"};
  static const WordSet kPiece = {"miniatura",  "omino",      "pedina",     "giocatore",
                                 "calciatore", "avversario", "avversaria", "difensore",
                                 "attaccante", "portiere",   "portatore",  "placcatore"};
  static const WordSet kSeveral = {"miniature", "omini",     "pedine",   "giocatori",
                                   "avversari", "difensori", "compagno", "compagni"};
  static const WordSet kMany = {"due",  "tre",   "più",   "piu",     "varie",
                                "vari", "altre", "altri", "propria", "proprio"};
  const std::string& w = t[i].word;
  if (kBall.count(w)) return Thing::kBall;
  if (kSeveral.count(w)) return Thing::kOther;
  if (!kPiece.count(w)) return Thing::kNone;
  for (size_t k = i >= 2 ? i - 2 : 0; k < i; ++k) {
    if (kMany.count(t[k].word)) return Thing::kOther;
  }
  return Thing::kPiece;
}

// The first thing named in [from, to) (clipped to the text): its position, or t.size().
size_t FirstThing(const std::vector<Token>& t, size_t from, size_t to) {
  for (size_t i = from; i < std::min(to, t.size()); ++i) {
    if (ThingOf(t, i) != Thing::kNone) return i;
  }
  return t.size();
}

// The last thing named in [from, to).
size_t LastThing(const std::vector<Token>& t, size_t from, size_t to) {
  for (size_t i = std::min(to, t.size()); i > from; --i) {
    if (ThingOf(t, i - 1) != Thing::kNone) return i - 1;
  }
  return t.size();
}

// Words that say the next contact came after ("e poi", "quindi", "successivamente").
bool ThenWord(const std::string& w) {
  return w == "poi" || w == "quindi" || w == "successivamente" || w == "dopo";
}

// How far apart the words of one order may stand.
constexpr size_t kReach = 4;

}  // namespace

std::vector<ContactOrder> ContactOrders(const std::vector<Token>& t) {
  std::vector<ContactOrder> out;
  const size_t none = t.size();
  size_t covered = 0;  // words before this are part of an order already read
  auto add = [&](size_t x, size_t y, size_t first) {
    const Thing a = ThingOf(t, x), b = ThingOf(t, y);
    if (a == Thing::kOther || b == Thing::kOther || a == b) return false;
    ContactOrder o;
    o.ball_first = a == Thing::kBall;
    o.canonical = o.ball_first ? "prima la palla e poi una miniatura avversaria"
                               : "prima una miniatura avversaria e poi la palla";
    o.first = first;
    o.end = y + 1;
    out.push_back(o);
    covered = o.end;
    return true;
  };
  for (size_t i = 0; i < t.size(); ++i) {
    if (i < covered) continue;
    const std::string& w = t[i].word;
    if (w == "prima") {
      // "prima X … poi Y"; not "prima di", "prima che", "la prima volta".
      if (i + 1 < t.size() &&
          (t[i + 1].word.rfind("de", 0) == 0 || t[i + 1].word == "di" || t[i + 1].word == "che"))
        continue;
      const size_t x = FirstThing(t, i + 1, i + 1 + kReach);
      if (x == none) continue;
      size_t then = none;
      for (size_t k = x + 1; k < t.size() && k <= x + kReach; ++k) {
        if (ThenWord(t[k].word)) {
          then = k;
          break;
        }
      }
      if (then == none) continue;
      const size_t y = FirstThing(t, then + 1, then + 1 + kReach);
      if (y != none) add(x, y, i);
    } else if (w == "dopo") {
      // "dopo aver toccato X, (prende) Y", "dopo la palla tocca Y".
      size_t from = i + 1;
      if (from < t.size() && (t[from].word == "aver" || t[from].word == "avere")) from += 2;
      const size_t x = FirstThing(t, from, from + 2);
      if (x == none) continue;
      const size_t y = FirstThing(t, x + 1, x + 1 + kReach + 1);
      if (y != none) add(x, y, i);
    } else if (ThenWord(w)) {
      // "X (colpita) e poi Y".
      const size_t x = LastThing(t, i >= kReach - 1 ? i - (kReach - 1) : 0, i);
      if (x == none || x < covered) continue;
      const size_t y = FirstThing(t, i + 1, i + 1 + kReach);
      if (y != none) add(x, y, x);
    }
  }
  return out;
}

void ReadContactOrders(Engine::Impl& im, Engine::Impl::GameResolver& gr,
                       const std::vector<Token>& tokens, FactMap* facts) {
  const std::vector<ContactOrder> orders = ContactOrders(tokens);
  if (orders.empty()) return;
  std::vector<size_t> content_index(tokens.size() + 1, 0);
  for (size_t i = 0, c = 0; i <= tokens.size(); ++i) {
    content_index[i] = c;
    if (i < tokens.size() && !tokens[i].stop) ++c;
  }
  for (const ContactOrder& o : orders) {
    std::vector<Token> content;
    for (const Token& t : im.analyzer->Tokenize(o.canonical)) {
      if (!t.stop) content.push_back(t);
    }
    FactMap one;
    std::vector<std::string> contradictions;
    ReadFacts(im, gr, content, &one, &contradictions);
    const size_t first = content_index[o.first], end = content_index[o.end];
    std::string words;
    for (size_t i = o.first; i < o.end; ++i) words += (i > o.first ? " " : "") + tokens[i].word;
    for (auto& [fact, list] : one) {
      for (Reading& r : list) {
        if (r.first != 0 || r.count != content.size()) continue;  // the whole order only
        auto& kept = (*facts)[fact];
        kept.erase(std::remove_if(kept.begin(), kept.end(),
                                  [&](const Reading& k) {
                                    return k.from_text && k.first >= first && k.first < end;
                                  }),
                   kept.end());
        r.words = words;
        r.first = first;
        r.count = end - first;
        if (std::none_of(kept.begin(), kept.end(),
                         [&](const Reading& k) { return k.value == r.value; }))
          kept.push_back(r);
      }
    }
  }
}

}  // namespace arbitro

namespace arbitro {

namespace {

// A roll of the dice told as done ("tiro i dadi", "ho già tirato i dadi", "lancio il dado"):
// a roll verb with "dadi" / "dado" at most two words after it.
bool RollAt(const std::vector<Token>& t, size_t i) {
  static const WordSet kRoll = {"tiro",     "tira",     "tirato", "tiriamo", "tirano",
                                "lancio",   "lancia",   "lanciato", "lanciamo", "lanciano",
                                "tirati",   "lanciati"};
  if (!kRoll.count(t[i].word)) return false;
  for (size_t k = i + 1; k < t.size() && k <= i + 2; ++k) {
    if (t[k].word == "dadi" || t[k].word == "dado") return true;
  }
  return false;
}

// A card played told as done ("gioco la carta TACKLE", "calo la carta", "ho usato la carta"):
// a verb of playing with "carta" at most two words after it.
bool CardAt(const std::vector<Token>& t, size_t i) {
  static const WordSet kPlay = {"gioco",  "gioca",  "giocato", "calo",   "cala",  "calato",
                                "uso",    "usa",    "usato",   "butto",  "butta", "buttato",
                                "metto",  "mette",  "messo",   "sfrutto", "sfrutta"};
  if (!kPlay.count(t[i].word)) return false;
  for (size_t k = i + 1; k < t.size() && k <= i + 2; ++k) {
    if (t[k].word == "carta" || t[k].word == "carte") return true;
  }
  return false;
}

}  // namespace

void ReadRollCardOrder(Engine::Impl& im, Engine::Impl::GameResolver& gr,
                       const std::vector<Token>& t, FactMap* facts) {
  size_t roll = t.size(), card = t.size();
  for (size_t i = 0; i < t.size(); ++i) {
    // "prima di tirare", "dopo aver tirato": the forms' words, which say the order themselves.
    const bool ordered = i > 0 && (t[i - 1].word == "di" || t[i - 1].word == "aver" ||
                                   t[i - 1].word == "avere");
    if (roll == t.size() && !ordered && RollAt(t, i)) roll = i;
    if (card == t.size() && CardAt(t, i)) card = i;
  }
  if (roll == t.size() || card == t.size()) return;
  // A question about the order ("prima o dopo?") tells none.
  for (size_t i = 0; i + 2 < t.size(); ++i) {
    const bool a = t[i].word == "prima" || t[i].word == "dopo";
    const bool b = t[i + 2].word == "prima" || t[i + 2].word == "dopo";
    if (a && b && t[i + 1].word == "o" && t[i].word != t[i + 2].word) return;
  }
  const char* canonical = roll < card ? "dopo il lancio dei dadi" : "prima del lancio dei dadi";
  const FactMap read = ReadWhole(im, gr, canonical);
  for (const auto& [fact, list] : read) {
    auto& kept = (*facts)[fact];
    // What the forms read of the order stands.
    if (std::any_of(kept.begin(), kept.end(), [](const Reading& k) { return k.from_text; }))
      continue;
    const size_t from = std::min(roll, card);
    size_t first = 0;  // content place of the first word of the two
    for (size_t k = 0; k < from; ++k) first += t[k].stop ? 0 : 1;
    for (Reading r : list) {
      r.words = t[roll].word + " dadi … " + t[card].word + " carta";
      r.first = first;
      r.count = 1;
      kept.push_back(r);
    }
  }
}

}  // namespace arbitro
