#include "fuzz_util.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <system_error>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "replay.h"

namespace fs = std::filesystem;

namespace arbitro::fuzz {
namespace {

// Removes the scratch directories at normal exit (a crash leaves them for inspection).
struct ScratchDirs {
  std::map<std::string, std::string> dirs;
  ~ScratchDirs() {
    for (const auto& [name, path] : dirs) {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  }
};

ScratchDirs& Scratch() {
  static ScratchDirs dirs;
  return dirs;
}

[[noreturn]] void Die(const std::string& what) {
  std::fprintf(stderr, "fuzz harness: %s\n", what.c_str());
  std::abort();
}

struct Fixture {
  std::string index_dir;
  std::unique_ptr<Engine> engine;
};

Fixture& BuildFixture() {
  static Fixture fixture = [] {
    Fixture f;
    f.index_dir = ScratchDir("index");
    Corpus corpus;
    std::vector<Diagnostic> diagnostics;
    Status s = LoadCorpus(FixtureCorpus(), &corpus, &diagnostics);
    if (!s.ok()) Die("fixture corpus: " + s.message());
    IndexStats stats;
    s = BuildIndex(corpus, f.index_dir, &stats);
    if (!s.ok()) Die("fixture index: " + s.message());
    s = Engine::Open(f.index_dir, &f.engine);
    if (!s.ok()) Die("fixture engine: " + s.message());
    return f;
  }();
  return fixture;
}

}  // namespace

std::map<std::string, TargetFn>& Targets() {
  static std::map<std::string, TargetFn> targets;
  return targets;
}

bool Register(const char* name, TargetFn fn) {
  Targets()[name] = fn;
  return true;
}

std::string ScratchDir(const std::string& name) {
  auto& dirs = Scratch().dirs;
  if (auto it = dirs.find(name); it != dirs.end()) return it->second;
  std::error_code ec;
  const fs::path base =
      fs::is_directory("/dev/shm", ec) ? fs::path("/dev/shm") : fs::temp_directory_path();
  const std::string path =
      (base / ("arbitro-fuzz-" + std::to_string(::getpid()) + "-" + name)).string();
  fs::remove_all(path, ec);
  fs::create_directories(path, ec);
  if (ec) Die("cannot create " + path + ": " + ec.message());
  dirs[name] = path;
  return path;
}

std::string FixtureCorpus() {
  if (const char* env = std::getenv("ARBITRO_FUZZ_CORPUS"); env && *env) return env;
  return std::string(ARBITRO_FIXTURES_DIR) + "/corpus-mini";
}

Engine& FixtureEngine() {
  return *BuildFixture().engine;
}

const std::string& FixtureIndexDir() {
  return BuildFixture().index_dir;
}

}  // namespace arbitro::fuzz
