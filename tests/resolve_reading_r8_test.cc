// Reading held-out wording (query/src/core/fact_reader.cc, query/src/resolve/dice.cc), on
// sentences of our own: the ball said by a clitic pronoun before its verb ("non la tocca"),
// "nn" typed for "non", a "non" that negates a purpose infinitive only ("per non perdere la
// palla ho trascinato l'omino"), "fuori" before an area, dice sides named by a relative
// clause ("la squadra che difende fa 5"), the teller's side from whose ball or kick it is
// ("la palla era sua", "calcio d'inizio suo"), two states of the ball in two sentences (no
// contradiction), and a few ways players say a second pass, a corner or playing on.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::FirstSanction;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("a clitic pronoun before the verb says the ball", "[e2e]") {
  // Rugby's "non tocca la palla" (the ball missed after a forward advance): "non la tocca".
  const Json clitic = ResolveBundled(
      "subbuteo-rugby",
      "durante l'avanzamento la palla va avanti di 8 cm e al colpo dopo il mio pilone non la tocca più");
  CHECK(ReadValues(clitic, "colpo") == Values{"palla-mancata"});
  CHECK(FirstSanction(clitic) == "tentativo-di-possesso/difensore");
  // Typed short on a phone: "nn" is "non".
  const Json phone = ResolveBundled(
      "subbuteo-rugby", "avanzamento, palla avanti 8 cm, al colpo dopo il mio pilone nn la tocca piu");
  CHECK(ReadValues(phone, "colpo") == Values{"palla-mancata"});
  // Soccer Tactics' "ruba la palla": a clitic before an auxiliary ("l'ha rubata"); without
  // one a participle is a noun ("la rubata" says nothing).
  const Json auxiliary =
      ResolveBundled("soccer-tactics", "il loro difensore entra nella casella e l'ha rubata");
  CHECK(ReadValues(auxiliary, "esito-contrasto") == Values{"vince-sid"});
  const Json noun =
      ResolveBundled("soccer-tactics", "il loro difensore entra nella casella e la rubata");
  CHECK(ReadValues(noun, "esito-contrasto").empty());
  // An article before a noun is no clitic: "la mano" says no "con le mani la palla".
  const Json article =
      ResolveBundled("subbuteo", "il difensore lascia la mano sul tavolo davanti al mio omino");
  CHECK(ReadValues(article, "infrazione") == Values{"ostruzione"});
}

TEST_CASE("a non before a purpose infinitive negates the infinitive only", "[e2e]") {
  const Json j =
      ResolveBundled("subbuteo", "per non perdere la palla ho trascinato l'omino con il dito");
  CHECK(ReadValues(j, "infrazione") == Values{"colpo-non-a-punta-di-dito"});
  // Elsewhere "non" two words before still negates: no dragging said.
  const Json negated = ResolveBundled("subbuteo", "l'attaccante non ha mai trascinato l'omino");
  CHECK(ReadValues(negated, "infrazione").empty());
}

TEST_CASE("fuori before an area says the area is not where it happened", "[e2e]") {
  // Calciotto: a shot from outside the opponents' area is not allowed.
  const Json shot =
      ResolveBundled("calciotto", "il mio attaccante è fuori dall'area avversaria e tira in porta");
  CHECK(ReadValues(shot, "zona").empty());
  CHECK(FirstSanction(shot) == "mossa-non-consentita/");
  // Subbuteo: "fuori dalla sua area di rigore ma dentro la sua area di tiro".
  const Json outside = ResolveBundled(
      "subbuteo",
      "il suo omino tocca il mio prima della palla, fuori dalla sua area di rigore ma dentro la sua "
      "area di tiro");
  CHECK(ReadValues(outside, "zona") == Values{"area-di-tiro"});
  CHECK(FirstSanction(outside) == "punizione-diretta/avversario");
}

TEST_CASE("dice sides named by a relative clause", "[e2e]") {
  const Json st = ResolveBundled("soccer-tactics",
                                 "nel contrasto la squadra che difende fa 5 e quella che attacca fa 2");
  CHECK(ReadValues(st, "dado-sia") == Values{"2"});
  CHECK(ReadValues(st, "dado-sid") == Values{"5"});
  CHECK(ReadValues(st, "esito-contrasto") == Values{"vince-sid"});
  // "chi va in contrasto" is the side without the ball.
  const Json calciotto =
      ResolveBundled("calciotto", "chi va in contrasto fa 9 e quello col pallone fa 6");
  CHECK(ReadValues(calciotto, "punteggio") == Values{"maggiore-difensore"});
  CHECK(FirstSanction(calciotto) == "cambio-possesso/difensore");
}

TEST_CASE("a second pass and a corner as players say them", "[e2e]") {
  const Json passes =
      ResolveBundled("soccer-tactics", "faccio due passaggi di fila sulla fascia, posso farne un altro?");
  CHECK(ReadValues(passes, "passaggio-diretto-n") == Values{"2"});
  CHECK(FirstSanction(passes) == "turno-difesa/squadra-in-difesa");
  const Json corner =
      ResolveBundled("subbuteo", "batto dalla bandierina e la palla entra direttamente in porta");
  CHECK(ReadValues(corner, "fase") == Values{"calcio-d-angolo"});
  CHECK(FirstSanction(corner) == "gol-valido/attaccante");
}

TEST_CASE("the teller's side from whose ball or kick it is", "[e2e]") {
  // Rugby's "mio omino" is written from the attacker's seat: told by the defender, it is a
  // defensive miniature. The kick-off is the other side's: the teller defends.
  const Json theirs = ResolveBundled("subbuteo-rugby",
                                     "rugby: calcio d'inizio suo, la palla colpisce un mio omino");
  CHECK(ReadValues(theirs, "contatto") == Values{"miniatura-difensiva"});
  CHECK(FirstSanction(theirs) == "nessuna-sanzione/");
  const Json mine = ResolveBundled("subbuteo-rugby",
                                   "rugby: calcio d'inizio mio, la palla colpisce un mio omino");
  CHECK(ReadValues(mine, "contatto") == Values{"miniatura-offensiva"});
  const Json stated = ResolveBundled(
      "subbuteo-rugby", "a rugby la palla era sua: dopo il calcio la palla colpisce un mio omino");
  CHECK(ReadValues(stated, "contatto") == Values{"miniatura-difensiva"});
  const Json has = ResolveBundled(
      "subbuteo-rugby", "a rugby la palla ce l'ha lui: dopo il calcio la palla colpisce un mio omino");
  CHECK(ReadValues(has, "contatto") == Values{"miniatura-difensiva"});
  // Asked, not stated: no side.
  const Json asked = ResolveBundled(
      "subbuteo-rugby", "a rugby dopo il calcio la palla colpisce un mio omino. La palla è sua?");
  CHECK(ReadValues(asked, "contatto") == Values{"miniatura-offensiva"});
}

TEST_CASE("two states in two sentences are a story, not a contradiction", "[e2e]") {
  // Subbuteo: playing on while the ball still rolls is the advantage taken de facto; the ball
  // stopped later, in another sentence, contradicts nothing.
  const Json j = ResolveBundled(
      "subbuteo",
      "il difensore mi colpisce l'omino col marcamento e io continuo a giocare mentre la palla "
      "rotola ancora. A palla ferma chiedo il back.");
  const Values events = ReadValues(j, "evento");
  CHECK(std::count(events.begin(), events.end(), "gioco-continuato-palla-in-movimento") == 1);
  CHECK(FirstSanction(j) == "vantaggio/attaccante");
  // In one sentence the two states still contradict each other.
  auto r = arbitro::test::RunArbitro(
      {"--index", arbitro::test::BundledCorpusIndex(), "resolve", "--game", "subbuteo",
       "la palla rotola ancora e la palla ferma"},
      arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR));
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("fatti contraddittori") != std::string::npos);
}

TEST_CASE("who reaches the ball's square, from the teller's seat", "[e2e]") {
  // Soccer Tactics: the person of "arrivare"/"raggiungere", its subject or the piece it
  // reaches with says the side.
  const Json theirs = ResolveBundled(
      "soccer-tactics",
      "passo la palla in una casella vuota e col dado non ci arrivo con nessuno dei miei; poi lui "
      "tira e ci arriva con un suo difensore");
  CHECK(ReadValues(theirs, "sia-raggiunge") == Values{"no"});
  CHECK(ReadValues(theirs, "sid-raggiunge") == Values{"si"});
  CHECK(FirstSanction(theirs) == "possesso-palla/squadra-in-difesa");
  const Json mine = ResolveBundled(
      "soccer-tactics",
      "passo la palla in una casella vuota e il mio centrocampista ci arriva; poi nessuna pedina "
      "avversaria ci arriva");
  CHECK(ReadValues(mine, "sia-raggiunge") == Values{"si"});
  CHECK(ReadValues(mine, "sid-raggiunge") == Values{"no"});
  CHECK(FirstSanction(mine) == "possesso-palla/squadra-in-attacco");
  const Json both = ResolveBundled(
      "soccer-tactics",
      "gioco la palla in una casella libera: la mia punta ci arriva e anche un loro difensore ci "
      "arriva");
  CHECK(ReadValues(both, "sia-raggiunge") == Values{"si"});
  CHECK(ReadValues(both, "sid-raggiunge") == Values{"si"});
  CHECK(FirstSanction(both) == "contrasto-per-la-palla/");
  // The ball arriving somewhere is no side reaching it.
  const Json ball =
      ResolveBundled("soccer-tactics", "il mio passaggio arriva nella casella vuota");
  CHECK(ReadValues(ball, "sia-raggiunge").empty());
}

TEST_CASE("the other side rolling the die says nothing of who attacks", "[e2e]") {
  // "l'avversario tira il dado" rolls; "l'avversario tira" alone shoots (he attacks).
  const Json j = ResolveBundled(
      "soccer-tactics",
      "metto la palla in una casella vuota, ritiro e il mio numero 9 ci arriva. Poi "
      "l'avversario tira il dado ma non raggiunge la casella con nessuna pedina.");
  CHECK(ReadValues(j, "sia-raggiunge") == Values{"si"});
  CHECK(ReadValues(j, "sid-raggiunge") == Values{"no"});
  CHECK(FirstSanction(j) == "possesso-palla/squadra-in-attacco");
}

TEST_CASE("one side's two dice are summed", "[e2e]") {
  // Calciotto's opening roll: 3 + 6 = 9 against 5 + 2 = 7, the higher total wins the ball,
  // not the higher die (the 6 said again is no new roll).
  const Json kickoff = ResolveBundled(
      "calciotto",
      "per decidere chi inizia tiriamo i due dadi: io faccio 3 e 6, lui 5 e 2; io ho fatto il 6");
  CHECK(ReadValues(kickoff, "dadi-possesso") == Values{"maggiore"});
  CHECK(FirstSanction(kickoff) == "possesso-palla/stesso-giocatore");
  // In a contrast: 3 + 2 = 5 for me (with the ball), 4 + 4 = 8 for him.
  const Json duel =
      ResolveBundled("calciotto", "nel contrasto io faccio 3 e 2, lui 4 e 4");
  CHECK(ReadValues(duel, "punteggio") == Values{"maggiore-difensore"});
}

TEST_CASE("the kicker left offside after a corner, as players say it", "[e2e]") {
  const Json j = ResolveBundled(
      "subbuteo", "batto l'angolo e poi l'omino che ha calciato finisce in fuorigioco: cosa si fa?");
  CHECK(ReadValues(j, "evento") == Values{"battitore-in-fuorigioco"});
  CHECK(FirstSanction(j) == "automatic-flick/attaccante");
}

TEST_CASE("the ball back off a defender, as players say it", "[e2e]") {
  const Json j = ResolveBundled(
      "subbuteo",
      "tiro col mio omino, la palla sbatte su un difensore e torna indietro sul mio omino: era il "
      "mio terzo tocco, il conteggio riparte da zero?");
  CHECK(ReadValues(j, "evento") == Values{"rimbalzo-da-miniatura-del-difensore"});
  CHECK(FirstSanction(j) == "conteggio-non-azzerato/difensore");
}
