// Reading held-out wording, round 10 (query/src/resolve/claims.cc, resolve.cc, dice.cc,
// evaluate.cc, core/fact_reader.cc, corpus vocabularies), on sentences of our own: the
// claims reported of another player ("il mio amico dice che …") are not read as facts; a
// participle of getting or being between a form's words ("ha già preso un giallo"); the
// roll bonus that decided a duel stated with the ruling; a ruling that only allows a setting
// told as context after the ruling on what happened; a score said in someone's favour ("3 a
// 2 per me").
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::FirstRulingHas;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

TEST_CASE("a claim reported of another player is not read as a fact", "[e2e]") {
  // The friend's "trasformazione" is the dispute: the kick is a calcio piazzato, 3 points.
  for (const char* s :
       {"Punizione nella loro metà campo, scelgo i pali e la palla passa sopra la traversa. Il "
        "mio amico dice che vale 2 come una trasformazione, io dico di piu.",
        "Punizione per noi: lui sostiene che è una trasformazione. Io punto ai pali e la palla "
        "passa sopra la traversa.",
        "Lui dice che è una trasformazione e vale 2: io ho chiesto i pali su una punizione e la "
        "palla è passata sopra la traversa."}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo-rugby", s);
    CHECK(ReadValues(j, "fase") == Values{"calcio-piazzato"});
    CHECK(FirstRulingHas(j, "punti", "attaccante"));
  }
  // The teller's own words and the rulebook's are read.
  CHECK(ReadValues(ResolveBundled("subbuteo-rugby",
                                  "io dico che è una trasformazione dopo la meta, vale 2?"),
                   "fase") == Values{"trasformazione"});
  CHECK(ReadValues(ResolveBundled("subbuteo-rugby",
                                  "il regolamento dice che la trasformazione si batte dopo la meta"),
                   "fase") == Values{"trasformazione"});
  // "dice di" and an infinitive is a request, often what is asked: it stays read.
  CHECK(ReadValues(ResolveBundled("subbuteo-rugby",
                                  "il mio avversario dice di battere la trasformazione subito"),
                   "fase") == Values{"trasformazione"});
}

TEST_CASE("a participle of getting or being does not part a form's words", "[e2e]") {
  for (const char* s : {"il mio centrocampista ha già preso un giallo e nel contrasto faccio 1 "
                        "contro il suo 6",
                        "il mio centrocampista aveva già ricevuto un cartellino giallo, nel "
                        "contrasto faccio 1 contro il suo 6",
                        "il mio centrocampista era già stato ammonito e nel contrasto faccio 1 "
                        "contro il suo 6",
                        "il mio centrocampista ha già un'ammonizione: nel contrasto faccio 1 "
                        "contro il suo 6"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "occorrenza") == Values{"2"});
    CHECK(FirstRulingHas(j, "espulsione"));
  }
  // Without "già", a yellow is no earlier one.
  CHECK(ReadValues(ResolveBundled("soccer-tactics",
                                  "nel contrasto faccio 1 contro il suo 6 e il mio "
                                  "centrocampista prende un giallo"),
                   "occorrenza")
            .empty());
}

TEST_CASE("the roll bonus that decided a duel is stated with the ruling", "[e2e]") {
  for (const char* s : {"sto difendendo, entro in contrasto con un mio difensore senza numero: "
                        "faccio 4 e il suo attaccante fa 4. Ho qualcosa in piu?",
                        "sono in difesa e vado in contrasto col mio difensore: faccio 3 e il suo "
                        "centrocampista fa 3, conta qualcosa in più il difensore?"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(FirstRulingHas(j, "bonus-dado"));
    CHECK(FirstRulingHas(j, "possesso-palla", "squadra-in-difesa"));
  }
  // An attacker against an attacker: no bonus, none stated.
  CHECK_FALSE(FirstRulingHas(ResolveBundled("soccer-tactics",
                                            "contrasto tra il mio attaccante e il suo "
                                            "centrocampista: io faccio 5 e lui 3"),
                             "bonus-dado"));
}

TEST_CASE("a ruling that only allows a setting told as context comes after what happened",
          "[e2e]") {
  // The duration told as context: the question is who won.
  for (const char* s : {"calciotto finita 1-1 allo scadere dei 60 min, chi ha vinto?",
                        "partita da 90 minuti, al fischio finale 2 a 2: come finisce?"}) {
    INFO(s);
    CHECK(FirstRulingHas(ResolveBundled("calciotto", s), "pareggio-partita"));
  }
  CHECK(FirstRulingHas(ResolveBundled("calciotto",
                                      "Partita a tempo, 45 minuti. Allo scadere io ho fatto 3 "
                                      "gol e lui 2. Chi ha vinto?"),
                       "vittoria-partita"));
  // Asked whether the setting is allowed, the allowance answers.
  CHECK(FirstRulingHas(ResolveBundled("calciotto", "possiamo giocare una partita a tempo da 60 minuti?"),
                       "mossa-consentita"));
}

TEST_CASE("a score said in someone's favour says whose goals are more", "[e2e]") {
  CHECK(ReadValues(ResolveBundled("calciotto", "partita da 45 minuti, allo scadere 3 a 2 per me"),
                   "confronto-gol") == Values{"piu"});
  CHECK(ReadValues(ResolveBundled("calciotto", "finisce 3-1 per noi allo scadere"),
                   "confronto-gol") == Values{"piu"});
  CHECK(ReadValues(ResolveBundled("calciotto", "partita a tempo finita 2-4 per lui"),
                   "confronto-gol") == Values{"meno"});
  CHECK(ReadValues(ResolveBundled("calciotto", "al fischio finale era 1 a 0 per l'avversario"),
                   "confronto-gol") == Values{"meno"});
  // A score in nobody's favour says nothing of whose goals are more.
  CHECK(ReadValues(ResolveBundled("calciotto", "partita finita 3-2, allo scadere"), "confronto-gol")
            .empty());
}

TEST_CASE("a unit counts a number only in its phrase", "[e2e]") {
  // "(dado maledetto)" after the 6: the 6 is a roll, not six dice.
  const Json j = ResolveBundled("soccer-tactics",
                                "stavo difendendo e nel contrasto ho fatto 1 e lui 6 (dado "
                                "maledetto)");
  CHECK(ReadValues(j, "dado-sia") == Values{"6"});
  CHECK(ReadValues(j, "dado-sid") == Values{"1"});
  // "6 dadi" counts dice.
  CHECK(ReadValues(ResolveBundled("soccer-tactics", "nel contrasto tiriamo 6 dadi"), "dado-sia")
            .empty());
}

TEST_CASE("a Soccer Tactics piece named by its number is no defender", "[e2e]") {
  for (const char* s : {"il numero 9 era già ammonito, nel contrasto fa di nuovo 1 contro il mio 6",
                        "stavo difendendo e nel contrasto ho fatto 1 e lui 6, e il mio numero 4 "
                        "aveva già un giallo",
                        "la sua pedina numero 10 ha già un giallo e nel contrasto tira 1 contro "
                        "il mio 6"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "pedina") == Values{"centrocampista"});
    CHECK(FirstRulingHas(j, "espulsione"));
  }
}

TEST_CASE("whose zone of competence a square is in", "[e2e]") {
  // The ball carrier's zone, said of the piece with the ball ("col pallone", "portatore").
  for (const char* s : {"vado in contrasto sul loro centrocampista col pallone, che però è fuori "
                        "dalla sua zona di competenza",
                        "contrasto: il suo portatore di palla sta fuori dalla sua zona di "
                        "competenza"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("calciotto", s), "competenza-attaccante") == Values{"no"});
  }
  // The tackler's zone: the teller tackles, or the ball is the other side's.
  for (const char* s : {"sto contrastando col mio centrocampista e siamo nella sua zona di "
                        "competenza",
                        "vado in contrasto col mio difensore, che è nella sua zona di competenza"}) {
    INFO(s);
    CHECK(ReadValues(ResolveBundled("calciotto", s), "competenza-difensore") == Values{"si"});
  }
  CHECK(ReadValues(ResolveBundled("calciotto",
                                  "contrasto: il loro portatore è in una casella fuori dalla zona "
                                  "di competenza del mio omino"),
                   "competenza-difensore") == Values{"no"});
  // The shooter's zone.
  CHECK(ReadValues(ResolveBundled("calciotto",
                                  "il mio attaccante, nella sua zona di competenza, tira in porta"),
                   "competenza-attaccante") == Values{"si"});
}

TEST_CASE("the other hand as subbuteo players tell it", "[e2e]") {
  // On the table's edge, to keep one's balance: allowed.
  for (const char* s : {"posso tenere l'altra mano appoggiata alla sponda del tavolo mentre tiro?",
                        "mentre tira con la destra si tiene con la sinistra alla sponda, per stare "
                        "in equilibrio",
                        "mentre colpisco tengo la sinistra sul bordo del tavolo, è regolare?"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo", s);
    CHECK(ReadValues(j, "evento") == Values{"altra-mano-fuori-area-di-gioco"});
    CHECK(FirstRulingHas(j, "nessuna-sanzione"));
  }
  // On the cloth, inside the playing area: two hands on it.
  for (const char* s : {"tira con la destra e tiene la sinistra appoggiata sul panno dentro il campo",
                        "lui tira e ha l'altra mano sul panno, vale?"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo", s);
    CHECK(ReadValues(j, "infrazione") == Values{"due-mani"});
    CHECK(FirstRulingHas(j, "punizione-indiretta"));
  }
}

TEST_CASE("who won a shot against the goalkeeper, said in words", "[e2e]") {
  // The goalkeeper's duel is a duel: "ha fatto più di me", "mi ha battuto", "meno del portiere".
  for (const char* s : {"ho tirato in porta e il portiere ha fatto più di me",
                        "ho tirato e il portiere mi ha battuto 10 a 8, chi muove adesso?",
                        "tiro in porta, faccio meno del portiere"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "punteggio") == Values{"maggiore-difensore"});
    CHECK(FirstRulingHas(j, "parata"));
  }
  CHECK(ReadValues(ResolveBundled("calciotto", "tiro in porta e faccio più del portiere"),
                   "punteggio") == Values{"maggiore-attaccante"});
  // "battuto" of a kick is no duel won.
  CHECK(ReadValues(ResolveBundled("calciotto", "ho battuto il calcio di punizione"), "punteggio")
            .empty());
}

TEST_CASE("reaching the ball said by a clitic pronoun is the verb's person's reach", "[e2e]") {
  // "la raggiungo": the teller's side reaches the ball, not the other one ("mi raggiunge").
  for (const char* s : {"ho messo la palla in una casella vuota e la raggiungo col mio centrocampista",
                        "gioco la palla in casella libera e la raggiungo con un mio attaccante"}) {
    INFO(s);
    const Json j = ResolveBundled("soccer-tactics", s);
    CHECK(ReadValues(j, "sia-raggiunge") == Values{"si"});
    CHECK(ReadValues(j, "sid-raggiunge").empty());
    CHECK(FirstRulingHas(j, "turno-difesa"));
  }
  // "lui l'ha raggiunta con un suo difensore": the other side.
  const Json j = ResolveBundled(
      "soccer-tactics",
      "ho giocato la palla in una casella libera e lui l'ha raggiunta con un suo difensore");
  CHECK(ReadValues(j, "sid-raggiunge") == Values{"si"});
  // "non la raggiungo": nothing is said of the other side's reach.
  const Json n = ResolveBundled("soccer-tactics",
                                "gioco la palla in una casella vuota ma non la raggiungo con nessuno");
  CHECK(ReadValues(n, "sid-raggiunge").empty());
}

TEST_CASE("a subbuteo goalkeeper beyond the line of the goal area", "[e2e]") {
  for (const char* s : {"il mio avversario è uscito col portiere oltre la riga dell'area piccola e "
                        "mi ha parato il tiro, è la prima volta",
                        "il suo portiere fuori dall'area piccola para il mio tiro, prima volta"}) {
    INFO(s);
    const Json j = ResolveBundled("subbuteo", s);
    CHECK(ReadValues(j, "infrazione") == Values{"parata-fuori-area"});
    CHECK(FirstRulingHas(j, "back", "attaccante"));
  }
  // The ball leaving the goal area says nothing of the goalkeeper.
  CHECK(ReadValues(ResolveBundled("subbuteo",
                                  "rimessa dal fondo: la palla esce piano dall'area piccola"),
                   "infrazione")
            .empty());
}

TEST_CASE("a calciotto game of teams as players name it", "[e2e]") {
  for (const char* s : {"2vs2 a calciotto: mi avanzano 3 punti, li può usare il mio socio nello "
                        "stesso turno?",
                        "giochiamo 2 vs 2 e il mio socio usa i punti che mi avanzano nello stesso "
                        "turno",
                        "si gioca in coppia: il compagno usa nello stesso turno i miei punti "
                        "avanzati"}) {
    INFO(s);
    const Json j = ResolveBundled("calciotto", s);
    CHECK(ReadValues(j, "variante") == Values{"piu-giocatori"});
    CHECK(FirstRulingHas(j, "mossa-consentita"));
  }
}
