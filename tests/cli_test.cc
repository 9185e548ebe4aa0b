// End-to-end: the built `arbitro` binary on the mini fixture corpus.
#include <catch2/catch.hpp>
#include <filesystem>

#include "json_value.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;

namespace {

const std::string kMini = arbitro::test::MiniCorpusDir();
const std::string kMiniEnv = arbitro::test::CorpusEnv(kMini);

}  // namespace

TEST_CASE("help lists commands and exit codes", "[e2e]") {
  auto r = RunArbitro({"--help"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("ask [--game GIOCO]") != std::string::npos);
  CHECK(r.out.find("Codici di uscita:") != std::string::npos);
}

TEST_CASE("unknown commands and options suggest the nearest", "[e2e]") {
  auto r = RunArbitro({"aks", "fuorigioco"});
  CHECK(r.exit_code == 2);
  CHECK(r.err ==
        "arbitro: comando sconosciuto 'aks', forse intendevi 'ask'? (arbitro --help elenca i "
        "comandi)\n");
  TempDir idx;
  r = RunArbitro({"--index", idx.path(), "ask", "--limt", "3", "fuorigioco"}, kMiniEnv);
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: opzione sconosciuta '--limt', forse intendevi '--limit'?\n");
  r = RunArbitro({"--index", idx.path(), "ask", "--limit", "0", "fuorigioco"}, kMiniEnv);
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: --limit richiede un numero intero tra 1 e 100 (ricevuto '0')\n");
}

TEST_CASE("a quality floor that is not a fraction is refused before any evaluation", "[e2e]") {
  TempDir idx;
  const struct {
    const char *command, *option, *value;
  } kBad[] = {{"eval-ask", "--floor-top1", "abc"},
              {"eval-ask", "--floor-inferred-top3", "0.9x"},
              {"eval-resolve", "--floor", "1.5"},
              {"eval-resolve", "--floor-inferred", "nan"}};
  for (const auto& bad : kBad) {
    auto r = RunArbitro({"--index", idx.path(), bad.command, bad.option, bad.value, "set.tsv"}, kMiniEnv);
    CHECK(r.exit_code == 2);
    CHECK(r.err == std::string("arbitro: ") + bad.option +
                       " richiede un numero tra 0 e 1, come 0.85 (ricevuto '" + bad.value + "')\n");
  }
  // Nothing was evaluated, so nothing was indexed either.
  CHECK(std::filesystem::is_empty(idx.path()));
}

TEST_CASE("the first query builds the index, then answers in JSON", "[e2e]") {
  TempDir idx;
  auto r = RunArbitro(
      {"--index", idx.path(), "ask", "--json", "cosa succede se sono in fuorigioco"}, kMiniEnv);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.find("indicizzazione del corpus incluso") != std::string::npos);
  Json j = Json::Parse(r.out);
  CHECK(j["query"].string == "cosa succede se sono in fuorigioco");
  REQUIRE(j["hits"].size() >= 1);
  const Json& hit = j["hits"][0];
  CHECK(hit["game"].string == "mini");
  CHECK(hit["doc"].string == "mini-1.0");
  CHECK(hit["id"].string == "mini-1.0#r1__definizione__p1");
  CHECK(hit["citation"].string == "Regolamento Mini 1.0 › Regola 1 FUORIGIOCO › Definizione");
  CHECK(hit["text"].string.rfind("Una miniatura dell'attaccante è in fuorigioco", 0) == 0);
  REQUIRE(hit["sanctions"].size() == 1);
  CHECK(hit["sanctions"][0]["type"].string == "punizione-indiretta");
  CHECK(hit["sanctions"][0]["beneficiary"].string == "difensore");
  CHECK(hit["sanctions"][0]["place"].string ==
        "nel punto in cui si trova la miniatura in fuorigioco");
  CHECK(hit["score"].type == Json::Type::kNumber);
  // Second run: no rebuild notice.
  r = RunArbitro({"--index", idx.path(), "ask", "fuorigioco"}, kMiniEnv);
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.find("Regola 1 FUORIGIOCO") != std::string::npos);
}

TEST_CASE("-- lets a question start with a dash", "[e2e]") {
  TempDir idx;
  auto r = RunArbitro({"--index", idx.path(), "ask", "--", "-portiere fuori area"}, kMiniEnv);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("Regola 2 PORTIERE") != std::string::npos);
}

TEST_CASE("bad input gets one line and the documented exit code", "[e2e]") {
  TempDir idx;
  auto r = RunArbitro({"--index", idx.path(), "ask", "  "}, kMiniEnv);
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: la domanda è vuota: arbitro ask \"domanda\"\n");
  r = RunArbitro({"--index", idx.path(), "ask", "--game", "scacchi", "fuorigioco"}, kMiniEnv);
  CHECK(r.exit_code == 2);
  r = RunArbitro({"--index", idx.path(), "show", "mini-1.0#r99"}, kMiniEnv);
  CHECK(r.exit_code == 3);
  CHECK(r.err == "arbitro: identificativo sconosciuto 'mini-1.0#r99'\n");
  r = RunArbitro({"--index", idx.path(), "ask", "'; DROP TABLE units; --"}, kMiniEnv);
  CHECK((r.exit_code == 0 || r.exit_code == 2));
  r = RunArbitro({"--index", idx.path(), "show", "mini-1.0#r1"}, kMiniEnv);
  CHECK(r.exit_code == 0);
}

TEST_CASE("a corpus error is reported as file:line:col and keeps the old index", "[e2e]") {
  TempDir idx, work;
  arbitro::test::CopyTree(kMini, work / "corpus");
  auto r = RunArbitro({"--index", idx.path(), "index", "--corpus", work / "corpus"});
  REQUIRE(r.exit_code == 0);
  const std::string doc = work / "corpus/mini/mini-1.0.xml";
  std::string xml = arbitro::test::ReadFile(doc);
  xml.replace(xml.find("eId=\"r2\""), 8, "eId=\"r1\"");
  arbitro::test::WriteFile(doc, xml);
  r = RunArbitro({"--index", idx.path(), "index", "--corpus", work / "corpus"});
  CHECK(r.exit_code == 4);
  CHECK(r.err.find(doc + ":23:") != std::string::npos);
  CHECK(r.err.find("duplicate eId 'r1'") != std::string::npos);
  r = RunArbitro({"--index", idx.path(), "ask", "fuorigioco"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("Regola 1 FUORIGIOCO") != std::string::npos);
}

TEST_CASE("a corrupt index is an index error, not a crash", "[e2e]") {
  TempDir idx;
  auto r = RunArbitro({"--index", idx.path(), "index"}, kMiniEnv);
  REQUIRE(r.exit_code == 0);
  const std::string current = std::filesystem::read_symlink(idx / "current").string();
  arbitro::test::WriteFile(idx / (current + "/arbitro.sqlite"), "this is not a database");
  r = RunArbitro({"--index", idx.path(), "ask", "fuorigioco"}, kMiniEnv);
  CHECK(r.exit_code == 5);
  CHECK(r.err.rfind("arbitro: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

TEST_CASE("on the real corpus: game names, and other games when the named one has nothing",
          "[e2e]") {
  TempDir idx;
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  // "Ostruzione" is an infringement of Subbuteo and of Table Rugby, not of Soccer Tactics.
  auto r =
      RunArbitro({"--index", idx.path(), "ask", "--game", "Soccer Tactics", "ostruzione"}, real);
  CHECK(r.exit_code == 0);
  CHECK(r.out ==
        "Nessuna regola trovata per: ostruzione\n"
        "Trovata in altri giochi: subbuteo-rugby, subbuteo\n");
  r = RunArbitro({"--index", idx.path(), "ask", "--json", "--game", "rugby", "ostruzione"}, real);
  CHECK(r.exit_code == 0);
  const Json j = Json::Parse(r.out);
  CHECK(j["game"].string == "subbuteo-rugby");
  r = RunArbitro({"--index", idx.path(), "ask", "--game", "calciotta", "rigore"}, real);
  CHECK(r.exit_code == 2);
  CHECK(r.err ==
        "arbitro: gioco sconosciuto 'calciotta', forse 'calciotto'? (giochi disponibili: "
        "calciotto, soccer-tactics, subbuteo, subbuteo-rugby)\n");
}
