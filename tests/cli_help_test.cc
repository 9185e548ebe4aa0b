// End-to-end: per-command help, `arbitro help`, the generated man page and bash
// completion, and three answers a new user meets (toc of an unknown name, show of a
// document id, resolve of a text that is no game situation).
#include <catch2/catch.hpp>
#include <filesystem>

#include "json_value.h"
#include "test_util.h"

using arbitro::test::ReadFile;
using arbitro::test::RunArbitro;
using arbitro::test::ShellQuote;
using arbitro::test::TempDir;

namespace {

// Every command a user can run; written here, not read from the binary, so a command
// that loses its help (or disappears) fails the test.
const std::vector<std::string> kCommands = {"index",       "ask",   "resolve", "show",
                                            "toc",         "games", "facts",   "lint-corpus",
                                            "check",       "diff",  "eval-ask", "eval-resolve",
                                            "quiz",        "help"};

std::string BuildDir() {
  return std::filesystem::path(ARBITRO_BINARY).parent_path().string();
}

// Runs a bash script; returns its standard output (stderr is dropped).
arbitro::test::RunResult Bash(const std::string& script, const std::string& env) {
  TempDir tmp;
  arbitro::test::WriteFile(tmp / "s.sh", script);
  const std::string cmd = env + " bash " + ShellQuote(tmp / "s.sh") + " >" +
                          ShellQuote(tmp / "out") + " 2>" + ShellQuote(tmp / "err");
  const int status = std::system(cmd.c_str());
  arbitro::test::RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = ReadFile(tmp / "out");
  r.err = ReadFile(tmp / "err");
  return r;
}

}  // namespace

TEST_CASE("every command answers --help and `arbitro help CMD` with usage, options, examples "
          "and exit codes",
          "[e2e]") {
  const auto global = RunArbitro({"--help"});
  REQUIRE(global.exit_code == 0);
  for (const std::string& cmd : kCommands) {
    INFO(cmd);
    CHECK(global.out.find("\n  " + cmd + " ") != std::string::npos);
    const auto r = RunArbitro({cmd, "--help"});
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(r.out.rfind("uso: arbitro " + cmd, 0) == 0);
    CHECK(r.out.find("\nEsempi:\n  arbitro " + cmd) != std::string::npos);
    CHECK(r.out.find("\nCodici di uscita:\n  0  successo\n") != std::string::npos);
    CHECK(r.out.find("  --help, -h\n") != std::string::npos);
    CHECK(RunArbitro({cmd, "-h"}).out == r.out);
    CHECK(RunArbitro({"help", cmd}).out == r.out);
  }
  const auto quiz = RunArbitro({"quiz", "--help"});
  CHECK(quiz.out.find("  -o, --output FILE\n      scrive nel file invece che sullo schermo\n") !=
        std::string::npos);
  CHECK(quiz.out.find("  --format FORMATO\n      moodle (XML), gift, anki (testo), json o "
                      "markdown\n") != std::string::npos);
}

TEST_CASE("help: unknown command, and --help after -- is an argument", "[e2e]") {
  auto r = RunArbitro({"help", "quizz"});
  CHECK(r.exit_code == 2);
  CHECK(r.err ==
        "arbitro: comando sconosciuto 'quizz', forse intendevi 'quiz'? (arbitro --help elenca i "
        "comandi)\n");
  r = RunArbitro({"help", "--completion", "zsh"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: shell non supportata 'zsh' (supportata: bash)\n");
  // "--" ends the options: "--help" is then a question, not a request for help.
  TempDir idx;
  r = RunArbitro({"--index", idx.path(), "ask", "--", "--help"},
                 arbitro::test::CorpusEnv(arbitro::test::MiniCorpusDir()));
  CHECK(r.out.rfind("uso: arbitro ask", 0) != 0);
}

TEST_CASE("the man page is generated from the command table and renders", "[e2e]") {
  const std::string page = ReadFile(BuildDir() + "/arbitro.1");
  REQUIRE(page.rfind(".TH ARBITRO 1", 0) == 0);
  CHECK(page == RunArbitro({"help", "--man"}).out);
  for (std::string cmd : kCommands) {
    for (size_t at = cmd.find('-'); at != std::string::npos; at = cmd.find('-', at + 2))
      cmd.replace(at, 1, "\\-");  // troff's hyphen
    CHECK(page.find(".SS " + cmd + "\n") != std::string::npos);
  }
  TempDir tmp;
  const std::string cmd = "groff -man -Tutf8 -P-bcu -ww " + ShellQuote(BuildDir() + "/arbitro.1") + " >" +
                          ShellQuote(tmp / "out") + " 2>" + ShellQuote(tmp / "err");
  REQUIRE(std::system(cmd.c_str()) == 0);
  CHECK(ReadFile(tmp / "err").empty());  // no troff warnings
  const std::string text = ReadFile(tmp / "out");
  CHECK(text.find("CODICI DI USCITA") != std::string::npos);
  CHECK(text.find("arbitro quiz --game subbuteo --count 20 --format moodle -o q.xml") !=
        std::string::npos);
}

TEST_CASE("bash completion: commands, options, option values, games and documents", "[e2e]") {
  const std::string completion = BuildDir() + "/arbitro.bash";
  REQUIRE(ReadFile(completion) == RunArbitro({"help", "--completion", "bash"}).out);
  TempDir idx;
  const std::string env = "PATH=" + ShellQuote(BuildDir()) + ":\"$PATH\" ARBITRO_INDEX=" +
                          ShellQuote(idx.path()) + " " +
                          arbitro::test::CorpusEnv(arbitro::test::MiniCorpusDir());
  auto complete = [&](const std::string& words) {
    const std::string script = "source " + ShellQuote(completion) +
                               "\ncomplete -p arbitro\nCOMP_WORDS=(" + words +
                               ")\nCOMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n_arbitro\n"
                               "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    auto r = Bash(script, env);
    REQUIRE(r.exit_code == 0);
    return r.out;
  };
  CHECK(complete("arbitro qu") == "complete -F _arbitro arbitro\nquiz\n");
  CHECK(complete("arbitro ask --li") == "complete -F _arbitro arbitro\n--limit\n");
  CHECK(complete("arbitro check --severity w") == "complete -F _arbitro arbitro\nwarning\n");
  CHECK(complete("arbitro quiz --format g") == "complete -F _arbitro arbitro\ngift\n");
  CHECK(complete("arbitro toc mi") == "complete -F _arbitro arbitro\nmini\nmini-1.0\n");
  CHECK(complete("arbitro help re") == "complete -F _arbitro arbitro\nresolve\n");
}

TEST_CASE("games --ids lists games then documents, one per line", "[e2e]") {
  TempDir idx;
  auto r = RunArbitro({"--index", idx.path(), "games", "--ids"},
                      arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR));
  CHECK(r.exit_code == 0);
  CHECK(r.out ==
        "calciotto\nsoccer-tactics\nsubbuteo\nsubbuteo-rugby\ncalciotto\n"
        "soccer-tactics-abbreviato\nsoccer-tactics-completo\nsubbuteo-2.0\nsubbuteo-rugby-4.0\n");
}

TEST_CASE("a new user's first tries: unknown toc name, a document id to show, a greeting to "
          "resolve",
          "[e2e]") {
  TempDir idx;
  const std::string real = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  REQUIRE(RunArbitro({"--index", idx.path(), "index"}, real).exit_code == 0);
  // Each name once (the game calciotto and its document share the name), with a suggestion.
  auto r = RunArbitro({"--index", idx.path(), "toc", "boh"}, real);
  CHECK(r.exit_code == 2);
  CHECK(r.err ==
        "arbitro: gioco o documento sconosciuto 'boh' (disponibili: calciotto, soccer-tactics, "
        "subbuteo, subbuteo-rugby, soccer-tactics-abbreviato, soccer-tactics-completo, "
        "subbuteo-2.0, subbuteo-rugby-4.0)\n");
  r = RunArbitro({"--index", idx.path(), "toc", "subuteo"}, real);
  CHECK(r.exit_code == 2);
  CHECK(r.err.rfind("arbitro: gioco o documento sconosciuto 'subuteo', forse 'subbuteo'? ", 0) == 0);

  // A document id, as `games` prints it: its table of contents.
  r = RunArbitro({"--index", idx.path(), "show", "subbuteo-rugby-4.0"}, real);
  CHECK(r.exit_code == 0);
  CHECK(r.out.rfind("'subbuteo-rugby-4.0' è un documento: ecco il suo indice (arbitro toc "
                    "subbuteo-rugby-4.0); per una disposizione: arbitro show subbuteo-rugby-4.0#ID\n\n"
                    "SUBBUTEO TABLE RUGBY Versione 4.0 [subbuteo-rugby-4.0]\n",
                    0) == 0);
  CHECK(r.out.find("  subbuteo-rugby-4.0#cap10\n") != std::string::npos);
  r = RunArbitro({"--index", idx.path(), "show", "--json", "subbuteo-rugby-4.0"}, real);
  CHECK(r.exit_code == 3);
  CHECK(r.err ==
        "arbitro: 'subbuteo-rugby-4.0' è un documento, non una disposizione: il suo indice è "
        "`arbitro toc --json subbuteo-rugby-4.0`\n");
  r = RunArbitro({"--index", idx.path(), "show", "subbuteo-rugby-9.9"}, real);
  CHECK(r.exit_code == 3);

  // A greeting is no game situation: no game, no facts, no citations, a clear note.
  for (const char* text : {"ciao come stai", "buongiorno a tutti"}) {
    r = RunArbitro({"--index", idx.path(), "resolve", text}, real);
    CHECK(r.exit_code == 0);
    CHECK(r.out ==
          "Nota: Nessuna situazione di gioco riconosciuta nella descrizione: descrivere che "
          "cosa è successo (chi ha giocato, dove, quale infrazione).\n");
    r = RunArbitro({"--index", idx.path(), "resolve", "--json", text}, real);
    const auto none = arbitro::test::Json::Parse(r.out);
    CHECK(none["game"].IsNull());
    CHECK(none["facts"].size() == 0);
    CHECK(none["rulings"].size() == 0);
    CHECK(none["unresolved"].size() == 0);
  }
  // A real description still gets its ruling.
  r = RunArbitro({"--index", idx.path(), "resolve", "--json",
                  "una miniatura dell'attaccante colpisce un omino fermo prima della palla nella "
                  "propria area di rigore"},
                 real);
  CHECK(r.exit_code == 0);
  const auto j = arbitro::test::Json::Parse(r.out);
  REQUIRE(j["rulings"].size() >= 1);
  CHECK(j["rulings"][0]["sanctions"][0]["type"].string == "calcio-di-rigore");
}
