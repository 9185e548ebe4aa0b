// Resolve on the real corpus: reading, specificity, ask-back, variants, bad input.
// Expected rulings come from reading the rulebooks (Subbuteo Rev. 2.0 Regola 5 and
// the appendix table; Calciotto "Scopo del gioco"), not from the engine's output.
#include <catch2/catch.hpp>

#include <algorithm>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "test_util.h"

using namespace arbitro;

namespace {

// One index of the real corpus for every test case of this file.
Engine& RealCorpusEngine() {
  static arbitro::test::TempDir dir;
  static std::unique_ptr<Engine> engine =
      arbitro::test::IndexAndOpen(ARBITRO_CORPUS_DIR, dir.path());
  return *engine;
}

bool Cites(const Ruling& r, const std::string& id) {
  return std::any_of(r.citations.begin(), r.citations.end(),
                     [&](const Citation& c) { return c.id == id; });
}

bool HasSanction(const Ruling& r, const std::string& type, const std::string& beneficiary) {
  return std::any_of(r.sanctions.begin(), r.sanctions.end(), [&](const SanctionInfo& s) {
    return s.type == type && s.beneficiary == beneficiary;
  });
}

}  // namespace

TEST_CASE("the zone decides: penalty in the area, direct or indirect free kick elsewhere",
          "[resolve]") {
  Engine& engine = RealCorpusEngine();
  ResolveOptions options;
  options.game = "subbuteo";
  ResolveResult r;
  // Regola 5 "Falli di gioco dell'attaccante" + appendix: without the zone, ask back.
  REQUIRE(engine.Resolve("l'attaccante colpisce una miniatura ferma prima di toccare la palla",
                         options, &r).ok());
  REQUIRE(r.unresolved.size() == 1);
  const Unresolved& u = r.unresolved[0];
  CHECK(u.fact == "zona");
  CHECK_FALSE(u.question.empty());
  std::vector<std::string> values;
  for (const auto& o : u.options) values.push_back(o.value);
  CHECK(std::find(values.begin(), values.end(), "area-di-rigore") != values.end());
  CHECK(std::find(values.begin(), values.end(), "area-di-tiro") != values.end());
  for (const auto& o : u.options) {
    if (o.value == "area-di-rigore") CHECK(o.decision.find("rigore") != std::string::npos);
    if (o.value == "area-di-tiro") CHECK(o.decision.find("diretto") != std::string::npos);
  }
  // With the zone: calcio di rigore, citing the body rule and the appendix row.
  REQUIRE(engine.Resolve("l'attaccante colpisce una miniatura ferma prima di toccare la palla "
                         "nella propria area di rigore",
                         options, &r).ok());
  REQUIRE_FALSE(r.rulings.empty());
  CHECK(HasSanction(r.rulings[0], "calcio-di-rigore", "difensore"));
  CHECK(Cites(r.rulings[0], "subbuteo-2.0#r5__falli-attaccante__p1"));
  CHECK(r.unresolved.empty());
}

TEST_CASE("a repeated goalkeeper offence climbs the ladder", "[resolve]") {
  Engine& engine = RealCorpusEngine();
  ResolveOptions options;
  options.game = "subbuteo";
  ResolveResult first, again;
  REQUIRE(engine.Resolve("il portiere para fuori dall'area di porta per la prima volta", options,
                         &first).ok());
  REQUIRE(engine.Resolve("il portiere para fuori dall'area di porta per la seconda volta", options,
                         &again).ok());
  REQUIRE_FALSE(first.rulings.empty());
  REQUIRE_FALSE(again.rulings.empty());
  CHECK(HasSanction(first.rulings[0], "back", "attaccante"));
  CHECK(HasSanction(again.rulings[0], "calcio-di-rigore", "attaccante"));
}

TEST_CASE("the game is inferred from the description", "[resolve]") {
  Engine& engine = RealCorpusEngine();
  ResolveResult r;
  REQUIRE(engine.Resolve("durante la mischia il mediano difensivo tocca il pacchetto avversario",
                         ResolveOptions{}, &r).ok());
  CHECK(r.game == "subbuteo-rugby");
}

TEST_CASE("a variant rule applies only when named, and is mentioned otherwise", "[resolve]") {
  Engine& engine = RealCorpusEngine();
  ResolveOptions options;
  options.game = "calciotto";
  ResolveResult r;
  // Not named: no ruling, and the variant that would give one is mentioned.
  REQUIRE(engine.Resolve("la partita è stata vinta", options, &r).ok());
  CHECK(r.rulings.empty());
  REQUIRE_FALSE(r.notes.empty());
  CHECK(r.notes[0].find("--variant torneo") != std::string::npos);
  options.variants = {"torneo"};
  REQUIRE(engine.Resolve("la partita è stata vinta", options, &r).ok());
  REQUIRE_FALSE(r.rulings.empty());
  CHECK(Cites(r.rulings[0], "calciotto#scopo__p5"));
  // Named in the text ("del torneo"): applied as --variant would, and said so.
  options.variants.clear();
  REQUIRE(engine.Resolve("la partita del torneo è stata vinta", options, &r).ok());
  REQUIRE_FALSE(r.rulings.empty());
  CHECK(Cites(r.rulings[0], "calciotto#scopo__p5"));
  CHECK(r.variants_named == std::vector<std::string>{"torneo"});
}

TEST_CASE("structured facts are checked against the vocabulary", "[resolve]") {
  Engine& engine = RealCorpusEngine();
  ResolveOptions options;
  options.game = "subbuteo";
  options.facts = {{"zonaa", "area-di-rigore"}};
  ResolveResult r;
  Status s = engine.Resolve("", options, &r);
  CHECK(s.code() == Status::Code::kInvalidArgument);
  CHECK(s.message().rfind("fatto sconosciuto 'zonaa' per subbuteo, forse 'zona'?", 0) == 0);
  options.facts = {{"zona", "area-di-rigor"}};
  s = engine.Resolve("", options, &r);
  CHECK(s.code() == Status::Code::kInvalidArgument);
  CHECK(s.message().rfind("valore sconosciuto 'area-di-rigor' per il fatto zona, forse 'area-di-rigore'?", 0) == 0);
  options.facts = {{"infrazione", "miniatura-prima-della-palla"},
                   {"autore", "attaccante"},
                   {"zona", "area-di-tiro"}};
  REQUIRE(engine.Resolve("", options, &r).ok());
  REQUIRE_FALSE(r.rulings.empty());
  CHECK(HasSanction(r.rulings[0], "punizione-diretta", "difensore"));
  options.game.clear();
  CHECK(engine.Resolve("", options, &r).code() == Status::Code::kInvalidArgument);
}

TEST_CASE("bad descriptions get a clear refusal, never an invented ruling", "[resolve]") {
  Engine& engine = RealCorpusEngine();
  ResolveOptions options;
  options.game = "subbuteo";
  ResolveResult r;
  Status s = engine.Resolve("  ?! ", options, &r);
  CHECK(s.code() == Status::Code::kInvalidArgument);
  CHECK(s.message() == "la descrizione è vuota: descrivere la situazione di gioco");
  s = engine.Resolve("la palla ferma e poi la palla in movimento", options, &r);
  CHECK(s.code() == Status::Code::kInvalidArgument);
  CHECK(s.message().rfind("fatti contraddittori:", 0) == 0);
  options.game = "scacchi";
  CHECK(engine.Resolve("fuorigioco", options, &r).code() == Status::Code::kInvalidArgument);
  options.game = "subbuteo";
  REQUIRE(engine.Resolve("il cielo è sereno e fa caldo", options, &r).ok());
  CHECK(r.rulings.empty());
  CHECK(r.unresolved.empty());
}
