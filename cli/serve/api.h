// The JSON API of `arbitro serve`: each endpoint runs the CLI command of the same name
// (the same handler, hence the same JSON object and the same Italian error messages as
// `arbitro CMD --json`) with the request's query parameters as the command's options,
// on an engine lent by the pool.
//
// Contract
// - GET /api/ask?q=&game=&limit=            → `ask --json`
// - GET /api/resolve?q=&game=&fact=N=V…&variant=…&explain=1  → `resolve --json`
// - GET /api/show?id=                        → `show --json`
// - GET /api/toc[?doc=GAME|DOC]              → `toc --json`
// - GET /api/games                           → `games --json`
// - GET /api/facts?game=                     → `facts --json`
// - GET /api/check[?game=…][&severity=]      → `check --json` (200 with or without findings)
// - GET /api/diff?old=DOC&new=DOC[&format=json|markdown|html] → `diff` (corpus documents only)
// - GET /api/quiz?format=…[&game=…&topic=…&count=&type=…&seed=&difficulty=] → the file, as a
//   download (Content-Disposition: attachment)
// - GET /api and /api/status: the endpoint list and the index generation served.
// - Bad input: 400 (InvalidArgument) or 404 (NotFound) with {"error": "<message>"}; an
//   unknown endpoint 404, an unknown parameter 400; 503 when no index can be opened.
//   Never 500 for anything the request says.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "serve/engine_pool.h"

namespace arbitro::serve {

struct ApiResponse {
  int status = 200;
  std::string content_type = "application/json; charset=utf-8";
  std::string body;
  std::string filename;  // set: a download (Content-Disposition: attachment)
  std::string csp;       // set: replaces the server's Content-Security-Policy
};

// One query parameter of an endpoint and the command option it becomes.
struct ApiParam {
  // kValue: once; kRepeat: repeatable; kFlag: 1/0 → the option or nothing; kFormat:
  // diff's output format (json → --json, markdown → --markdown, html → --html).
  enum class Kind { kValue, kRepeat, kFlag, kFormat };
  const char* name;    // "game"
  const char* option;  // "--game"; nullptr: a positional argument, in table order
  Kind kind;
  const char* help;  // Italian, for GET /api
};

struct ApiEndpoint {
  const char* name;                // "ask": served at /api/ask
  const char* command;             // the CLI command it runs
  std::vector<const char*> fixed;  // options always given ("--json")
  std::vector<ApiParam> params;
  const char* summary;  // Italian
};

// The endpoint table (api.cc); every option named exists in the command table (tested).
const std::vector<ApiEndpoint>& ApiEndpoints();

class Api {
 public:
  // `index_dir` and `corpus_dir` as the CLI resolved them.
  Api(EnginePool* pool, std::string index_dir, std::string corpus_dir)
      : pool_(pool), index_dir_(std::move(index_dir)), corpus_dir_(std::move(corpus_dir)) {}

  // Serves GET /api/<name> with the decoded query parameters.
  ApiResponse Handle(const std::string& name,
                     const std::vector<std::pair<std::string, std::string>>& params);

  // {"error": message} with `status`.
  static ApiResponse Error(int status, const std::string& message);

 private:
  ApiResponse Run(const ApiEndpoint& endpoint,
                  const std::vector<std::pair<std::string, std::string>>& params);
  ApiResponse Listing() const;
  ApiResponse StatusPage();

  EnginePool* pool_;
  const std::string index_dir_, corpus_dir_;
};

}  // namespace arbitro::serve
