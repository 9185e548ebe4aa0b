// Integration: the mini fixture corpus through LoadCorpus → BuildIndex → Engine.
#include <catch2/catch.hpp>
#include <filesystem>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "test_util.h"

using namespace arbitro;
using arbitro::test::TempDir;

namespace {

const std::string kMini = arbitro::test::MiniCorpusDir();

void BuildMini(const std::string& index_dir, IndexStats* stats) {
  arbitro::test::IndexOrFail(kMini, index_dir, stats);
}

std::unique_ptr<Engine> OpenMini(const TempDir& dir) {
  return arbitro::test::IndexAndOpen(kMini, dir.path());
}

}  // namespace

TEST_CASE("the index holds every unit and one search document per provision", "[index]") {
  TempDir dir;
  IndexStats stats;
  BuildMini(dir.path(), &stats);
  CHECK(stats.documents == 1);
  // rule r1, section, provision; rule r2, two provisions
  CHECK(stats.units == 6);
  CHECK(stats.xapian_documents == 3);
  CHECK(stats.cases == 3);
  std::string gen;
  REQUIRE(OpenCurrentGeneration(dir.path(), &gen).ok());
  CHECK(std::filesystem::exists(SqlitePath(gen)));
}

TEST_CASE("ask finds the provision, with citation, sanctions and highlights", "[index]") {
  TempDir dir;
  auto engine = OpenMini(dir);
  AskResult r;
  REQUIRE(engine->Ask("cosa succede in caso di fuorigioco?", AskOptions{}, &r).ok());
  REQUIRE_FALSE(r.hits.empty());
  const ProvisionInfo& p = r.hits[0].provision;
  CHECK(p.id == "mini-1.0#r1__definizione__p1");
  CHECK(p.citation == "Regolamento Mini 1.0 › Regola 1 FUORIGIOCO › Definizione");
  REQUIRE(p.sanctions.size() == 1);
  CHECK(p.sanctions[0].type == "punizione-indiretta");
  CHECK(p.sanctions[0].beneficiary == "difensore");
  CHECK(r.hits[0].score == Approx(1.0));
  REQUIRE_FALSE(r.hits[0].highlights.empty());
  auto [b, e] = r.hits[0].highlights[0];
  CHECK(p.text.substr(b, e - b) == "fuorigioco");
}

TEST_CASE("synonyms, protected words and typos reach the right provision", "[index]") {
  TempDir dir;
  auto engine = OpenMini(dir);
  AskResult r;
  REQUIRE(engine->Ask("offside", AskOptions{}, &r).ok());
  REQUIRE_FALSE(r.hits.empty());
  CHECK(r.hits[0].provision.eid == "r1__definizione__p1");
  REQUIRE(engine->Ask("il portiere para fuori", AskOptions{}, &r).ok());
  REQUIRE_FALSE(r.hits.empty());
  CHECK(r.hits[0].provision.eid == "r2__p1");
  REQUIRE(engine->Ask("portierre", AskOptions{}, &r).ok());
  CHECK(r.corrected == "portiere");
  REQUIRE_FALSE(r.hits.empty());
  CHECK(r.hits[0].provision.eid == "r2__p1");
}

// asked.xml: how people ask for a provision reaches it though its text has none of the
// words; the words are never shown (highlights stay in the text).
TEST_CASE("questions of asked.xml lead to their provision", "[index]") {
  TempDir tmp;
  const std::string corpus = (std::filesystem::path(tmp.path()) / "corpus").string();
  arbitro::test::CopyTree(kMini, corpus);
  const std::string index = (std::filesystem::path(tmp.path()) / "index").string();
  {
    auto plain = arbitro::test::IndexAndOpen(corpus, index);
    AskResult r;
    REQUIRE(plain->Ask("quanti giri di lancetta tra fischio e fischio?", AskOptions{}, &r).ok());
    for (const AskHit& h : r.hits) CHECK(h.provision.eid != "r2__p2");
  }
  arbitro::test::WriteFile(corpus + "/mini/asked.xml",
                           "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                           "<asked game=\"mini\">\n"
                           "  <provision ref=\"mini-1.0#r2__p2\">\n"
                           "    <q>quanti giri di lancetta tra fischio e fischio?</q>\n"
                           "  </provision>\n"
                           "</asked>\n");
  auto engine = arbitro::test::IndexAndOpen(corpus, index);
  AskResult r;
  REQUIRE(engine->Ask("quanti giri di lancetta tra fischio e fischio?", AskOptions{}, &r).ok());
  REQUIRE_FALSE(r.hits.empty());
  CHECK(r.hits[0].provision.id == "mini-1.0#r2__p2");
  CHECK(r.hits[0].highlights.empty());
}

TEST_CASE("bad questions are rejected with a clear message", "[index]") {
  TempDir dir;
  auto engine = OpenMini(dir);
  AskResult r;
  Status s = engine->Ask("   ", AskOptions{}, &r);
  CHECK(s.code() == Status::Code::kInvalidArgument);
  CHECK(s.message() == "la domanda è vuota: scrivere almeno una parola");
  AskOptions bad_game;
  bad_game.game = "scacchi";
  s = engine->Ask("fuorigioco", bad_game, &r);
  CHECK(s.code() == Status::Code::kInvalidArgument);
  CHECK(s.message() == "gioco sconosciuto 'scacchi' (giochi disponibili: mini)");
  s = engine->Ask("cosa se il la", AskOptions{}, &r);
  CHECK(s.code() == Status::Code::kInvalidArgument);
  // Xapian syntax is just text here.
  REQUIRE(engine->Ask("fuorigioco AND NOT ( \" * NEAR", AskOptions{}, &r).ok());
  CHECK_FALSE(r.hits.empty());
}

TEST_CASE("show resolves ids and links both ways", "[index]") {
  TempDir dir;
  auto engine = OpenMini(dir);
  ProvisionInfo p;
  REQUIRE(engine->Show("r2__p1", &p).ok());
  CHECK(p.id == "mini-1.0#r2__p1");
  REQUIRE(p.refs_out.size() == 1);
  CHECK(p.refs_out[0].id == "mini-1.0#r1");
  CHECK(p.refs_out[0].quote == "vedi Regola 1");
  ProvisionInfo r1;
  REQUIRE(engine->Show("mini-1.0#r1", &r1).ok());
  REQUIRE(r1.refs_in.size() == 1);
  CHECK(r1.refs_in[0].id == "mini-1.0#r2__p1");
  CHECK(engine->Show("mini-1.0#nope", &p).code() == Status::Code::kNotFound);
}

TEST_CASE("a failed rebuild leaves the previous index in place", "[index]") {
  TempDir dir;
  IndexStats first;
  BuildMini(dir.path(), &first);
  // A corpus error stops the build before anything is written.
  TempDir broken;
  arbitro::test::CopyTree(kMini, broken / "corpus");
  arbitro::test::WriteFile(broken / "corpus/mini/mini-1.0.xml", "<rulebook game='mini'");
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  CHECK_FALSE(LoadCorpus(broken / "corpus", &corpus, &diagnostics).ok());
  std::string gen;
  REQUIRE(OpenCurrentGeneration(dir.path(), &gen).ok());
  CHECK(gen == first.generation);
  // A second successful build replaces it and keeps exactly one previous generation.
  IndexStats second;
  BuildMini(dir.path(), &second);
  REQUIRE(OpenCurrentGeneration(dir.path(), &gen).ok());
  CHECK(gen == second.generation);
  int generations = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    if (e.path().filename().string().rfind("gen-", 0) == 0) ++generations;
  }
  CHECK(generations == 2);
}

TEST_CASE("stale temporary directories are removed by the next build", "[index]") {
  TempDir dir;
  std::filesystem::create_directories(dir / "tmp-123-dead/xapian");
  IndexStats stats;
  BuildMini(dir.path(), &stats);
  CHECK_FALSE(std::filesystem::exists(dir / "tmp-123-dead"));
}
