// Negation through the verb before a form (see negation.h).
#include "core/negation.h"

#include <set>
#include <string>

namespace arbitro {
namespace {

// Modal verbs that are not stopwords ("posso", "può", "devo", "deve" are, so "non posso
// giocare il vantaggio" already has "non" one word before the infinitive).
const WordSet kModals = {"voglio",   "vuoi",     "vuole",    "vogliamo", "vogliono", "volevo",
                         "voleva",   "volevamo", "riesco",   "riesci",   "riesce",   "riusciamo",
                         "riescono", "riuscivo", "riusciva", "intendo",  "intende",  "potevo",
                         "poteva",   "possiamo", "possono",  "puoi",     "dovevo",   "doveva",
                         "dobbiamo", "devono",   "sapevo"};

// Auxiliaries and adverbs that may stand between "non" and the verb it negates ("non
// aveva ancora fatto", "non era mai uscita", "non ha più toccato").
const WordSet kBridges = {"aveva", "avevo",   "avevi",   "avevamo", "avevano", "era",
                          "ero",   "erano",   "eravamo", "stato",   "stata",   "stati",
                          "state", "sia",     "fosse",   "ancora",  "mai",     "più",
                          "piu",   "affatto", "proprio", "neanche", "nemmeno", "ancor"};

const WordSet kPossessives = {"mio",    "mia",    "miei",   "mie",    "tuo",    "tua",    "tuoi",
                              "tue",    "suo",    "sua",    "suoi",   "sue",    "nostro", "nostra",
                              "nostri", "nostre", "vostro", "vostra", "vostri", "vostre", "loro"};

bool IsNone(const std::string& w) {
  return w == "nessun" || w == "nessuna" || w == "nessuno";
}

}  // namespace

bool NoneSubject(const std::vector<Token>& words, size_t i,
                 const std::vector<bool>& clause_starts) {
  bool modal = false, possessive = false, noun = false;
  for (size_t j = i; j-- > 0;) {
    if (clause_starts[j + 1]) return false;
    const std::string& w = words[j].word;
    // "non tocca nessuno e si ferma": a "nessuno" after "non" is the negated verb's object.
    if (IsNone(w)) {
      return !(j >= 1 && words[j - 1].word == "non") && !(j >= 2 && words[j - 2].word == "non");
    }
    // Walking back from the form: first the modal, then a noun, then a possessive.
    if (!modal && !noun && !possessive && j + 1 == i && kModals.count(w)) {
      modal = true;
    } else if (!possessive && (IsPossessive(w) || w == "altro" || w == "altra")) {
      possessive = true;
    } else if (!noun && !possessive && w != "non" && !IsInfinitive(w)) {
      noun = true;
    } else {
      return false;
    }
  }
  return false;
}

bool IsPossessive(const std::string& w) {
  return kPossessives.count(w) > 0;
}
const WordSet& PossessiveWords() {
  return kPossessives;
}
const WordSet& FirstPersonPossessives() {
  static const WordSet k = {"mio", "mia", "miei", "mie", "nostro", "nostra", "nostri", "nostre"};
  return k;
}

bool IsInfinitive(const std::string& w) {
  return w.size() > 4 &&
         (w.compare(w.size() - 3, 3, "are") == 0 || w.compare(w.size() - 3, 3, "ere") == 0 ||
          w.compare(w.size() - 3, 3, "ire") == 0);
}

bool NegatedThroughVerb(const std::vector<Token>& words, size_t i,
                        const std::vector<bool>& clause_starts) {
  // No clause end between the "non" (at most four words back) and the form.
  auto in_clause = [&](size_t back) {
    for (size_t j = i - back + 1; j <= i; ++j) {
      if (j < clause_starts.size() && clause_starts[j]) return false;
    }
    return true;
  };
  // "non era ancora entrata [nell'area di tiro]": "non", auxiliaries and adverbs, then the
  // verb whose complement the form is.
  if (i >= 4 && words[i - 4].word == "non" && in_clause(4) && kBridges.count(words[i - 3].word) &&
      kBridges.count(words[i - 2].word) && words[i - 1].word != "non")
    return true;
  if (i < 3 || words[i - 3].word != "non" || !in_clause(3)) return false;
  const std::string& a = words[i - 2].word;
  const std::string& b = words[i - 1].word;
  // "non voglio giocare [il vantaggio]", "non riesce a toccare [la palla]"
  if (kModals.count(a) && IsInfinitive(b)) return true;
  // "non aveva ancora [fatto il marcamento]", "non era mai [uscita]", "non era
  // entrata [in area]"
  return kBridges.count(a) > 0 && b != "non";
}

}  // namespace arbitro
