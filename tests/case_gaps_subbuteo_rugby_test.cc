// Subbuteo Table Rugby rulings the book states that had no case with that ruling (the case-base
// gaps of the blind writers' train situations), each resolved from a described situation on the
// real corpus: the ruling, the provision that states it, and the facts read from the words.
#include <catch2/catch.hpp>
#include <string>

#include "resolve_json.h"

using arbitro::test::CheckFirstRuling;
using arbitro::test::Cites;
using arbitro::test::Json;
using arbitro::test::ReadValues;
using arbitro::test::ResolveBundled;
using arbitro::test::Values;

namespace {

constexpr char kGame[] = "subbuteo-rugby";

bool Has(const Values& values, const std::string& v) {
  for (const auto& x : values) {
    if (x == v) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("subbuteo-rugby: a pass hitting an offside defender not recalled is an intercept",
          "[e2e][corpus-e2e]") {
  // cap. 5.1 n8: 'tale miniatura ... entra regolarmente in possesso di palla compiendo un
  // INTERCETTO'.
  const Json j = ResolveBundled(kGame,
                                "Passaggio volontario: l'ovale sbatte contro un suo omino in "
                                "fuorigioco, e io non avevo domandato di farlo rientrare.");
  CHECK(Has(ReadValues(j, "contatto"), "miniatura-difensiva"));
  CheckFirstRuling(j, "possesso", "difensore", "subbuteo-rugby-4.0#cap5__s5.1__n8");

  const Json other = ResolveBundled(kGame,
                                    "Durante il mio passaggio volontario la palla urta un omino "
                                    "dell'avversario rimasto in fuorigioco, senza che io abbia "
                                    "chiesto il rientro.");
  CHECK(Has(ReadValues(other, "contatto"), "miniatura-difensiva"));
  CheckFirstRuling(other, "possesso", "difensore", "subbuteo-rugby-4.0#cap5__s5.1__n8");
}

TEST_CASE("subbuteo-rugby: a volley pass hitting an offside defender is an intercept",
          "[e2e][corpus-e2e]") {
  // cap. 5.2 d: same words as 5.1 n8, for the passaggio al volo.
  const Json j = ResolveBundled(kGame,
                                "Passaggio al volo: la palla finisce su una miniatura avversaria "
                                "in posizione irregolare.");
  CheckFirstRuling(j, "possesso", "difensore", "subbuteo-rugby-4.0#cap5__s5.2__d");
}

TEST_CASE("subbuteo-rugby: past the whole defence the defender may use offside pieces",
          "[e2e][corpus-e2e]") {
  // cap. 10.1 m: 'il difensore può tentare di entrare in possesso di palla con una qualsiasi
  // delle proprie miniature, anche se queste si trovano in posizione di fuorigioco'.
  const Json j = ResolveBundled(kGame,
                                "Dopo il suo calcio di spostamento la palla supera tutte le mie "
                                "miniature e lui perde il possesso: posso tentare il possesso con "
                                "una mia miniatura in fuorigioco?");
  CHECK(Has(ReadValues(j, "evento"), "palla-supera-difesa"));
  CheckFirstRuling(j, "consentito", "difensore", "subbuteo-rugby-4.0#cap10__s10.1__m");
}

TEST_CASE("subbuteo-rugby: the conversion is kicked in line with the try", "[e2e][corpus-e2e]") {
  // cap. 11.2 a: 'sul punto della linea dei 22 metri perpendicolare al punto in cui la meta è
  // stata segnata'.
  const Json j = ResolveBundled(kGame,
                                "Abbiamo segnato la meta vicino alla linea laterale: la "
                                "trasformazione va battuta davanti ai pali o in linea con il "
                                "punto della meta?");
  CHECK(Has(ReadValues(j, "punto-battuta"), "davanti-ai-pali"));
  CheckFirstRuling(j, "trasformazione", "attaccante", "subbuteo-rugby-4.0#cap11__s11.2__a");

  // A question about the clock is still cap. 11.2 e (time stopped), not the kicking point.
  const Json clock = ResolveBundled(kGame,
                                    "Segno la meta: il cronometro si ferma mentre preparo la "
                                    "trasformazione?");
  REQUIRE(clock["rulings"].size() >= 1);
  CHECK(clock["rulings"][0]["sanctions"][0]["type"].string == "tempo-fermato");
  CHECK(Cites(clock["rulings"][0], "subbuteo-rugby-4.0#cap11__s11.2__e"));
}

TEST_CASE("subbuteo-rugby: before calling META! the attacker may keep advancing",
          "[e2e][corpus-e2e]") {
  // cap. 11.1 c: 'Prima di dichiarare META! ... può proseguire l'azione di avanzamento
  // all'interno dell'area di meta'.
  const Json j = ResolveBundled(kGame,
                                "La palla è nell'area di meta, non ho ancora dichiarato meta: "
                                "posso continuare l'avanzamento per spostarmi verso i pali?");
  CHECK(Has(ReadValues(j, "dichiarazione"), "nessuna"));
  CheckFirstRuling(j, "consentito", "attaccante", "subbuteo-rugby-4.0#cap11__s11.1__c");
}

TEST_CASE("subbuteo-rugby: a try needs a miniature in the defender's half", "[e2e][corpus-e2e]") {
  // cap. 11.1: the try is scored with 'una propria miniatura posta in posizione regolare
  // all'interno della metà-campo del difensore'; from the attacker's own half it is not allowed.
  const Json j = ResolveBundled(kGame,
                                "palla nell'area di meta avversaria: provo a segnare la meta con "
                                "un omino che sta ancora nella mia metà campo, è valida?");
  CHECK(Has(ReadValues(j, "meta-campo-miniatura"), "attaccante"));
  CheckFirstRuling(j, "non-consentito", "attaccante", "subbuteo-rugby-4.0#cap11__s11.1__p1");
}
