// arbitro_serve_bench: the load bench of `arbitro serve`. Starts the server on an
// ephemeral port (or uses --url), then for each number of concurrent clients runs a
// mixed ask/resolve load (questions and scenarios of the evaluation sets, one
// keep-alive connection per client, each client sending its next request as soon as
// the previous answer arrived) and prints throughput, p50/p99/max latency and errors.
// Figures, not pass/fail.
//
// usage: arbitro_serve_bench --binary PATH [--index DIR] [--url URL] [--seconds S]
//          [--clients 1,10,50] [--threads N] [--scenarios FILE.tsv]… QUESTIONS.tsv…
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "bench_util.h"

namespace {

using arbitro::bench::Clock;
using arbitro::bench::Percentile;
using arbitro::bench::ReadColumn;

std::vector<int> ParseList(const std::string& text) {
  std::vector<int> out;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t comma = std::min(text.find(',', start), text.size());
    out.push_back(std::atoi(text.substr(start, comma - start).c_str()));
    start = comma + 1;
  }
  return out;
}

// `arbitro --index DIR serve --listen 127.0.0.1:0 --quiet` with its stdout on a pipe.
struct Server {
  pid_t pid = -1;
  std::string url;

  bool Start(const std::string& binary, const std::string& index, int threads) {
    int fds[2];
    if (::pipe(fds) != 0) return false;
    pid = ::fork();
    if (pid == 0) {
      ::dup2(fds[1], 1);
      ::close(fds[0]);
      const std::string t = std::to_string(threads);
      ::execl(binary.c_str(), binary.c_str(), "--index", index.c_str(), "serve", "--listen",
              "127.0.0.1:0", "--quiet", "--threads", t.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(fds[1]);
    char c;
    while (::read(fds[0], &c, 1) == 1 && c != '\n') url += c;
    ::close(fds[0]);
    return url.rfind("http://", 0) == 0;
  }
  void Stop() {
    if (pid <= 0) return;
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    pid = -1;
  }
};

struct Request {
  std::string path;
  httplib::Params params;
};

struct Round {
  std::vector<double> ms;
  long errors = 0;
  double seconds = 0;
};

Round RunLoad(const std::string& host, int port, const std::vector<Request>& requests, int clients,
              double seconds) {
  std::vector<Round> per(static_cast<size_t>(clients));
  std::atomic<bool> go{false};
  const auto start = Clock::now();
  const auto deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c) {
    threads.emplace_back([&, c] {
      httplib::Client client(host, port);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);
      client.set_read_timeout(30, 0);
      Round& mine = per[static_cast<size_t>(c)];
      while (!go) std::this_thread::yield();
      // Each client walks the mixed list from its own offset.
      for (size_t i = static_cast<size_t>(c) * 7; Clock::now() < deadline; ++i) {
        const Request& r = requests[i % requests.size()];
        const auto t0 = Clock::now();
        auto res = client.Get(r.path.c_str(), r.params, httplib::Headers{});
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        if (!res || res->status != 200) ++mine.errors;
        mine.ms.push_back(ms);
      }
    });
  }
  go = true;
  for (auto& t : threads) t.join();
  Round all;
  all.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  for (Round& r : per) {
    all.ms.insert(all.ms.end(), r.ms.begin(), r.ms.end());
    all.errors += r.errors;
  }
  return all;
}

}  // namespace

int main(int argc, char** argv) {
  std::string binary, index, url, clients_text = "1,10,50";
  double seconds = 20;
  int threads = 64;
  std::vector<std::string> question_files, scenario_files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--binary")
      binary = next();
    else if (a == "--index")
      index = next();
    else if (a == "--url")
      url = next();
    else if (a == "--seconds")
      seconds = std::atof(next().c_str());
    else if (a == "--clients")
      clients_text = next();
    else if (a == "--threads")
      threads = std::atoi(next().c_str());
    else if (a == "--scenarios")
      scenario_files.push_back(next());
    else
      question_files.push_back(a);
  }
  const std::vector<std::string> questions = ReadColumn(question_files);
  const std::vector<std::string> scenarios = ReadColumn(scenario_files);
  if (questions.empty() || (url.empty() && binary.empty())) {
    std::fprintf(stderr,
                 "usage: arbitro_serve_bench --binary PATH [--index DIR] [--url URL] [--seconds S] "
                 "[--clients 1,10,50] [--threads N] [--scenarios FILE.tsv]… QUESTIONS.tsv…\n");
    return 2;
  }
  // Mixed: every other request a resolve while scenarios last.
  std::vector<Request> requests;
  for (size_t i = 0; i < std::max(questions.size(), scenarios.size()); ++i) {
    requests.push_back({"/api/ask", {{"q", questions[i % questions.size()]}}});
    if (!scenarios.empty())
      requests.push_back({"/api/resolve", {{"q", scenarios[i % scenarios.size()]}}});
  }

  Server server;
  std::string temp;
  if (url.empty()) {
    if (index.empty()) {
      temp = (std::filesystem::temp_directory_path() /
              ("arbitro-serve-bench-" + std::to_string(::getpid())))
                 .string();
      index = temp + "/index";
      const std::string cmd = "'" + binary + "' --index '" + index + "' index >/dev/null";
      if (std::system(cmd.c_str()) != 0) {
        std::fprintf(stderr, "arbitro index failed\n");
        return 1;
      }
    }
    if (!server.Start(binary, index, threads)) {
      std::fprintf(stderr, "arbitro serve did not start\n");
      return 1;
    }
    url = server.url;
  }
  // "http://HOST:PORT/"
  const std::string hostport = url.substr(7, url.find('/', 7) - 7);
  const std::string host = hostport.substr(0, hostport.rfind(':'));
  const int port = std::atoi(hostport.substr(hostport.rfind(':') + 1).c_str());

  std::printf(
      "arbitro serve at %s: %zu questions, %zu scenarios, mixed ask/resolve, %.0f s per "
      "round, %d server threads, %u cores\n",
      url.c_str(), questions.size(), scenarios.size(), seconds, threads,
      std::thread::hardware_concurrency());
  RunLoad(host, port, requests, 2, 1.0);  // warm-up: every engine's caches
  for (const int clients : ParseList(clients_text)) {
    Round r = RunLoad(host, port, requests, clients, seconds);
    const double rate = static_cast<double>(r.ms.size()) / r.seconds;
    const double p50 = Percentile(r.ms, 0.5), p99 = Percentile(r.ms, 0.99);
    const double max = r.ms.empty() ? 0 : *std::max_element(r.ms.begin(), r.ms.end());
    std::printf(
        "%3d clients: %8.0f req/s  p50=%7.2f ms  p99=%7.2f ms  max=%8.2f ms  requests=%zu  "
        "errors=%ld\n",
        clients, rate, p50, p99, max, r.ms.size(), r.errors);
    std::fflush(stdout);
  }
  server.Stop();
  if (!temp.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(temp, ec);
  }
  return 0;
}
