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
#include "resolve_json.h"
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

const std::string kRigore =
    "          <sanction type=\"calcio-di-rigore\" beneficiary=\"attaccante\"/>\n";
const std::string kChoice =
    "          <choice by=\"attaccante\">\n"
    "            <sanction type=\"calcio-di-rigore\" beneficiary=\"attaccante\"/>\n"
    "            <sanction type=\"back\" beneficiary=\"attaccante\" place=\"dal limite "
    "dell'area\"/>\n"
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
  const std::vector<std::string> facts = {
      "--game", "mini", "--fact", "infrazione=parata-fuori-area", "--fact", "occorrenza=2"};
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

TEST_CASE("check: provisos in decisions, restarts without their place, ambiguous cases",
          "[check]") {
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
  Plant(book,
        "<when><cond fact=\"infrazione\" value=\"ritardo\"/></when>\n          <sanction "
        "type=\"punizione\"",
        "<when><cond fact=\"infrazione\" value=\"ritardo\"/><cond fact=\"zona\" "
        "value=\"area\"/></when>\n"
        "          <sanction type=\"punizione\"");
  Plant(book,
        "<when><cond fact=\"infrazione\" value=\"ritardo\"/></when>\n          <sanction "
        "type=\"back\"",
        "<when><cond fact=\"infrazione\" value=\"ritardo\"/><cond fact=\"autore\" "
        "value=\"difensore\"/></when>\n"
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
  CHECK(ambiguous[0]->severity == arbitro::Severity::kError);  // sibling provisions
  REQUIRE(ambiguous[0]->citations.size() == 2);
  CHECK(ambiguous[0]->citations[0].id == "prova-1.0#r1__p3");
  CHECK(ambiguous[0]->citations[1].id == "prova-1.0#r1__p4");

  // A recorded source contradiction makes it an OVERLAP (info); a place and a condition
  // mend the other two.
  Plant(book, "<p>In un torneo il ritardo è invece punito con un calcio di punizione.</p>",
        "<p>In un torneo il ritardo è invece punito con un calcio di punizione.</p>\n"
        "        <note type=\"source-defect\">The book gives both this and r1__p3; the "
        "tournament rule is applied.</note>");
  Plant(book, "decision=\"Back per l'avversario, purché il gioco sia fermo\"",
        "decision=\"Back per l'avversario\"");
  Plant(book, "<sanction type=\"punizione\" beneficiary=\"attaccante\"/>",
        "<sanction type=\"punizione\" beneficiary=\"attaccante\" place=\"dal punto "
        "dell'infrazione\"/>");
  auto mended = CheckDir(dir);
  CHECK(Coded(mended, "DECISION-PROVISO").empty());
  CHECK(Coded(mended, "RESTART-NO-PLACE").empty());
  CHECK(Coded(mended, "CASE-AMBIGUOUS").empty());
  auto overlap = Coded(mended, "OVERLAP");
  REQUIRE(overlap.size() == 1);
  CHECK(overlap[0]->severity == arbitro::Severity::kInfo);
}

TEST_CASE("check: CASE-AMBIGUOUS on every pair of cases the engine cannot order", "[check]") {
  // tests/fixtures/check/ambiguous: each planted pair says in a comment why it is or is
  // not ambiguous (specificity, ne, a chain of overrides that orders nothing, a third case over
  // both, a variant, a cumulative card, a side right and its opposite, two sides' bonuses).
  TempDir tmp;
  const std::string dir = tmp / "corpus";
  arbitro::test::CopyTree(std::string(ARBITRO_FIXTURES_DIR) + "/check/ambiguous", dir);
  struct Expected {
    const char* code;
    arbitro::Severity severity;
    std::vector<std::string> ids;
    const char* kinship;  // the last detail line ("" for OVERLAP)
  };
  using arbitro::Severity;
  const std::vector<Expected> expected = {
      {"CASE-AMBIGUOUS", Severity::kError, {"prova-1.0#r1__p3"}, "legame: stessa disposizione"},
      {"CASE-AMBIGUOUS",
       Severity::kError,
       {"prova-1.0#r2__p1", "prova-1.0#r2__p3"},
       "legame: stessa sezione"},
      {"CASE-AMBIGUOUS",
       Severity::kError,
       {"prova-1.0#r3__s1__p1", "prova-1.0#r3__s1__p2"},
       "legame: stessa sezione"},
      {"CASE-AMBIGUOUS",
       Severity::kInfo,
       {"prova-1.0#r3__s1__p1", "prova-1.0#r3__s2__p1"},
       "legame: fatti in comune"},
      {"OVERLAP", Severity::kInfo, {"prova-1.0#r3__s1__p2", "prova-1.0#r3__s2__p1"}, ""},
      {"CASE-AMBIGUOUS",
       Severity::kError,
       {"prova-1.0#r4__p2", "prova-1.0#r5__p1"},
       "legame: precedenza dichiarata sul gemello"},
      {"CASE-AMBIGUOUS",
       Severity::kError,
       {"prova-1.0#r7__p1", "prova-1.0#r7__p3"},
       "legame: stessa sezione"},
  };
  auto findings = CheckDir(dir);
  std::vector<const arbitro::Finding*> got;
  for (const auto& f : findings) {
    if (f.code == "CASE-AMBIGUOUS" || f.code == "OVERLAP") got.push_back(&f);
  }
  REQUIRE(got.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO(got[i]->message);
    CHECK(got[i]->code == expected[i].code);
    CHECK(got[i]->severity == expected[i].severity);
    std::vector<std::string> ids;
    for (const auto& c : got[i]->citations) ids.push_back(c.id);
    CHECK(ids == expected[i].ids);
    if (*expected[i].kinship) {
      REQUIRE(!got[i]->details.empty());
      CHECK(got[i]->details.back() == expected[i].kinship);
    }
  }
  // Both cases' text, and a situation where both fire.
  CHECK(got[0]->message ==
        "due casi possono valere per la stessa situazione con decisioni diverse, senza "
        "precedenza dichiarata (overrides) né regola più specifica né nota sulla fonte: "
        "r1__p3/c1 «Ripetizione della rimessa» [infrazione=tocco-doppio, fase=rimessa] → "
        "ripetizione  ≠  r1__p3/c2 «Rigore per l'attaccante» [infrazione=tocco-doppio, "
        "zona=area] → calcio-di-rigore per attaccante; per esempio con fase=rimessa, "
        "infrazione=tocco-doppio, zona=area");

  // The engine matches an override's target provision, not its section: naming the
  // provision settles the pair; a case-level override settles the pair of one provision;
  // the ends of a chain are settled by an override of their own.
  const std::string book = dir + "/prova/prova-1.0.xml";
  Plant(book, "<overrides target=\"r2__p2\" kind=\"exception\" quote=\"sempre\"/>",
        "<overrides target=\"r2__p2\" kind=\"exception\" quote=\"sempre\"/>"
        "<overrides target=\"r2__p1\" kind=\"exception\" quote=\"sempre\"/>");
  Plant(book, "<overrides target=\"r3__s1\" kind=\"exception\" quote=\"soltanto\"/>",
        "<overrides target=\"r3__s1__p1\" kind=\"exception\" quote=\"soltanto\"/>");
  Plant(book, "          <sanction type=\"ripetizione\"/>\n        </case>\n",
        "          <sanction type=\"ripetizione\"/>\n        </case>\n"
        "        <overrides target=\"r1__p3/c2\" case=\"c1\" kind=\"exception\" "
        "quote=\"Durante una rimessa\"/>\n");
  auto mended = CheckDir(dir);
  std::vector<std::string> left;
  for (const auto* f : Coded(mended, "CASE-AMBIGUOUS")) {
    left.push_back(f->citations.back().id);
  }
  CHECK(left ==
        std::vector<std::string>{"prova-1.0#r3__s1__p2", "prova-1.0#r5__p1", "prova-1.0#r7__p3"});

  // r6__p3 settles r6__p1 against r6__p2 only while it is declared to win over both
  // (without it, r6__p2, more specific than r6__p3, still absorbs it).
  Plant(book, "        <overrides target=\"r6__p2\" kind=\"exception\" quote=\"In ogni caso\"/>\n",
        "");
  const auto unsettled = CheckDir(dir);
  std::vector<std::vector<std::string>> pairs;
  for (const auto* f : Coded(unsettled, "CASE-AMBIGUOUS")) {
    std::vector<std::string> ids;
    for (const auto& c : f->citations) ids.push_back(c.id);
    if (ids.front().find("#r6__") != std::string::npos) pairs.push_back(ids);
  }
  CHECK(pairs == std::vector<std::vector<std::string>>{{"prova-1.0#r6__p1", "prova-1.0#r6__p2"}});
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
      // 13.2 f: out of a back exit on the receiver's side, the receiver gets the ball.
      {"subbuteo-rugby",
       "gioco-con-accessori",
       {"fase=mischia", "uscita-scrummer=posteriore-avversario"},
       "possesso"},
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
  r = RunArbitro(
      {"--index", idx.path(), "resolve", "--game", "subbuteo", "--variant", "torneo", "fuorigioco"},
      real);
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: variante sconosciuta 'torneo': subbuteo non ha varianti\n");
}

namespace {

// One situation of the case-base review, described as a referee would tell it.
struct Situation {
  const char* game;
  const char* text;      // the description, in Italian
  const char* sanction;  // the decisive sanction of the first ruling
  const char* beneficiary;
  const char* citation;   // the provision that states the ruling, among the ruling's citations
  const char* place;      // a fragment of the first sanction's place ("" when none is owed)
  const char* chosen_by;  // who chooses among the alternatives ("" for cumulative sanctions)
};

// The first ruling of `resolve --json` on the real corpus, as JSON.
Json Ruling(const std::string& index, const std::string& env, const Situation& s) {
  const Json j = arbitro::test::Resolve(index, env, s.game, s.text);
  REQUIRE(j["rulings"].size() >= 1);
  return j["rulings"][0];
}

}  // namespace

// The situations the issue "a case base a referee can trust" lists (the review's findings),
// each resolved from a description on the real corpus: the book's ruling, its place, who
// chooses, and the provision that states it.
TEST_CASE("resolve gives the book's ruling on the situations the case review found wrong",
          "[e2e]") {
  TempDir idx;
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  REQUIRE(RunArbitro({"--index", idx.path(), "index"}, real).exit_code == 0);
  const Situation kSituations[] = {
      // Subbuteo: the block that hits a figure and then the ball climbs Regola 10's ladder.
      {"subbuteo",
       "il difensore con il marcamento colpisce una miniatura e poi la palla dentro la propria "
       "area di rigore",
       "calcio-di-rigore", "attaccante", "subbuteo-2.0#r6__marcamento__p5", "dischetto", ""},
      {"subbuteo",
       "il difensore con il marcamento colpisce una miniatura e poi la palla a centrocampo",
       "punizione-indiretta", "attaccante", "subbuteo-2.0#r6__marcamento__p5",
       "dal punto in cui è avvenuta l'infrazione", ""},
      // Rugby: an offside defender meeting the pass intercepts unless his rientro was asked.
      {"subbuteo-rugby",
       "durante il passaggio volontario la palla tocca una miniatura difensiva in fuorigioco di "
       "cui non è stato richiesto il rientro",
       "cambio-possesso", "difensore", "subbuteo-rugby-4.0#cap5__s5.1__n8", "", ""},
      {"subbuteo-rugby",
       "durante il passaggio volontario la palla tocca una miniatura difensiva ancora in "
       "fuorigioco dopo il rientro richiesto",
       "punizione", "attaccante", "subbuteo-rugby-4.0#cap5__s5.1__n8",
       "nel punto in cui la palla ha toccato la miniatura", ""},
      // Rugby 3.2 b: the defender chooses; one choice, not three sanctions.
      {"subbuteo-rugby", "calcio d'inizio che non supera la linea dei 10 metri", "ripetizione",
       "difensore", "subbuteo-rugby-4.0#cap3__s3.2__b", "", "difensore"},
      // The kick-off out in the kicker's own half never passed the 10 m line: 3.2 b again.
      {"subbuteo-rugby",
       "calcio d'inizio che esce al volo lateralmente nella metà campo di chi calcia",
       "ripetizione", "difensore", "subbuteo-rugby-4.0#cap3__s3.4__p1", "", "difensore"},
      // ... also after an irrelevant touch on an offside attacker (7.1 i): the ball that went
      // out stopped near no figure, so the touch does not decide.
      {"subbuteo-rugby",
       "calcio d'inizio: la palla tocca una miniatura offensiva in fuorigioco, si ferma a più di "
       "5 cm ed esce al volo lateralmente nella propria metà campo",
       "ripetizione", "difensore", "subbuteo-rugby-4.0#cap3__s3.4__p1", "", "difensore"},
      // Rugby 7.1 i and 10.1 c: the irrelevant touch does not hide the defender's offside,
      // whose free kick moves to the 5 m line inside the 5 m area (10.2 n).
      {"subbuteo-rugby",
       "dopo il calcio di spostamento la palla tocca una miniatura offensiva in fuorigioco e si "
       "ferma a più di 5 cm, poi il difensore tocca la palla con una miniatura difensiva in "
       "fuorigioco",
       "punizione", "attaccante", "subbuteo-rugby-4.0#cap7__s7.1__i",
       "nel punto in cui la miniatura ha toccato la palla", ""},
      {"subbuteo-rugby",
       "dopo il calcio di spostamento la palla tocca una miniatura offensiva in fuorigioco e si "
       "ferma a più di 5 cm, poi il difensore tocca la palla con una miniatura difensiva in "
       "fuorigioco nell'area dei 5 metri",
       "punizione", "attaccante", "subbuteo-rugby-4.0#cap7__s7.1__i", "linea dei 5 metri", ""},
      {"subbuteo-rugby",
       "al calcio d'inizio la palla tocca una miniatura offensiva in fuorigioco e si ferma a più "
       "di 5 cm, poi il difensore tocca la palla con una miniatura difensiva in fuorigioco",
       "punizione", "attaccante", "subbuteo-rugby-4.0#cap3__s3.4__p1",
       "nel punto in cui la miniatura ha toccato la palla", ""},
      // Rugby 7.1 b: the declaration's validity is a fact of its own; a defender hitting the
      // moving ball during the kick commits an irregular tackle.
      {"subbuteo-rugby",
       "il difensore con la mossa difensiva colpisce la palla in movimento durante un calcio di "
       "spostamento",
       "punizione", "attaccante", "subbuteo-rugby-4.0#cap10__s10.2__d",
       "nel punto in cui è avvenuto il primo contatto", ""},
      {"subbuteo-rugby", "l'attaccante dichiara calcio mentre le miniature si muovono ancora",
       "nessuna-sanzione", "", "subbuteo-rugby-4.0#cap7__s7.1__b", "", ""},
      // Calciotto: a shot only from the opponent's penalty area.
      {"calciotto", "tiro in porta dalla propria area di rigore", "mossa-non-consentita", "",
       "calciotto#fase-spostamento__p6", "", ""},
      // Subbuteo Regola 11: the penalty only for the repeated quick goalkeeper move.
      {"subbuteo", "il portiere si muove velocemente per la prima volta, volontariamente",
       "non-consentito", "", "subbuteo-2.0#r8__applicazione__p13", "", ""},
      {"subbuteo", "il portiere si muove velocemente per la seconda volta nella stessa azione",
       "calcio-di-rigore", "attaccante", "subbuteo-2.0#r11__definizione__p1", "dischetto", ""},
      // Subbuteo 15 b: a rebound off the attacker's own post over his own line is a corner.
      {"subbuteo",
       "il tiro dell'attaccante rimbalza sul palo della sua porta ed esce oltre la sua linea di "
       "fondo",
       "calcio-d-angolo", "difensore", "subbuteo-2.0#r15__definizione__b", "quarto di cerchio", ""},
      // Soccer Tactics 9A: after a red, the defenders' next yellow counts as a first one.
      {"soccer-tactics",
       "nel contrasto l'attacco tira 6 e la difesa tira 1: il difensore riceve il quinto "
       "cartellino giallo del gruppo dei difensori",
       "cartellino-giallo", "colpevole", "soccer-tactics-completo#r9__a__p5", "", ""},
      // Subbuteo procedures: possession, neutral objects, touch counting, repositioning,
      // BACK, BACK AL VOLO and the advantage.
      {"subbuteo",
       "palla contesa: la palla ferma tocca la miniatura dell'attaccante e una del difensore, chi "
       "ha il possesso?",
       "possesso", "attaccante", "subbuteo-2.0#r5__palla-contesa__p1", "", ""},
      {"subbuteo", "la palla colpisce una miniatura sdraiata sul campo", "possesso", "attaccante",
       "subbuteo-2.0#r6__difensore__p3", "", ""},
      {"subbuteo",
       "la palla rimbalza dal portiere del difensore sulla stessa miniatura dell'attaccante",
       "conteggio-azzerato", "attaccante", "subbuteo-2.0#r5__gioco-d-attacco__p3", "", ""},
      {"subbuteo", "una miniatura ha rimbalzato contro le barriere, dove la riposiziona l'arbitro?",
       "riposizionamento", "", "subbuteo-2.0#r2__rimbalzo__p1", "sulla linea di gioco", ""},
      {"subbuteo",
       "il difensore accetta il back dopo il marcamento scorretto: dove vanno le miniature?",
       "riposizionamento", "", "subbuteo-2.0#r6__back__p1",
       "nella posizione occupata prima dell'infrazione", ""},
      {"subbuteo", "back al volo accettato: cosa succede?", "riposizionamento", "",
       "subbuteo-2.0#r6__back-al-volo__p1", "al momento dell'ultima mossa", ""},
      {"subbuteo",
       "il difensore nel marcamento colpisce la palla ferma e l'attaccante chiede il vantaggio",
       "vantaggio", "attaccante", "subbuteo-2.0#r6__marcamento__p5", "", ""},
      // Subbuteo restart places from the general procedure of Regola 10.
      {"subbuteo",
       "in che punto si batte il calcio di punizione per un'infrazione nella propria area di "
       "rigore?",
       "punizione", "avversario", "subbuteo-2.0#r10__procedura__p2", "dal dischetto del rigore",
       ""},
      {"subbuteo", "in che punto si batte il calcio di punizione per un'infrazione a centrocampo?",
       "punizione", "avversario", "subbuteo-2.0#r10__procedura__p1",
       "dal punto in cui è avvenuta l'infrazione", ""},
      {"subbuteo", "in che punto si batte la rimessa laterale?", "rimessa-laterale", "attaccante",
       "subbuteo-2.0#r13__procedura__p1",
       "dal punto dove la palla ha oltrepassato la linea laterale", ""},
  };
  for (const Situation& s : kSituations) {
    INFO(s.text);
    const Json ruling = Ruling(idx.path(), real, s);
    const Json& sanctions = ruling["sanctions"];
    REQUIRE(sanctions.size() >= 1);
    CHECK(sanctions[0]["type"].string == s.sanction);
    if (*s.beneficiary) CHECK(sanctions[0]["beneficiary"].string == s.beneficiary);
    if (*s.place) CHECK(sanctions[0]["place"].string.find(s.place) != std::string::npos);
    if (*s.chosen_by) {
      CHECK(sanctions.size() >= 2);
      for (size_t i = 0; i < sanctions.size(); ++i) {
        CHECK(sanctions[i]["chosen_by"].string == s.chosen_by);
        CHECK(sanctions[i]["choice"].string == sanctions[0]["choice"].string);
      }
    } else {
      CHECK(sanctions[0].Has("choice") == false);
    }
    bool cited = false;
    for (size_t i = 0; i < ruling["citations"].size(); ++i) {
      cited = cited || ruling["citations"][i]["id"].string == s.citation;
    }
    CHECK(cited);
  }
}

namespace {

// True when some ruling of `resolve --json` on the description has a sanction of `type`.
bool AnyRulingHas(const std::string& index, const std::string& env, const char* game,
                  const char* text, const std::string& type) {
  return arbitro::test::AnyRulingHas(arbitro::test::Resolve(index, env, game, text), type);
}

}  // namespace

// The fifth review's findings, each resolved from a description on the real corpus.
TEST_CASE("resolve gives the book's ruling on the fifth case review's findings", "[e2e]") {
  TempDir idx;
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  REQUIRE(RunArbitro({"--index", idx.path(), "index"}, real).exit_code == 0);
  const Situation kSituations[] = {
      // Rugby 4.1 h: the extra flick only when the offside miniature obstructs the attacker.
      {"subbuteo-rugby",
       "dopo il tentativo di possesso fallito la miniatura del difensore spostata sul cerchio di "
       "5 cm resta in fuorigioco e ostruisce il tentativo di possesso dell'attaccante",
       "riposizionamento", "", "subbuteo-rugby-4.0#cap4__s4.1__h", "direzione palla-base", ""},
      // Rugby 7.2 c: DROP! may be cancelled only when there is no room for the wedge.
      {"subbuteo-rugby",
       "l'attaccante annulla la dichiarazione di drop anche se c'è lo spazio per il cuneo",
       "non-consentito", "attaccante", "subbuteo-rugby-4.0#cap7__s7.2__c", "", ""},
      // Rugby 8.2 e3: the nearest miniature, the jumping blocks excluded.
      {"subbuteo-rugby",
       "nella touche la palla resta nel corridoio ma supera l'ultima miniatura dei blocchi di "
       "salto",
       "tentativo-di-possesso", "giocatore-piu-vicino-fuori-blocchi",
       "subbuteo-rugby-4.0#cap8__s8.2__e3", "", ""},
      // Rugby 6.1 a: the ball pushed against a regular defender is a tackle, whatever its course.
      {"subbuteo-rugby",
       "durante l'avanzamento la miniatura sospinge la palla contro un difensore in posizione "
       "regolare, la palla resta in campo e si allontana lateralmente di più di 5 cm",
       "cambio-possesso", "difensore", "subbuteo-rugby-4.0#cap6__s6.1__a", "", ""},
      // Soccer Tactics 11C: who scores more in the shoot-out wins; 4C: after a dribble, D's turn.
      {"soccer-tactics", "dopo i 5 rigori per squadra la squadra A ha segnato più gol", "vittoria",
       "", "soccer-tactics-completo#r11__c__p2", "", ""},
      {"soccer-tactics",
       "la squadra A tira 1 e dribbla con la pedina e la palla di una casella: cosa succede?",
       "turno-difesa", "squadra-in-difesa", "soccer-tactics-completo#r4__c__p2", "", ""},
      // Subbuteo 2: the second miniature beside the first, 21 mm away.
      {"subbuteo",
       "una miniatura si ferma dentro la porta ma il punto è già occupato da un'altra miniatura",
       "riposizionamento", "", "subbuteo-2.0#r2__area-di-porta__p2", "21 mm", ""},
      // Subbuteo 3: the cumulative goal difference decides a knock-out team tie.
      {"subbuteo",
       "in una competizione a squadre ad eliminazione diretta l'incontro è in parità alla fine "
       "dei tempi regolamentari",
       "differenza-reti", "", "subbuteo-2.0#r3__sudden-death__squadre__p1", "", ""},
      // Subbuteo 12: the defender cannot put an attacker offside in the action of the pass.
      {"subbuteo",
       "nella stessa azione del passaggio il difensore mette in fuorigioco una miniatura "
       "dell'attaccante",
       "nessuna-sanzione", "", "subbuteo-2.0#r12__dichiarazione__p5", "", ""},
      // Calciotto: a pass only in a straight line.
      {"calciotto",
       "il passaggio cambia direzione lungo il percorso senza oltrepassare altri "
       "calciatori",
       "mossa-non-consentita", "", "calciotto#fase-spostamento__p4", "", ""},
  };
  for (const Situation& s : kSituations) {
    INFO(s.text);
    const Json ruling = Ruling(idx.path(), real, s);
    const Json& sanctions = ruling["sanctions"];
    REQUIRE(sanctions.size() >= 1);
    CHECK(sanctions[0]["type"].string == s.sanction);
    if (*s.beneficiary) CHECK(sanctions[0]["beneficiary"].string == s.beneficiary);
    if (*s.place) CHECK(sanctions[0]["place"].string.find(s.place) != std::string::npos);
    bool cited = false;
    for (size_t i = 0; i < ruling["citations"].size(); ++i) {
      cited = cited || ruling["citations"][i]["id"].string == s.citation;
    }
    CHECK(cited);
  }
  // What the book no longer allows to fire beside them.
  CHECK_FALSE(AnyRulingHas(idx.path(), real, "subbuteo-rugby",
                           "dopo il tentativo di possesso fallito la miniatura del difensore "
                           "spostata sul cerchio di 5 cm resta in fuorigioco ma non ostruisce il "
                           "gioco dell'attaccante",
                           "colpo-supplementare"));
  CHECK_FALSE(AnyRulingHas(idx.path(), real, "subbuteo-rugby",
                           "durante l'avanzamento la miniatura sospinge la palla contro un "
                           "difensore in posizione regolare, la palla resta in campo e si "
                           "allontana lateralmente di più di 5 cm",
                           "passaggio-al-volo"));
  CHECK_FALSE(AnyRulingHas(idx.path(), real, "soccer-tactics",
                           "primo passaggio diretto a una pedina in fuori gioco fuori dall'area "
                           "di rigore",
                           "muove-palla"));
  CHECK_FALSE(AnyRulingHas(idx.path(), real, "subbuteo",
                           "in una partita di girone a squadre l'incontro è in parità alla fine "
                           "dei tempi regolamentari",
                           "differenza-reti"));
}
