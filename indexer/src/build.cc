// BuildIndex: corpus model → a new generation (index_writer.cc), published atomically
// by renaming the finished directory and repointing the "current" link.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xapian.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <system_error>

#include "arbitro/indexer.h"
#include "index_writer.h"
#include "phase_times.h"

namespace fs = std::filesystem;

namespace arbitro {
namespace {

constexpr const char* kCurrentLink = "current";
constexpr const char* kTempPrefix = "tmp-";
constexpr const char* kGenerationPrefix = "gen-";
constexpr const char* kCacheDir = "cache";

// Holds the exclusive build lock for the lifetime of the object.
class BuildLock {
 public:
  Status Acquire(const std::string& dir) {
    fd_ = ::open((dir + "/lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
      return Status::IOError("cannot create lock file in " + dir + ": " + strerror(errno));
    if (::flock(fd_, LOCK_EX) != 0) return Status::IOError("cannot lock " + dir);
    return Status::OK();
  }
  ~BuildLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the lock
  }

 private:
  int fd_ = -1;
};

// Removes a temporary build directory unless released.
class TempDirGuard {
 public:
  explicit TempDirGuard(std::string path) : path_(std::move(path)) {}
  ~TempDirGuard() {
    if (!path_.empty()) {
      std::error_code ec;
      fs::remove_all(path_, ec);
    }
  }
  void Release() { path_.clear(); }

 private:
  std::string path_;
};

Status FsError(const std::string& what, const std::error_code& ec) {
  return Status::IOError(what + ": " + ec.message());
}

void FsyncPath(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

void RemoveStaleEntries(const std::string& dir, const std::string& keep_a,
                        const std::string& keep_b) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    bool temp = name.rfind(kTempPrefix, 0) == 0;
    bool generation = name.rfind(kGenerationPrefix, 0) == 0;
    if ((temp || generation) && name != keep_a && name != keep_b) {
      std::error_code ignored;
      fs::remove_all(entry.path(), ignored);
    }
  }
}

std::string ReadLink(const std::string& path) {
  std::error_code ec;
  fs::path target = fs::read_symlink(path, ec);
  return ec ? std::string() : target.filename().string();
}

}  // namespace

const char* IndexFormatVersion() {
  return "17";
}  // 4: name terms (T); 5: sanction choices; 6: quiz phrasing; 7: variant changes;
   // 8: body terms (Y), dropped since (no ranking gain); 9: every game's vocabulary (*);
   // 10: decisions and sides; 11: cases.reading; 12: phrase_scenes;
   // 13: per-game term counts (Xapian metadata, game_terms); 14: asked terms (A);
   // 15: sanction_types.adds_to_roll;
   // 16: ranges of measured lengths (fact_values.unit, low, high);
   // 17: no term positions, termlists or value slot (no query read them)

std::string DefaultIndexDir(const std::string& flag) {
  if (!flag.empty()) return flag;
  if (const char* env = std::getenv("ARBITRO_INDEX"); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) {
    return std::string(xdg) + "/arbitro/index";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::string(home) + "/.local/share/arbitro/index";
  }
  return ".arbitro-index";
}

Status OpenCurrentGeneration(const std::string& index_dir, std::string* generation_dir) {
  std::string name = ReadLink(index_dir + "/" + kCurrentLink);
  if (name.empty()) return Status::NotFound("nessun indice in " + index_dir);
  std::string gen = index_dir + "/" + name;
  std::error_code ec;
  if (!fs::is_regular_file(SqlitePath(gen), ec) || !fs::is_directory(XapianPath(gen), ec)) {
    return Status::IndexError("index in " + index_dir + " is incomplete; run 'arbitro index'");
  }
  *generation_dir = gen;
  return Status::OK();
}

Status BuildIndex(const Corpus& corpus, const std::string& index_dir, IndexStats* stats) {
  const auto start = std::chrono::steady_clock::now();
  PhaseTimesStart();
  PhaseTime whole("build");
  *stats = IndexStats();
  std::error_code ec;
  fs::create_directories(index_dir, ec);
  if (ec) return FsError("cannot create index directory " + index_dir, ec);

  BuildLock lock;
  Status s = lock.Acquire(index_dir);
  if (!s.ok()) return s;
  const std::string current = ReadLink(index_dir + "/" + kCurrentLink);
  // Under the lock no other build runs: every temporary directory is stale.
  RemoveStaleEntries(index_dir, current, current);

  const auto stamp = std::chrono::system_clock::now().time_since_epoch().count();
  const std::string suffix = std::to_string(stamp) + "-" + std::to_string(::getpid());
  const std::string temp = index_dir + "/" + kTempPrefix + suffix;
  fs::create_directory(temp, ec);
  if (ec) return FsError("cannot create " + temp, ec);
  TempDirGuard guard(temp);

  // What stays the same from build to build unless its inputs change (the thesaurus's
  // links, the small synonym and spelling databases) is kept beside the generations
  // (outside them: a generation holds only what readers open; the build lock guards
  // the folder). Without the folder, nothing is kept.
  std::string cache_dir = index_dir + "/" + kCacheDir;
  fs::create_directory(cache_dir, ec);
  if (ec) cache_dir.clear();
  s = WriteIndexFiles(corpus, temp, stats, cache_dir);
  if (!s.ok()) return s;
  PhaseTime publish("publish");

  // Publish: rename the finished directory, then atomically repoint "current".
  const std::string generation = std::string(kGenerationPrefix) + suffix;
  fs::rename(temp, index_dir + "/" + generation, ec);
  if (ec) return FsError("cannot publish index", ec);
  guard.Release();
  TempDirGuard generation_guard(index_dir + "/" + generation);
  const std::string link_temp = index_dir + "/" + kTempPrefix + "link-" + suffix;
  fs::create_directory_symlink(generation, link_temp, ec);
  if (ec) return FsError("cannot publish index", ec);
  if (::rename(link_temp.c_str(), (index_dir + "/" + kCurrentLink).c_str()) != 0) {
    std::error_code rename_ec(errno, std::generic_category());
    fs::remove(link_temp, ec);
    return FsError("cannot publish index", rename_ec);
  }
  generation_guard.Release();
  FsyncPath(index_dir);
  // Keep the previous generation for readers that opened it just before the swap.
  RemoveStaleEntries(index_dir, generation, current);

  stats->generation = index_dir + "/" + generation;
  stats->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return Status::OK();
}

const std::vector<TermPrefix>& TermPrefixes() {
  static const std::vector<TermPrefix> kPrefixes = {
      {"game", prefix::kGame, true},         {"doc", prefix::kDoc, true},
      {"rule", prefix::kRule, true},         {"kind", prefix::kKind, true},
      {"sanction", prefix::kSanction, true}, {"flag", prefix::kFlag, true},
      {"phrase", prefix::kPhrase, false},    {"counted", prefix::kCounted, false},
      {"heading", prefix::kHeading, false},  {"param", prefix::kParam, false},
      {"bigram", prefix::kBigram, false},    {"asked", prefix::kAsked, false},
      {"name", prefix::kName, true},
  };
  return kPrefixes;
}

}  // namespace arbitro
