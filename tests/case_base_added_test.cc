// The findings of the blind review of the cases added by the fixes
// (corpus/<game>/review-cases-added.tsv), each resolved from a described situation on the
// real corpus: the ruling the book states, and what the book no longer lets fire beside it.
// Expected rulings come from reading the rulebooks, not from the engine's output.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"
#include "test_util.h"

using arbitro::test::Cites;
using arbitro::test::Json;
using arbitro::test::Resolve;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;

namespace {

// One described situation and the first ruling the book gives for it.
struct Expected {
  const char* game;
  const char* text;         // the description, in Italian
  const char* sanction;     // a sanction of the first ruling
  const char* beneficiary;  // its beneficiary ("" when the book names none)
  const char* citation;     // the provision that states it, among the ruling's citations
  const char* place;        // a fragment of that sanction's place ("" when none is owed)
  const char* decision;     // a fragment of the ruling's decision ("" when the sanction says it)
};

// A situation where a sanction type, stated by the given provision, must not be ruled.
struct Excluded {
  const char* game;
  const char* text;
  const char* sanction;
  const char* citation;
};

}  // namespace

TEST_CASE("resolve gives the book's ruling on the added-cases review's findings", "[e2e]") {
  TempDir idx;
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  REQUIRE(RunArbitro({"--index", idx.path(), "index"}, real).exit_code == 0);
  const Expected kExpected[] = {
      // Subbuteo 2: "A condizione che la palla sia ferma", also for the second miniature.
      {"subbuteo",
       "una miniatura finisce dentro la porta, il punto è già occupato da un'altra miniatura, e "
       "la palla rotola ancora",
       "nessuna-sanzione", "", "subbuteo-2.0#r2__area-di-porta__p1", "", ""},
      // Subbuteo 5, palla contesa: no forced corner when the ball is outside the area di tiro.
      {"subbuteo",
       "palla contesa: l'attaccante vuole forzare il calcio d'angolo ma la palla non è in area di "
       "tiro",
       "rimessa-dal-fondo", "difensore", "subbuteo-2.0#r5__palla-contesa__t1__r2", "area di porta",
       "la palla non è in area di tiro"},
      // Subbuteo 9: the portierino's player may reinstate his keeper once he has the ball again.
      {"subbuteo",
       "il giocatore del portierino riguadagna il possesso della palla e reinsedia il portiere",
       "nessuna-sanzione", "", "subbuteo-2.0#r9__rimozione__p2", "", ""},
      // Subbuteo 9: the portierino enters only once the keeper has been removed.
      {"subbuteo", "l'attaccante fa entrare il portierino senza aver rimosso il portiere", "back",
       "difensore", "subbuteo-2.0#r9__applicazione__p2", "", ""},
      // Subbuteo 13: the attacker need not wait; the block is not taken away.
      {"subbuteo",
       "dopo aver battuto la rimessa laterale l'attaccante deve aspettare il marcamento difensivo "
       "non ancora effettuato?",
       "marcamento-non-atteso", "attaccante", "subbuteo-2.0#r13__procedura__p12", "", ""},
      // Subbuteo 4, vantaggio: play is not stopped, whatever the defender has left to do.
      {"subbuteo",
       "l'attaccante chiede il vantaggio: deve aspettare che il difensore prenda il controllo del "
       "suo portiere?",
       "vantaggio", "attaccante", "subbuteo-2.0#r4__palla-in-gioco__p9", "", ""},
      // Subbuteo 3: the referee announces every added time, the penalty's too.
      {"subbuteo", "allo scadere del tempo si deve battere un calcio di rigore: quanto recupero?",
       "recupero", "arbitro", "subbuteo-2.0#r3__recupero__p2", "", ""},
      // Subbuteo 12: the two rientri are regained when the restart is awarded to the attacker.
      {"subbuteo",
       "all'attaccante è assegnata una rimessa laterale: riguadagna i colpi di rientro?",
       "rientri-ripristinati", "attaccante", "subbuteo-2.0#r12__rientro__p2", "", ""},
      // Rugby 5.1 n4: the returning miniature may not stop within 5 cm of the ball (cap. 6 e).
      {"subbuteo-rugby",
       "al termine degli spostamenti offensivi il difensore con l'ultimo tocco sposta una sua "
       "miniatura in posizione irregolare che si ferma entro 5 cm dalla palla",
       "punizione", "attaccante", "subbuteo-rugby-4.0#cap5__s5.1__n4", "terminato la sua corsa",
       ""},
      // Rugby 8.2 e2: the pressure touch before the mediano restarts.
      {"subbuteo-rugby",
       "nella touche la palla resta nel corridoio senza toccare miniature e chi ha lanciato "
       "ottiene il possesso",
       "tocco-di-pressione", "difensore", "subbuteo-rugby-4.0#cap8__s8.2__e2", "", ""},
      // Rugby 12 c: when the projection would move the ball, the miniature is moved back.
      {"subbuteo-rugby",
       "una miniatura si ferma in posizione orizzontale senza infrazione ma per rialzarla si "
       "dovrebbe spostare la palla",
       "riposizionamento", "proprietario-miniatura", "subbuteo-rugby-4.0#cap12__c",
       "arretrata lungo la direzione testa-base", ""},
      // Calciotto: exactly 8 players, the goalkeeper included.
      {"calciotto", "allo schieramento schiero sette calciatori compreso il portiere",
       "mossa-non-consentita", "", "calciotto#schieramento__p1", "", "più o meno di 8"},
      // Calciotto: the tackle only "al proprio turno".
      {"calciotto",
       "contrasto fuori turno da una casella contigua dopo aver fatto tutti gli spostamenti",
       "mossa-non-consentita", "", "calciotto#fase-azione__contrasto__p1", "", ""},
      // Soccer Tactics 1A: team A places its pieces first.
      {"soccer-tactics", "al calcio d'inizio quale squadra posiziona per prima le pedine?",
       "riposizionamento", "squadra-in-attacco", "soccer-tactics-completo#r1__a__p5", "", ""},
      // Soccer Tactics 1B: the lower roll kicks off the first half, the other team the second.
      {"soccer-tactics", "chi batte il calcio d'inizio del primo tempo?", "calcio-d-inizio",
       "dado-piu-basso", "soccer-tactics-completo#r1__b__p1", "", ""},
      {"soccer-tactics", "chi batte il calcio d'inizio del secondo tempo?", "calcio-d-inizio",
       "dado-piu-alto", "soccer-tactics-completo#r1__b__p1", "", ""},
      // Soccer Tactics 4C: with a 1 the piece dribbles one square (4C p1), then it is D's turn.
      {"soccer-tactics",
       "la squadra A tira 1 e dribbla con la pedina e la palla di una casella: cosa succede?",
       "turno-difesa", "squadra-in-difesa", "soccer-tactics-completo#r4__c__p1", "",
       "una casella in ogni direzione"},
      // Soccer Tactics 6A: the keeper's move without the dice, in the defensive phase.
      {"soccer-tactics", "in fase difensiva muovo il portiere di una casella senza tirare il dado",
       "nessuna-sanzione", "", "soccer-tactics-completo#r6__a__p1", "", ""},
  };
  for (const Expected& e : kExpected) {
    INFO(e.text);
    const Json j = Resolve(idx.path(), real, e.game, e.text);
    REQUIRE(j["rulings"].size() >= 1);
    const Json& ruling = j["rulings"][0];
    const Json& sanctions = ruling["sanctions"];
    bool found = false;
    for (size_t i = 0; i < sanctions.size(); ++i) {
      const Json& s = sanctions[i];
      if (s["type"].string != e.sanction) continue;
      found = true;
      if (*e.beneficiary) CHECK(s["beneficiary"].string == e.beneficiary);
      if (*e.place) CHECK(s["place"].string.find(e.place) != std::string::npos);
    }
    CHECK(found);
    if (*e.decision) CHECK(ruling["decision"].string.find(e.decision) != std::string::npos);
    CHECK(Cites(ruling, e.citation));
  }

  // What the book no longer lets fire in these situations.
  const Excluded kExcluded[] = {
      // Subbuteo 6 table: the keeper reinstated with the ball moving gives no block.
      {"subbuteo",
       "il difensore reinsedia il portiere con la palla che rotola ancora: può fare il marcamento "
       "difensivo non ancora effettuato?",
       "marcamento-difensivo", "subbuteo-2.0#r6__riepilogo-back__t1__r4"},
      // Subbuteo 9: no block already made is granted again.
      {"subbuteo", "il difensore reinsedia il portiere: il marcamento difensivo è già stato fatto",
       "marcamento-difensivo", "subbuteo-2.0#r9__rimozione__p4"},
      // Subbuteo 9: no permission for a portierino entering before the keeper is removed.
      {"subbuteo", "l'attaccante fa entrare il portierino senza aver rimosso il portiere",
       "nessuna-sanzione", "subbuteo-2.0#r9__applicazione__p1"},
      // Subbuteo 12: the passive-offside miniature may not replay the ball before it stops.
      {"subbuteo",
       "la miniatura in fuorigioco passivo gioca di nuovo la palla prima che si fermi: una "
       "miniatura in fuorigioco può giocare la palla?",
       "nessuna-sanzione", "subbuteo-2.0#r12__dichiarazione__p8"},
      // Subbuteo 12: a rientro during a throw-in does not restore the two rientri.
      {"subbuteo", "l'attaccante esegue un colpo di rientro durante la rimessa laterale",
       "rientri-ripristinati", "subbuteo-2.0#r12__rientro__p2"},
      // Rugby 5.3 c: only the offside defenders that obstruct the offload are moved.
      {"subbuteo-rugby",
       "nell'offload una miniatura del difensore in fuorigioco non ostruisce il gioco "
       "dell'attaccante",
       "riposizionamento", "subbuteo-rugby-4.0#cap5__s5.3__c"},
      // Rugby 11.1: the try only with a miniature in the defender's half.
      {"subbuteo-rugby",
       "tentativo di meta nell'area di meta avversaria: una miniatura offensiva in posizione "
       "regolare ma nella propria metà campo ottiene il possesso",
       "consentito", "subbuteo-rugby-4.0#cap11__s11.1__p1"},
      // Rugby 11.1 a: not offside only when the miniature passes the ball.
      {"subbuteo-rugby",
       "nell'area di meta del difensore la miniatura in avanzamento spinge la palla oltre 5 cm "
       "senza oltrepassarla",
       "nessuna-sanzione", "subbuteo-rugby-4.0#cap11__s11.1__a"},
      // Soccer Tactics 6A: the attacking side's keeper has no free move.
      {"soccer-tactics",
       "in fase offensiva la squadra in attacco muove il portiere senza tirare il dado",
       "nessuna-sanzione", "soccer-tactics-completo#r6__a__p1"},
  };
  for (const Excluded& x : kExcluded) {
    INFO(x.text);
    const Json j = Resolve(idx.path(), real, x.game, x.text);
    for (size_t i = 0; i < j["rulings"].size(); ++i) {
      const Json& ruling = j["rulings"][i];
      for (size_t k = 0; k < ruling["sanctions"].size(); ++k) {
        CHECK_FALSE(
            (ruling["sanctions"][k]["type"].string == x.sanction && Cites(ruling, x.citation)));
      }
    }
  }

  // Subbuteo 16: sudden death only "dopo cinque tiri": after three, resolve asks when.
  const Json j = Resolve(idx.path(), real, "subbuteo", "ai tiri piazzati c'è parità dopo tre tiri");
  bool asks_moment = false;
  for (size_t i = 0; i < j["unresolved"].size(); ++i) {
    asks_moment = asks_moment || j["unresolved"][i]["fact"].string == "momento";
  }
  CHECK(asks_moment);
}
