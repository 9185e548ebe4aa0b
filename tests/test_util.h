// Helpers shared by the tests: temporary directories and running the arbitro binary.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

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

}  // namespace arbitro::test
