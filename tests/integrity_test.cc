// Index integrity under failure and concurrency: `arbitro index` killed at random
// moments, and readers running while another process re-indexes again and again.
//
// Two versions of one corpus take turns: the "marked" one has a provision
// (mini-big#r1__zanzara) that the other lacks. A published index must be exactly one
// of them: SQLite and Xapian agree on the marker, both pass their integrity checks,
// and the document holds all its provisions. Figures are printed for
// docs/robustness.md.
#include <xapian.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "robustness_util.h"

namespace arbitro {
namespace {

using Clock = std::chrono::steady_clock;
using test::ChildOptions;
using test::TempDir;

constexpr const char* kMarkerId = "mini-big#r1__zanzara";

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAsan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAsan = true;
#else
constexpr bool kAsan = false;
#endif
#else
constexpr bool kAsan = false;
#endif

struct IndexCheck {
  bool ok = false;
  std::string why;  // what is wrong when !ok
  bool marked = false;
};

// Checks the published generation of `index_dir` in depth (see the file comment).
IndexCheck CheckIndex(const std::string& index_dir, int provisions) {
  IndexCheck c;
  std::string gen;
  Status s = OpenCurrentGeneration(index_dir, &gen);
  if (!s.ok()) return {false, "no current generation: " + s.message()};
  {
    Database db;
    Statement check;
    s = Database::Open(SqlitePath(gen), /*read_only=*/true, &db);
    if (s.ok()) s = db.Prepare("PRAGMA integrity_check", &check);
    if (!s.ok()) return {false, "sqlite: " + s.message()};
    if (!check.Step(&s) || check.Text(0) != "ok")
      return {false, "sqlite integrity: " + check.Text(0)};
  }
  try {
    // libxapian's own checker deletes a cursor through the wrong type (ASan's
    // new-delete-type-mismatch inside libxapian.so): run it only without ASan.
    if (size_t errors = kAsan ? 0 : Xapian::Database::check(XapianPath(gen)); errors != 0) {
      return {false, "xapian check: " + std::to_string(errors) + " errors"};
    }
  } catch (const Xapian::Error& e) {
    return {false, "xapian check: " + e.get_description()};
  }
  std::unique_ptr<Engine> engine;
  s = Engine::Open(index_dir, &engine);
  if (!s.ok()) return {false, "engine: " + s.message()};
  ProvisionInfo marker;
  const bool in_sqlite = engine->Show(kMarkerId, &marker).ok();
  AskResult answer;
  s = engine->Ask("zanzara", AskOptions{}, &answer);
  const bool in_xapian = s.ok() && !answer.hits.empty() && answer.hits[0].provision.id == kMarkerId;
  if (in_sqlite != in_xapian) return {false, "SQLite and Xapian hold different corpus versions"};
  std::vector<DocumentInfo> docs;
  s = engine->Games(&docs);
  long long big = -1;
  for (const DocumentInfo& d : docs) {
    if (d.doc == "mini-big") big = d.provisions;
  }
  if (big != provisions + (in_sqlite ? 1 : 0)) {
    return {false, "mini-big has " + std::to_string(big) + " provisions"};
  }
  c.ok = true;
  c.marked = in_sqlite;
  return c;
}

// Entries of the index directory whose name starts with `prefix`.
int CountEntries(const std::string& dir, const std::string& prefix) {
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().filename().string().rfind(prefix, 0) == 0) ++n;
  }
  return n;
}

double Seconds(Clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

}  // namespace

TEST_CASE("killing index at any moment leaves the old or the new complete index",
          "[e2e][integrity]") {
  constexpr int kProvisions = 1000;
  constexpr int kKills = 30;
  TempDir work, idx;
  test::WriteMarkedCorpus(work / "plain", kProvisions, /*marked=*/false);
  test::WriteMarkedCorpus(work / "marked", kProvisions, /*marked=*/true);
  auto build = [&](bool marked) {
    return test::StartArbitro(
        {"--index", idx.path(), "index", "--corpus", work / (marked ? "marked" : "plain")});
  };
  // A first complete index, and how long a build takes: kills land all over it.
  const auto start = Clock::now();
  REQUIRE(test::WaitChild(build(false)) == 0);
  const double build_seconds = Seconds(Clock::now() - start);
  IndexCheck before = CheckIndex(idx.path(), kProvisions);
  REQUIRE(before.ok);
  CHECK_FALSE(before.marked);

  std::mt19937 rng(20261122);  // fixed: a failing sequence can be replayed
  // Half the kills anywhere in a build, half near its end, where it publishes.
  std::uniform_real_distribution<double> anywhere(0.0, build_seconds);
  std::uniform_real_distribution<double> near_end(build_seconds * 0.8, build_seconds * 1.6);
  int kept_old = 0, published_new = 0, finished = 0, left_temp = 0;
  for (int i = 0; i < kKills; ++i) {
    const bool marked = !before.marked;
    const pid_t pid = build(marked);
    REQUIRE(pid > 0);
    const double delay = i % 2 ? near_end(rng) : anywhere(rng);
    std::this_thread::sleep_for(std::chrono::duration<double>(delay));
    ::kill(pid, i % 5 == 4 ? SIGTERM : SIGKILL);
    const int code = test::WaitChild(pid);
    const IndexCheck after = CheckIndex(idx.path(), kProvisions);
    INFO("kill " << i << ": exit " << code << ", " << after.why);
    REQUIRE(after.ok);
    if (code == 0) {
      ++finished;
      CHECK(after.marked == marked);
    }
    (after.marked == marked ? published_new : kept_old) += 1;
    if (CountEntries(idx.path(), "tmp-") > 0) ++left_temp;  // removed by the next build
    before = after;
  }
  // The next complete build cleans up whatever the killed ones left behind.
  REQUIRE(test::WaitChild(build(!before.marked)) == 0);
  const IndexCheck last = CheckIndex(idx.path(), kProvisions);
  REQUIRE(last.ok);
  CHECK(last.marked != before.marked);
  CHECK(CountEntries(idx.path(), "tmp-") == 0);
  CHECK(CountEntries(idx.path(), "gen-") <= 2);
  std::printf(
      "integrity: %d kills during index (build %.2f s): %d kept the old index, %d published the "
      "new one (%d had finished), 0 broken; %d left a temporary folder, all removed\n",
      kKills, build_seconds, kept_old, published_new, finished, left_temp);
}

TEST_CASE("readers never see an error or a half-built index during repeated re-indexing",
          "[e2e][integrity]") {
  constexpr int kProvisions = 200;
  constexpr double kSeconds = 4.0;
  TempDir work, idx;
  test::WriteMarkedCorpus(work / "plain", kProvisions, /*marked=*/false);
  test::WriteMarkedCorpus(work / "marked", kProvisions, /*marked=*/true);
  const std::vector<std::string> index_plain = {"--index", idx.path(), "index", "--corpus",
                                                work / "plain"};
  const std::vector<std::string> index_marked = {"--index", idx.path(), "index", "--corpus",
                                                 work / "marked"};
  REQUIRE(test::WaitChild(test::StartArbitro(index_plain)) == 0);

  std::atomic<bool> stop{false};
  std::atomic<int> builds{0}, build_failures{0};
  std::thread writer([&] {
    for (int i = 0; !stop; ++i) {
      const int code = test::WaitChild(test::StartArbitro(i % 2 ? index_plain : index_marked));
      (code == 0 ? builds : build_failures) += 1;
    }
  });

  // In-process readers: open the current generation and query it, again and again;
  // one more keeps a single engine open while its generation is replaced and removed.
  std::atomic<int> reads{0};
  std::mutex errors_mutex;
  std::vector<std::string> errors;
  auto fail = [&](const std::string& what) {
    std::lock_guard<std::mutex> lock(errors_mutex);
    if (errors.size() < 10) errors.push_back(what);
  };
  auto query = [&](Engine& engine) {
    AskResult answer;
    Status s = engine.Ask("la miniatura resta ferma nell'area di porta", AskOptions{}, &answer);
    if (!s.ok() || answer.hits.empty()) return fail("ask: " + s.message());
    ProvisionInfo marker;
    const bool in_sqlite = engine.Show(kMarkerId, &marker).ok();
    s = engine.Ask("zanzara", AskOptions{}, &answer);
    const bool in_xapian =
        s.ok() && !answer.hits.empty() && answer.hits[0].provision.id == kMarkerId;
    if (in_sqlite != in_xapian) return fail("SQLite and Xapian disagree on the corpus version");
    ResolveResult ruling;
    s = engine.Resolve("il portiere para fuori area per la seconda volta", ResolveOptions{},
                       &ruling);
    if (!s.ok() || ruling.rulings.empty()) return fail("resolve: " + s.message());
    ++reads;
  };
  // Readers run for kSeconds and, on a loaded machine where an index build takes longer,
  // until the writer has replaced the index twice (a build that fails stops them; the
  // minute is a bound, not a figure).
  const auto deadline = Clock::now() + std::chrono::duration<double>(kSeconds);
  const auto bound = Clock::now() + std::chrono::seconds(60);
  auto running = [&] {
    const auto now = Clock::now();
    return (now < deadline || builds < 2) && build_failures == 0 && now < bound;
  };
  std::vector<std::thread> readers;
  for (int t = 0; t < 2; ++t) {
    readers.emplace_back([&] {
      while (running()) {
        std::unique_ptr<Engine> engine;
        Status s = Engine::Open(idx.path(), &engine);
        if (!s.ok()) {
          fail("open: " + s.message());
          continue;
        }
        query(*engine);
      }
    });
  }
  readers.emplace_back([&] {
    std::unique_ptr<Engine> engine;
    Status s = Engine::Open(idx.path(), &engine);
    if (!s.ok()) return fail("open: " + s.message());
    while (running()) query(*engine);
  });
  // Process readers: the CLI, as a referee would run it.
  int cli_reads = 0;
  TempDir out;
  ChildOptions options;
  options.out = out / "out";
  options.err = out / "err";
  while (running()) {
    const bool ask = cli_reads % 2 == 0;
    const int code = test::WaitChild(test::StartArbitro(
        ask ? std::vector<std::string>{"--index", idx.path(), "ask", "fuorigioco"}
            : std::vector<std::string>{"--index", idx.path(), "resolve",
                                       "il portiere para fuori area"},
        options));
    const std::string stdout_text = test::ReadFile(options.out);
    const std::string stderr_text = test::ReadFile(options.err);
    if (code != 0 || stdout_text.empty() || !stderr_text.empty()) {
      fail("cli exit " + std::to_string(code) + ": " + stderr_text);
    }
    ++cli_reads;
  }
  for (std::thread& r : readers) r.join();
  stop = true;
  writer.join();

  INFO((errors.empty() ? std::string() : errors.front()));
  CHECK(errors.empty());
  CHECK(build_failures == 0);
  CHECK(builds >= 2);
  CHECK(CheckIndex(idx.path(), kProvisions).ok);
  std::printf(
      "integrity: %d in-process reads and %d CLI reads during %d re-indexings in %.0f s, %zu "
      "errors\n",
      reads.load(), cli_reads, builds.load(), kSeconds, errors.size());
}

}  // namespace arbitro

namespace arbitro {

TEST_CASE("SQLite: read-only immutable queries, foreign keys on, one rollback-journal transaction",
          "[integrity]") {
  // A folder name with URI syntax in it ('?', '#', '%') must not change what is opened.
  TempDir work;
  const std::string index_dir = work / "indice #1?prova%20";
  IndexStats stats;
  test::IndexOrFail(test::MiniCorpusDir(), index_dir, &stats);
  const std::string db_path = SqlitePath(stats.generation);
  const std::string before = test::ReadFile(db_path);

  Database reader;
  REQUIRE(Database::Open(db_path, /*read_only=*/true, &reader).ok());
  CHECK(sqlite3_db_readonly(reader.get(), "main") == 1);
  CHECK(sqlite3_uri_boolean(sqlite3_db_filename(reader.get(), "main"), "immutable", 0) == 1);
  Statement pragma;
  REQUIRE(reader.Prepare("PRAGMA foreign_keys", &pragma).ok());
  REQUIRE(pragma.Step());
  CHECK(pragma.Int(0) == 1);
  CHECK(reader.Exec("INSERT INTO meta(key, value) VALUES ('x', 'y')").code() ==
        Status::Code::kIndexError);

  // The writer's journal is the default rollback journal, and nothing is left beside
  // the published database.
  Database writer;
  REQUIRE(Database::Open(work / "w.sqlite", /*read_only=*/false, &writer).ok());
  Statement journal;
  REQUIRE(writer.Prepare("PRAGMA journal_mode", &journal).ok());
  REQUIRE(journal.Step());
  CHECK(journal.Text(0) == "delete");
  CHECK_FALSE(std::filesystem::exists(db_path + "-journal"));
  CHECK_FALSE(std::filesystem::exists(db_path + "-wal"));

  // Queries never write: the file is byte for byte the same afterwards.
  std::unique_ptr<Engine> engine;
  REQUIRE(Engine::Open(index_dir, &engine).ok());
  AskResult answer;
  REQUIRE(engine->Ask("fuorigioco", AskOptions{}, &answer).ok());
  ResolveResult ruling;
  REQUIRE(engine->Resolve("il portiere para fuori area", ResolveOptions{}, &ruling).ok());
  engine.reset();
  reader = Database();
  CHECK(test::ReadFile(db_path) == before);
}

}  // namespace arbitro
