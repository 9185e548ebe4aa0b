// Helpers of the `arbitro serve` tests: a real server process on an ephemeral port,
// raw HTTP requests, and JSON comparison.
#pragma once

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "json_value.h"
#include "robustness_util.h"

namespace arbitro::test {

// `arbitro --index INDEX serve --listen 127.0.0.1:0 EXTRA…` in the background, with
// the bundled corpus (or `corpus`) as ARBITRO_CORPUS. The constructor waits for the URL
// on its first line of standard output; the destructor stops it with SIGTERM.
class ServerProcess {
 public:
  ServerProcess(const std::string& index_dir, std::vector<std::string> extra = {},
                const std::string& corpus = ARBITRO_CORPUS_DIR) {
    std::vector<std::string> args = {"--index", index_dir, "serve", "--listen", "127.0.0.1:0"};
    args.insert(args.end(), extra.begin(), extra.end());
    ChildOptions options;
    options.corpus = corpus;
    options.out = dir_ / "out";
    options.err = dir_ / "err";
    pid_ = StartArbitro(args, options);
    REQUIRE(pid_ > 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline) {
      const std::string out = ReadFile(dir_ / "out");
      if (out.find('\n') != std::string::npos) {
        url_ = out.substr(0, out.find('\n'));
        break;
      }
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        FAIL("arbitro serve exited before serving: " << ReadFile(dir_ / "err"));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    INFO(ReadFile(dir_ / "err"));
    REQUIRE(url_.rfind("http://127.0.0.1:", 0) == 0);
    port_ = std::stoi(url_.substr(17));
  }
  ~ServerProcess() {
    if (pid_ > 0) Stop();
  }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  int port() const { return port_; }
  const std::string& url() const { return url_; }
  std::string ErrLog() const { return ReadFile(dir_ / "err"); }
  httplib::Client Client() const {
    httplib::Client client("127.0.0.1", port_);
    client.set_read_timeout(60, 0);
    return client;
  }

  // Sends `sig` and waits: the exit code (128 + signal when killed by one).
  int Stop(int sig = SIGTERM) {
    if (pid_ <= 0) return -1;
    ::kill(pid_, sig);
    const int code = WaitChild(pid_);
    pid_ = -1;
    return code;
  }
  pid_t pid() const { return pid_; }

 private:
  TempDir dir_;
  pid_t pid_ = -1;
  std::string url_;
  int port_ = 0;
};

struct RawResponse {
  int status = 0;
  std::string head, body;
};

// Sends `request` as it is (no client-side normalisation of the path) and reads the
// whole answer (the request should say Connection: close).
inline RawResponse RawRequest(int port, const std::string& request) {
  RawResponse r;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  timeval tv{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  size_t sent = 0;
  while (sent < request.size()) {
    const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<size_t>(n);
  }
  std::string all;
  char buf[8192];
  for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;)
    all.append(buf, static_cast<size_t>(n));
  ::close(fd);
  const size_t end = all.find("\r\n\r\n");
  r.head = all.substr(0, end);
  r.body = end == std::string::npos ? "" : all.substr(end + 4);
  if (all.rfind("HTTP/1.1 ", 0) == 0) r.status = std::stoi(all.substr(9, 3));
  return r;
}

inline RawResponse RawGet(int port, const std::string& target) {
  return RawRequest(port,
                    "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
}

// Deep equality of two parsed JSON values; `where` receives the path of the first
// difference.
inline bool JsonEqual(const Json& a, const Json& b, std::string* where,
                      const std::string& path = "$") {
  if (a.type != b.type) return *where = path + " (type)", false;
  switch (a.type) {
    case Json::Type::kNull:
      return true;
    case Json::Type::kBool:
      return a.boolean == b.boolean || (*where = path, false);
    case Json::Type::kNumber:
      return a.number == b.number || (*where = path, false);
    case Json::Type::kString:
      return a.string == b.string || (*where = path, false);
    case Json::Type::kArray:
      if (a.array.size() != b.array.size()) return *where = path + " (length)", false;
      for (size_t i = 0; i < a.array.size(); ++i) {
        if (!JsonEqual(a.array[i], b.array[i], where, path + "[" + std::to_string(i) + "]"))
          return false;
      }
      return true;
    case Json::Type::kObject:
      if (a.object.size() != b.object.size()) return *where = path + " (keys)", false;
      for (const auto& [key, value] : a.object) {
        auto it = b.object.find(key);
        if (it == b.object.end()) return *where = path + "." + key + " (missing)", false;
        if (!JsonEqual(value, it->second, where, path + "." + key)) return false;
      }
      return true;
  }
  return false;
}

}  // namespace arbitro::test
