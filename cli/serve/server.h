// `arbitro serve`: the HTTP server of the web app and the JSON API (cpp-httplib).
//
// - A thread pool (cpp-httplib's) serves the connections; the engines come from an
//   EnginePool (engine_pool.h): one per request in flight, never shared between two
//   threads at once.
// - Limits: request line 8 KiB and headers (cpp-httplib), bodies 64 KiB (the API is
//   GET only: other methods get 405), read and write timeouts 5 s, idle keep-alive
//   connections closed after 3 s; every API input is bounded (api.cc).
// - Only files under the web root are served (static_files.h); every response carries
//   Content-Security-Policy, X-Content-Type-Options, Referrer-Policy and friends.
// - SIGTERM and SIGINT stop it: requests in flight finish, then Run returns OK.
// - One access-log line per request on the error stream unless quiet.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "arbitro/status.h"
#include "command.h"

namespace arbitro::serve {

// The serve command (options in the command table): finds the web app, builds the
// index on first use, and serves until stopped (arbitro-serve's main).
Status RunServeCommand(cli::CommandContext& ctx);

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port (the first line printed says which)
  std::string web_root;
  std::string index_dir;
  std::string corpus_dir;
  int threads = 64;  // connections served at once (idle keep-alive ones included)
  // Engines lent at once; 0: one per core. The work is CPU-bound: a second engine per
  // core only time-slices the cores, so the queue's order no longer decides who finishes
  // first (served p99 at 10 clients 9.2-10.5 ms with two per core, 5.4-5.7 ms with one).
  int engines = 0;
  // Each engine searches postings copied into its memory when the index's posting table
  // is at most this size (EngineOpenOptions): the bundled corpus's 1.1 MB table takes
  // some 38 MB per engine; a larger library (4 MB: ~140 MB per engine) searches on disk.
  uint64_t postings_in_memory_max_bytes = uint64_t{4} << 20;
  bool quiet = false;
};

// "HOST:PORT", "[V6]:PORT", ":PORT" or "PORT" → host and port (InvalidArgument
// otherwise). A missing host is 127.0.0.1.
Status ParseListen(const std::string& text, std::string* host, int* port);
// True for 127.0.0.0/8, ::1 and localhost.
bool IsLoopback(const std::string& host);

// Serves until SIGTERM or SIGINT. Prints "http://HOST:PORT/" as the first line of `out`
// once it accepts connections.
Status RunServer(const ServeOptions& options, std::ostream& out, std::ostream& err);

}  // namespace arbitro::serve
