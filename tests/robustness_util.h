// Helpers of the robustness tests (hostile_test.cc, integrity_test.cc): running the
// arbitro binary as a child process that can be killed or given a file-size limit,
// and building corpora with a marker that tells two versions apart.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "test_util.h"

extern char** environ;

namespace arbitro::test {

struct ChildOptions {
  std::string corpus;             // ARBITRO_CORPUS, unset when empty
  rlim_t max_file_bytes = 0;      // RLIMIT_FSIZE when > 0 (SIGXFSZ ignored: writes fail)
  std::string out = "/dev/null";  // stdout and stderr go to these files
  std::string err = "/dev/null";
};

// Starts `arbitro args…` in the background; returns its pid (or -1). Without a
// file-size limit it uses posix_spawn, safe from a threaded test; with one it forks,
// which only a single-threaded test may do.
inline pid_t StartArbitro(const std::vector<std::string>& args, const ChildOptions& options = {}) {
  std::string binary = ARBITRO_BINARY;
  std::vector<std::string> strings = args;
  std::vector<char*> argv{binary.data()};
  for (std::string& a : strings) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e) {
    if (std::string(*e).rfind("ARBITRO_CORPUS=", 0) != 0) env_strings.push_back(*e);
  }
  if (!options.corpus.empty()) env_strings.push_back("ARBITRO_CORPUS=" + options.corpus);
  std::vector<char*> envp;
  for (std::string& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);

  if (options.max_file_bytes > 0) {
    const pid_t pid = ::fork();
    if (pid != 0) return pid;
    ::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limit = {options.max_file_bytes, options.max_file_bytes};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    const int out = ::open(options.out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(options.err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in = ::open("/dev/null", O_RDONLY);
    if (out < 0 || err < 0 || in < 0) ::_exit(126);
    ::dup2(out, 1);
    ::dup2(err, 2);
    ::dup2(in, 0);
    ::execve(binary.c_str(), argv.data(), envp.data());
    ::_exit(127);
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, options.out.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, options.err.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  pid_t pid = -1;
  if (::posix_spawn(&pid, binary.c_str(), &actions, nullptr, argv.data(), envp.data()) != 0) {
    pid = -1;
  }
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

// Waits for a child: its exit code, or 128 + signal number when killed.
inline int WaitChild(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Runs `arbitro args…` to completion with the given limits.
inline RunResult RunChild(const std::vector<std::string>& args, ChildOptions options = {}) {
  TempDir tmp;
  options.out = tmp / "out";
  options.err = tmp / "err";
  RunResult r;
  r.exit_code = WaitChild(StartArbitro(args, options));
  r.out = ReadFile(tmp / "out");
  r.err = ReadFile(tmp / "err");
  return r;
}

// Writes a copy of the mini fixture corpus to `dir` with an extra rulebook
// "mini-big" of `provisions` provisions (so that a build takes a while). With
// `marked`, mini-big also holds the provision r1__zanzara, the only one with the
// word "zanzara": an index of the marked corpus answers "zanzara" with it, an index
// of the unmarked one cannot show it.
inline void WriteMarkedCorpus(const std::string& dir, int provisions, bool marked) {
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  CopyTree(MiniCorpusDir(), dir);
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<rulebook game=\"mini\" doc=\"mini-big\" xml:lang=\"it\">\n"
      "  <meta><title>Regolamento Mini esteso</title><short-title>Mini esteso</short-title>"
      "<language>it</language><source file=\"source/mini.txt\" format=\"text\"/></meta>\n"
      "  <body>\n    <rule eId=\"r1\"><num>Regola 1</num><heading>VARIE</heading>\n";
  for (int i = 1; i <= provisions; ++i) {
    const std::string n = std::to_string(i);
    xml += "      <provision eId=\"r1__p" + n + "\" kind=\"information\"><p>La miniatura numero " +
           n + " resta ferma nella propria area di porta fino al fischio dell'arbitro, " +
           "salvo il tiro in porta numero " + n + ".</p></provision>\n";
  }
  if (marked) {
    xml +=
        "      <provision eId=\"r1__zanzara\" kind=\"information\"><p>Una zanzara sul campo "
        "non ferma il gioco.</p></provision>\n";
  }
  xml += "    </rule>\n  </body>\n</rulebook>\n";
  WriteFile(dir + "/mini/mini-big.xml", xml);
}

}  // namespace arbitro::test
