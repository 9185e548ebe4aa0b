// Hostile and bad inputs: corpus documents that must be refused with a precise
// file:line:col diagnostic while the previous index stays in service, questions and
// scenarios that must never crash or escape an exception, and CLI misuse (unknown or
// conflicting options, unwritable index folders, a full disk during `index`).
//
// Expected positions are counted by hand on tests/fixtures/corpus-mini/mini/mini-1.0.xml
// (42 lines; r2__p1 opens at line 24, r2__p2 at line 36, its <p> at line 37).
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "json_value.h"
#include "robustness_util.h"

namespace arbitro {
namespace {

namespace fs = std::filesystem;
using test::ChildOptions;
using test::RunChild;
using test::RunResult;
using test::TempDir;

const std::string kMini = test::MiniCorpusDir();
const std::string kMiniEnv = test::CorpusEnv(kMini);

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// A working copy of the mini corpus with a published index; each Try() replaces the
// rulebook, runs `arbitro index` and then checks that the index still answers from
// the same generation when the build was refused.
class CorpusBench {
 public:
  CorpusBench() {
    test::CopyTree(kMini, work_ / "corpus");
    doc_ = work_ / "corpus/mini/mini-1.0.xml";
    original_ = test::ReadFile(doc_);
    RunResult r = Index();
    REQUIRE(r.exit_code == 0);
    generation_ = fs::read_symlink(idx_ / "current").string();
  }
  const std::string& doc() const { return doc_; }
  const std::string& original() const { return original_; }
  std::string index_dir() const { return idx_.path(); }

  RunResult Index() {
    return RunChild({"--index", idx_.path(), "index", "--corpus", work_ / "corpus"});
  }

  // Indexes the corpus with the rulebook replaced by `content`, then restores it.
  RunResult Try(const std::string& content) {
    test::WriteFile(doc_, content);
    RunResult r = Index();
    test::WriteFile(doc_, original_);
    return r;
  }

  // The previous index is untouched and still answers.
  void CheckIntact() {
    CHECK(fs::read_symlink(idx_ / "current").string() == generation_);
    RunResult r = RunChild({"--index", idx_.path(), "ask", "fuorigioco"});
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("[mini-1.0#r1__definizione__p1]") != std::string::npos);
    for (const auto& e : fs::directory_iterator(idx_.path())) {
      CHECK(e.path().filename().string().rfind("tmp-", 0) != 0);
    }
  }

  // A refused document: exit 4, `diagnostic` among the lines on stderr, and the one
  // line "arbitro: <first error>" last.
  void Refused(const std::string& content, const std::string& diagnostic) {
    RunResult r = Try(content);
    CHECK(r.exit_code == 4);
    CHECK(r.err.find(diagnostic + "\n") != std::string::npos);
    CHECK(r.err.find("arbitro: " + diagnostic) != std::string::npos);
    CHECK(r.out.empty());
    CheckIntact();
  }

 private:
  TempDir work_, idx_;
  std::string doc_, original_, generation_;
};

}  // namespace

// ------------------------------------------------------------------ corpus

TEST_CASE("hostile corpus documents are refused precisely and keep the old index",
          "[e2e][hostile]") {
  CorpusBench bench;
  const std::string& xml = bench.original();
  const std::string& f = bench.doc();

  SECTION("malformed XML") {
    // r2__p2's paragraph closed with </q>: reported at the end tag's name (column 60:
    // 8 spaces, "<p>", 46 characters of text, "</").
    bench.Refused(Replace(xml, "15 minuti.</p>", "15 minuti.</q>"),
                  f + ":37:60: error: Start-end tags mismatch");
  }
  SECTION("an encoding other than UTF-8 is named") {
    std::string latin1 = Replace(xml, "encoding=\"UTF-8\"", "encoding=\"ISO-8859-1\"");
    latin1 = Replace(latin1, "attaccante \xC3\xA8 in", "attaccante \xE8 in");
    // Column 31: the first character of the encoding's name.
    bench.Refused(latin1, f + ":1:31: error: encoding 'ISO-8859-1' is declared: corpus files "
                              "must be UTF-8");
    // Latin-1 bytes under a UTF-8 declaration: the first bad byte, line 14 column 44.
    bench.Refused(Replace(xml, "attaccante \xC3\xA8 in", "attaccante \xE8 in"),
                  f + ":14:44: error: invalid UTF-8");
  }
  SECTION("UTF-16 and UTF-32 byte order marks") {
    bench.Refused(std::string("\xFF\xFE<\0?\0", 6),
                  f + ":1:1: error: UTF-16 byte order mark: corpus files must be UTF-8");
    bench.Refused(std::string("\xFF\xFE\0\0<\0\0\0", 8),
                  f + ":1:1: error: UTF-32 byte order mark: corpus files must be UTF-8");
    bench.Refused(std::string("<\0?\0x\0", 6),
                  f + ":1:1: error: zero bytes at the start "
                      "(UTF-16 or UTF-32?): corpus files must be UTF-8");
  }
  SECTION("a UTF-8 BOM is accepted and the new index published") {
    RunResult r = bench.Try("\xEF\xBB\xBF" + xml);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(r.out.find("Indicizzati 1 documenti, 6 unità") == 0);
  }
  SECTION("a 300-character word is no index term: the document is indexed") {
    RunResult r =
        bench.Try(Replace(xml, "Il tempo di gioco", "Il tempo di gioco " + std::string(300, 'a')));
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    r = RunChild({"--index", bench.index_dir(), "ask", "tempo di gioco"});
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("[mini-1.0#r2__p2]") != std::string::npos);
  }
  SECTION("a 50 MB document is read whole and its last line reported") {
    // 42 lines of the fixture, then 220,000 one-line provisions before </rule> (line
    // 40), the last of which repeats r2__x7: reported at line 39 + 220,000, column 7.
    std::string body;
    const std::string pad(180, 'x');
    for (int i = 0; i < 220000; ++i) {
      const std::string id = i == 219999 ? "7" : std::to_string(i);
      body += "      <provision eId=\"r2__x" + id + "\" kind=\"information\"><p>Il tempo " + pad +
              "</p></provision>\n";
    }
    const std::string big = Replace(xml, "    </rule>\n  </body>", body + "    </rule>\n  </body>");
    REQUIRE(big.size() > 50'000'000);
    bench.Refused(big, f + ":220039:7: error: duplicate eId 'r2__x7'");
  }
  SECTION("deeply nested elements") {
    // 300 sections inside r2, one per line from line 24: rulebook > body > rule is
    // depth 3, so the 254th section (line 24 + 253) is the first deeper than 256.
    std::string nest, close;
    for (int i = 1; i <= 300; ++i) nest += "<section eId=\"d" + std::to_string(i) + "\">\n";
    for (int i = 1; i <= 300; ++i) close += "</section>";
    bench.Refused(Replace(xml, "      <provision eId=\"r2__p1\"",
                          nest + close + "\n      <provision eId=\"r2__p1\""),
                  f + ":277:1: error: elements nested deeper than 256 levels");
  }
  SECTION("billion laughs: entity declarations are refused, never expanded") {
    std::string doctype = "<!DOCTYPE rulebook [\n<!ENTITY lol \"lol\">\n";
    for (int i = 1; i <= 9; ++i) {
      std::string ten;
      for (int k = 0; k < 10; ++k) ten += i == 1 ? "&lol;" : "&lol" + std::to_string(i - 1) + ";";
      doctype += "<!ENTITY lol" + std::to_string(i) + " \"" + ten + "\">\n";
    }
    doctype += "]>\n";
    std::string laughs = Replace(xml, "<rulebook", doctype + "<rulebook");
    laughs = Replace(laughs, "Una miniatura", "&lol9; Una miniatura");
    bench.Refused(laughs, f + ":2:1: error: entity declarations are not allowed");
    // An undeclared entity is named at its '&' (line 14, column 14).
    bench.Refused(Replace(xml, "<p>Una miniatura", "<p>&lol9; Una miniatura"),
                  f + ":14:14: error: undefined entity '&lol9;' (only XML's predefined entities "
                      "are allowed)");
  }
  SECTION("duplicate ids") {
    bench.Refused(Replace(xml, "eId=\"r2__p2\"", "eId=\"r2__p1\""),
                  f + ":36:7: error: duplicate eId 'r2__p1'");
  }
  SECTION("unknown vocabulary and elements") {
    bench.Refused(Replace(xml, "fact=\"infrazione\" value=\"fuorigioco\"",
                          "fact=\"infrazzione\" value=\"fuorigioco\""),
                  f + ":17:19: error: undeclared fact 'infrazzione'");
    bench.Refused(Replace(xml, "  <body>\n", "  <body>\n<arbitro-segreto/>\n"),
                  f + ":11:1: error: unknown element <arbitro-segreto>");
  }
  SECTION("a provision with conditions but no text") {
    const std::string bare =
        "      <provision eId=\"r2__p3\" kind=\"sanction\">\n"
        "        <case id=\"c1\"><when><cond fact=\"infrazione\" value=\"fuorigioco\"/></when>"
        "<sanction type=\"back\" beneficiary=\"attaccante\"/></case>\n"
        "      </provision>\n";
    bench.Refused(Replace(xml, "    </rule>\n  </body>", bare + "    </rule>\n  </body>"),
                  f + ":40:7: error: missing required element (<p>, <list>, <consequence> or "
                      "<fw>) in <provision>");
  }
}

TEST_CASE("references in cycles load; override cycles are a warning", "[e2e][hostile]") {
  CorpusBench bench;
  const std::string& f = bench.doc();
  // r1__definizione__p1 refers to r2__p1, which refers back to r1: a plain cycle of
  // "see" links. The two cases c1 also override each other (line 16 and, after that
  // inserted line, line 36): whoever applies, neither wins.
  std::string xml = Replace(bench.original(), "</consequence>\n",
                            "</consequence>\n        <overrides target=\"r2__p1/c1\" case=\"c1\" "
                            "kind=\"exception\" quote=\"Una miniatura\"/>\n");
  xml = Replace(xml, "quote=\"Una miniatura\"/>\n",
                "quote=\"Una miniatura\"/><ref target=\"r2__p1\" quote=\"Una miniatura\"/>\n");
  xml = Replace(xml, "<ref target=\"r1\" quote=\"vedi Regola 1\"/>\n",
                "<ref target=\"r1\" quote=\"vedi Regola 1\"/>\n        <overrides "
                "target=\"r1__definizione__p1/c1\" case=\"c1\" kind=\"exception\" quote=\"Il "
                "portiere\"/>\n");
  RunResult r = bench.Try(xml);
  CHECK(r.exit_code == 0);
  CHECK(r.err == f + ":36:9: warning: override cycle: mini-1.0#r1__definizione__p1/c1 → "
                     "mini-1.0#r2__p1/c1 → mini-1.0#r1__definizione__p1/c1 (when all apply, "
                     "none of these cases wins)\n");
}

TEST_CASE("show follows reference cycles without looping", "[hostile]") {
  // Loaded directly: the cycle r1__definizione__p1 → r2__p1 → r1 (see links).
  TempDir work, idx;
  test::CopyTree(kMini, work / "corpus");
  const std::string doc = work / "corpus/mini/mini-1.0.xml";
  std::string xml = test::ReadFile(doc);
  xml = Replace(xml, "</consequence>\n",
                "</consequence>\n<ref target=\"r2__p1\" quote=\"Una miniatura\"/>\n");
  test::WriteFile(doc, xml);
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  REQUIRE(LoadCorpus(work / "corpus", &corpus, &diagnostics).ok());
  IndexStats stats;
  REQUIRE(BuildIndex(corpus, idx.path(), &stats).ok());
  std::unique_ptr<Engine> engine;
  REQUIRE(Engine::Open(idx.path(), &engine).ok());
  ProvisionInfo p;
  REQUIRE(engine->Show("mini-1.0#r1__definizione__p1", &p).ok());
  REQUIRE(p.refs_out.size() == 1);
  CHECK(p.refs_out[0].id == "mini-1.0#r2__p1");
  REQUIRE(engine->Show("mini-1.0#r2__p1", &p).ok());
  REQUIRE(p.refs_in.size() == 1);
  CHECK(p.refs_in[0].id == "mini-1.0#r1__definizione__p1");
  REQUIRE(p.refs_out.size() == 1);
  CHECK(p.refs_out[0].id == "mini-1.0#r1");
}

// ------------------------------------------------------------------ questions and scenarios

namespace {

struct Hostile {
  const char* name;
  std::string text;
};

std::vector<Hostile> HostileInputs() {
  std::string long_text;
  while (long_text.size() < 100 * 1024) long_text += "fuorigioco ";
  return {
      {"empty", ""},
      {"100 kB", long_text},
      {"a 5000-byte word", "fuorigioco " + std::string(5000, 'b')},
      {"only punctuation", "!!!???...,,,;;;:::--- «» “” ()"},
      {"only stopwords", "il la di che cosa se"},
      {"Xapian query syntax", "fuorigioco AND NOT ( \" * NEAR"},
      {"SQL fragment", "fuorigioco'; DROP TABLE units; --"},
      {"control characters", std::string("\x01\x02\x1b[31m fuorigioco \x7f\x00\x08", 22)},
      {"invalid UTF-8", "\xff\xfe\xc3 fuorigioco \xed\xa0\x80 \xf4\x90\x80\x80"},
      {"right-to-left marks",
       "\xe2\x80\xae"
       "fuorigioco\xe2\x80\x8f \xe2\x80\x8b"},
      {"emoji", "\xe2\x9a\xbd\xf0\x9f\x9f\xa5 fuorigioco \xf0\x9f\xa4\xb7\xe2\x80\x8d\xe2\x99\x82"},
  };
}

}  // namespace

TEST_CASE("hostile questions and scenarios: no crash, a clear answer or message", "[hostile]") {
  TempDir idx;
  std::unique_ptr<Engine> engine = test::IndexAndOpen(kMini, idx.path());

  double worst_ms = 0;
  std::string worst;
  for (const Hostile& h : HostileInputs()) {
    INFO(h.name);
    const auto start = std::chrono::steady_clock::now();
    AskResult answer;
    Status ask;
    CHECK_NOTHROW(ask = engine->Ask(h.text, AskOptions{}, &answer));
    ResolveResult ruling;
    Status resolve;
    CHECK_NOTHROW(resolve = engine->Resolve(h.text, ResolveOptions{}, &ruling));
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (ms > worst_ms) worst_ms = ms, worst = h.name;

    const bool has_word = std::string(h.name) != "empty" &&
                          std::string(h.name) != "only punctuation" &&
                          std::string(h.name) != "only stopwords";
    if (has_word) {
      // The one real word, "fuorigioco", is found through the noise.
      REQUIRE(ask.ok());
      REQUIRE_FALSE(answer.hits.empty());
      CHECK(answer.hits[0].provision.id == "mini-1.0#r1__definizione__p1");
      REQUIRE(resolve.ok());
      REQUIRE(ruling.rulings.size() == 1);
      REQUIRE(ruling.rulings[0].sanctions.size() == 1);
      CHECK(ruling.rulings[0].sanctions[0].type == "punizione-indiretta");
    } else if (std::string(h.name) == "only stopwords") {
      CHECK(ask.message() ==
            "la domanda contiene solo parole troppo comuni: aggiungere un termine di gioco");
      CHECK(resolve.ok());
      CHECK(ruling.rulings.empty());
    } else {
      CHECK(ask.code() == Status::Code::kInvalidArgument);
      CHECK(ask.message() == "la domanda è vuota: scrivere almeno una parola");
      CHECK(resolve.code() == Status::Code::kInvalidArgument);
      CHECK(resolve.message() == "la descrizione è vuota: descrivere la situazione di gioco");
    }
  }
  // The SQL fragment was only text: the index is whole.
  ProvisionInfo p;
  CHECK(engine->Show("mini-1.0#r2__p2", &p).ok());
  std::printf("hostile: %zu question/scenario inputs, slowest ask+resolve %.1f ms (%s)\n",
              HostileInputs().size(), worst_ms, worst.c_str());
}

TEST_CASE("hostile questions through the CLI: one clean line or a valid answer", "[e2e][hostile]") {
  TempDir idx;
  REQUIRE(test::RunArbitro({"--index", idx.path(), "index"}, kMiniEnv).exit_code == 0);
  for (const Hostile& h : HostileInputs()) {
    if (h.text.find('\0') != std::string::npos) continue;  // argv cannot carry NUL
    INFO(h.name);
    for (const char* command : {"ask", "resolve"}) {
      RunResult r = RunChild({"--index", idx.path(), command, "--json", "--", h.text});
      CHECK((r.exit_code == 0 || r.exit_code == 2));
      if (r.exit_code == 0) {
        // Valid JSON whatever the input bytes (invalid UTF-8 is replaced).
        CHECK_NOTHROW(test::Json::Parse(r.out));
        CHECK(r.err.empty());
      } else {
        CHECK(r.out.empty());
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
      }
      // No control character of the input reaches the terminal.
      CHECK(r.err.find('\x1b') == std::string::npos);
    }
  }
  // Echoed in text mode, control characters are blanked too.
  RunResult r = RunChild({"--index", idx.path(), "ask", "\x1b[31mzzzqqq"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "Nessuna regola trovata per:  [31mzzzqqq\n");
}

TEST_CASE("JSON output stays valid UTF-8 for invalid input bytes", "[e2e][hostile]") {
  TempDir idx;
  REQUIRE(test::RunArbitro({"--index", idx.path(), "index"}, kMiniEnv).exit_code == 0);
  RunResult r = RunChild({"--index", idx.path(), "ask", "--json", "fuorigioco \xff\xc3"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.rfind("{\"query\":\"fuorigioco \xEF\xBF\xBD\xEF\xBF\xBD\",", 0) == 0);
}

// ------------------------------------------------------------------ CLI

TEST_CASE("CLI misuse gets one line and exit code 2", "[e2e][hostile]") {
  TempDir idx;
  REQUIRE(test::RunArbitro({"--index", idx.path(), "index"}, kMiniEnv).exit_code == 0);
  RunResult r = RunChild({"--indx", idx.path(), "ask", "fuorigioco"});
  CHECK(r.exit_code == 2);
  CHECK(r.err ==
        "arbitro: opzione globale sconosciuta '--indx', forse intendevi '--index'? (le opzioni "
        "dei comandi vanno dopo il comando)\n");
  r = RunChild({"--index", idx.path(), "ask", "-fuorigioco"});
  CHECK(r.exit_code == 2);
  CHECK(r.err ==
        "arbitro: opzione sconosciuta '-fuorigioco' (un argomento che inizia con '-' va "
        "scritto dopo --)\n");
  r = RunChild({"--index", idx.path(), "resolve", "--", "-fuorigioco"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("infrazione=fuorigioco") != std::string::npos);
  // Conflicting options: the same single-valued option twice with different values.
  r = RunChild({"--index", idx.path(), "ask", "--limit", "3", "--limit", "5", "fuorigioco"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: opzioni in conflitto: --limit '3' e --limit '5' (indicarne una sola)\n");
  r = RunChild({"--index", idx.path(), "ask", "--limit=3", "--limit", "3", "fuorigioco"});
  CHECK(r.exit_code == 0);
  r = RunChild({"--index", idx.path(), "--index", idx / "other", "ask", "fuorigioco"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: --index indicato due volte con cartelle diverse ('" + idx.path() +
                     "' e '" + idx / "other" + "')\n");
  r = RunChild({"--index=", "ask", "fuorigioco"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: --index richiede una cartella\n");
}

TEST_CASE("an index folder that cannot be written is an I/O error", "[e2e][hostile]") {
  TempDir work;
  test::WriteFile(work / "file", "not a folder");
  // A path under a regular file cannot be created, even by root.
  RunResult r = RunChild({"--index", work / "file/idx", "index"}, ChildOptions{kMini});
  CHECK(r.exit_code == 6);
  CHECK(r.err == "arbitro: impossibile scrivere l'indice in " + work / "file/idx" +
                     ": cannot create index directory " + work / "file/idx" +
                     ": Not a directory (un indice già presente resta invariato)\n");
  r = RunChild({"--index", work / "file/idx", "ask", "fuorigioco"}, ChildOptions{kMini});
  CHECK(r.exit_code == 6);
  CHECK(r.out.empty());

  // A read-only or unreadable folder: permissions do not apply to root.
  TempDir idx;
  REQUIRE(RunChild({"--index", idx.path(), "index"}, ChildOptions{kMini}).exit_code == 0);
  if (::geteuid() == 0) {
    WARN("running as root: read-only and unreadable index folders not tested");
    return;
  }
  const std::string generation = fs::read_symlink(idx / "current").string();
  fs::permissions(idx.path(), fs::perms::owner_read | fs::perms::owner_exec);
  r = RunChild({"--index", idx.path(), "index"}, ChildOptions{kMini});
  CHECK(r.exit_code == 6);
  CHECK(r.err.rfind("arbitro: impossibile scrivere l'indice in " + idx.path(), 0) == 0);
  r = RunChild({"--index", idx.path(), "ask", "fuorigioco"});
  CHECK(r.exit_code == 0);  // a read-only index still answers
  fs::permissions(idx.path(), fs::perms::none);
  r = RunChild({"--index", idx.path(), "ask", "fuorigioco"});
  CHECK(r.exit_code != 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  fs::permissions(idx.path(), fs::perms::owner_all);
  CHECK(fs::read_symlink(idx / "current").string() == generation);
}

TEST_CASE("a full disk during index keeps the previous index", "[e2e][hostile]") {
  TempDir idx;
  REQUIRE(RunChild({"--index", idx.path(), "index"}, ChildOptions{kMini}).exit_code == 0);
  const std::string generation = fs::read_symlink(idx / "current").string();
  // Files may not grow past 64 KiB (the SQLite database alone is larger): writes fail
  // with EFBIG, as they would with ENOSPC on a full disk.
  ChildOptions full{kMini};
  full.max_file_bytes = 64 * 1024;
  RunResult r = RunChild({"--index", idx.path(), "index"}, full);
  CHECK(r.exit_code == 5);
  CHECK(r.out.empty());
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.rfind("arbitro: impossibile scrivere l'indice in " + idx.path() + ": ", 0) == 0);
  // SQLite keeps the errno ("File too large") only for some failures.
  CHECK((r.err.find("(File too large)") != std::string::npos ||
         r.err.find("(write failed: disk full?)") != std::string::npos));
  CHECK(r.err.find("(un indice già presente resta invariato)\n") != std::string::npos);
  CHECK(fs::read_symlink(idx / "current").string() == generation);
  for (const auto& e : fs::directory_iterator(idx.path())) {
    CHECK(e.path().filename().string().rfind("tmp-", 0) != 0);
  }
  r = RunChild({"--index", idx.path(), "ask", "fuorigioco"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("[mini-1.0#r1__definizione__p1]") != std::string::npos);
}

}  // namespace arbitro

namespace arbitro {

TEST_CASE("-o to a folder is an I/O error that leaves the folder alone", "[e2e][hostile]") {
  TempDir idx, work;
  REQUIRE(RunChild({"--index", idx.path(), "index"}, ChildOptions{kMini}).exit_code == 0);
  const std::string help = RunChild({"--help"}).out;
  fs::create_directories(work / "out");
  const std::string doc = kMini + "/mini/mini-1.0.xml";
  test::WriteFile(work / "new.xml", Replace(test::ReadFile(doc), "Il portiere può parare",
                                            "Il portiere può sempre parare"));
  std::vector<std::vector<std::string>> commands;
  if (help.find("\n  quiz ") != std::string::npos) {
    commands.push_back({"--index", idx.path(), "quiz", "--format", "json", "-o"});
  }
  if (help.find("\n  diff ") != std::string::npos) {
    commands.push_back({"diff", "--corpus", kMini, doc, work / "new.xml", "-o"});
  }
  if (commands.empty()) WARN("no command writes files with -o yet");
  for (auto args : commands) {
    for (const std::string& folder : {work / "out", work / "out/"}) {
      INFO(args[2] << " -o " << folder);
      args.push_back(folder);
      RunResult r = RunChild(args, ChildOptions{kMini});
      args.pop_back();
      CHECK(r.exit_code == 6);
      CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
      CHECK(r.err.rfind("arbitro: impossibile scrivere '" + folder + "'", 0) == 0);
      CHECK(fs::is_empty(work / "out"));
      // No temporary file left beside it either: only "out" and "new.xml".
      CHECK(std::distance(fs::directory_iterator(work.path()), fs::directory_iterator()) == 2);
    }
  }
}

}  // namespace arbitro
