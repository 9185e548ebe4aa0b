// A possessive between a form's words (query/src/core/fact_reader.cc): "sbatte su un suo
// difensore" reads the form "sbatte sul difensore", unless a form of the fact says that
// possessive before the word sought ("mia area" is not "sua area") or a conjunction opens
// a new phrase before it; nor does an adverb such as "proprio" or "subito"; a form that says "non" itself is
// not negated again by an earlier "non"; a ruling the rulebook states outside its
// sanctions (Calciotto: an expelled player never comes back); the variants a description
// names, resolved on the real corpus.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("resolve reads a form across a possessive", "[e2e]") {
  const Json across = ResolveBundled(
      "subbuteo", "tiro dalla sua area di tiro e la palla sbatte su un suo difensore ed esce sul fondo");
  CHECK(ReadValues(across, "evento") == Values{"deviazione-del-difensore"});
  // The fact's own forms tell possessives apart: "mia area di meta" stays the teller's.
  const Json own = ResolveBundled(
      "subbuteo-rugby", "sto avanzando dentro la mia area di meta e la palla tocca la linea laterale");
  CHECK(ReadValues(own, "zona") == Values{"area-di-meta-attaccante"});
  // A conjunction before the possessive opens another phrase: "di tiro e il mio portiere"
  // is no shot at the keeper.
  const Json apart = ResolveBundled(
      "calciotto", "il loro attaccante fa 12 di tiro e il mio portiere si ferma a 9");
  CHECK(ReadValues(apart, "bersaglio-tiro").empty());
  // A possessive the fact's forms say elsewhere ("tra il mio omino e la palla", another
  // infraction) does not stop the other forms: Subbuteo's double touch of a miniature
  // (appendix row 6, BACK).
  const Json double_touch =
      ResolveBundled("subbuteo", "l'avversario tocca due volte la sua miniatura");
  CHECK(ReadValues(double_touch, "infrazione") == Values{"colpo-non-a-punta-di-dito"});
  REQUIRE(double_touch["rulings"].size() >= 1);
  CHECK(double_touch["rulings"][0]["sanctions"][0]["type"].string == "back");
  CHECK(arbitro::test::Cites(double_touch["rulings"][0], "subbuteo-2.0#app__t1__r6"));
}

TEST_CASE("an adverb that only colours the verb does not part a form's words", "[e2e]") {
  // Soccer Tactics' "entra nella casella" (the defence reaches the ball) is a two-word
  // form: no other word may stand between its words, but "proprio" or "subito" may.
  const Json plain =
      ResolveBundled("soccer-tactics", "la pedina avversaria entra proprio nella casella della palla");
  CHECK(ReadValues(plain, "sid-raggiunge") == Values{"si"});
  const Json soon = ResolveBundled("soccer-tactics", "il loro centrocampista entra subito nella casella");
  CHECK(ReadValues(soon, "sid-raggiunge") == Values{"si"});
  // "quasi" says it did not happen: no reading.
  const Json almost =
      ResolveBundled("soccer-tactics", "la pedina avversaria entra quasi nella casella della palla");
  CHECK(ReadValues(almost, "sid-raggiunge").empty());
}

TEST_CASE("an expelled Calciotto player cannot come back through a substitution", "[e2e]") {
  const Json j = ResolveBundled(
      "calciotto", "a fine azione di tiro voglio rimettere in campo con un cambio il terzino che mi "
                   "hanno espulso");
  CHECK(ReadValues(j, "calciatore-espulso") == Values{"si"});
  REQUIRE(j["rulings"].size() >= 1);
  CHECK(j["rulings"][0]["sanctions"][0]["type"].string == "mossa-non-consentita");
  CHECK(arbitro::test::Cites(j["rulings"][0], "calciotto#tabella-calciatori__p2"));
  // Not expelled: the substitution at the end of a shot action is allowed.
  const Json fine = ResolveBundled(
      "calciotto", "a fine azione di tiro voglio fare un cambio e mettere in campo un terzino dalla panchina");
  REQUIRE(fine["rulings"].size() >= 1);
  CHECK(fine["rulings"][0]["sanctions"][0]["type"].string == "mossa-consentita");
}

TEST_CASE("resolve applies the variant a description names in Calciotto and Soccer Tactics", "[e2e]") {
  const Json tournament = ResolveBundled(
      "calciotto", "giochiamo in torneo e la partita finisce 1 a 1: quanti punti ci vanno?");
  CHECK(tournament["variants_named"].size() == 1);
  CHECK(tournament["variants_named"][0].string == "torneo");
  REQUIRE(tournament["rulings"].size() >= 1);
  CHECK(tournament["rulings"][0]["sanctions"][0]["type"].string == "punti-classifica");
  CHECK(arbitro::test::Cites(tournament["rulings"][0], "calciotto#scopo__p5"));
  // Rule 12A named: the defender's +2 of the advanced rule, not the ordinary +1.
  const Json advanced = ResolveBundled(
      "soccer-tactics", "giochiamo con la regola avanzata: il mio difensore contrasta, quanto aggiunge al dado?");
  REQUIRE(advanced["rulings"].size() >= 1);
  CHECK(arbitro::test::Cites(advanced["rulings"][0], "soccer-tactics-completo#r12__a__p1"));
  const Json ordinary = ResolveBundled(
      "soccer-tactics", "il mio difensore contrasta, quanto aggiunge al dado?");
  REQUIRE(ordinary["rulings"].size() >= 1);
  CHECK_FALSE(arbitro::test::Cites(ordinary["rulings"][0], "soccer-tactics-completo#r12__a__p1"));
}

TEST_CASE("rulings the rulebooks state beside their sanctions have cases", "[e2e]") {
  // Subbuteo 4.3: advantage claimed after an incorrect defensive flick, the ball in the
  // defender's goal but shot from outside the shooting area: a corner, not a goal kick.
  const Json corner = ResolveBundled(
      "subbuteo", "tiro da fuori dell'area di tiro, il suo marcamento scorretto mi colpisce l'omino, la "
                  "palla finisce in porta lo stesso e io chiedo il vantaggio");
  REQUIRE(corner["rulings"].size() >= 1);
  CHECK(corner["rulings"][0]["sanctions"][0]["type"].string == "calcio-d-angolo");
  CHECK(arbitro::test::Cites(corner["rulings"][0], "subbuteo-2.0#r4__palla-in-gioco__p5"));
  // Rugby 6 b): the attacker need not wait for the defensive move.
  const Json wait = ResolveBundled(
      "subbuteo-rugby", "posso giocare il colpo dopo senza aspettare la sua mossa difensiva?");
  REQUIRE(wait["rulings"].size() >= 1);
  CHECK(wait["rulings"][0]["sanctions"][0]["type"].string == "consentito");
  CHECK(arbitro::test::Cites(wait["rulings"][0], "subbuteo-rugby-4.0#cap6__b"));
  // Subbuteo 2: a miniature back from the barrier ("sbatte contro la sponda") that touches a
  // still one is the rebound's back.
  const Json rebound = ResolveBundled(
      "subbuteo", "il suo omino sbatte contro la sponda, torna in campo e tocca un mio omino fermo");
  CHECK(ReadValues(rebound, "infrazione") == Values{"miniatura-rimbalzata"});
}

TEST_CASE("Rugby 9 f2: the scrum's ball between the packs goes to the nearer front row's side", "[e2e]") {
  const Json theirs = ResolveBundled(
      "subbuteo-rugby", "introduco in mischia, la palla si ferma tra i pacchetti più vicina alla loro prima linea");
  REQUIRE(theirs["rulings"].size() >= 1);
  CHECK(theirs["rulings"][0]["sanctions"][0]["type"].string == "possesso");
  CHECK(theirs["rulings"][0]["sanctions"][0]["beneficiary"].string == "difensore");
  const Json mine = ResolveBundled(
      "subbuteo-rugby", "introduco in mischia, la palla si ferma tra i pacchetti più vicina alla mia prima linea");
  REQUIRE(mine["rulings"].size() >= 1);
  CHECK(mine["rulings"][0]["sanctions"][0]["beneficiary"].string == "attaccante");
}

TEST_CASE("a form of one content word after a preposition reads it only after one", "[e2e]") {
  // Soccer Tactics "è in gioco" and "sul numero 1" read one word each: "gioco", "numero".
  const Json playing = ResolveBundled(
      "soccer-tactics", "giocando a soccer tactics giro la freccia per il tiro");
  CHECK(ReadValues(playing, "posizione").empty());
  const Json number = ResolveBundled(
      "soccer-tactics", "gioco la palla in una casella vuota e il mio numero 7 ci arriva");
  CHECK(ReadValues(number, "freccia").empty());
  // After a preposition they still read.
  const Json onside = ResolveBundled(
      "soccer-tactics", "il mio attaccante riceve il passaggio diretto ed è in gioco");
  CHECK(ReadValues(onside, "posizione") == Values{"in-gioco"});
  const Json one = ResolveBundled("soccer-tactics", "giro la freccia e si ferma sul numero 1");
  CHECK(ReadValues(one, "freccia") == Values{"uno"});
  // Calciotto's +/- die: "con il più" reads "più" only after a preposition, "esce +" is
  // no form (the sign is no word): the die's name and a keeper who "esce" read nothing.
  const Json name = ResolveBundled("calciotto", "punizione: lancio i dadi e il dado più/meno");
  CHECK(ReadValues(name, "dado-piu-meno").empty());
  const Json out = ResolveBundled("calciotto", "batto la punizione e il portiere esce dalla porta");
  CHECK(ReadValues(out, "dado-piu-meno").empty());
  const Json minus = ResolveBundled("calciotto", "punizione: lancio il dado più/meno ed esce il meno");
  CHECK(ReadValues(minus, "dado-piu-meno") == Values{"meno"});
}

TEST_CASE("a form that says 'non' itself is not negated again by an earlier clause", "[e2e]") {
  // "non sulle stelle" stands two content words before "non arriva a contrastarmi": the
  // defence still does not reach the ball (it read 'sì' through the double negation).
  const Json j = ResolveBundled("soccer-tactics",
                                "conquisto la palla fuori area, non sulle stelle, e lui non "
                                "arriva a contrastarmi");
  CHECK(ReadValues(j, "sid-raggiunge") == Values{"no"});
  // A plain negation before a form still flips it.
  const Json plain =
      ResolveBundled("soccer-tactics", "conquisto la palla e la sua pedina non mi raggiunge");
  CHECK(ReadValues(plain, "sid-raggiunge") == Values{"no"});
}
