// `arbitro diff DOC DRAFT` with a draft that exists only as text: each source text of
// the corpus against its own document reports (almost) nothing; drafts made from the
// Subbuteo and rugby sources with planted edits report each edit with the right
// provision and change type, and nothing beyond what the unchanged source reports.
#include <catch2/catch.hpp>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "json_value.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ReadFile;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;
using arbitro::test::WriteFile;

namespace {

const std::string kCorpus = ARBITRO_CORPUS_DIR;

struct Source {
  const char* doc;
  const char* file;  // under corpus/
  double max_share;  // changed units / units, on the unchanged text
};

// The figures the issue asks for: 1% for clean extractions, 3% for the one-line
// Soccer Tactics extraction and the Calciotto OCR.
const Source kSources[] = {
    {"subbuteo-2.0", "/subbuteo/source/000_f7ad0d7cb51ba501.txt", 0.01},
    {"subbuteo-rugby-4.0", "/subbuteo-rugby/source/001_d6620528cb72de8a.txt", 0.01},
    {"soccer-tactics-completo", "/soccer-tactics/source/002_1e790f0b55dbd764.txt", 0.03},
    {"soccer-tactics-abbreviato", "/soccer-tactics/source/003_4242bf677d5b492d.txt", 0.01},
    {"calciotto", "/calciotto/source/004_c901e050bc4a0f2e.txt", 0.03},
};

Json DiffDraft(const std::string& doc, const std::string& draft) {
  auto r = RunArbitro({"diff", "--json", doc, draft}, arbitro::test::CorpusEnv(kCorpus));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return Json::Parse(r.out);
}

// "type id" of every change ("insertion @line" for the draft's new text).
std::multiset<std::string> Changes(const Json& d) {
  std::multiset<std::string> out;
  for (size_t i = 0; i < d["changes"].size(); ++i) {
    const Json& c = d["changes"][i];
    const std::string id = c["old_ids"].size() ? c["old_ids"][0].string
                                                 : "@" + std::to_string(static_cast<long>(
                                                             c["new_lines"][0].number));
    out.insert(c["type"].string + " " + id);
  }
  return out;
}

const Json* ChangeOf(const Json& d, const std::string& id) {
  for (size_t i = 0; i < d["changes"].size(); ++i) {
    const Json& c = d["changes"][i];
    if (c["old_ids"].size() && c["old_ids"][0].string == id) return &c;
  }
  return nullptr;
}

std::string Planted(const std::string& source, const std::vector<std::pair<std::string, std::string>>& edits) {
  std::string text = ReadFile(source);
  for (const auto& [from, to] : edits) {
    const size_t at = text.find(from);
    INFO(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  }
  return text;
}

}  // namespace

TEST_CASE("each source text against its own document reports almost nothing", "[e2e][draft]") {
  for (const Source& s : kSources) {
    INFO(s.doc);
    const Json d = DiffDraft(s.doc, kCorpus + s.file);
    const double share = d["changed_share"].number;
    const long unchanged = static_cast<long>(d["summary"]["unchanged"].number);
    std::printf("draft: %s against its source: %zu of %ld units reported (%.2f%%, limit %.0f%%)\n",
                s.doc, d["changes"].size(), unchanged + static_cast<long>(d["changes"].size()),
                100 * share, 100 * s.max_share);
    CHECK(share <= s.max_share);
    CHECK(unchanged > 20);
    CHECK(d["draft_findings"].size() == 0);
  }
}

TEST_CASE("a Subbuteo draft with planted edits: each found, nothing else", "[e2e][draft]") {
  const std::string source = kCorpus + kSources[0].file;
  const std::multiset<std::string> baseline = Changes(DiffDraft("subbuteo-2.0", source));
  std::string text = Planted(source, {
      {"ad una distanza di 9 cm dalla palla", "ad una distanza di 12 cm dalla palla"},
      {"\nPUNIZIONE INDIRETTA nel punto in cui si trovava la palla al momento",
       "\nCALCIO DI RIGORE nel punto in cui si trovava la palla al momento"},
      {"Non appena la palla si sarà fermata, una miniatura che ha rimbalzato contro le barriere "
       "sarà riposizionata dall'arbitro sulla linea di gioco, in corrispondenza del punto in cui è "
       "uscita.\n",
       ""},
      {"REGOLA 16: TIRI PIAZZATI", "REGOLA 17: TIRI PIAZZATI"},
      {"\nRegola 16: TIRI PIAZZATI", "\nRegola 17: TIRI PIAZZATI"},
      {"\nRegola 12: FUORIGIOCO\n",
       "\nRegola 12: FUORIGIOCO\nDurante la lotteria dei rigori ogni squadra può chiedere una sola "
       "pausa di un minuto, come indicato nella Regola 19.\n"},
  });
  TempDir tmp;
  WriteFile(tmp / "bozza.txt", text);
  const Json d = DiffDraft("subbuteo-2.0", tmp / "bozza.txt");

  std::multiset<std::string> expected = baseline;
  for (const char* c : {"substitution r1__posizione__p1", "substitution r2__distanza__p1",
                        "repeal r2__rimbalzo__p1", "renumbering r16"}) {
    expected.insert(c);
  }
  std::multiset<std::string> got = Changes(d);
  // The inserted paragraph: one insertion, at its line.
  size_t insertions = 0;
  for (auto it = got.begin(); it != got.end();) {
    if (it->rfind("insertion @", 0) == 0) {
      ++insertions;
      it = got.erase(it);
    } else {
      ++it;
    }
  }
  CHECK(insertions == 1);
  CHECK(got == expected);

  const Json* sanction = ChangeOf(d, "r1__posizione__p1");
  REQUIRE(sanction);
  REQUIRE((*sanction)["cases"].size() == 1);
  CHECK((*sanction)["cases"][0]["old_sanctions"].string == "punizione-indiretta");
  CHECK((*sanction)["cases"][0]["new_sanctions"].string == "calcio-di-rigore");
  CHECK((*sanction)["sanctions_changed"].boolean);
  const Json* param = ChangeOf(d, "r2__distanza__p1");
  REQUIRE(param);
  REQUIRE((*param)["params"].size() == 1);
  CHECK((*param)["params"][0]["name"].string == "distanza");
  CHECK((*param)["params"][0]["old_value"].string == "9 cm");
  CHECK((*param)["params"][0]["new_value"].string == "12 cm");
  // Sanction and parameter changes come first.
  CHECK(d["changes"][0]["params_changed"].boolean != d["changes"][0]["sanctions_changed"].boolean);
  const Json* renumbered = ChangeOf(d, "r16");
  REQUIRE(renumbered);
  CHECK((*renumbered)["new_label"].string == "Regola 17: TIRI PIAZZATI");
  REQUIRE(d["draft_findings"].size() == 1);
  CHECK(d["draft_findings"][0]["code"].string == "REF-DANGLING");
  CHECK(d["draft_findings"][0]["message"].string ==
        "la bozza rimanda a «Regola 19.», che non esiste");
}

TEST_CASE("a rugby draft with planted edits: each found, nothing else", "[e2e][draft]") {
  const std::string source = kCorpus + kSources[1].file;
  const std::multiset<std::string> baseline = Changes(DiffDraft("subbuteo-rugby-4.0", source));
  std::string text = Planted(source, {
      {"a) META: 5 punti (vedi cap. 11.1 META)", "a) META: 7 punti (vedi cap. 11.1 META)"},
      {"SFONDAMENTO** e un calcio di punizione è assegnato alla difesa",
       "SFONDAMENTO** e una mischia è assegnata alla difesa"},
      {"giocare una mischia con introduzione a proprio favore (vedi cap.9 MISCHIA)",
       "giocare una mischia con introduzione a proprio favore (vedi cap.19 MISCHIA)"},
      {"\n13. GIOCO CON ACCESSORI", "\n14. GIOCO CON ACCESSORI"},
      {"\n10. FUORIGIOCO e INFRAZIONI\n",
       "\n10. FUORIGIOCO e INFRAZIONI\nOgni squadra può sostituire una miniatura danneggiata "
       "soltanto a gioco fermo e con il consenso dell'arbitro.\n"},
  });
  TempDir tmp;
  WriteFile(tmp / "bozza.txt", text);
  const Json d = DiffDraft("subbuteo-rugby-4.0", tmp / "bozza.txt");
  std::multiset<std::string> expected = baseline;
  for (const char* c : {"substitution cap2__s2.1__a", "substitution cap4__s4.3__p1",
                        "substitution cap2__s2.2__c", "renumbering cap13"}) {
    expected.insert(c);
  }
  std::multiset<std::string> got = Changes(d);
  size_t insertions = 0;
  for (auto it = got.begin(); it != got.end();) {
    if (it->rfind("insertion @", 0) == 0) {
      ++insertions;
      it = got.erase(it);
    } else {
      ++it;
    }
  }
  CHECK(insertions == 1);
  CHECK(got == expected);
  const Json* param = ChangeOf(d, "cap2__s2.1__a");
  REQUIRE(param);
  REQUIRE((*param)["params"].size() == 1);
  CHECK((*param)["params"][0]["old_value"].string == "5 points");
  CHECK((*param)["params"][0]["new_value"].string == "7 points");
  const Json* sanction = ChangeOf(d, "cap4__s4.3__p1");
  REQUIRE(sanction);
  REQUIRE((*sanction)["cases"].size() >= 1);
  CHECK((*sanction)["cases"][0]["old_sanctions"].string == "punizione");
  CHECK((*sanction)["cases"][0]["new_sanctions"].string.find("mischia") != std::string::npos);
  REQUIRE(d["draft_findings"].size() == 1);
  CHECK(d["draft_findings"][0]["code"].string == "REF-DANGLING");
  CHECK(d["draft_findings"][0]["message"].string ==
        "la bozza rimanda a «cap.19», che non esiste");
}

TEST_CASE("a draft that cannot be read gets a clear message", "[e2e][draft]") {
  TempDir tmp;
  auto r = RunArbitro({"diff", "subbuteo-2.0", tmp / "manca.txt"}, arbitro::test::CorpusEnv(kCorpus));
  CHECK(r.exit_code == 3);
  CHECK(r.err == "arbitro: file '" + (tmp / "manca.txt") + "' non trovato\n");
  WriteFile(tmp / "vuota.txt", "\n\n  \n");
  r = RunArbitro({"diff", "subbuteo-2.0", tmp / "vuota.txt"}, arbitro::test::CorpusEnv(kCorpus));
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: la bozza non contiene testo: " + (tmp / "vuota.txt") + "\n");
  WriteFile(tmp / "finto.pdf", "non sono un pdf");
  r = RunArbitro({"diff", "subbuteo-2.0", tmp / "finto.pdf"}, arbitro::test::CorpusEnv(kCorpus));
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("arbitro: ") == 0);
}
