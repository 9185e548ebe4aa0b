// `arbitro serve` against a real server process on an ephemeral port: every API
// endpoint equals the CLI's --json output on the same input, bad input gets the CLI's
// Italian message with 400/404 (never 500), only the web root is served, a re-index
// while serving fails no request, SIGTERM/SIGINT exit 0. Tag [serve] (ctest "serve").
// The pieces that need no process (listen addresses, safe paths, the endpoint table)
// are [unit].
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>

#include "command.h"
#include "serve/api.h"
#include "serve/server.h"
#include "serve/static_files.h"
#include "serve_util.h"

namespace arbitro {
namespace {

using test::Json;
using test::RawGet;
using test::ServerProcess;
using test::TempDir;

// One index of the bundled corpus for the whole run.
const std::string& BundledIndex() {
  static TempDir dir;
  static const bool built = [] {
    const test::RunResult r =
        test::RunArbitro({"--index", dir / "index", "index"}, test::CorpusEnv(ARBITRO_CORPUS_DIR));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return true;
  }();
  (void)built;
  static const std::string path = dir / "index";
  return path;
}

// The CLI's stdout (exit 0 or 1) for `arbitro --index INDEX args…`.
std::string CliOutput(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"--index", BundledIndex()};
  all.insert(all.end(), args.begin(), args.end());
  const test::RunResult r = test::RunArbitro(all, test::CorpusEnv(ARBITRO_CORPUS_DIR));
  INFO(r.err);
  REQUIRE((r.exit_code == 0 || r.exit_code == 1));
  return r.out;
}

// The CLI's one-line error message (without "arbitro: ") and its exit code.
std::pair<std::string, int> CliError(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"--index", BundledIndex()};
  all.insert(all.end(), args.begin(), args.end());
  const test::RunResult r = test::RunArbitro(all, test::CorpusEnv(ARBITRO_CORPUS_DIR));
  std::string line = r.err.substr(0, r.err.find('\n'));
  if (line.rfind("arbitro: ", 0) == 0) line = line.substr(9);
  return {line, r.exit_code};
}

httplib::Result Get(httplib::Client& client, const std::string& path,
                    const httplib::Params& params) {
  return client.Get(path.c_str(), params, httplib::Headers{});
}

}  // namespace

TEST_CASE("serve: every endpoint answers with the CLI's --json object", "[serve]") {
  ServerProcess server(BundledIndex());
  httplib::Client client = server.Client();
  struct Case {
    std::string path;
    httplib::Params params;
    std::vector<std::string> cli;
  };
  const std::string why = "il portiere para fuori dall'area di porta per la seconda volta";
  const std::vector<Case> cases = {
      {"/api/ask",
       {{"q", "quanti tocchi può fare la stessa miniatura?"}},
       {"ask", "--json", "--", "quanti tocchi può fare la stessa miniatura?"}},
      {"/api/ask",
       {{"q", "in avanti"}, {"game", "rugby"}, {"limit", "3"}},
       {"ask", "--json", "--game", "rugby", "--limit", "3", "in avanti"}},
      {"/api/ask",
       {{"q", "fuorigioco"}, {"limit", "10"}},
       {"ask", "--json", "--limit", "10", "fuorigioco"}},
      {"/api/ask",
       {{"q", "-rigore in movimento"}},
       {"ask", "--json", "--", "-rigore in movimento"}},
      {"/api/resolve",
       {{"q", "la miniatura colpisce l'avversario prima della palla"}},
       {"resolve", "--json", "la miniatura colpisce l'avversario prima della palla"}},
      {"/api/resolve",
       {{"game", "subbuteo"},
        {"fact", "infrazione=miniatura-prima-della-palla"},
        {"fact", "zona=area-di-rigore"}},
       {"resolve", "--json", "--game", "subbuteo", "--fact",
        "infrazione=miniatura-prima-della-palla", "--fact", "zona=area-di-rigore"}},
      {"/api/resolve", {{"q", why}, {"explain", "1"}}, {"resolve", "--json", "--explain", why}},
      {"/api/show", {{"id", "subbuteo-2.0#r12"}}, {"show", "--json", "subbuteo-2.0#r12"}},
      {"/api/show",
       {{"id", "subbuteo-rugby-4.0#cap10__s10.1__c"}},
       {"show", "--json", "subbuteo-rugby-4.0#cap10__s10.1__c"}},
      {"/api/toc", {}, {"toc", "--json"}},
      {"/api/toc", {{"doc", "calciotto"}}, {"toc", "--json", "calciotto"}},
      {"/api/games", {}, {"games", "--json"}},
      {"/api/facts", {{"game", "Soccer Tactics"}}, {"facts", "--json", "Soccer Tactics"}},
      {"/api/check",
       {{"game", "calciotto"}, {"severity", "info"}},
       {"check", "--json", "--severity", "info", "calciotto"}},
      {"/api/diff",
       {{"old", "soccer-tactics-completo"}, {"new", "soccer-tactics-abbreviato"}},
       {"diff", "--json", "soccer-tactics-completo", "soccer-tactics-abbreviato"}},
  };
  for (const Case& c : cases) {
    std::string query;
    for (const auto& [k, v] : c.params) query += "&" + k + "=" + v;
    INFO(c.path << "?" << query);
    // Twice: a fresh engine of the pool and a warm one must answer alike.
    for (int round = 0; round < 2; ++round) {
      auto res = Get(client, c.path, c.params);
      REQUIRE(res);
      INFO(res->body.substr(0, 300));
      REQUIRE(res->status == 200);
      CHECK(res->get_header_value("Content-Type") == "application/json; charset=utf-8");
      const Json api = Json::Parse(res->body);
      const Json cli = Json::Parse(CliOutput(c.cli));
      std::string where;
      if (!test::JsonEqual(api, cli, &where)) FAIL_CHECK("API and CLI differ first at " << where);
    }
  }
}

TEST_CASE("serve: the quiz is the CLI's file, as a download", "[serve]") {
  ServerProcess server(BundledIndex());
  httplib::Client client = server.Client();
  for (const std::string format : {"json", "gift", "moodle"}) {
    auto res = Get(client, "/api/quiz",
                   {{"format", format}, {"game", "subbuteo"}, {"count", "6"}, {"seed", "11"}});
    REQUIRE(res);
    INFO(res->body.substr(0, 300));
    REQUIRE(res->status == 200);
    CHECK(res->body == CliOutput({"quiz", "--format", format, "--game", "subbuteo", "--count", "6",
                                  "--seed", "11"}));
    CHECK(res->get_header_value("Content-Disposition")
              .rfind("attachment; filename=\"quiz-arbitro-subbuteo.", 0) == 0);
  }
  auto md = Get(client, "/api/diff",
                {{"old", "subbuteo-2.0"}, {"new", "subbuteo-2.0"}, {"format", "markdown"}});
  REQUIRE(md);
  CHECK(md->status == 200);
  CHECK(md->get_header_value("Content-Type") == "text/markdown; charset=utf-8");
  CHECK(md->body == CliOutput({"diff", "--markdown", "subbuteo-2.0", "subbuteo-2.0"}));
}

TEST_CASE("serve: bad parameters get the CLI's Italian message with 400 or 404", "[serve]") {
  ServerProcess server(BundledIndex());
  httplib::Client client = server.Client();
  struct Case {
    std::string path;
    httplib::Params params;
    int status;
    std::vector<std::string> cli;  // the same request on the command line
  };
  const std::vector<Case> cases = {
      {"/api/ask", {}, 400, {"ask", "--json"}},
      {"/api/ask", {{"q", "   "}}, 400, {"ask", "--json", "--", "   "}},
      {"/api/ask",
       {{"q", "rigore"}, {"limit", "0"}},
       400,
       {"ask", "--json", "--limit", "0", "rigore"}},
      {"/api/ask",
       {{"q", "rigore"}, {"limit", "tre"}},
       400,
       {"ask", "--json", "--limit", "tre", "rigore"}},
      {"/api/ask",
       {{"q", "rigore"}, {"game", "scacchi"}},
       400,
       {"ask", "--json", "--game", "scacchi", "rigore"}},
      {"/api/show", {{"id", "subbuteo-2.0#r99"}}, 404, {"show", "--json", "subbuteo-2.0#r99"}},
      {"/api/show", {{"id", "subbuteo-2.0"}}, 404, {"show", "--json", "subbuteo-2.0"}},
      {"/api/show", {}, 400, {"show", "--json"}},
      {"/api/toc", {{"doc", "scacchi"}}, 400, {"toc", "--json", "scacchi"}},
      {"/api/facts", {{"game", "scacchi"}}, 400, {"facts", "--json", "scacchi"}},
      {"/api/facts", {}, 400, {"facts", "--json"}},
      {"/api/resolve", {}, 400, {"resolve", "--json"}},
      {"/api/resolve", {{"fact", "zona"}}, 400, {"resolve", "--json", "--fact", "zona"}},
      {"/api/resolve",
       {{"q", "fallo"}, {"fact", "zona=area-di-rigore"}},
       400,
       {"resolve", "--json", "--fact", "zona=area-di-rigore", "fallo"}},
      {"/api/resolve",
       {{"q", "fallo in area"}, {"game", "subbuteo"}, {"variant", "notturna"}},
       400,
       {"resolve", "--json", "--game", "subbuteo", "--variant", "notturna", "fallo in area"}},
      {"/api/resolve",
       {{"game", "subbuteo"}, {"fact", "zonna=area-di-rigore"}},
       400,
       {"resolve", "--json", "--game", "subbuteo", "--fact", "zonna=area-di-rigore"}},
      {"/api/check", {{"severity", "grave"}}, 400, {"check", "--json", "--severity", "grave"}},
      {"/api/diff",
       {{"old", "subbuteo-2.0"}, {"new", "subbuteo-9.9"}},
       404,
       {"diff", "--json", "subbuteo-2.0", "subbuteo-9.9"}},
      {"/api/diff", {{"old", "subbuteo-2.0"}}, 400, {"diff", "--json", "subbuteo-2.0"}},
      {"/api/quiz", {}, 400, {"quiz"}},
      {"/api/quiz", {{"format", "pdf"}}, 400, {"quiz", "--format", "pdf"}},
      {"/api/quiz",
       {{"format", "json"}, {"difficulty", "estrema"}},
       400,
       {"quiz", "--format", "json", "--difficulty", "estrema"}},
  };
  for (const Case& c : cases) {
    std::string query;
    for (const auto& [k, v] : c.params) query += "&" + k + "=" + v;
    INFO(c.path << "?" << query);
    auto res = Get(client, c.path, c.params);
    REQUIRE(res);
    INFO(res->body);
    CHECK(res->status == c.status);
    const Json body = Json::Parse(res->body);
    const auto [message, exit_code] = CliError(c.cli);
    CHECK(exit_code == (c.status == 404 ? 3 : 2));
    CHECK(body["error"].string == message);
  }
}

TEST_CASE("serve: requests only the server refuses, never with a 500", "[serve]") {
  ServerProcess server(BundledIndex());
  httplib::Client client = server.Client();
  struct Case {
    std::string path;
    httplib::Params params;
    int status;
    std::string says;  // part of the message
  };
  const std::vector<Case> cases = {
      {"/api/chiedi", {}, 404, "servizio sconosciuto '/api/chiedi'"},
      {"/api/asc", {{"q", "x"}}, 404, "forse '/api/ask'?"},
      {"/api/ask", {{"q", "rigore"}, {"gioco", "subbuteo"}}, 400, "parametro sconosciuto 'gioco'"},
      {"/api/ask", {{"q", "rigore"}, {"q", "fallo"}}, 400, "parametro 'q' ripetuto"},
      {"/api/games", {{"x", "1"}}, 400, "(non ne accetta)"},
      {"/api/resolve", {{"q", "fallo"}, {"explain", "forse"}}, 400, "explain vale 1 o 0"},
      {"/api/diff",
       {{"old", "subbuteo-2.0"}, {"new", "subbuteo-2.0"}, {"format", "pdf"}},
       400,
       "formato sconosciuto 'pdf'"},
      {"/api/quiz", {{"format", "json"}, {"count", "100000"}}, 400, "al massimo 500 domande"},
      // The server reads corpus documents only, never a path of the machine.
      {"/api/diff",
       {{"old", "/etc/passwd"}, {"new", "subbuteo-2.0"}},
       404,
       "documento sconosciuto '/etc/passwd'"},
      {"/api/diff",
       {{"old", "subbuteo-2.0"}, {"new", "../corpus/subbuteo/subbuteo-2.0.xml"}},
       404,
       "documento sconosciuto"},
      {"/api/diff",
       {{"old", "subbuteo-2.0"}, {"new", "/tmp/bozza.txt"}},
       404,
       "documento sconosciuto"},
  };
  for (const Case& c : cases) {
    INFO(c.path);
    auto res = Get(client, c.path, c.params);
    REQUIRE(res);
    INFO(res->body);
    CHECK(res->status == c.status);
    CHECK(Json::Parse(res->body)["error"].string.find(c.says) != std::string::npos);
  }
  // Hostile questions: answers or 400, never 500, always JSON.
  const std::string big(6000, 'a');
  for (const std::string& q :
       {std::string("AND NOT ( \" * NEAR"), std::string("'; DROP TABLE units; --"),
        std::string("\x01\x02\xff\xfe fuorigioco"), big, std::string("🙂🙂🙂")}) {
    for (const std::string path : {"/api/ask", "/api/resolve"}) {
      auto res = Get(client, path, {{"q", q}});
      REQUIRE(res);
      CHECK((res->status == 200 || res->status == 400));
      CHECK_NOTHROW(Json::Parse(res->body));
    }
  }
  // Methods other than GET and HEAD.
  auto post = client.Post("/api/ask", "q=rigore", "application/x-www-form-urlencoded");
  REQUIRE(post);
  CHECK(post->status == 405);
  CHECK(post->get_header_value("Allow") == "GET, HEAD");
  // A request line past 8 KiB.
  const test::RawResponse long_uri = RawGet(server.port(), "/api/ask?q=" + std::string(9000, 'x'));
  CHECK(long_uri.status == 414);
  CHECK(Json::Parse(long_uri.body)["error"].string == "indirizzo troppo lungo");
  CHECK(test::RawRequest(server.port(), "BREW /pot HTTP/1.1\r\n\r\n").status == 400);
}

TEST_CASE("serve: only files under the web root, with the security headers", "[serve]") {
  TempDir work;
  const std::string root = work / "web";
  std::filesystem::create_directories(root + "/icons");
  test::WriteFile(root + "/index.html", "<!doctype html><p>app</p>\n");
  test::WriteFile(root + "/app.js", "console.log('app');\n");
  test::WriteFile(root + "/icons/icon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
  test::WriteFile(root + "/.secret.txt", "HIDDENFILE\n");
  test::WriteFile(root + "/notes.sh", "echo SHELLSCRIPT\n");
  test::WriteFile(work / "secret.txt", "TOPSECRET\n");
  std::filesystem::create_symlink(work / "secret.txt", root + "/escape.txt");
  std::filesystem::create_directory_symlink(work.path(), root + "/up");
  ServerProcess server(BundledIndex(), {"--web", root});
  httplib::Client client = server.Client();

  auto index = client.Get("/");
  REQUIRE(index);
  CHECK(index->status == 200);
  CHECK(index->body == "<!doctype html><p>app</p>\n");
  CHECK(index->get_header_value("Content-Type") == "text/html; charset=utf-8");
  auto js = client.Get("/app.js");
  REQUIRE(js);
  CHECK(js->get_header_value("Content-Type") == "text/javascript; charset=utf-8");
  auto svg = client.Get("/icons/icon.svg");
  REQUIRE(svg);
  CHECK(svg->get_header_value("Content-Type") == "image/svg+xml");
  // Revalidation.
  const std::string etag = js->get_header_value("ETag");
  REQUIRE(!etag.empty());
  auto same = client.Get("/app.js", httplib::Headers{{"If-None-Match", etag}});
  REQUIRE(same);
  CHECK(same->status == 304);
  CHECK(same->body.empty());
  auto head = client.Head("/");
  REQUIRE(head);
  CHECK(head->status == 200);
  CHECK(head->body.empty());

  for (const auto* res : {&index, &js}) {
    const httplib::Response& r = **res;
    CHECK(r.get_header_value("Content-Security-Policy").find("default-src 'self'") !=
          std::string::npos);
    CHECK(r.get_header_value("Content-Security-Policy").find("frame-ancestors 'none'") !=
          std::string::npos);
    CHECK(r.get_header_value("X-Content-Type-Options") == "nosniff");
    CHECK(r.get_header_value("Referrer-Policy") == "no-referrer");
  }
  auto api_error = client.Get("/api/ask");
  REQUIRE(api_error);
  CHECK(api_error->get_header_value("X-Content-Type-Options") == "nosniff");

  const std::vector<std::string> refused = {"/../secret.txt",
                                            "/%2e%2e/secret.txt",
                                            "/%2E%2E%2Fsecret.txt",
                                            "/..%2fsecret.txt",
                                            "/icons/../../secret.txt",
                                            "/icons/%2e%2e/%2e%2e/secret.txt",
                                            "//secret.txt",
                                            "/.%2e/secret.txt",
                                            "/%252e%252e/secret.txt",
                                            "/..\\secret.txt",
                                            "/%5c..%5csecret.txt",
                                            "/icons%2f..%2f..%2fsecret.txt",
                                            "/escape.txt",
                                            "/up/secret.txt",
                                            "/.secret.txt",
                                            "/%2esecret.txt",
                                            "/notes.sh",
                                            "/index.html%00.txt",
                                            "/./index.html",
                                            "/api/../../secret.txt",
                                            "/..%00/secret.txt",
                                            "/missing.html",
                                            "/" + std::string(3000, 'a') + ".html"};
  for (const std::string& target : refused) {
    INFO(target);
    const test::RawResponse r = RawGet(server.port(), target);
    CHECK((r.status == 404 || r.status == 400));
    CHECK(r.body.find("TOPSECRET") == std::string::npos);
    CHECK(r.body.find("HIDDENFILE") == std::string::npos);
    CHECK(r.body.find("SHELLSCRIPT") == std::string::npos);
    CHECK(r.head.find("X-Content-Type-Options: nosniff") != std::string::npos);
  }
}

TEST_CASE("serve: the repository's web app is served by default", "[serve]") {
  ServerProcess server(BundledIndex());
  httplib::Client client = server.Client();
  const std::pair<const char*, const char*> files[] = {
      {"/", "text/html; charset=utf-8"},
      {"/app.js", "text/javascript; charset=utf-8"},
      {"/style.css", "text/css; charset=utf-8"},
      {"/sw.js", "text/javascript; charset=utf-8"},
      {"/manifest.webmanifest", "application/manifest+json; charset=utf-8"},
      {"/icons/icon.svg", "image/svg+xml"},
      {"/icons/icon-192.png", "image/png"},
      {"/icons/icon-512.png", "image/png"},
  };
  for (const auto& [path, type] : files) {
    INFO(path);
    auto res = client.Get(path);
    REQUIRE(res);
    CHECK(res->status == 200);
    CHECK(res->get_header_value("Content-Type") == type);
    CHECK(!res->body.empty());
  }
  auto manifest = client.Get("/manifest.webmanifest");
  REQUIRE(manifest);
  const Json m = Json::Parse(manifest->body);
  CHECK(m["lang"].string == "it");
  CHECK(m["start_url"].string == "/");
  CHECK(m["icons"].size() >= 3);
  auto api = client.Get("/api");
  REQUIRE(api);
  CHECK(Json::Parse(api->body)["endpoints"].size() == serve::ApiEndpoints().size());
}

TEST_CASE("serve: a re-index while serving fails no request and is picked up", "[serve]") {
  constexpr int kProvisions = 400;
  TempDir work, idx;
  test::WriteMarkedCorpus(work / "plain", kProvisions, /*marked=*/false);
  test::WriteMarkedCorpus(work / "marked", kProvisions, /*marked=*/true);
  test::IndexOrFail(work / "plain", idx.path());
  ServerProcess server(idx.path(), {"--quiet"}, work / "plain");
  httplib::Client status_client = server.Client();
  auto first = status_client.Get("/api/status");
  REQUIRE(first);
  const std::string generation = Json::Parse(first->body)["generation"].string;

  std::atomic<bool> stop{false};
  std::atomic<int> requests{0}, failures{0};
  std::mutex failure_mu;
  std::string first_failure;
  auto client_loop = [&](int which) {
    httplib::Client client = server.Client();
    const std::vector<std::pair<std::string, httplib::Params>> asks = {
        {"/api/ask", {{"q", "miniatura ferma nella propria area di porta"}}},
        {"/api/show", {{"id", "mini-big#r1__p7"}}},
        {"/api/toc", {{"doc", "mini-big"}}},
        {"/api/games", {}},
    };
    for (int i = which; !stop; ++i) {
      const auto& [path, params] = asks[static_cast<size_t>(i) % asks.size()];
      auto res = client.Get(path.c_str(), params, httplib::Headers{});
      ++requests;
      bool ok = res && res->status == 200;
      try {
        if (ok && path == "/api/ask") ok = Json::Parse(res->body)["hits"].size() > 0;
      } catch (const std::exception&) {
        ok = false;
      }
      if (!ok) {
        ++failures;
        std::lock_guard<std::mutex> lock(failure_mu);
        if (first_failure.empty()) first_failure = path + ": " + (res ? res->body : "no response");
      }
    }
  };
  std::vector<std::thread> clients;
  for (int i = 0; i < 4; ++i) clients.emplace_back(client_loop, i);
  // Three builds, each a new generation; the second removes the first server's one.
  for (const char* corpus : {"marked", "plain", "marked"}) {
    const test::RunResult r =
        test::RunArbitro({"--index", idx.path(), "index", "--corpus", work / corpus});
    INFO(r.err);
    CHECK(r.exit_code == 0);
  }
  stop = true;
  for (std::thread& t : clients) t.join();
  INFO(first_failure);
  CHECK(failures == 0);
  CHECK(requests > 20);
  WARN("requests during 3 re-indexes: " << requests << ", failed: " << failures);
  // The last build (marked) is what the server answers once its engines are warm
  // (prepared in the background while the old ones answer): within seconds.
  std::string now = generation;
  for (int i = 0; i < 300 && now == generation; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    auto status = status_client.Get("/api/status");
    REQUIRE(status);
    now = Json::Parse(status->body)["generation"].string;
  }
  auto marker =
      status_client.Get("/api/ask", httplib::Params{{"q", "zanzara"}}, httplib::Headers{});
  REQUIRE(marker);
  const Json hits = Json::Parse(marker->body)["hits"];
  REQUIRE(hits.size() > 0);
  CHECK(hits[0]["id"].string == "mini-big#r1__zanzara");
  auto last = status_client.Get("/api/status");
  REQUIRE(last);
  CHECK(Json::Parse(last->body)["generation"].string != generation);
}

TEST_CASE("serve: SIGTERM and SIGINT stop it with exit 0, idle connections or not", "[serve]") {
  for (const int sig : {SIGTERM, SIGINT}) {
    ServerProcess server(BundledIndex());
    httplib::Client client = server.Client();
    client.set_keep_alive(true);  // an idle connection stays open while it stops
    auto res = client.Get("/api/games");
    REQUIRE(res);
    CHECK(res->status == 200);
    const auto start = std::chrono::steady_clock::now();
    CHECK(server.Stop(sig) == 0);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds < 10);
    CHECK(server.ErrLog().find("server fermato (" +
                               std::string(sig == SIGTERM ? "SIGTERM" : "SIGINT") + ")") !=
          std::string::npos);
  }
}

TEST_CASE("serve: one access log line per request; --quiet none", "[serve]") {
  {
    ServerProcess server(BundledIndex());
    httplib::Client client = server.Client();
    REQUIRE(client.Get("/api/games"));
    REQUIRE(client.Get("/api/nulla"));
    server.Stop();
    const std::string log = server.ErrLog();
    CHECK(log.find("127.0.0.1 \"GET /api/games HTTP/1.1\" 200 ") != std::string::npos);
    CHECK(log.find("127.0.0.1 \"GET /api/nulla HTTP/1.1\" 404 ") != std::string::npos);
    CHECK(log.find("in ascolto su " + server.url()) != std::string::npos);
  }
  {
    ServerProcess server(BundledIndex(), {"--quiet"});
    httplib::Client client = server.Client();
    REQUIRE(client.Get("/api/games"));
    server.Stop();
    CHECK(server.ErrLog().find("GET ") == std::string::npos);
  }
}

TEST_CASE("serve: bad options and a busy port are errors with an Italian message", "[serve]") {
  const std::string& idx = BundledIndex();
  auto run = [&](std::vector<std::string> args) {
    std::vector<std::string> all = {"--index", idx, "serve"};
    all.insert(all.end(), args.begin(), args.end());
    return test::RunArbitro(all);
  };
  auto bad = run({"--listen", "da-nessuna-parte"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--listen richiede HOST:PORTA") != std::string::npos);
  CHECK(run({"--listen", "127.0.0.1:70000"}).exit_code == 2);
  CHECK(run({"--threads", "0"}).exit_code == 2);
  auto no_engines = run({"--engines", "0"});
  CHECK(no_engines.exit_code == 2);
  CHECK(no_engines.err == "arbitro: --engines richiede un numero intero tra 1 e 256 (ricevuto '0')\n");
  auto no_web = run({"--web", "/nonexistent-arbitro-web", "--listen", "127.0.0.1:0"});
  CHECK(no_web.exit_code == 3);
  CHECK(no_web.err.find("app web non trovata") != std::string::npos);
  ServerProcess first(idx);
  auto busy = run({"--listen", "127.0.0.1:" + std::to_string(first.port())});
  CHECK(busy.exit_code == 6);
  CHECK(busy.err.find("impossibile mettersi in ascolto su 127.0.0.1:" +
                      std::to_string(first.port())) != std::string::npos);
}

TEST_CASE("serve: --engines sets how many engines are opened and lent", "[serve]") {
  // Every engine is opened and warm before the server listens (server.cc).
  ServerProcess server(BundledIndex(), {"--engines", "3", "--quiet"});
  httplib::Client client = server.Client();
  auto status = client.Get("/api/status");
  REQUIRE(status);
  CHECK(Json::Parse(status->body)["engines_opened"].number == 3);
}

TEST_CASE("serve: engines are lent in the order the requests came", "[serve]") {
  // One engine: while it is lent, b then c wait; when it comes back b has it, then c, and a
  // request that comes only then waits behind them instead of taking it first.
  serve::EnginePool pool(BundledIndex(), ARBITRO_CORPUS_DIR, 1);
  auto held = std::make_unique<serve::EnginePool::Lease>();
  REQUIRE(pool.Acquire(held.get()).ok());
  std::mutex mu;
  std::vector<std::string> order;
  std::atomic<int> failures{0};
  auto take = [&](const std::string& name) {
    serve::EnginePool::Lease lease;
    if (!pool.Acquire(&lease).ok() || !lease.get()) ++failures;
    std::lock_guard<std::mutex> lock(mu);
    order.push_back(name);
  };
  auto wait_for = [&](size_t waiting) {
    for (int i = 0; i < 10000 && pool.Waiting() < waiting; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return pool.Waiting() == waiting;
  };
  std::thread b(take, "b");
  REQUIRE(wait_for(1));
  std::thread c(take, "c");
  REQUIRE(wait_for(2));
  held.reset();  // the engine comes back
  take("later");
  b.join();
  c.join();
  CHECK(failures == 0);
  CHECK(order == std::vector<std::string>{"b", "c", "later"});
  CHECK(pool.Opened() == 1);
}

// Waits up to 30 s for the pool to stop preparing a generation.
bool PreparedWithin30s(serve::EnginePool& pool) {
  for (int i = 0; i < 3000 && pool.Preparing(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return !pool.Preparing();
}

TEST_CASE("serve: a re-index is prepared in the background, the old engines answer meanwhile",
          "[serve]") {
  TempDir work, idx;
  test::WriteMarkedCorpus(work / "plain", 40, /*marked=*/false);
  test::WriteMarkedCorpus(work / "marked", 40, /*marked=*/true);
  test::IndexOrFail(work / "plain", idx.path());
  serve::EnginePool pool(idx.path(), work / "plain", 1);
  REQUIRE(pool.Warm().ok());
  const std::string old_generation = pool.Generation();
  REQUIRE(pool.Opened() == 1);

  test::IndexOrFail(work / "marked", idx.path());
  {
    // The request right after the build gets the warm engine of the old generation:
    // none is opened on its path.
    serve::EnginePool::Lease lease;
    REQUIRE(pool.Acquire(&lease).ok());
    CHECK(lease.get()->Generation() == old_generation);
  }
  REQUIRE(PreparedWithin30s(pool));
  CHECK(pool.Generation() != old_generation);
  CHECK(pool.Opened() == 2);
  serve::EnginePool::Lease lease;
  REQUIRE(pool.Acquire(&lease).ok());
  CHECK(lease.get()->Generation() == pool.Generation());
  AskResult asked;
  REQUIRE(lease.get()->Ask("zanzara", AskOptions{}, &asked).ok());
  REQUIRE(!asked.hits.empty());
  CHECK(asked.hits[0].provision.id == "mini-big#r1__zanzara");
}

TEST_CASE("serve: a published generation that does not open leaves the old one serving",
          "[serve]") {
  TempDir work, idx;
  test::WriteMarkedCorpus(work / "plain", 40, /*marked=*/false);
  test::IndexOrFail(work / "plain", idx.path());
  serve::EnginePool pool(idx.path(), work / "plain", 1);
  REQUIRE(pool.Warm().ok());
  const std::string old_generation = pool.Generation();
  // A generation with empty files, published as `arbitro index` does (the link replaced).
  const std::filesystem::path root(idx.path());
  std::filesystem::create_directories(root / "gen-broken" / "xapian");
  test::WriteFile((root / "gen-broken" / "arbitro.sqlite").string(), "");
  std::filesystem::create_directory_symlink("gen-broken", root / "current.new");
  std::filesystem::rename(root / "current.new", root / "current");
  for (int request = 0; request < 2; ++request) {
    serve::EnginePool::Lease lease;
    REQUIRE(pool.Acquire(&lease).ok());
    CHECK(lease.get()->Generation() == old_generation);
    REQUIRE(PreparedWithin30s(pool));
  }
  CHECK(pool.Generation() == old_generation);
  CHECK(pool.Opened() == 1);
}

TEST_CASE("serve: listen addresses", "[unit]") {
  std::string host;
  int port = 0;
  CHECK(serve::ParseListen("127.0.0.1:8080", &host, &port).ok());
  CHECK((host == "127.0.0.1" && port == 8080));
  CHECK(serve::ParseListen("[::1]:0", &host, &port).ok());
  CHECK((host == "::1" && port == 0));
  CHECK(serve::ParseListen(":9000", &host, &port).ok());
  CHECK((host == "127.0.0.1" && port == 9000));
  CHECK(serve::ParseListen("9001", &host, &port).ok());
  CHECK((host == "127.0.0.1" && port == 9001));
  CHECK(serve::ParseListen("0.0.0.0:80", &host, &port).ok());
  for (const char* bad : {"", "127.0.0.1:", "127.0.0.1:65536", "::1:80", "[::1]", "[zz]:80",
                          "host name:80", "127.0.0.1:-1", "127.0.0.1:8o"}) {
    INFO(bad);
    CHECK(serve::ParseListen(bad, &host, &port).code() == Status::Code::kInvalidArgument);
  }
  CHECK(serve::IsLoopback("127.0.0.1"));
  CHECK(serve::IsLoopback("127.3.2.1"));
  CHECK(serve::IsLoopback("::1"));
  CHECK(serve::IsLoopback("localhost"));
  CHECK_FALSE(serve::IsLoopback("0.0.0.0"));
  CHECK_FALSE(serve::IsLoopback("192.168.1.10"));
}

TEST_CASE("serve: web paths that may name a file", "[unit]") {
  for (const char* ok : {"/", "/index.html", "/icons/icon.svg", "/a-b_c.1.js"}) {
    INFO(ok);
    CHECK(serve::IsSafeWebPath(ok));
  }
  for (const char* bad : {"", "index.html", "/../x", "/a/../b", "/a/./b", "//x", "/a//b",
                          "/.git/config", "/a\\b", "/x/", "/a:b", "/\x01"}) {
    INFO(bad);
    CHECK_FALSE(serve::IsSafeWebPath(bad));
  }
  CHECK_FALSE(serve::IsSafeWebPath(std::string("/a\0b", 4)));
}

TEST_CASE("serve: every API parameter is an option of its command", "[unit]") {
  for (const serve::ApiEndpoint& e : serve::ApiEndpoints()) {
    INFO(e.name);
    const cli::Command* command = cli::FindCommand(e.command);
    REQUIRE(command);
    auto has = [&](const std::string& option) {
      for (const cli::OptionSpec& o : command->options) {
        if (option == o.name) return true;
      }
      return false;
    };
    for (const char* fixed : e.fixed) CHECK(has(fixed));
    for (const serve::ApiParam& p : e.params) {
      INFO(p.name);
      if (p.option) CHECK(has(p.option));
      if (p.kind == serve::ApiParam::Kind::kFlag) CHECK(p.option);
    }
  }
}

}  // namespace arbitro
