// Helpers shared by the tests: temporary directories, running the arbitro binary, and
// indexing a corpus for the engine tests.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "arbitro/schema.h"

namespace arbitro::test {

// A fresh directory under the system temp dir, removed with its contents.
class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("arbitro-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string path() const { return path_.string(); }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void WriteFile(const std::string& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary);
  out << content;
}

inline std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs the built arbitro binary with `args`; `env` is a prefix like "ARBITRO_CORPUS=x".
inline RunResult RunArbitro(const std::vector<std::string>& args, const std::string& env = "",
                            const std::string& stdin_text = "") {
  TempDir tmp;
  std::string cmd = env.empty() ? "" : env + " ";
  cmd += ShellQuote(ARBITRO_BINARY);
  for (const auto& a : args) cmd += " " + ShellQuote(a);
  cmd += " >" + ShellQuote(tmp / "out") + " 2>" + ShellQuote(tmp / "err");
  cmd += " <" + (stdin_text.empty() ? std::string("/dev/null") : ShellQuote(tmp / "in"));
  if (!stdin_text.empty()) WriteFile(tmp / "in", stdin_text);
  int status = std::system(cmd.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = ReadFile(tmp / "out");
  r.err = ReadFile(tmp / "err");
  return r;
}

// Copies a directory tree (for fixtures that a test modifies).
inline void CopyTree(const std::string& from, const std::string& to) {
  std::filesystem::copy(from, to, std::filesystem::copy_options::recursive);
}

// The small fixture corpus of the engine and end-to-end tests.
inline std::string MiniCorpusDir() {
  return std::string(ARBITRO_FIXTURES_DIR) + "/corpus-mini";
}

// The mini corpus plus `copies` copies of its game under the ids mini-c001, …
// (as bench/scale.sh builds its synthetic corpora).
inline void WriteMiniCopies(const std::string& dir, int copies) {
  CopyTree(MiniCorpusDir(), dir);
  const std::string from = MiniCorpusDir() + "/mini";
  for (int c = 1; c <= copies; ++c) {
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "c%03d", c);
    const std::string game = std::string("mini-") + suffix;
    std::filesystem::create_directories(dir + "/" + game);
    std::filesystem::copy(from + "/source", dir + "/" + game + "/source",
                          std::filesystem::copy_options::recursive);
    for (const char* file : {"mini-1.0.xml", "vocabulary.xml", "phrasing.xml"}) {
      std::string text = ReadFile(from + "/" + file);
      text = std::regex_replace(text, std::regex("game=\"mini\""), "game=\"" + game + "\"");
      text = std::regex_replace(text, std::regex("(doc=\"|target=\"|case=\"|ref=\")mini([-\"#])"),
                                "$1" + game + "$2");
      std::string name = file;
      if (name.rfind("mini-", 0) == 0) name = game + name.substr(4);
      WriteFile(dir + "/" + game + "/" + name, text);
    }
  }
}

// Environment prefix for RunArbitro: arbitro reads the corpus in `dir`.
inline std::string CorpusEnv(const std::string& dir) {
  return "ARBITRO_CORPUS=" + ShellQuote(dir);
}

// The corpus in `dir`; a load error fails the test with its message.
inline Corpus LoadOrFail(const std::string& dir) {
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  const Status s = LoadCorpus(dir, &corpus, &diagnostics);
  INFO(s.message());
  REQUIRE(s.ok());
  return corpus;
}

// Indexes the corpus in `corpus_dir` into `index_dir`; an error fails the test.
inline void IndexOrFail(const std::string& corpus_dir, const std::string& index_dir,
                        IndexStats* stats = nullptr) {
  IndexStats ignored;
  const Status s = BuildIndex(LoadOrFail(corpus_dir), index_dir, stats ? stats : &ignored);
  INFO(s.message());
  REQUIRE(s.ok());
}

// Indexes the corpus in `corpus_dir` into `index_dir` and opens the engine on it.
inline std::unique_ptr<Engine> IndexAndOpen(const std::string& corpus_dir,
                                            const std::string& index_dir) {
  IndexOrFail(corpus_dir, index_dir);
  std::unique_ptr<Engine> engine;
  const Status s = Engine::Open(index_dir, &engine);
  INFO(s.message());
  REQUIRE(s.ok());
  return engine;
}

}  // namespace arbitro::test
