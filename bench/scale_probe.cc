// arbitro_scale_probe: ask latency on one index, in-process and served, on one line
// (for bench/scale.sh). In-process: every question of the files, three times, with the
// game inferred and with the game its file is about (questions-GAME.tsv); the first pass
// (lazy loading) is reported apart. Served: the same questions through `arbitro serve`
// (one client, one keep-alive connection). With situations (files named scenarios-*.tsv),
// also in-process resolve with the game inferred, after a first pass.
//
// usage: arbitro_scale_probe --binary PATH --index DIR QUESTIONS-GAME.tsv… [SCENARIOS-GAME.tsv…]
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "bench_util.h"

namespace {

using arbitro::bench::Clock;
using arbitro::bench::Ms;
using arbitro::bench::Percentile;

struct Question {
  std::string text, game;
};

std::vector<Question> ReadQuestions(const std::vector<std::string>& files) {
  std::vector<Question> out;
  for (const auto& f : files) {
    // questions-subbuteo-rugby.tsv → subbuteo-rugby
    std::string game = std::filesystem::path(f).stem().string();
    if (game.rfind("questions-", 0) == 0) game = game.substr(10);
    if (game.rfind("scenarios-", 0) == 0) game = game.substr(10);
    std::ifstream in(f);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      out.push_back({line.substr(0, line.find('\t')), game});
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::string binary, index;
  std::vector<std::string> files, scenario_files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--binary" && i + 1 < argc)
      binary = argv[++i];
    else if (a == "--index" && i + 1 < argc)
      index = argv[++i];
    else if (std::filesystem::path(a).filename().string().rfind("scenarios-", 0) == 0)
      scenario_files.push_back(a);
    else
      files.push_back(a);
  }
  const std::vector<Question> questions = ReadQuestions(files);
  const std::vector<Question> scenarios = ReadQuestions(scenario_files);
  if (binary.empty() || index.empty() || questions.empty()) {
    std::fprintf(stderr,
                 "usage: arbitro_scale_probe --binary PATH --index DIR QUESTIONS-GAME.tsv…\n");
    return 2;
  }
  std::unique_ptr<arbitro::Engine> engine;
  auto t0 = Clock::now();
  if (!arbitro::Engine::Open(index, &engine).ok()) return 1;
  const double open_ms = Ms(Clock::now() - t0);
  // Pass 0 loads what each game needs on first use (its vocabulary and rules) and is
  // reported apart, as the served figures below also leave their first pass out.
  std::vector<double> inferred, with_game, first_pass;
  double first_ms = 0;
  for (int rep = 0; rep < 3; ++rep) {
    for (const Question& q : questions) {
      for (const bool game : {false, true}) {
        arbitro::AskOptions options;
        if (game) options.game = q.game;
        arbitro::AskResult result;
        const auto start = Clock::now();
        engine->Ask(q.text, options, &result);
        const double ms = Ms(Clock::now() - start);
        if (rep == 0 && &q == &questions.front() && !game) {
          first_ms = ms;  // the first question pays for what is loaded lazily
          continue;
        }
        (rep == 0 ? first_pass : game ? with_game : inferred).push_back(ms);
      }
    }
  }

  // Resolve, the game inferred: a description is read only in the games it points to.
  std::vector<double> resolved;
  for (int rep = 0; rep < 3; ++rep) {
    for (const Question& q : scenarios) {
      arbitro::ResolveOptions options;
      arbitro::ResolveResult result;
      const auto start = Clock::now();
      engine->Resolve(q.text, options, &result);
      const double ms = Ms(Clock::now() - start);
      if (rep > 0) resolved.push_back(ms);  // rep 0 loads the games' rules
    }
  }

  // Served.
  int fds[2];
  if (::pipe(fds) != 0) return 1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fds[1], 1);
    ::close(fds[0]);
    ::execl(binary.c_str(), binary.c_str(), "--index", index.c_str(), "serve", "--listen",
            "127.0.0.1:0", "--quiet", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(fds[1]);
  std::string url;
  char c;
  while (::read(fds[0], &c, 1) == 1 && c != '\n') url += c;
  ::close(fds[0]);
  std::vector<double> served;
  if (url.rfind("http://127.0.0.1:", 0) == 0) {
    httplib::Client client("127.0.0.1", std::atoi(url.substr(17).c_str()));
    client.set_keep_alive(true);
    client.set_tcp_nodelay(true);
    for (int rep = 0; rep < 3; ++rep) {
      for (const Question& q : questions) {
        const auto start = Clock::now();
        auto res = client.Get("/api/ask", httplib::Params{{"q", q.text}}, httplib::Headers{});
        const double ms = Ms(Clock::now() - start);
        if (rep > 0 && res && res->status == 200) served.push_back(ms);  // rep 0 warms up
      }
    }
  }
  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  std::printf(
      "open %.1f ms, first ask %.1f ms, first pass p99 %.2f ms; in-process ask p50/p99 %.2f/%.2f "
      "ms (inferred), %.2f/%.2f ms (--game); served ask p50/p99 %.2f/%.2f ms",
      open_ms, first_ms, Percentile(first_pass, 0.99), Percentile(inferred, 0.5),
      Percentile(inferred, 0.99), Percentile(with_game, 0.5), Percentile(with_game, 0.99),
      Percentile(served, 0.5), Percentile(served, 0.99));
  if (!resolved.empty()) {
    std::printf("; in-process resolve p50/p99 %.2f/%.2f ms (inferred)", Percentile(resolved, 0.5),
                Percentile(resolved, 0.99));
  }
  std::printf("\n");
  return 0;
}
