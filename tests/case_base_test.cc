// The case base's own guards, on planted examples: choices between restarts
// (<choice by=…>) in the schema, resolve and its JSON; and the check findings
// DECISION-PROVISO, RESTART-NO-PLACE and CASE-AMBIGUOUS.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "json_value.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ReadFile;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;
using arbitro::test::WriteFile;

namespace {

// Replaces `from` by `to` in the file, which must contain it.
void Plant(const std::string& path, const std::string& from, const std::string& to) {
  std::string text = ReadFile(path);
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  WriteFile(path, text);
}

const std::string kRigore = "          <sanction type=\"calcio-di-rigore\" beneficiary=\"attaccante\"/>\n";
const std::string kChoice =
    "          <choice by=\"attaccante\">\n"
    "            <sanction type=\"calcio-di-rigore\" beneficiary=\"attaccante\"/>\n"
    "            <sanction type=\"back\" beneficiary=\"attaccante\" place=\"dal limite dell'area\"/>\n"
    "          </choice>\n"
    "          <sanction type=\"cartellino-giallo\" beneficiary=\"attaccante\"/>\n";

std::vector<arbitro::Finding> CheckDir(const std::string& dir) {
  arbitro::Corpus corpus = arbitro::test::LoadOrFail(dir);
  arbitro::CheckOptions options;
  std::vector<arbitro::Finding> findings;
  REQUIRE(arbitro::CheckCorpus(corpus, options, &findings).ok());
  return findings;
}

std::vector<const arbitro::Finding*> Coded(const std::vector<arbitro::Finding>& findings,
                                           const std::string& code) {
  std::vector<const arbitro::Finding*> out;
  for (const auto& f : findings) {
    if (f.code == code) out.push_back(&f);
  }
  return out;
}

}  // namespace

TEST_CASE("a choice between restarts is one choice in resolve, not cumulative sanctions", "[e2e]") {
  TempDir tmp;
  const std::string dir = tmp / "corpus";
  arbitro::test::CopyTree(arbitro::test::MiniCorpusDir(), dir);
  Plant(dir + "/mini/mini-1.0.xml", kRigore, kChoice);
  const std::string env = arbitro::test::CorpusEnv(dir);
  TempDir idx;
  const std::vector<std::string> facts = {"--game", "mini", "--fact", "infrazione=parata-fuori-area",
                                          "--fact", "occorrenza=2"};
  std::vector<std::string> args = {"--index", idx.path(), "resolve", "--json"};
  args.insert(args.end(), facts.begin(), facts.end());
  auto r = RunArbitro(args, env);
  REQUIRE(r.exit_code == 0);
  const Json j = Json::Parse(r.out);
  REQUIRE(j["rulings"].size() >= 1);
  const Json& sanctions = j["rulings"][0]["sanctions"];
  REQUIRE(sanctions.size() == 3);
  CHECK(sanctions[0]["type"].string == "calcio-di-rigore");
  CHECK(sanctions[0]["choice"].string == "mini-1.0#r2__p1/c2/scelta1");
  CHECK(sanctions[0]["chosen_by"].string == "attaccante");
  CHECK(sanctions[1]["type"].string == "back");
  CHECK(sanctions[1]["choice"].string == sanctions[0]["choice"].string);
  CHECK(sanctions[2]["type"].string == "cartellino-giallo");
  CHECK(sanctions[2].Has("choice") == false);  // cumulative: no choice field

  args[3] = "--explain";
  r = RunArbitro(args, env);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("  → a scelta dell'attaccante: Calcio di rigore per l'attaccante oppure Back "
                   "per l'attaccante (dal limite dell'area)\n") != std::string::npos);
}

TEST_CASE("a malformed choice is a corpus error at its place", "[e2e]") {
  TempDir tmp;
  const std::string dir = tmp / "corpus";
  arbitro::test::CopyTree(arbitro::test::MiniCorpusDir(), dir);
  Plant(dir + "/mini/mini-1.0.xml", kRigore,
        "          <choice by=\"nessuno\">\n"
        "            <sanction type=\"calcio-di-rigore\" beneficiary=\"attaccante\"/>\n"
        "          </choice>\n");
  TempDir idx;
  auto r = RunArbitro({"--index", idx.path(), "index"}, arbitro::test::CorpusEnv(dir));
  CHECK(r.exit_code == 4);
  CHECK(r.err.find("mini-1.0.xml:32:11: error: undeclared beneficiary 'nessuno'") !=
        std::string::npos);
  CHECK(r.err.find("mini-1.0.xml:32:11: error: a choice needs at least two alternative "
                   "sanctions") != std::string::npos);
}

TEST_CASE("check: provisos in decisions, restarts without their place, ambiguous cases", "[check]") {
  TempDir tmp;
  const std::string dir = tmp / "corpus";
  arbitro::test::CopyTree(std::string(ARBITRO_FIXTURES_DIR) + "/check/clean", dir);
  const std::string book = dir + "/prova/prova-1.0.xml";
  // The clean corpus has none of the three.
  auto before = CheckDir(dir);
  CHECK(Coded(before, "DECISION-PROVISO").empty());
  CHECK(Coded(before, "RESTART-NO-PLACE").empty());
  CHECK(Coded(before, "CASE-AMBIGUOUS").empty());

  // A proviso left in the decision; a free kick whose place the text gives; two cases on
  // the same infringement that can both fire, with no precedence.
  Plant(book, "decision=\"Back per l'avversario\"",
        "decision=\"Back per l'avversario, purché il gioco sia fermo\"");
  Plant(book, "concede un calcio di punizione all'attaccante.",
        "concede un calcio di punizione all'attaccante dal punto dell'infrazione.");
  Plant(book, "        <overrides target=\"r1__p3\" kind=\"precedence\" quote=\"invece\"/>\n", "");
  Plant(book, "<when><cond fact=\"infrazione\" value=\"ritardo\"/></when>\n          <sanction type=\"punizione\"",
        "<when><cond fact=\"infrazione\" value=\"ritardo\"/><cond fact=\"zona\" value=\"area\"/></when>\n"
        "          <sanction type=\"punizione\"");
  Plant(book, "<when><cond fact=\"infrazione\" value=\"ritardo\"/></when>\n          <sanction type=\"back\"",
        "<when><cond fact=\"infrazione\" value=\"ritardo\"/><cond fact=\"autore\" value=\"difensore\"/></when>\n"
        "          <sanction type=\"back\"");
  auto after = CheckDir(dir);
  auto proviso = Coded(after, "DECISION-PROVISO");
  REQUIRE(proviso.size() == 1);
  CHECK(proviso[0]->severity == arbitro::Severity::kError);
  CHECK(proviso[0]->message ==
        "il caso c1 dice «purche» nella decisione, ma nessuna condizione né scelta lo esprime: "
        "«Back per l'avversario, purché il gioco sia fermo»");
  CHECK(proviso[0]->citations[0].id == "prova-1.0#r1__p3");
  auto place = Coded(after, "RESTART-NO-PLACE");
  REQUIRE(place.size() == 1);
  CHECK(place[0]->severity == arbitro::Severity::kError);
  CHECK(place[0]->citations[0].id == "prova-1.0#r1__p1");
  CHECK(place[0]->message ==
        "il caso c1 assegna «punizione» senza luogo, ma la disposizione lo indica («dal punto …»)");
  auto ambiguous = Coded(after, "CASE-AMBIGUOUS");
  REQUIRE(ambiguous.size() == 1);
  CHECK(ambiguous[0]->severity == arbitro::Severity::kError);
  REQUIRE(ambiguous[0]->citations.size() == 2);
  CHECK(ambiguous[0]->citations[0].id == "prova-1.0#r1__p3");
  CHECK(ambiguous[0]->citations[1].id == "prova-1.0#r1__p4");

  // A recorded source contradiction makes it an OVERLAP (info); a place and a condition
  // mend the other two.
  Plant(book, "<p>In un torneo il ritardo è invece punito con un calcio di punizione.</p>",
        "<p>In un torneo il ritardo è invece punito con un calcio di punizione.</p>\n"
        "        <note type=\"source-defect\">The book gives both; the tournament rule is applied.</note>");
  Plant(book, "decision=\"Back per l'avversario, purché il gioco sia fermo\"",
        "decision=\"Back per l'avversario\"");
  Plant(book, "<sanction type=\"punizione\" beneficiary=\"attaccante\"/>",
        "<sanction type=\"punizione\" beneficiary=\"attaccante\" place=\"dal punto dell'infrazione\"/>");
  auto mended = CheckDir(dir);
  CHECK(Coded(mended, "DECISION-PROVISO").empty());
  CHECK(Coded(mended, "RESTART-NO-PLACE").empty());
  CHECK(Coded(mended, "CASE-AMBIGUOUS").empty());
  auto overlap = Coded(mended, "OVERLAP");
  REQUIRE(overlap.size() == 1);
  CHECK(overlap[0]->severity == arbitro::Severity::kInfo);
}

TEST_CASE("a variant switched on changes the ruling; an unknown variant lists the game's",
          "[e2e]") {
  TempDir idx;
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  REQUIRE(RunArbitro({"--index", idx.path(), "index"}, real).exit_code == 0);
  struct Variant {
    const char* game;
    const char* variant;
    std::vector<std::string> facts;
    const char* sanction;  // the decisive sanction under the variant
  };
  const Variant kVariants[] = {
      {"soccer-tactics",
       "regola-avanzata",
       {"fase=contrasto", "procedura=punteggio-contrasto", "pedina=difensore"},
       "bonus-dado"},
      // 12B: the shot is made with the special die, so the arrow's two turns do not count.
      {"soccer-tactics",
       "dado-per-il-gol",
       {"fase=tiro-in-porta", "giri-freccia=meno-di-due"},
       "tiro-con-dado"},
      {"subbuteo-rugby",
       "gioco-con-accessori",
       {"fase=mischia", "accessorio=scrummer"},
       "consentito"},
      {"calciotto", "a-tempo", {"durata-partita=60"}, "mossa-consentita"},
      {"calciotto", "a-numero-di-gol", {"gol-partita=6"}, "mossa-consentita"},
      {"calciotto", "torneo", {"esito-partita=vittoria"}, "punti-classifica"},
      {"calciotto", "piu-giocatori", {"dadi-usati=maggiore"}, "mossa-consentita"},
  };
  for (const Variant& v : kVariants) {
    INFO(v.variant);
    std::vector<std::string> base = {"--index", idx.path(), "resolve", "--json", "--game", v.game};
    for (const auto& f : v.facts) base.insert(base.end(), {"--fact", f});
    auto without = RunArbitro(base, real);
    REQUIRE(without.exit_code == 0);
    std::vector<std::string> with = base;
    with.insert(with.end(), {"--variant", v.variant});
    auto on = RunArbitro(with, real);
    REQUIRE(on.exit_code == 0);
    const Json a = Json::Parse(without.out), b = Json::Parse(on.out);
    REQUIRE(b["rulings"].size() >= 1);
    CHECK(b["rulings"][0]["sanctions"][0]["type"].string == v.sanction);
    const std::string before =
        a["rulings"].size() ? a["rulings"][0]["decision"].string : std::string("(nessuna)");
    CHECK(before != b["rulings"][0]["decision"].string);
  }
  // The advanced rule: +2 instead of +1, citing 12A.
  auto r = RunArbitro({"--index", idx.path(), "resolve", "--json", "--game", "soccer-tactics",
                       "--variant", "regola-avanzata", "--fact", "fase=contrasto", "--fact",
                       "procedura=punteggio-contrasto", "--fact", "pedina=difensore"},
                      real);
  const Json j = Json::Parse(r.out);
  CHECK(j["rulings"][0]["citations"][0]["id"].string == "soccer-tactics-completo#r12__a__p1");
  r = RunArbitro({"--index", idx.path(), "resolve", "--game", "soccer-tactics", "--variant",
                  "regola-avanzta", "--fact", "fase=contrasto"},
                 real);
  CHECK(r.exit_code == 2);
  CHECK(r.err ==
        "arbitro: variante sconosciuta 'regola-avanzta' per soccer-tactics, forse "
        "'regola-avanzata'? (varianti: regola-avanzata, dado-per-il-gol)\n");
  r = RunArbitro({"--index", idx.path(), "resolve", "--game", "subbuteo", "--variant", "torneo",
                  "fuorigioco"},
                 real);
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: variante sconosciuta 'torneo': subbuteo non ha varianti\n");
}
