// Negation that reaches a form through the verb before it (query/src/core/negation.h),
// read on the real corpus: "non" + a modal verb + its infinitive, and "non" + auxiliaries
// or adverbs of time ("non era ancora", "non aveva mai"), flip a two-valued fact; the same
// words without "non" do not.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("resolve reads a negation through a modal verb or an auxiliary", "[e2e]") {
  // "non" + modal + infinitive before the form.
  const Json modal = ResolveBundled("subbuteo",
                                    "il difensore sbaglia il marcamento e io non voglio giocare il "
                                    "vantaggio");
  CHECK(ReadValues(modal, "vantaggio") == Values{"non-richiesto"});
  const Json wants = ResolveBundled(
      "subbuteo", "il difensore sbaglia il marcamento e io voglio giocare il vantaggio");
  CHECK(ReadValues(wants, "vantaggio") == Values{"richiesto"});

  // "non" + auxiliary + adverb of time before the form.
  const Json not_yet =
      ResolveBundled("subbuteo", "il mio omino colpisce la palla che non era ancora ferma");
  CHECK(ReadValues(not_yet, "stato-oggetto") == Values{"in-movimento"});
  const Json still =
      ResolveBundled("subbuteo", "il mio omino colpisce la palla che era ancora ferma");
  CHECK(ReadValues(still, "stato-oggetto") == Values{"fermo"});

  // The euphonic "ad", "ed" are the stopwords "a", "e": "non riesce ad arrivare" negates
  // as "non riesce a arrivare" does.
  const Json cannot = ResolveBundled(
      "soccer-tactics", "la loro pedina tira il dado ma non riesce ad arrivare sulla mia casella");
  CHECK(ReadValues(cannot, "sid-raggiunge") == Values{"no"});

  // "non" three words before the form, through a verb that is neither a modal nor an
  // auxiliary, negates nothing.
  const Json other = ResolveBundled("subbuteo",
                                    "il difensore sbaglia il marcamento, io non guardo l'arbitro: "
                                    "vantaggio!");
  CHECK(ReadValues(other, "vantaggio") == Values{"richiesto"});
}

TEST_CASE("resolve keeps a negative form's value after senza or non (negative concord)", "[e2e]") {
  // Calciotto, fase spostamento: a pass in a straight line with nobody to pass over is
  // regular. "senza nessuno in mezzo" is nobody in between, not somebody.
  const Json without = ResolveBundled("calciotto", "passando la palla in diagonale senza nessuno in mezzo");
  CHECK(ReadValues(without, "oltrepassa") == Values{"no"});
  const Json none = ResolveBundled("calciotto", "passo in verticale e non c'è nessuno in mezzo");
  CHECK(ReadValues(none, "oltrepassa") == Values{"no"});
  // A positive form is still flipped by "senza".
  const Json plain = ResolveBundled("calciotto", "passo in verticale senza oltrepassare nessuno");
  CHECK(ReadValues(plain, "oltrepassa") == Values{"no"});
}

TEST_CASE("resolve reads a negation through auxiliaries and the verb of a complement", "[e2e]") {
  // Subbuteo: a shot whose ball had not yet entered the shooting area.
  const Json not_in = ResolveBundled(
      "subbuteo", "tiro da lontano, la palla non era ancora entrata nell'area di tiro e va in rete");
  CHECK(ReadValues(not_in, "palla-in-area-di-tiro") == Values{"no"});
  const Json in = ResolveBundled(
      "subbuteo", "tiro, la palla era già entrata nell'area di tiro e va in rete");
  CHECK(ReadValues(in, "palla-in-area-di-tiro") == Values{"si"});
}
