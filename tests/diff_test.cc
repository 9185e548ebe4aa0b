// DiffRulebooks and `arbitro diff` on revision fixtures derived from the real Subbuteo
// rulebook (tests/fixtures/revisions: Regole 10-11 of Rev. 2.0 and a revision 2.1 with
// the known changes listed in CHANGES.txt and make_revisions.py).
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "json_value.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;

namespace {

const std::string kRevisions = std::string(ARBITRO_FIXTURES_DIR) + "/revisions/corpus";
const std::string kOldPath = kRevisions + "/subbuteo/subbuteo-2.0.xml";
const std::string kNewPath = kRevisions + "/subbuteo/subbuteo-2.1.xml";

arbitro::DiffResult Diff(const arbitro::Corpus& corpus, const std::string& a,
                         const std::string& b) {
  const arbitro::Rulebook* old_doc = corpus.FindDoc(a);
  const arbitro::Rulebook* new_doc = corpus.FindDoc(b);
  REQUIRE(old_doc);
  REQUIRE(new_doc);
  arbitro::DiffResult result;
  const arbitro::Status s = arbitro::DiffRulebooks(*old_doc, *new_doc, &result);
  INFO(s.message());
  REQUIRE(s.ok());
  return result;
}

std::string Join(const std::vector<std::string>& ids) {
  std::string out;
  for (const auto& id : ids) out += (out.empty() ? "" : "+") + id;
  return out;
}

const arbitro::ProvisionChange* Change(const arbitro::DiffResult& d, const std::string& new_id) {
  for (const auto& c : d.changes) {
    if (Join(c.new_ids) == new_id) return &c;
  }
  return nullptr;
}

bool HasEdit(const arbitro::ProvisionChange& c, arbitro::WordEdit::Op op, const std::string& text) {
  for (const auto& e : c.redline) {
    if (e.op == op && e.text == text) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("diff reports exactly the known changes of a revision", "[diff]") {
  const arbitro::Corpus corpus = arbitro::test::LoadOrFail(kRevisions);
  const arbitro::DiffResult d = Diff(corpus, "subbuteo-2.0", "subbuteo-2.1");
  CHECK(d.game == "subbuteo");
  CHECK(d.old_doc == "subbuteo-2.0");
  CHECK(d.new_doc == "subbuteo-2.1");

  // (type, old ids, new ids, renumbered, reworded, sanctions, conditions, params), in the
  // order of the new edition; derived by hand from make_revisions.py.
  using Row = std::tuple<std::string, std::string, std::string, bool, bool, bool, bool, bool>;
  const std::vector<Row> expected = {
      {"substitution", "r10__procedura__p1", "r10__procedura__p1", false, true, false, false,
       false},
      {"join", "r10__procedura__p3+r10__procedura__p4", "r10__procedura__p3", false, true, false,
       false, false},
      {"substitution", "r10__procedura__p6", "r10__procedura__p6", false, true, true, false, false},
      {"substitution", "r10__procedura__punizione-diretta__p1",
       "r10__procedura__punizione-diretta__p1", false, true, false, false, true},
      {"insertion", "", "r10__procedura__p10", false, false, false, false, true},
      {"substitution", "r11__definizione__p1", "r11__definizione__p1", false, true, false, true,
       false},
      {"split", "r11__procedura__p2", "r11__procedura__p2+r11__procedura__p7", false, false, false,
       false, false},
      {"repeal", "r11__procedura__p5", "", false, false, false, false, false},
      {"renumbering", "r11__procedura__p6", "r11__procedura__p5", true, false, false, false, false},
  };
  std::vector<Row> actual;
  for (const auto& c : d.changes) {
    actual.emplace_back(c.type, Join(c.old_ids), Join(c.new_ids), c.renumbered, c.reworded,
                        c.sanctions_changed(), c.conditions_changed(), c.params_changed());
  }
  CHECK(actual == expected);

  const arbitro::DiffSummary& s = d.summary;
  CHECK(s.added == 1);
  CHECK(s.removed == 1);
  CHECK(s.renumbered == 1);
  CHECK(s.reworded == 5);
  CHECK(s.split == 1);
  CHECK(s.joined == 1);
  CHECK(s.sanction_changes == 1);
  CHECK(s.condition_changes == 1);
  CHECK(s.param_changes == 1);
  // 2 rules and 5 sections, and 10 of the 19 provisions of 2.0 (9 are changed above).
  CHECK(s.unchanged == 17);

  SECTION("what changed in the logic is stated apart from the words") {
    const auto* sanction = Change(d, "r10__procedura__p6");
    REQUIRE(sanction);
    REQUIRE(sanction->cases.size() == 1);
    CHECK(sanction->cases[0].kind == "changed");
    CHECK(sanction->cases[0].old_sanctions == "back per avversario");
    CHECK(sanction->cases[0].new_sanctions == "punizione-indiretta per avversario");
    CHECK_FALSE(sanction->cases[0].conditions_changed);

    const auto* param = Change(d, "r10__procedura__punizione-diretta__p1");
    REQUIRE(param);
    REQUIRE(param->params.size() == 1);
    CHECK(param->params[0].kind == "changed");
    CHECK(param->params[0].name == "distanza-barriera");
    CHECK(param->params[0].old_value == "9 cm");
    CHECK(param->params[0].new_value == "10 cm");
    CHECK(HasEdit(*param, arbitro::WordEdit::Op::kDelete, "9"));
    CHECK(HasEdit(*param, arbitro::WordEdit::Op::kInsert, "10"));

    const auto* condition = Change(d, "r11__definizione__p1");
    REQUIRE(condition);
    REQUIRE(condition->cases.size() == 1);
    CHECK(condition->cases[0].old_case == "c9");
    CHECK(condition->cases[0].old_when ==
          "infrazione=palla-toccata-con-le-mani, autore=difensore, zona=area-di-rigore");
    CHECK(condition->cases[0].new_when ==
          "infrazione=palla-toccata-con-le-mani, autore=difensore, zona in {area-di-rigore "
          "area-di-tiro}");
    CHECK(HasEdit(*condition, arbitro::WordEdit::Op::kInsert, "o nell'area di tiro"));

    const auto* reworded = Change(d, "r10__procedura__p1");
    REQUIRE(reworded);
    CHECK(reworded->cases.empty());
    CHECK(HasEdit(*reworded, arbitro::WordEdit::Op::kDelete, "la"));
    CHECK(HasEdit(*reworded, arbitro::WordEdit::Op::kInsert, "La"));

    const auto* inserted = Change(d, "r10__procedura__p10");
    REQUIRE(inserted);
    REQUIRE(inserted->params.size() == 1);
    CHECK(inserted->params[0].kind == "added");
    CHECK(inserted->params[0].new_value == "30 s");
    CHECK(inserted->new_label == "Regola 10");
  }
}

TEST_CASE("diff of an edition with itself, and across games", "[diff]") {
  const arbitro::Corpus corpus = arbitro::test::LoadOrFail(kRevisions);
  const arbitro::DiffResult same = Diff(corpus, "subbuteo-2.0", "subbuteo-2.0");
  CHECK(same.changes.empty());
  CHECK(same.summary.unchanged == 26);  // 2 rules, 5 sections, 19 provisions

  const arbitro::Corpus mini = arbitro::test::LoadOrFail(arbitro::test::MiniCorpusDir());
  arbitro::DiffResult result;
  const arbitro::Status s =
      arbitro::DiffRulebooks(*corpus.FindDoc("subbuteo-2.0"), mini.rulebooks.front(), &result);
  CHECK(s.code() == arbitro::Status::Code::kInvalidArgument);
  CHECK(
      s.message() ==
      "i due documenti sono di giochi diversi ('subbuteo-2.0' è di subbuteo, 'mini-1.0' di mini)");
}

TEST_CASE("diff of every real document with itself finds nothing", "[corpus]") {
  const arbitro::Corpus corpus = arbitro::test::LoadOrFail(ARBITRO_CORPUS_DIR);
  for (const auto& book : corpus.rulebooks) {
    arbitro::DiffResult d;
    REQUIRE(arbitro::DiffRulebooks(book, book, &d).ok());
    CHECK(d.changes.empty());
    CHECK(d.summary.unchanged > 0);
  }
}

// ------------------------------------------------------------ CLI

TEST_CASE("arbitro diff prints the summary first and the changes", "[e2e]") {
  auto r = RunArbitro({"diff", "--corpus", kRevisions, "subbuteo-2.0", "subbuteo-2.1"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.rfind("Confronto: Regolamento di gioco Subbuteo Rev. 2.0 (09-2016) (subbuteo-2.0) → ",
                    0) == 0);
  CHECK(r.out.find(
            "Riepilogo: 1 aggiunte, 1 abrogate, 1 rinumerate, 5 riformulate, 1 divise, 1 unite, "
            "1 cambi di sanzione, 1 cambi di condizioni, 1 cambi di parametri, 17 invariate\n") !=
        std::string::npos);
  CHECK(r.out.find("!! sostituzione  r10__procedura__p6  [provision]") != std::string::npos);
  CHECK(r.out.find(
            "! sanzione cambiata (c1): back per avversario → punizione-indiretta per avversario") !=
        std::string::npos);
  CHECK(r.out.find("rinumerazione  r11__procedura__p6 → r11__procedura__p5") != std::string::npos);
  CHECK(r.out.find("divisione  r11__procedura__p2 → r11__procedura__p2 + r11__procedura__p7") !=
        std::string::npos);
  CHECK(r.out.find("[-9-] {+10+}") != std::string::npos);
}

TEST_CASE("arbitro diff --json, --markdown, --html and -o", "[e2e]") {
  // Files given by path are read against the corpus's vocabularies.
  auto r = RunArbitro({"diff", "--corpus", kRevisions, "--json", kOldPath, kNewPath});
  REQUIRE(r.exit_code == 0);
  const Json j = Json::Parse(r.out);
  CHECK(j["game"].string == "subbuteo");
  CHECK(j["old"]["doc"].string == "subbuteo-2.0");
  CHECK(j["new"]["doc"].string == "subbuteo-2.1");
  CHECK(j["summary"]["added"].number == 1);
  CHECK(j["summary"]["sanction_changes"].number == 1);
  REQUIRE(j["changes"].size() == 9);
  CHECK(j["changes"][8]["type"].string == "renumbering");
  CHECK(j["changes"][8]["old_ids"][0].string == "r11__procedura__p6");
  CHECK(j["changes"][8]["new_ids"][0].string == "r11__procedura__p5");
  CHECK(j["changes"][2]["sanctions_changed"].boolean);
  CHECK(j["changes"][2]["cases"][0]["new_sanctions"].string ==
        "punizione-indiretta per avversario");

  r = RunArbitro({"diff", "--corpus", kRevisions, "--markdown", "subbuteo-2.0", "subbuteo-2.1"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.rfind("# Confronto tra edizioni\n", 0) == 0);
  CHECK(r.out.find("## Riepilogo") < r.out.find("## Modifiche"));
  CHECK(r.out.find("> **sanzione cambiata (c1): back per avversario → punizione-indiretta per "
                   "avversario**") != std::string::npos);
  CHECK(r.out.find("~~9~~ **10**") != std::string::npos);

  TempDir tmp;
  r = RunArbitro({"diff", "--corpus", kRevisions, "--html", "-o", tmp / "diff.html", "subbuteo-2.0",
                  "subbuteo-2.1"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.empty());
  const std::string html = arbitro::test::ReadFile(tmp / "diff.html");
  CHECK(html.rfind("<!DOCTYPE html>\n<html lang=\"it\">", 0) == 0);
  CHECK(html.find("<style>") != std::string::npos);
  CHECK(html.find("<del>9</del> <ins>10</ins>") != std::string::npos);
  CHECK(html.find("<div class=\"logic\">sanzione cambiata (c1): back per avversario → "
                  "punizione-indiretta per avversario</div>") != std::string::npos);
  CHECK(html.find("&#") == std::string::npos);  // UTF-8 text, escaped only where HTML needs it
  CHECK(html.rfind("</html>\n") == html.size() - 8);
}

TEST_CASE("arbitro diff rejects bad input with a clear message", "[e2e]") {
  TempDir tmp;
  arbitro::test::WriteFile(tmp / "rotto.xml", "<rulebook game=\"subbuteo\" doc=\"x\"><meta>");
  auto r = RunArbitro({"diff", "--corpus", kRevisions, "subbuteo-2.0", tmp / "rotto.xml"});
  CHECK(r.exit_code == 4);
  CHECK(r.out.empty());
  CHECK(r.err.find("arbitro: '" + tmp / "rotto.xml" + "' non è un regolamento valido: ") !=
        std::string::npos);

  // A vocabulary is XML but not a rulebook.
  r = RunArbitro(
      {"diff", "--corpus", kRevisions, "subbuteo-2.0", kRevisions + "/subbuteo/vocabulary.xml"});
  CHECK(r.exit_code == 4);
  CHECK(r.err.find("non è un regolamento valido") != std::string::npos);

  r = RunArbitro({"diff", "--corpus", kRevisions, "subbuteo-2.0", tmp.path()});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: '" + tmp.path() + "' è una cartella, non un regolamento\n");

  r = RunArbitro({"diff", "--corpus", kRevisions, "subbuteo-2.0", tmp / "manca.xml"});
  CHECK(r.exit_code == 3);
  CHECK(r.err == "arbitro: file '" + tmp / "manca.xml" + "' non trovato\n");

  r = RunArbitro({"diff", "--corpus", kRevisions, "subbuteo-2.0", "subbuteo-2.2"});
  CHECK(r.exit_code == 3);
  CHECK(r.err ==
        "arbitro: documento sconosciuto 'subbuteo-2.2', forse intendevi 'subbuteo-2.0'?\n");

  r = RunArbitro({"diff", "subbuteo-2.0", "calciotto"});
  CHECK(r.exit_code == 2);
  CHECK(r.err ==
        "arbitro: i due documenti sono di giochi diversi ('subbuteo-2.0' è di subbuteo, "
        "'calciotto' di calciotto)\n");

  r = RunArbitro({"diff", "--corpus", kRevisions, "subbuteo-2.0"});
  CHECK(r.exit_code == 2);
  r = RunArbitro(
      {"diff", "--corpus", kRevisions, "--json", "--html", "subbuteo-2.0", "subbuteo-2.1"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: indicare un solo formato tra --json, --markdown e --html\n");
  // -o into a folder that does not exist: an I/O error, nothing written.
  r = RunArbitro(
      {"diff", "--corpus", kRevisions, "-o", tmp / "no/diff.txt", "subbuteo-2.0", "subbuteo-2.1"});
  CHECK(r.exit_code == 6);
  CHECK_FALSE(std::filesystem::exists(tmp / "no"));
}
