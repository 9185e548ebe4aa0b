// Whose zone of competence a square is in (see competence.h).
#include "resolve/competence.h"

#include <algorithm>
#include <set>
#include <string>

#include "core/negation.h"
#include "core/word_set.h"
#include "resolve/sides.h"

namespace arbitro {

namespace {

const WordSet& kMine = FirstPersonPossessives();
const WordSet kTheirs = {"suo", "suoi", "loro", "avversario", "avversaria", "avversari"};
// Words that put a square inside a zone ("nella", "dentro") and the one that puts it out.
const WordSet kInside = {"nella", "nel", "in", "dentro", "entro", "interno"};
// The ball held: "col pallone", "con la palla", "portatore".
const WordSet kBall = {"pallone", "palla"};
const WordSet kCarrier = {"portatore", "portatori"};
// Verbs whose subject is the side with the ball ("nella sua zona di competenza, tira").
const WordSet kShoots = {"tira", "tiro", "calcia", "calcio", "passa", "passo"};
// The teller tackling: "sto contrastando", "vado in contrasto", "entro in contrasto".
const WordSet kTackling = {"contrastando", "contrastavo", "contrasto", "contrastare"};
// The other side's tackle, said by its verb: the piece named after it tackles.
const WordSet kTackles = {"contrasta", "contrastano", "contrastava", "contrastato", "contrastata"};
const WordSet kGoInto = {"vado", "entro", "andato", "entrato", "faccio", "sto"};
// A zone said of a role after it ("del difensore", "di quel difensore", "dell'attaccante"):
// the tackler (calciotto's rules call the tackling side "difensore") or the side with the
// ball.
const WordSet kDemonstratives = {"quel", "quello", "questo", "questa", "quella"};
const WordSet kDefenderRoles = {"difensore", "difendente"};
const WordSet kAttackerRoles = {"attaccante", "portatore"};
// How far back (tokens) the piece a zone is said of may be named.
constexpr size_t kOwnerReach = 10;

enum class Role { kNone, kAttacker, kDefender };

Role Opposite(Role r) {
  return r == Role::kAttacker ? Role::kDefender
         : r == Role::kDefender ? Role::kAttacker
                                : Role::kNone;
}

// Whether a token of [from, to) is in `set`.
bool AnyIn(const std::vector<Token>& t, size_t from, size_t to, const WordSet& set) {
  for (size_t k = from; k < to && k < t.size(); ++k) {
    if (set.count(t[k].word)) return true;
  }
  return false;
}

}  // namespace

void ReadCompetence(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::string& text,
                    const std::vector<Token>& t, FactMap* facts) {
  // The description's zones of competence: "zona di competenza" ("zona competenza"), and a
  // zone said of a piece without "di competenza" ("nella sua zona", "fuori dalla zona del
  // mio mediano"), not the goal's ("zona porta", "zona del portiere").
  std::vector<size_t> zones;
  std::vector<bool> bare;  // said without "di competenza"
  for (size_t i = 0; i + 1 < t.size(); ++i) {
    if (t[i].word != "zona") continue;
    if (t[i + 1].word == "competenza" ||
        (i + 2 < t.size() && t[i + 1].word == "di" && t[i + 2].word == "competenza")) {
      zones.push_back(i);
      bare.push_back(false);
      continue;
    }
    const bool owned_before = i >= 1 && (kMine.count(t[i - 1].word) || t[i - 1].word == "sua" ||
                                         t[i - 1].word == "propria");
    const bool owned_after = i + 2 < t.size() &&
                             (t[i + 1].word == "del" || t[i + 1].word == "dello") &&
                             (kMine.count(t[i + 2].word) || kTheirs.count(t[i + 2].word) ||
                              kDefenderRoles.count(t[i + 2].word) ||
                              kAttackerRoles.count(t[i + 2].word));
    const bool goal = t[i + 1].word == "porta" ||
                      (i + 2 < t.size() && t[i + 1].word == "di" && t[i + 2].word == "porta");
    if ((owned_before || owned_after) && !goal) {
      zones.push_back(i);
      bare.push_back(true);
    }
  }
  if (zones.empty()) return;
  // The teller's side: the one that tackles when the teller tackles or the ball is the other
  // side's, the one with the ball when the teller holds it.
  Role teller = Role::kNone;
  for (size_t i = 0; i < t.size() && teller == Role::kNone; ++i) {
    if (kTackling.count(t[i].word) &&
        (t[i].word != "contrasto" ||
         (i >= 2 && kGoInto.count(t[i - 2].word)) || (i >= 1 && kGoInto.count(t[i - 1].word))))
      teller = t[i].word == "contrastare" ? Role::kNone : Role::kDefender;
    if (kCarrier.count(t[i].word) || (kBall.count(t[i].word) && i >= 1 &&
                                       (t[i - 1].word == "col" || t[i - 1].word == "la"))) {
      // The carrier's possessive, a few words before ("il loro portatore", "il loro
      // centrocampista col pallone").
      for (size_t k = i; k-- > 0 && k + 4 >= i;) {
        if (kMine.count(t[k].word)) teller = Role::kAttacker;
        if (kTheirs.count(t[k].word)) teller = Role::kDefender;
        if (teller != Role::kNone) break;
      }
    }
  }
  // The zone the ball carrier is said to be in decides ("il mio mediano è nella sua zona, ma
  // il loro col pallone è fuori dalla zona del mio mediano"): its reading replaces one read
  // of a zone said of no carrier.
  std::set<std::string> carrier_read;
  for (size_t zi = 0; zi < zones.size(); ++zi) {
    const size_t z = zones[zi];
    const size_t after = bare[zi] ? z + 1 : t[z + 1].word == "competenza" ? z + 2 : z + 3;
    // Inside or outside: the words just before the zone, in its clause.
    int inside = -1;
    bool negated = false;
    for (size_t k = z; k-- > 0 && k + 5 >= z;) {
      if (SentenceEnd(text, t, k)) break;
      if (t[k].word == "fuori") {
        inside = 0;
        break;
      }
      if (inside < 0 && kInside.count(t[k].word)) inside = 1;
      if (t[k].word == "non") negated = true;
    }
    if (inside < 0) continue;
    if (negated) inside = 1 - inside;
    Role owner = Role::kNone;
    // The piece named after the zone: "del mio omino", "di chi contrasta", "di chi ha palla".
    if (after + 1 < t.size() && (t[after].word == "del" || t[after].word == "di" ||
                                 t[after].word == "dello" || t[after].word == "della")) {
      size_t w = after + 1;
      // "di quel difensore", "di questo attaccante": the role after a demonstrative.
      if (kDemonstratives.count(t[w].word) && w + 1 < t.size()) ++w;
      if (kDefenderRoles.count(t[w].word)) owner = Role::kDefender;
      if (kAttackerRoles.count(t[w].word)) owner = Role::kAttacker;
      if (owner != Role::kNone) {
      } else if (t[w].word == "chi" && w + 1 < t.size()) {
        if (kTackling.count(t[w + 1].word) || t[w + 1].word == "contrasta") owner = Role::kDefender;
        if (t[w + 1].word == "ha" || kShoots.count(t[w + 1].word)) owner = Role::kAttacker;
      } else if (kMine.count(t[w].word)) {
        owner = teller;
      } else if (kTheirs.count(t[w].word)) {
        owner = Opposite(teller);
      }
    }
    // The piece named before it ("sua", "propria" zone; "mia" is the teller's).
    if (owner == Role::kNone && z >= 1 && kMine.count(t[z - 1].word)) owner = teller;
    if (owner == Role::kNone && !(after + 1 < t.size() && t[after].word == "del")) {
      // The shooter: "nella sua zona di competenza, tira".
      if (after < t.size() && kShoots.count(t[after].word)) owner = Role::kAttacker;
      for (size_t k = z; owner == Role::kNone && k-- > 0 && k + kOwnerReach >= z;) {
        if (SentenceEnd(text, t, k)) break;
        if (k + 1 == z) continue;  // the zone's own possessive
        if (kCarrier.count(t[k].word)) {
          owner = Role::kAttacker;
        } else if (kTackles.count(t[k].word)) {
          // The piece a tackle is made with: "mi contrasta con un omino che non è nella sua
          // zona di competenza".
          owner = Role::kDefender;
        } else if (kMine.count(t[k].word) || kTheirs.count(t[k].word)) {
          // The piece after the possessive holds the ball: "col pallone" right after it.
          if (AnyIn(t, k + 2, std::min(k + 5, z), kBall) && t[k + 2].word == "col")
            owner = Role::kAttacker;
          else
            owner = kMine.count(t[k].word) ? teller : Opposite(teller);
        }
      }
    }
    if (owner == Role::kNone) continue;
    const std::string canonical = std::string(owner == Role::kAttacker ? "attaccante" : "difensore") +
                                  (inside ? " nella sua zona di competenza"
                                          : " fuori dalla sua zona di competenza");
    size_t first = 0;  // the zone's place among the content words
    for (size_t k = 0; k < z; ++k) first += t[k].stop ? 0 : 1;
    // The carrier named before the zone in its sentence ("il loro col pallone sta una casella
    // più in là, fuori dalla zona del mio mediano").
    bool carrier = false;
    for (size_t k = z; k-- > 0 && k + kOwnerReach >= z;) {
      if (SentenceEnd(text, t, k)) break;
      if (kCarrier.count(t[k].word) ||
          (kBall.count(t[k].word) && k >= 1 && t[k - 1].word == "col"))
        carrier = true;
    }
    for (auto& [fact, list] : ReadWhole(im, gr, canonical)) {
      auto read = facts->find(fact);
      if (read != facts->end() && carrier && !carrier_read.count(fact) &&
          std::all_of(read->second.begin(), read->second.end(),
                      [](const Reading& r) { return r.words.find("zona") != std::string::npos; })) {
        facts->erase(read);  // a zone of no carrier, read by this reader
      }
      if (facts->count(fact)) continue;  // the text's own forms read it
      if (carrier) carrier_read.insert(fact);
      for (Reading& r : list) {
        r.words = (inside ? "nella " : "fuori dalla ") + std::string("zona di competenza");
        r.first = first;
        r.count = 2;
        (*facts)[fact].push_back(r);
      }
    }
  }
}

}  // namespace arbitro
