// Negation through the verb before a form (see negation.h).
#include "core/negation.h"

#include <set>
#include <string>

namespace arbitro {
namespace {

// Modal verbs that are not stopwords ("posso", "può", "devo", "deve" are, so "non posso
// giocare il vantaggio" already has "non" one word before the infinitive).
const std::set<std::string> kModals = {
    "voglio",   "vuoi",    "vuole",   "vogliamo", "vogliono",  "volevo",   "voleva",
    "volevamo", "riesco",  "riesci",  "riesce",   "riusciamo", "riescono", "riuscivo",
    "riusciva", "intendo", "intende", "potevo",   "poteva",    "possiamo", "possono",
    "puoi",     "dovevo",  "doveva",  "dobbiamo", "devono",    "sapevo"};

// Auxiliaries and adverbs that may stand between "non" and the verb it negates ("non
// aveva ancora fatto", "non era mai uscita", "non ha più toccato").
const std::set<std::string> kBridges = {
    "aveva",   "avevo", "avevi", "avevamo", "avevano", "era",     "ero",     "erano",
    "eravamo", "stato", "stata", "stati",   "state",   "sia",     "fosse",   "ancora",
    "mai",     "più",   "piu",   "affatto", "proprio", "neanche", "nemmeno", "ancor"};

}  // namespace

bool IsInfinitive(const std::string& w) {
  return w.size() > 4 &&
         (w.compare(w.size() - 3, 3, "are") == 0 || w.compare(w.size() - 3, 3, "ere") == 0 ||
          w.compare(w.size() - 3, 3, "ire") == 0);
}

bool NegatedThroughVerb(const std::vector<Token>& words, size_t i) {
  if (i < 3 || words[i - 3].word != "non") return false;
  const std::string& a = words[i - 2].word;
  const std::string& b = words[i - 1].word;
  // "non voglio giocare [il vantaggio]", "non riesce a toccare [la palla]"
  if (kModals.count(a) && IsInfinitive(b)) return true;
  // "non aveva ancora [fatto il marcamento]", "non era mai [uscita]"
  return kBridges.count(a) > 0 && kBridges.count(b) > 0;
}

}  // namespace arbitro
