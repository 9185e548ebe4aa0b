#include "serve/server.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>

#include "serve/api.h"
#include "serve/engine_pool.h"
#include "serve/static_files.h"

namespace arbitro::serve {
namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kMaxBodyBytes = 64 * 1024;
constexpr time_t kIoTimeoutSeconds = 5;
// Idle keep-alive connections are closed after this; it also bounds how long SIGTERM
// waits for a browser's idle connection.
constexpr time_t kKeepAliveSeconds = 3;
// Requests per connection: high, because cpp-httplib listens with a backlog of 5 (fixed
// in the library) and a burst of reconnections would wait for SYN retransmissions.
constexpr size_t kKeepAliveRequests = 10000;

constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; manifest-src 'self'; worker-src 'self'; media-src 'none'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// When the request being handled on this thread started (set before routing).
thread_local Clock::time_point t_request_start;

void AddSecurityHeaders(httplib::Response& res) {
  const std::pair<const char*, const char*> headers[] = {
      {"Content-Security-Policy", kContentSecurityPolicy},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
      {"X-Frame-Options", "DENY"},
      {"Cross-Origin-Opener-Policy", "same-origin"},
      {"Cross-Origin-Resource-Policy", "same-origin"},
      {"Permissions-Policy", "microphone=(self), camera=(), geolocation=(), payment=()"},
  };
  for (const auto& [name, value] : headers) {
    if (!res.has_header(name)) res.set_header(name, value);
  }
}

// Bytes of a request target fit for one log line: no control characters, quotes or
// non-ASCII (escaped as \xHH).
std::string LogSafe(const std::string& text) {
  std::string out;
  for (unsigned char c : text.substr(0, 2000)) {
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

const char* ErrorMessage(int status) {
  switch (status) {
    case 400:
      return "richiesta non valida";
    case 404:
      return "pagina non trovata";
    case 405:
      return "metodo non consentito: il server accetta solo GET e HEAD";
    case 413:
      return "richiesta troppo grande";
    case 414:
      return "indirizzo troppo lungo";
    case 416:
      return "intervallo richiesto non valido";
    default:
      return "errore del server";
  }
}

// Bodies from this size up are gzipped for clients that accept it.
constexpr size_t kCompressFrom = 1024;

bool AcceptsGzip(const httplib::Request& req) {
  const std::string accepted = req.get_header_value("Accept-Encoding");
  return accepted.find("gzip") != std::string::npos &&
         accepted.find("gzip;q=0") == std::string::npos;
}

bool Gzip(const std::string& in, std::string* out) {
  z_stream z{};
  // Level 1: JSON still shrinks about fivefold, at a third of the default level's cost.
  if (deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return false;
  out->resize(deflateBound(&z, in.size()));
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out->data());
  z.avail_out = static_cast<uInt>(out->size());
  const int rc = deflate(&z, Z_FINISH);
  out->resize(z.total_out);
  deflateEnd(&z);
  return rc == Z_STREAM_END;
}

// Sets the body, gzipped when worth it and accepted. cpp-httplib would otherwise
// compress text/* bodies itself, with Brotli at its slowest quality (about 100 ms for
// the app's script): a body given through a content provider is sent as it is.
void SetBody(const httplib::Request& req, httplib::Response& res, std::string body,
             const std::string& type) {
  res.set_header("Vary", "Accept-Encoding");
  if (body.empty()) {
    res.set_header("Content-Type", type);
    return;
  }
  std::string compressed;
  if (body.size() >= kCompressFrom && AcceptsGzip(req) && Gzip(body, &compressed)) {
    body.swap(compressed);
    res.set_header("Content-Encoding", "gzip");
  }
  auto shared = std::make_shared<const std::string>(std::move(body));
  res.set_content_provider(shared->size(), type,
                           [shared](size_t offset, size_t length, httplib::DataSink& sink) {
                             sink.write(shared->data() + offset, length);
                             return true;
                           });
}

void Send(const httplib::Request& req, httplib::Response& res, const ApiResponse& r) {
  res.status = r.status;
  SetBody(req, res, r.body, r.content_type);
  res.set_header("Cache-Control", "no-cache");
  if (!r.filename.empty()) {
    res.set_header("Content-Disposition", "attachment; filename=\"" + r.filename + "\"");
  }
  if (!r.csp.empty()) res.set_header("Content-Security-Policy", r.csp);
}

// cpp-httplib 0.11 listens with a backlog of 5 (CPPHTTPLIB_LISTEN_BACKLOG, fixed when
// the library was built): more clients connecting at once than that have their SYNs
// dropped and retry a second later. Listening again on the bound socket raises it.
void RaiseListenBacklog(int port) {
  for (int fd = 3; fd < 1024; ++fd) {
    int listening = 0;
    socklen_t length = sizeof listening;
    if (::getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) != 0 || !listening)
      continue;
    sockaddr_storage addr{};
    socklen_t addr_length = sizeof addr;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &addr_length) != 0) continue;
    const int bound =
        addr.ss_family == AF_INET    ? ntohs(reinterpret_cast<sockaddr_in*>(&addr)->sin_port)
        : addr.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&addr)->sin6_port)
                                     : -1;
    if (bound == port) ::listen(fd, SOMAXCONN);
  }
}

std::string Url(const std::string& host, int port) {
  const bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port) + "/";
}

}  // namespace

Status ParseListen(const std::string& text, std::string* host, int* port) {
  const Status bad = Status::InvalidArgument(
      "--listen richiede HOST:PORTA, per esempio 127.0.0.1:8080 o [::1]:8080 (ricevuto '" + text +
      "')");
  std::string h, p;
  if (!text.empty() && text[0] == '[') {
    const size_t close = text.find(']');
    if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':')
      return bad;
    h = text.substr(1, close - 1);
    p = text.substr(close + 2);
    in6_addr addr{};
    if (::inet_pton(AF_INET6, h.c_str(), &addr) != 1) return bad;
  } else {
    const size_t colon = text.rfind(':');
    if (colon == std::string::npos) {
      p = text;
    } else {
      h = text.substr(0, colon);
      p = text.substr(colon + 1);
      if (h.find(':') != std::string::npos) return bad;  // IPv6 needs brackets
    }
  }
  if (p.empty() || p.size() > 5 || p.find_first_not_of("0123456789") != std::string::npos)
    return bad;
  const int n = std::stoi(p);
  if (n > 65535) return bad;
  for (char c : h) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != ':')
      return bad;
  }
  *host = h.empty() ? "127.0.0.1" : h;
  *port = n;
  return Status::OK();
}

bool IsLoopback(const std::string& host) {
  if (host == "localhost" || host == "::1") return true;
  in_addr addr{};
  return ::inet_pton(AF_INET, host.c_str(), &addr) == 1 && (ntohl(addr.s_addr) >> 24) == 127;
}

Status RunServer(const ServeOptions& options, std::ostream& out, std::ostream& err) {
  // SIGTERM and SIGINT are taken by one thread with sigwait (below): blocked here,
  // before any thread starts, so that every thread inherits the mask.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);  // a client that hangs up is not a reason to die

  const size_t engines = options.engines > 0
                             ? static_cast<size_t>(options.engines)
                             : std::max(1u, std::thread::hardware_concurrency());  // see ServeOptions::engines
  EngineOpenOptions open_options;
  open_options.postings_in_memory_max_bytes = options.postings_in_memory_max_bytes;
  EnginePool pool(options.index_dir, options.corpus_dir, engines, open_options);
  {
    // A missing or broken index is reported now, not at the first request; every
    // engine is opened and warm before the first one.
    Status s = pool.Warm();
    if (!s.ok()) return s;
  }
  Api api(&pool, options.index_dir, options.corpus_dir);

  httplib::Server server;
  const size_t threads = static_cast<size_t>(options.threads);
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_keep_alive_max_count(kKeepAliveRequests);
  server.set_keep_alive_timeout(kKeepAliveSeconds);
  server.set_read_timeout(kIoTimeoutSeconds, 0);
  server.set_write_timeout(kIoTimeoutSeconds, 0);
  server.set_payload_max_length(kMaxBodyBytes);
  // Headers and body are two writes: without TCP_NODELAY, Nagle's algorithm and the
  // client's delayed ACK hold the body back for 40 ms.
  server.set_tcp_nodelay(true);
  // SO_REUSEADDR (a restart right after a stop binds again) but not cpp-httplib's
  // default SO_REUSEPORT, with which a second server would silently share the port.
  server.set_socket_options([](int sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });

  server.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
    t_request_start = Clock::now();
    if (req.method == "GET" || req.method == "HEAD")
      return httplib::Server::HandlerResponse::Unhandled;
    res.status = 405;
    res.set_header("Allow", "GET, HEAD");
    res.set_header("Connection", "close");
    Send(req, res, Api::Error(405, ErrorMessage(405)));
    return httplib::Server::HandlerResponse::Handled;
  });
  server.Get("/api(/.*)?", [&api](const httplib::Request& req, httplib::Response& res) {
    std::string name = req.path.size() > 5 ? req.path.substr(5) : "";
    std::vector<std::pair<std::string, std::string>> params(req.params.begin(), req.params.end());
    ApiResponse r;
    try {
      r = api.Handle(name, params);
    } catch (const std::exception& e) {
      r = Api::Error(500, std::string("errore interno: ") + e.what());
    }
    Send(req, res, r);
  });
  const std::string root = options.web_root;
  server.Get(".*", [root](const httplib::Request& req, httplib::Response& res) {
    StaticFile f = ServeStatic(root, req.path, req.get_header_value("If-None-Match"));
    res.status = f.status;
    if (f.status == 404) return;  // the error handler writes the body
    res.set_header("ETag", f.etag);
    res.set_header("Cache-Control", "no-cache");
    if (f.status == 200) SetBody(req, res, std::move(f.body), f.content_type);
  });
  server.set_error_handler(
      httplib::Server::HandlerWithResponse([](const httplib::Request& req, httplib::Response& res) {
        // Our own answers have a type; cpp-httplib's (400, 404, 414 …) have none.
        if (res.has_header("Content-Type")) return httplib::Server::HandlerResponse::Unhandled;
        Send(req, res, Api::Error(res.status, ErrorMessage(res.status)));
        return httplib::Server::HandlerResponse::Handled;
      }));
  server.set_post_routing_handler(
      [](const httplib::Request&, httplib::Response& res) { AddSecurityHeaders(res); });
  std::mutex log_mu;
  if (!options.quiet) {
    server.set_logger([&err, &log_mu](const httplib::Request& req, const httplib::Response& res) {
      const double ms =
          std::chrono::duration<double, std::milli>(Clock::now() - t_request_start).count();
      char tail[96];
      const std::string length = res.get_header_value("Content-Length");
      std::snprintf(tail, sizeof tail, " %d %s %.2fms\n", res.status,
                    length.empty() ? "0" : length.c_str(), ms);
      const std::string line = req.remote_addr + " \"" + req.method + " " + LogSafe(req.target) +
                               " " + LogSafe(req.version) + "\"" + tail;
      std::lock_guard<std::mutex> lock(log_mu);
      err << line << std::flush;
    });
  }

  int port = options.port;
  const bool bound = port == 0 ? (port = server.bind_to_any_port(options.host)) > 0
                               : server.bind_to_port(options.host, port);
  if (!bound) {
    return Status::IOError("impossibile mettersi in ascolto su " + options.host + ":" +
                           std::to_string(options.port) +
                           " (porta già in uso o indirizzo non disponibile)");
  }
  RaiseListenBacklog(port);
  out << Url(options.host, port) << std::endl;
  if (!options.quiet) {
    err << "arbitro: in ascolto su " << Url(options.host, port) << " (indice " << pool.Generation()
        << ", app web da " << options.web_root << ")\n";
    if (!IsLoopback(options.host)) {
      err << "arbitro: attenzione: " << options.host
          << " non è un indirizzo locale, il server è raggiungibile da altre macchine\n";
    }
    err << std::flush;
  }

  std::atomic<bool> done{false};
  std::atomic<int> stopped_by{0};
  std::thread waiter([&] {
    int sig = 0;
    if (sigwait(&stop_signals, &sig) != 0 || done) return;
    stopped_by = sig;
    // A signal before listen_after_bind starts: wait for it, then stop it.
    while (!server.is_running() && !done) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (!done) server.stop();
  });
  const bool listened = server.listen_after_bind();
  done = true;
  if (stopped_by == 0) pthread_kill(waiter.native_handle(), SIGTERM);  // wakes sigwait
  waiter.join();
  if (!listened && stopped_by == 0)
    return Status::IOError("il server si è fermato per un errore di rete");
  if (!options.quiet) {
    err << "arbitro: server fermato (" << (stopped_by == SIGINT ? "SIGINT" : "SIGTERM") << ")\n"
        << std::flush;
  }
  return Status::OK();
}

}  // namespace arbitro::serve
