// Tests of arbitro_schema: the corpus loader, its diagnostics, the model, and the
// fidelity/coverage checks, on the fixtures in tests/fixtures/schema/ (all expected
// figures below are counted by hand from those files) and on the real corpus.
#include "arbitro/schema.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "test_util.h"

namespace arbitro {
namespace {

namespace fs = std::filesystem;

#ifdef ARBITRO_FIXTURES_DIR
const std::string kFixtures = std::string(ARBITRO_FIXTURES_DIR) + "/schema";
#else
const std::string kFixtures = (fs::path(__FILE__).parent_path() / "fixtures" / "schema").string();
#endif

std::string Fixture(const std::string& relative) {
  return kFixtures + "/" + relative;
}

std::vector<std::string> Lines(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> lines;
  for (const Diagnostic& d : diagnostics) lines.push_back(d.ToString());
  return lines;
}

// The valid fixture corpus, loaded once.
const Corpus& ValidCorpus() {
  static const Corpus corpus = [] {
    Corpus c;
    std::vector<Diagnostic> diagnostics;
    const Status s = LoadCorpus(Fixture("valid"), &c, &diagnostics);
    if (!s.ok() || !diagnostics.empty()) FAIL("valid fixture corpus: " << s.message());
    return c;
  }();
  return corpus;
}

const Rulebook& Demo() {
  return *ValidCorpus().FindDoc("demo-1");
}

const Unit& UnitById(const Rulebook& book, const std::string& eid) {
  const int index = book.Find(eid);
  REQUIRE(index >= 0);
  return book.units[index];
}

struct FileResult {
  Status status;
  std::vector<std::string> diagnostics;
};

FileResult LoadBad(const std::string& name) {
  Rulebook book;
  std::vector<Diagnostic> diagnostics;
  FileResult r;
  r.status = LoadRulebookFile(Fixture("bad/" + name), ValidCorpus(), &book, &diagnostics);
  r.diagnostics = Lines(diagnostics);
  return r;
}

Unit Provision(const std::string& kind, const std::string& text) {
  Unit u;
  u.kind = UnitKind::kProvision;
  u.provision_kind = kind;
  u.text = text;
  return u;
}

}  // namespace

// ------------------------------------------------------------ valid corpus

TEST_CASE("valid fixture corpus loads without diagnostics", "[schema]") {
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  const Status s = LoadCorpus(Fixture("valid"), &corpus, &diagnostics);
  CHECK(s.ok());
  CHECK(diagnostics.empty());
  CHECK(corpus.dir == Fixture("valid"));
  REQUIRE(corpus.rulebooks.size() == 2);
  CHECK(corpus.rulebooks[0].doc == "demo-1");
  CHECK(corpus.rulebooks[1].doc == "demo-brief");
  CHECK(corpus.rulebooks[0].path == Fixture("valid") + "/demo/demo-1.xml");
}

TEST_CASE("lexicon and vocabulary are read", "[schema]") {
  const Corpus& corpus = ValidCorpus();
  const Lexicon& lex = corpus.lexicon;
  CHECK(lex.sanction_types.size() == 3);
  CHECK(lex.beneficiaries.size() == 2);
  REQUIRE(lex.synonyms.size() == 1);
  CHECK(lex.synonyms[0] == std::vector<std::string>{"calcio di rigore", "rigore"});
  CHECK(lex.phrases == std::vector<std::string>{"calcio di rigore"});
  CHECK(lex.protect == std::vector<std::string>{"porta"});
  CHECK(lex.stopwords == std::vector<std::string>{"cosa"});

  const Vocabulary* v = corpus.FindVocabulary("demo");
  REQUIRE(v != nullptr);
  CHECK(v->game == "demo");
  CHECK(v->path == Fixture("valid") + "/demo/vocabulary.xml");
  CHECK(v->facts.size() == 4);
  const Fact* inf = v->FindFact("infrazione");
  REQUIRE(inf != nullptr);
  CHECK_FALSE(inf->integer);
  CHECK(inf->ask == "Quale infrazione?");
  CHECK(inf->label == "infrazione");
  REQUIRE(inf->Value("mano") != nullptr);
  CHECK(inf->Value("mano")->label == "fallo di mano");
  CHECK(inf->Value("mano")->forms == std::vector<std::string>{"mano", "tocca con la mano"});
  CHECK(inf->Value("piede") == nullptr);
  CHECK(inf->pos.line == 3);
  const Fact* occ = v->FindFact("occorrenza");
  REQUIRE(occ != nullptr);
  CHECK(occ->integer);
  CHECK(occ->default_value == "1");
  CHECK(v->FindFact("colore") == nullptr);
  REQUIRE(v->hints.size() == 2);
  CHECK(v->hints[0] == std::make_pair(std::string("demo"), 2.5));
  CHECK(v->hints[1] == std::make_pair(std::string("gioco di prova"), 1.0));
  CHECK(corpus.FindVocabulary("calcio") == nullptr);

  REQUIRE(corpus.SanctionType("demo", "tiro-libero") != nullptr);
  CHECK(corpus.SanctionType("demo", "tiro-libero")->forms ==
        std::vector<std::string>{"tiro libero"});
  REQUIRE(corpus.SanctionType("demo", "calcio-di-rigore") != nullptr);
  CHECK(corpus.SanctionType("demo", "calcio-di-rigore")->label == "Calcio di rigore");
  CHECK(corpus.SanctionType("altro", "tiro-libero") == nullptr);
  CHECK(corpus.SanctionType("demo", "espulsione") == nullptr);
  REQUIRE(corpus.Beneficiary("demo", "attaccante") != nullptr);
  CHECK(corpus.Beneficiary("demo", "attaccante")->label == "per l'attaccante");
  CHECK(corpus.Beneficiary("demo", "arbitro") == nullptr);
}

TEST_CASE("rulebook metadata and table of contents", "[schema]") {
  const Rulebook& b = Demo();
  CHECK(b.game == "demo");
  CHECK(b.title == "Regolamento Demo");
  CHECK(b.short_title == "Demo 1");
  CHECK(b.edition == "Rev. 1");
  CHECK(b.date == "2024-01");
  CHECK(b.language == "it");
  CHECK(b.source_file == Fixture("valid") + "/demo/source/demo-1.txt");
  CHECK(b.source_format == "text");
  CHECK(b.summarises.empty());
  CHECK(b.variants ==
        std::vector<std::pair<std::string, std::string>>{{"avanzata", "Regola avanzata"}});
  REQUIRE(b.notes.size() == 1);
  CHECK(b.notes[0].type == "editorial");
  CHECK(b.notes[0].text == "Documento di prova per i test.");
  CHECK(b.notes[0].pos.line == 12);
  REQUIRE(b.toc.size() == 1);
  CHECK(b.toc[0].ref == "r1");
  CHECK(b.toc[0].page == "2");
  CHECK(b.toc[0].text == "REGOLA 1: FALLI");
  CHECK(b.toc[0].pos.line == 17);
  CHECK(b.toc[0].pos.column == 7);

  const Rulebook& brief = *ValidCorpus().FindDoc("demo-brief");
  CHECK(brief.summarises == "demo-1");
  CHECK(brief.source_format == "text");  // the default
  CHECK(brief.edition.empty());
}

TEST_CASE("units in document order with their tree", "[schema]") {
  const Rulebook& b = Demo();
  const std::vector<std::pair<UnitKind, std::string>> expected = {
      {UnitKind::kRule, "r1"},
      {UnitKind::kSection, "r1__def"},
      {UnitKind::kProvision, "r1__def__p1"},
      {UnitKind::kProvision, "r1__def__a"},
      {UnitKind::kProvision, "r1__def__p2"},
      {UnitKind::kProvision, "r1__def__p3"},
      {UnitKind::kTable, "r1__tab"},
      {UnitKind::kRow, "r1__tab__r1"},
      {UnitKind::kBlock, ""},
  };
  REQUIRE(b.units.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO("unit " << i);
    CHECK(b.units[i].kind == expected[i].first);
    CHECK(b.units[i].eid == expected[i].second);
  }
  CHECK(b.units[0].parent == -1);
  CHECK(b.units[0].children == std::vector<int>{1, 6, 8});
  CHECK(b.units[1].children == std::vector<int>{2, 3, 4, 5});
  CHECK(b.units[7].parent == 6);
  CHECK(b.units[0].num == "Regola 1");
  CHECK(b.units[0].heading == "FALLI");
  CHECK(b.units[0].text.empty());
  CHECK(b.units[1].heading == "Definizione");
  CHECK(b.units[2].pos.file == Fixture("valid") + "/demo/demo-1.xml");
  CHECK(b.units[2].pos.line == 26);
  CHECK(b.units[2].pos.column == 9);
  CHECK(b.units[2].citable());
  CHECK(b.units[7].citable());
  CHECK_FALSE(b.units[6].citable());

  CHECK(b.Find("r1__tab__r1") == 7);
  CHECK(b.Find("r1") == 0);
  CHECK(b.Find("r2") == -1);
  CHECK(b.Find("") == -1);
  CHECK(std::string(UnitKindName(UnitKind::kRow)) == "row");
  CHECK(std::string(UnitKindName(UnitKind::kBlock)) == "block");
}

TEST_CASE("unit text: corr corrected, fw dropped, unclear kept", "[schema]") {
  const Rulebook& b = Demo();
  const Unit& p1 = UnitById(b, "r1__def__p1");
  CHECK(p1.text ==
        "Il giocatore non può toccare la palla con la mano. La partita è Vinta da chi segna.\n"
        "In caso di infrazione\n"
        "PUNIZIONE INDIRETTA per il difensore.");
  CHECK(p1.has_consequence);
  CHECK(p1.provision_kind == "prohibition");
  CHECK(UnitById(b, "r1__def__p2").text ==
        "Chi tocca il portiere commette infrazione e si assegna un rigore.");
  CHECK_FALSE(UnitById(b, "r1__def__p2").has_consequence);
  CHECK(b.units[8].text == "Questo testo non è nella fonte.");
}

TEST_CASE("cases, overrides, references, params, terms and notes", "[schema]") {
  const Rulebook& b = Demo();
  const Unit& p1 = UnitById(b, "r1__def__p1");
  REQUIRE(p1.cases.size() == 1);
  const Case& c = p1.cases[0];
  CHECK(c.id == "c1");
  CHECK(c.variant.empty());
  CHECK(c.decision == "Punizione indiretta per il difensore");
  CHECK(c.pos.line == 32);
  REQUIRE(c.when.size() == 1);
  CHECK(c.when[0].fact == "infrazione");
  CHECK(c.when[0].op == CondOp::kEq);
  CHECK(c.when[0].values == std::vector<std::string>{"mano"});
  REQUIRE(c.sanctions.size() == 1);
  CHECK(c.sanctions[0].type == "punizione-indiretta");
  CHECK(c.sanctions[0].beneficiary == "difensore");
  CHECK(c.sanctions[0].place == "dove si trovava la palla");
  CHECK_FALSE(c.sanctions[0].points.has_value());

  const Unit& a = UnitById(b, "r1__def__a");
  CHECK(a.num == "a)");
  CHECK(a.variant == "avanzata");
  CHECK(a.provision_kind.empty());
  REQUIRE(a.cases.size() == 1);
  CHECK(a.cases[0].variant == "avanzata");
  REQUIRE(a.cases[0].when.size() == 2);
  CHECK(a.cases[0].when[0].op == CondOp::kIn);
  CHECK(a.cases[0].when[0].values == std::vector<std::string>{"portiere", "attaccante"});
  CHECK(a.cases[0].when[1].fact == "occorrenza");
  CHECK(a.cases[0].when[1].op == CondOp::kGe);
  CHECK(std::string(CondOpName(a.cases[0].when[1].op)) == "ge");
  CHECK(std::string(CondOpName(CondOp::kNotIn)) == "not-in");
  REQUIRE(a.cases[0].sanctions.size() == 2);
  CHECK(a.cases[0].sanctions[1].type == "tiro-libero");
  CHECK(a.cases[0].sanctions[1].points == -1);
  REQUIRE(a.overrides.size() == 1);
  CHECK(a.overrides[0].target == "r1__def__p1/c1");
  CHECK(a.overrides[0].case_id == "c1");
  CHECK(a.overrides[0].kind == "exception");
  CHECK(a.overrides[0].quote == "Il portiere");
  CHECK(a.overrides[0].pos.line == 48);
  REQUIRE(a.refs.size() == 1);
  CHECK(a.refs[0].target == "r1");
  CHECK(a.refs[0].quote == "vedi Regola 1");
  CHECK(a.refs[0].kind == "see");  // the default
  CHECK(a.refs[0].pos.line == 49);
  REQUIRE(a.params.size() == 1);
  CHECK(a.params[0].name == "area");
  CHECK(a.params[0].value == 10.0);
  CHECK(a.params[0].unit == "cm");
  CHECK(a.params[0].quote == "10 cm");
  CHECK(a.params[0].label == "area del portiere");

  const Unit& p3 = UnitById(b, "r1__def__p3");
  REQUIRE(p3.terms.size() == 1);
  CHECK(p3.terms[0].name == "rigore");
  CHECK(p3.terms[0].quote == "Il rigore");
  CHECK(p3.terms[0].definition == "un tiro dal dischetto");
  REQUIRE(p3.notes.size() == 1);
  CHECK(p3.notes[0].type == "source-defect");
  CHECK(p3.notes[0].pos.line == 58);
}

TEST_CASE("tables and rows", "[schema]") {
  const Rulebook& b = Demo();
  const Unit& table = UnitById(b, "r1__tab");
  CHECK(table.heading == "TABELLA FALLI");
  CHECK(table.provision_kind == "decision");
  CHECK(table.text.empty());
  CHECK(table.columns == std::vector<std::pair<std::string, std::string>>{
                             {"zona", "Zona"}, {"sanzione", "Sanzione"}});
  const Unit& row = UnitById(b, "r1__tab__r1");
  CHECK(row.num == "1");
  CHECK(row.cells ==
        std::vector<std::pair<std::string, std::string>>{{"zona", "Area"}, {"sanzione", "Rigore"}});
  CHECK(row.text == "Area | Rigore");
  REQUIRE(row.cases.size() == 1);
  CHECK(row.cases[0].sanctions[0].beneficiary == "attaccante");
  REQUIRE(row.refs.size() == 1);
  CHECK(row.refs[0].kind == "summarises");
  CHECK(row.refs[0].target == "r1__def__p2");
}

TEST_CASE("citations and labels", "[schema]") {
  const Rulebook& b = Demo();
  CHECK(b.Citation(b.Find("r1__def__p1")) ==
        "Regolamento Demo Rev. 1 \u203a Regola 1 FALLI \u203a Definizione");
  CHECK(b.Citation(b.Find("r1__def__a")) ==
        "Regolamento Demo Rev. 1 \u203a Regola 1 FALLI \u203a Definizione \u203a a)");
  CHECK(b.Citation(b.Find("r1__tab__r1")) ==
        "Regolamento Demo Rev. 1 \u203a Regola 1 FALLI \u203a TABELLA FALLI \u203a riga 1");
  CHECK(b.Citation(b.Find("r1")) == "Regolamento Demo Rev. 1 \u203a Regola 1 FALLI");
  CHECK(b.Label(b.Find("r1__def__a")) == "Regola 1 \u203a a)");
  CHECK(b.Label(b.Find("r1__def__p1")) == "Regola 1");
  CHECK(b.Label(b.Find("r1__tab__r1")) == "Regola 1 \u203a riga 1");

  const Rulebook& brief = *ValidCorpus().FindDoc("demo-brief");
  CHECK(brief.Citation(brief.Find("r1__p1")) == "Demo in breve");
  CHECK(brief.Label(brief.Find("r1__p1")).empty());
}

TEST_CASE("targets resolve within and across documents", "[schema]") {
  const Corpus& corpus = ValidCorpus();
  const Rulebook* book = nullptr;
  int unit = -1;
  std::string case_id;
  REQUIRE(corpus.Resolve("demo-brief", "demo-1#r1__def__p1/c1", &book, &unit, &case_id));
  CHECK(book->doc == "demo-1");
  CHECK(book->units[unit].eid == "r1__def__p1");
  CHECK(case_id == "c1");
  REQUIRE(corpus.Resolve("demo-brief", "r1__p1", &book, &unit, &case_id));
  CHECK(book->doc == "demo-brief");
  CHECK(case_id.empty());
  CHECK_FALSE(corpus.Resolve("demo-brief", "demo-1#r1__def__p1/c9", nullptr, nullptr, nullptr));
  CHECK_FALSE(corpus.Resolve("demo-1", "r1__p1", nullptr, nullptr, nullptr));
  CHECK_FALSE(corpus.Resolve("demo-1", "manca#r1", nullptr, nullptr, nullptr));
  CHECK(corpus.FindDoc("manca") == nullptr);
}

// ------------------------------------------------------------ fidelity

TEST_CASE("segments keep the source form", "[schema]") {
  const Rulebook& b = Demo();
  REQUIRE(b.segments.size() == 21);
  std::vector<std::string> elements;
  for (const TextSegment& s : b.segments) elements.push_back(s.element);
  CHECK(elements == std::vector<std::string>{
                        "title", "edition", "heading", "entry", "num",  "heading", "heading",
                        "p",     "p",       "p",       "num",   "p",    "p",       "p",
                        "fw",    "heading", "col",     "col",   "cell", "cell",    "p"});
  CHECK(b.segments[0].text == "Regolamento Demo");
  CHECK(b.segments[3].text == "REGOLA 1: FALLI 2");  // the page is appended
  CHECK(b.segments[7].text ==
        "Il giocatore non può toccare la palla con la mano. Pagina 2 La partita è V1nta da chi "
        "segna.");
  CHECK(b.segments[7].pos.line == 27);
  CHECK(b.segments[7].pos.column == 11);
  CHECK(b.segments[14].text == "Pagina 3");
}

TEST_CASE("fidelity and coverage of the fixture", "[schema]") {
  FidelityReport r;
  REQUIRE(CheckFidelity(Demo(), &r).ok());
  CHECK(r.doc == "demo-1");
  CHECK(r.segments == 21);
  REQUIRE(r.not_found.size() == 1);
  CHECK(r.not_found[0].element == "p");
  CHECK(r.not_found[0].text == "Questo testo non è nella fonte.");
  CHECK(r.not_found[0].pos.line == 73);
  CHECK(r.not_found[0].pos.column == 9);
  // 86 words in the source; "Nota finale non codificata." is the only uncovered text.
  CHECK(r.source_words == 86);
  CHECK(r.covered_words == 82);
  CHECK(r.coverage() == Approx(82.0 / 86.0));
  CHECK(r.uncovered_sample == std::vector<std::string>{"Nota", "finale", "non", "codificata"});
  CHECK(r.consequence_units == 2);  // p1 (<consequence>) and p2 (cue words)
  CHECK(r.consequence_without_case == std::vector<std::string>{"r1__def__p2"});

  FidelityReport brief;
  REQUIRE(CheckFidelity(*ValidCorpus().FindDoc("demo-brief"), &brief).ok());
  CHECK(brief.segments == 2);
  CHECK(brief.not_found.empty());
  CHECK(brief.source_words == 4);
  CHECK(brief.covered_words == 4);
  CHECK(brief.coverage() == 1.0);
}

TEST_CASE("fidelity of a rulebook without its source", "[schema]") {
  Rulebook book = Demo();
  book.source_file = Fixture("valid/demo/source/missing.txt");
  FidelityReport r;
  CHECK(CheckFidelity(book, &r).code() == Status::Code::kIOError);
}

TEST_CASE("NormalizeSourceText", "[schema]") {
  CHECK(NormalizeSourceText("  Il **BACK**\n\t<u>vale</u>\u00a0 due  ") == "Il BACK vale due");
  CHECK(NormalizeSourceText("***") == "*");
  CHECK(NormalizeSourceText("a\u2003b\u2028c") == "a b c");
  CHECK(NormalizeSourceText("\n \t").empty());
}

TEST_CASE("StatesConsequence", "[schema]") {
  CHECK(StatesConsequence(Provision("sanction", "Nessuna parola chiave.")));
  CHECK(StatesConsequence(Provision("", "In caso di INFRAZIONE si ricomincia.")));
  CHECK(StatesConsequence(Provision("obligation", "Fallo.\nÈ ASSEGNATO un calcio.")));
  CHECK(StatesConsequence(Provision("", "Sarà assegnata la palla.")));
  CHECK(StatesConsequence(Provision("", "Chi commette, per la seconda volta, un'infrazione")));
  CHECK_FALSE(StatesConsequence(Provision("", "Chi commetterebbe un'infrazione")));
  CHECK(StatesConsequence(Provision("", "Si gioca il Back.")));
  CHECK_FALSE(StatesConsequence(Provision("definition", "Il rigore è un tiro.")));
  CHECK_FALSE(StatesConsequence(Provision("information", "Il rigore è un tiro.")));
  CHECK_FALSE(StatesConsequence(Provision("", "La palla è ferma.")));
  Unit with_consequence = Provision("definition", "Testo.");
  with_consequence.has_consequence = true;
  CHECK(StatesConsequence(with_consequence));
  Unit row = Provision("", "Rigore");
  row.kind = UnitKind::kRow;
  CHECK_FALSE(StatesConsequence(row));
}

// ------------------------------------------------------------ broken input

TEST_CASE("diagnostic format", "[schema]") {
  Diagnostic d{{"a.xml", 3, 4}, Diagnostic::Severity::kWarning, "attenzione"};
  CHECK(d.ToString() == "a.xml:3:4: warning: attenzione");
  d.pos.line = 0;
  d.severity = Diagnostic::Severity::kError;
  CHECK(d.ToString() == "a.xml: error: attenzione");
}

TEST_CASE("duplicate eId", "[schema]") {
  const FileResult r = LoadBad("dup-eid.xml");
  const std::string first = Fixture("bad/dup-eid.xml") + ":12:7: error: duplicate eId 'r1__p1'";
  CHECK(r.status.code() == Status::Code::kCorpusError);
  CHECK(r.status.message() == first);
  CHECK(r.diagnostics == std::vector<std::string>{first});
}

TEST_CASE("dangling references and overrides", "[schema]") {
  const FileResult r = LoadBad("dangling.xml");
  const std::string f = Fixture("bad/dangling.xml");
  CHECK(r.status.code() == Status::Code::kCorpusError);
  // "altro-doc#r1" names another document: not checked for a single file.
  CHECK(r.diagnostics == std::vector<std::string>{
                             f + ":14:9: error: reference target 'r9' does not resolve",
                             f + ":17:9: error: override case 'c2' is not a case of 'r1__p1'",
                             f + ":17:9: error: override target 'r1__p1/c7' does not resolve",
                         });
}

TEST_CASE("a case read by the encoders says so and is explained by a note", "[schema]") {
  const FileResult r = LoadBad("reading.xml");
  const std::string f = Fixture("bad/reading.xml");
  CHECK(r.status.code() == Status::Code::kCorpusError);
  CHECK(r.diagnostics ==
        std::vector<std::string>{
            f + ":13:9: error: case 'c1' of 'r1__p1' is basis=\"reading\" but no source-defect or "
                "editorial note of its unit explains the reading",
            f + ":23:9: error: attribute 'basis' of <case> has invalid value 'guess' "
                "(expected one of: text reading)",
        });
}

TEST_CASE("undeclared facts, values, sanctions and variants", "[schema]") {
  const FileResult r = LoadBad("undeclared.xml");
  const std::string f = Fixture("bad/undeclared.xml");
  CHECK(r.diagnostics ==
        std::vector<std::string>{
            f + ":10:5: error: undeclared variant 'base'",
            f + ":15:13: error: undeclared fact 'colore'",
            f + ":16:13: error: undeclared value 'piede' of fact 'infrazione'",
            f + ":17:13: error: value 'due' of integer fact 'occorrenza' is not an integer",
            f + ":18:13: error: operator 'lt' needs an integer fact; 'zona' is not one",
            f + ":19:13: error: operator 'eq' takes one value",
            f + ":21:11: error: undeclared sanction type 'calcio-di-punizione'",
            f + ":21:11: error: undeclared beneficiary 'arbitro'",
            f + ":23:9: error: duplicate case id 'c1' in 'r1__p1'",
        });
}

TEST_CASE("structure is validated like RELAX NG", "[schema]") {
  const FileResult r = LoadBad("structure.xml");
  const std::string f = Fixture("bad/structure.xml");
  CHECK(r.status.code() == Status::Code::kCorpusError);
  CHECK(r.diagnostics ==
        std::vector<std::string>{
            f + ":10:5: error: text not allowed in <body>",
            f + ":11:5: error: unknown attribute 'colore' on <rule>",
            f + ":12:7: error: attribute 'kind' of <provision> has invalid value 'regola' "
                "(expected one of: obligation prohibition permission definition procedure "
                "sanction summary information)",
            f + ":12:7: error: missing required attribute 'eId' on <provision>",
            f + ":14:9: error: element <heading> out of place in <provision>",
            f + ":15:9: error: missing required element <when> in <case>",
            f + ":16:9: error: unknown element <foo>",
            f + ":17:9: error: attribute 'value' of <param> has invalid value 'dieci' (expected "
                "a decimal number)",
            f + ":19:7: error: attribute 'eId' of <provision> has invalid value 'R1 P2' "
                "(expected [a-z0-9][a-z0-9_.-]*)",
            f + ":19:39: error: unknown element <b>",
        });
}

TEST_CASE("quotes must be in the provision's rule text", "[schema]") {
  const FileResult r = LoadBad("quote.xml");
  const std::string f = Fixture("bad/quote.xml");
  // "10 cm" spans a line break and "La palla è ferma" uses the corrected form: both found;
  // the OCR form "ferrna" is not rule text.
  CHECK(r.diagnostics ==
        std::vector<std::string>{
            f + ":15:9: error: quote 'ferrna a 10' not found in the text of provision 'r1__p1'"});
}

TEST_CASE("malformed XML reports pugixml's error", "[schema]") {
  const FileResult r = LoadBad("malformed.xml");
  const std::string line = Fixture("bad/malformed.xml") + ":11:40: error: Start-end tags mismatch";
  CHECK(r.status.code() == Status::Code::kCorpusError);
  CHECK(r.status.message() == line);
  CHECK(r.diagnostics == std::vector<std::string>{line});
}

TEST_CASE("entity declarations are rejected, never expanded", "[schema]") {
  const FileResult r = LoadBad("entity.xml");
  CHECK(r.diagnostics ==
        std::vector<std::string>{Fixture("bad/entity.xml") +
                                 ":2:1: error: entity declarations are not allowed"});
  const FileResult u = LoadBad("undefined-entity.xml");
  CHECK(u.diagnostics ==
        std::vector<std::string>{Fixture("bad/undefined-entity.xml") +
                                 ":11:37: error: undefined entity '&nbsp;' (only XML's predefined "
                                 "entities are allowed)"});
}

TEST_CASE("invalid UTF-8 is reported at its position", "[schema]") {
  const FileResult r = LoadBad("utf8.xml");
  CHECK(r.diagnostics ==
        std::vector<std::string>{Fixture("bad/utf8.xml") + ":11:40: error: invalid UTF-8"});
}

TEST_CASE("a UTF-8 BOM is accepted", "[schema]") {
  Rulebook book;
  std::vector<Diagnostic> diagnostics;
  const Status s = LoadRulebookFile(Fixture("bad/bom.xml"), ValidCorpus(), &book, &diagnostics);
  CHECK(s.ok());
  CHECK(diagnostics.empty());
  CHECK(book.doc == "bom");
  REQUIRE(book.units.size() == 2);
  CHECK(book.units[0].pos.line == 10);
  CHECK(book.units[0].pos.column == 5);
  FidelityReport r;
  REQUIRE(CheckFidelity(book, &r).ok());
  CHECK(r.not_found.empty());
  CHECK(r.covered_words == 7);
}

TEST_CASE("deep nesting is rejected", "[schema]") {
  test::TempDir tmp;
  // rulebook (depth 1) > body > rule > section × 300: the 254th section is at depth 257.
  std::string xml =
      "<?xml version=\"1.0\"?>\n<rulebook game=\"demo\" doc=\"deep\">\n<meta><title>T</title>"
      "<short-title>T</short-title><language>it</language><source file=\"x.txt\"/></meta>\n"
      "<body>\n<rule eId=\"r1\">\n";
  for (int i = 1; i <= 300; ++i) xml += "<section eId=\"s" + std::to_string(i) + "\">\n";
  for (int i = 1; i <= 300; ++i) xml += "</section>";
  xml += "</rule></body></rulebook>\n";
  test::WriteFile(tmp / "deep.xml", xml);
  Rulebook book;
  std::vector<Diagnostic> diagnostics;
  const Status s = LoadRulebookFile(tmp / "deep.xml", ValidCorpus(), &book, &diagnostics);
  CHECK(s.code() == Status::Code::kCorpusError);
  CHECK(Lines(diagnostics) ==
        std::vector<std::string>{tmp / "deep.xml" +
                                 ":259:1: error: elements nested deeper than 256 levels"});
}

TEST_CASE("files over 64 MiB are rejected before parsing", "[schema]") {
  test::TempDir tmp;
  test::WriteFile(tmp / "big.xml", "<rulebook/>");
  fs::resize_file(tmp / "big.xml", (std::uintmax_t{64} << 20) + 1);  // sparse
  Rulebook book;
  std::vector<Diagnostic> diagnostics;
  CHECK(LoadRulebookFile(tmp / "big.xml", ValidCorpus(), &book, &diagnostics).code() ==
        Status::Code::kCorpusError);
  CHECK(Lines(diagnostics) ==
        std::vector<std::string>{tmp / "big.xml" +
                                 ": error: cannot read file: file is larger than 64 MiB"});
}

TEST_CASE("missing files and folders", "[schema]") {
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  CHECK(LoadCorpus(Fixture("no-such-dir"), &corpus, &diagnostics).code() == Status::Code::kIOError);
  Rulebook book;
  CHECK(LoadRulebookFile(Fixture("bad/no-such-file.xml"), ValidCorpus(), &book, &diagnostics)
            .code() == Status::Code::kIOError);

  test::TempDir tmp;
  const Status s = LoadCorpus(tmp.path(), &corpus, &diagnostics);
  CHECK(s.code() == Status::Code::kCorpusError);
  CHECK(s.message() ==
        tmp / "lexicon.xml" + ": error: cannot read file: No such file or directory");
}

TEST_CASE("cross-document and vocabulary checks of a broken corpus", "[schema]") {
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  const Status s = LoadCorpus(Fixture("badcorpus"), &corpus, &diagnostics);
  const std::string a = Fixture("badcorpus/alpha/");
  const std::string vocabulary_line =
      a + "vocabulary.xml:2:1: error: vocabulary of game 'alfa' in the folder of game 'alpha'";
  CHECK(s.code() == Status::Code::kCorpusError);
  CHECK(s.message() == vocabulary_line);
  CHECK(Lines(diagnostics) ==
        std::vector<std::string>{
            vocabulary_line,
            a + "vocabulary.xml:3:3: error: default 'piede' of fact 'infrazione' is not one of "
                "its values",
            a + "vocabulary.xml:5:5: error: duplicate value 'mano' of fact 'infrazione'",
            a + "vocabulary.xml:8:5: error: value 'prima' of integer fact 'occorrenza' is not "
                "an integer",
            a + "vocabulary.xml:10:3: error: duplicate fact 'infrazione'",
            a + "vocabulary.xml:11:3: warning: sanction type 'calcio-di-rigore' is already "
                "declared in lexicon.xml",
            Fixture("badcorpus/beta/vocabulary.xml") + ": error: missing vocabulary of game 'beta'",
            a + "alpha.xml:8:5: error: summarised document 'missing-doc' is not in the corpus",
            a + "alpha.xml:17:9: error: reference target 'nope#r1' does not resolve",
            a + "alpha.xml:18:9: error: reference target 'alpha#r9' does not resolve",
            a + "alpha.xml:19:9: error: reference target 'beta#r1__p1/c9' does not resolve",
            a + "copy.xml:2:1: error: duplicate doc 'alpha' (also in " + a + "alpha.xml)",
            a + "copy.xml:7:5: error: source file 'source/missing.txt' not found",
        });
  // Documents that could be read stay available to the linter.
  REQUIRE(corpus.rulebooks.size() == 2);
  CHECK(corpus.rulebooks[0].doc == "alpha");
  CHECK(corpus.rulebooks[1].doc == "beta");
}

// A game's scenes.xml: each scene tells a case of the game with values its conditions
// accept, in one clause; the loader says exactly what is wrong and where.
TEST_CASE("scenes of cases are checked against the rulebooks and the vocabulary", "[schema]") {
  test::TempDir tmp;
  const std::string dir = tmp / "corpus";
  test::CopyTree(Fixture("valid"), dir);
  const std::string file = dir + "/demo/scenes.xml";
  test::WriteFile(file,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<scenes game=\"demo\">\n"
                  "  <scene case=\"demo-1#r1__def__p1/c1\">\n"
                  "    <tell>il portiere tocca la palla con la mano</tell>\n"
                  "    <why>Toccare la palla con la mano è un fallo.</why>\n"
                  "  </scene>\n"
                  "  <scene case=\"demo-1#r1__def__p1/c9\"><tell>x</tell><why>Y.</why></scene>\n"
                  "  <scene case=\"demo-1#r1__def__a/c1\" actor=\"arbitro\">\n"
                  "    <fact name=\"autore\" value=\"portiere\"/>\n"
                  "    <fact name=\"occorrenza\" value=\"1\"/>\n"
                  "    <tell>Il portiere tocca la palla.</tell>\n"
                  "    <why>perché sì</why>\n"
                  "  </scene>\n"
                  "  <scene case=\"demo-1#r1__tab__r1/c1\" quiz=\"no\"/>\n"
                  "  <scene case=\"demo-1#r1__def__p1/c1\"><tell>y</tell><why>Z.</why></scene>\n"
                  "</scenes>\n");
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  const Status s = LoadCorpus(dir, &corpus, &diagnostics);
  CHECK(s.code() == Status::Code::kCorpusError);
  CHECK(Lines(diagnostics) ==
        std::vector<std::string>{
            file + ":7:3: error: scene of 'demo-1#r1__def__p1/c9', which is no case",
            file + ":8:3: error: scene of 'demo-1#r1__def__a/c1' names unknown side 'arbitro'",
            file + ":8:3: error: scene of 'demo-1#r1__def__a/c1' tells occorrenza=1, which its "
                   "case's condition excludes",
            file + ":11:5: error: a scene starts with a lower-case letter: 'Il portiere tocca "
                   "la palla.'",
            file + ":11:5: error: a scene is one clause: no final full stop, ';', ':', quotes "
                   "or brackets",
            file + ":12:5: error: <why> is whole sentences: upper-case first letter, final "
                   "full stop",
            file + ":14:3: error: scene of 'demo-1#r1__tab__r1/c1' with quiz=\"no\" needs a "
                   "<note>",
            file + ":15:3: error: second scene of case 'demo-1#r1__def__p1/c1'",
        });
  // The good scene is read, with its case resolved.
  const Phrasing* ph = corpus.FindPhrasing("demo");
  REQUIRE(ph);
  REQUIRE(!ph->scenes.empty());
  CHECK(ph->scenes[0].doc == "demo-1");
  CHECK(ph->scenes[0].eid == "r1__def__p1");
  CHECK(ph->scenes[0].case_id == "c1");
  CHECK(ph->scenes[0].tell == "il portiere tocca la palla con la mano");
}

// A game's asked.xml: questions for provisions of the game, once each, one line each.
TEST_CASE("questions of asked.xml name provisions of their game", "[schema]") {
  test::TempDir tmp;
  const std::string dir = tmp / "corpus";
  test::CopyTree(Fixture("valid"), dir);
  const std::string file = dir + "/demo/asked.xml";
  const std::string long_question(201, 'x');
  test::WriteFile(file,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<asked game=\"demo\">\n"
                  "  <provision ref=\"demo-1#r1__def__p1\">\n"
                  "    <q>il portiere puo toccare la palla con la mano?</q>\n"
                  "    <q>il portiere puo toccare la palla con la mano?</q>\n"
                  "    <q>" + long_question + "</q>\n"
                  "  </provision>\n"
                  "  <provision ref=\"demo-1#r1__def\"><q>definizioni</q></provision>\n"
                  "  <provision ref=\"demo-1#r1__def__p1/c1\"><q>e se</q></provision>\n"
                  "  <provision ref=\"demo-1#r9\"><q>e se</q></provision>\n"
                  "  <provision ref=\"demo-1#r1__def__p1\"><q>ancora</q></provision>\n"
                  "  <provision ref=\"demo-brief#r1__p1\"><q>in breve?</q></provision>\n"
                  "</asked>\n");
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  const Status s = LoadCorpus(dir, &corpus, &diagnostics);
  CHECK(s.code() == Status::Code::kCorpusError);
  CHECK(Lines(diagnostics) ==
        std::vector<std::string>{
            file + ":5:5: error: question asked twice for 'demo-1#r1__def__p1': 'il portiere "
                   "puo toccare la palla con la mano?'",
            file + ":6:5: error: a question is one line of 1 to 200 characters",
            file + ":8:3: error: questions for 'demo-1#r1__def', which is no provision",
            file + ":9:3: error: questions for 'demo-1#r1__def__p1/c1', which is no provision",
            file + ":10:3: error: questions for 'demo-1#r9', which is no provision",
            file + ":11:3: error: second <provision> for 'demo-1#r1__def__p1'",
        });
  // The good entries are read, their provisions resolved.
  REQUIRE(corpus.asked.count("demo") == 1);
  const std::vector<AskedFor>& asked = corpus.asked.at("demo");
  REQUIRE(asked.size() == 2);
  CHECK(asked[0].doc == "demo-1");
  CHECK(asked[0].eid == "r1__def__p1");
  CHECK(asked[0].questions ==
        std::vector<std::string>{"il portiere puo toccare la palla con la mano?"});
  CHECK(asked[1].doc == "demo-brief");
  CHECK(asked[1].questions == std::vector<std::string>{"in breve?"});
}

// ------------------------------------------------------------ the real corpus

TEST_CASE("the real corpus loads cleanly and matches its sources", "[corpus]") {
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  const Status s = LoadCorpus(ARBITRO_CORPUS_DIR, &corpus, &diagnostics);
  for (const Diagnostic& d : diagnostics) UNSCOPED_INFO(d.ToString());
  CHECK(s.ok());
  CHECK(corpus.rulebooks.size() >= 1);
  for (const Rulebook& book : corpus.rulebooks) {
    FidelityReport r;
    REQUIRE(CheckFidelity(book, &r).ok());
    const double floor = book.source_format == "ocr" ? 0.95 : 0.99;
    char line[256];
    std::snprintf(line, sizeof line,
                  "%s: %zu segments, %zu not found, coverage %.2f%% (%zu/%zu), "
                  "%zu consequence-bearing, %zu without <case>",
                  book.doc.c_str(), r.segments, r.not_found.size(), 100 * r.coverage(),
                  r.covered_words, r.source_words, r.consequence_units,
                  r.consequence_without_case.size());
    WARN(line);
    INFO(book.doc);
    for (const TextSegment& seg : r.not_found) {
      UNSCOPED_INFO(seg.pos.file << ":" << seg.pos.line << ": <" << seg.element
                                 << "> not found: " << seg.text);
    }
    CHECK(r.not_found.empty());
    CHECK(r.coverage() >= floor);
    for (const std::string& eid : r.consequence_without_case)
      UNSCOPED_INFO("without <case>: " << eid);
    CHECK(r.consequence_without_case.empty());
  }
}

TEST_CASE("a provision's printed label shows in its citation", "[corpus]") {
  // Rugby 2.1 a) "META: 5 punti": the citation ends "› a) META", so a reader of
  // "5 punti (vedi cap. 11.1 META)" sees what the points are for.
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  REQUIRE(LoadCorpus(ARBITRO_CORPUS_DIR, &corpus, &diagnostics).ok());
  const Rulebook* rugby = corpus.FindDoc("subbuteo-rugby-4.0");
  REQUIRE(rugby);
  const std::string meta = rugby->Citation(rugby->Find("cap2__s2.1__a"));
  const std::string tail = "PUNTEGGIO \u203a a) META";
  REQUIRE(meta.size() > tail.size());
  CHECK(meta.substr(meta.size() - tail.size()) == tail);
  // Every provision the book heads with a label: its citation or its text holds the label.
  int headed = 0;
  for (const Rulebook& book : corpus.rulebooks) {
    for (size_t i = 0; i < book.units.size(); ++i) {
      const Unit& u = book.units[i];
      if (u.kind != UnitKind::kProvision || u.heading.empty()) continue;
      ++headed;
      std::string label = u.heading;
      while (!label.empty() && (label.back() == ':' || label.back() == ' ')) label.pop_back();
      INFO(book.doc << "#" << u.eid);
      CHECK((book.Citation(static_cast<int>(i)).find(label) != std::string::npos ||
             u.text.find(label) != std::string::npos));
    }
  }
  CHECK(headed >= 20);
}

}  // namespace arbitro
