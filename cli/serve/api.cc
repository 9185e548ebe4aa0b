#include "serve/api.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <sstream>

#include "arbitro/indexer.h"
#include "command.h"
#include "json.h"

namespace arbitro::serve {
namespace {

using Kind = ApiParam::Kind;

// Values a flag parameter (explain=1) accepts.
bool ParseFlag(const std::string& value, bool* on) {
  static const std::vector<std::string> kOn = {"", "1", "true", "si", "sì", "yes", "on"};
  static const std::vector<std::string> kOff = {"0", "false", "no", "off"};
  const std::string v = FoldCase(value);
  if (std::find(kOn.begin(), kOn.end(), v) != kOn.end()) return *on = true;
  if (std::find(kOff.begin(), kOff.end(), v) != kOff.end()) return !(*on = false);
  return false;
}

// Largest quiz the server generates in one request: `arbitro quiz` has no such limit.
constexpr long kMaxServedQuiz = 500;

struct FormatType {
  const char* format;
  const char* content_type;
  const char* extension;
};
constexpr FormatType kFormatTypes[] = {
    {"json", "application/json; charset=utf-8", "json"},
    {"moodle", "application/xml; charset=utf-8", "xml"},
    {"gift", "text/plain; charset=utf-8", "txt"},
    {"anki", "text/plain; charset=utf-8", "txt"},
    {"markdown", "text/markdown; charset=utf-8", "md"},
    {"html", "text/html; charset=utf-8", "html"},
};

const FormatType* FindFormat(const std::string& format) {
  for (const FormatType& f : kFormatTypes) {
    if (format == f.format) return &f;
  }
  return nullptr;
}

// Letters, digits and dashes of `name` (a file name part that needs no quoting).
std::string FileNamePart(const std::string& name) {
  std::string out;
  for (char c : FoldCase(name)) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '-') out += c;
  }
  return out.substr(0, 40);
}

}  // namespace

const std::vector<ApiEndpoint>& ApiEndpoints() {
  static const std::vector<ApiEndpoint> kEndpoints = {
      {"ask",
       "ask",
       {"--json"},
       {{"q", nullptr, Kind::kValue, "la domanda"},
        {"game", "--game", Kind::kValue, "gioco o documento; senza, dedotto dalla domanda"},
        {"limit", "--limit", Kind::kValue, "quante disposizioni (1-100, predefinito 5)"}},
       "disposizioni che rispondono a una domanda (come `arbitro ask --json`)"},
      {"resolve",
       "resolve",
       {"--json"},
       {{"q", nullptr, Kind::kValue, "la situazione descritta"},
        {"game", "--game", Kind::kValue, "gioco; senza, dedotto dalla descrizione"},
        {"fact", "--fact", Kind::kRepeat, "un fatto nome=valore (ripetibile)"},
        {"variant", "--variant", Kind::kRepeat, "una variante in uso (ripetibile)"},
        {"explain", "--explain", Kind::kFlag, "1: spiega la decisione"}},
       "la decisione per una situazione (come `arbitro resolve --json`)"},
      {"show",
       "show",
       {"--json"},
       {{"id", nullptr, Kind::kValue, "documento#eId"}},
       "una disposizione con i riferimenti (come `arbitro show --json`)"},
      {"toc",
       "toc",
       {"--json"},
       {{"doc", nullptr, Kind::kValue, "gioco o documento; senza, tutti"}},
       "l'indice dei regolamenti (come `arbitro toc --json`)"},
      {"games", "games", {"--json"}, {}, "documenti ed edizioni (come `arbitro games --json`)"},
      {"facts",
       "facts",
       {"--json"},
       {{"game", nullptr, Kind::kValue, "il gioco"}},
       "il vocabolario di un gioco (come `arbitro facts --json`)"},
      {"check",
       "check",
       {"--json"},
       {{"game", nullptr, Kind::kRepeat, "gioco o documento da esaminare (ripetibile)"},
        {"severity", "--severity", Kind::kValue, "info, warning (predefinito) o error"}},
       "i rilievi del linter dei comitati (come `arbitro check --json`)"},
      {"diff",
       "diff",
       {},
       {{"old", nullptr, Kind::kValue, "documento dell'edizione precedente"},
        {"new", nullptr, Kind::kValue, "documento dell'edizione nuova"},
        {"format", nullptr, Kind::kFormat, "json (predefinito), markdown o html"}},
       "il confronto di due documenti indicizzati (come `arbitro diff --json`)"},
      {"quiz",
       "quiz",
       {},
       {{"format", "--format", Kind::kValue, "moodle, gift, anki, json o markdown"},
        {"game", "--game", Kind::kRepeat, "gioco (ripetibile)"},
        {"topic", "--topic", Kind::kRepeat, "regola o parola (ripetibile)"},
        {"count", "--count", Kind::kValue, "quante domande (1-500)"},
        {"type", "--type", Kind::kRepeat, "mc, tf, numeric, cloze, situation"},
        {"seed", "--seed", Kind::kValue, "seme"},
        {"difficulty", "--difficulty", Kind::kValue, "easy, medium o hard"}},
       "un quiz per arbitri, come file da scaricare (come `arbitro quiz`)"},
  };
  return kEndpoints;
}

ApiResponse Api::Error(int status, const std::string& message) {
  ApiResponse r;
  r.status = status;
  std::ostringstream out;
  cli::JsonWriter json(out);
  json.BeginObject().Field("error", SanitizeUtf8(message)).EndObject().Finish();
  r.body = out.str();
  return r;
}

ApiResponse Api::Handle(const std::string& name,
                        const std::vector<std::pair<std::string, std::string>>& params) {
  if (name.empty()) return Listing();
  if (name == "status") return StatusPage();
  std::vector<std::string> names = {"status"};
  for (const ApiEndpoint& e : ApiEndpoints()) {
    if (name == e.name) return Run(e, params);
    names.push_back(e.name);
  }
  const std::string near = NearestWord(name, names);
  return Error(404, "servizio sconosciuto '/api/" + name + "'" +
                        (near.empty() ? "" : ", forse '/api/" + near + "'?") +
                        " (l'elenco è in /api)");
}

ApiResponse Api::Run(const ApiEndpoint& endpoint,
                     const std::vector<std::pair<std::string, std::string>>& params) {
  const cli::Command* command = cli::FindCommand(endpoint.command);
  if (!command) return Error(500, std::string("comando mancante: ") + endpoint.command);
  std::vector<std::string> args(endpoint.fixed.begin(), endpoint.fixed.end());
  // Positional arguments in the order of the table (diff: old, then new), whatever the
  // order of the query string.
  std::vector<std::vector<std::string>> positional(endpoint.params.size());
  std::map<std::string, int> seen;
  std::string format;
  for (const auto& [name, value] : params) {
    const ApiParam* param = nullptr;
    std::vector<std::string> allowed;
    for (const ApiParam& p : endpoint.params) {
      if (name == p.name) param = &p;
      allowed.push_back(p.name);
    }
    if (!param) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      const std::string near = NearestWord(name, allowed);
      return Error(400, "parametro sconosciuto '" + name + "' per /api/" + endpoint.name +
                            (near.empty() ? "" : ", forse '" + near + "'?") +
                            (list.empty() ? " (non ne accetta)" : " (ammessi: " + list + ")"));
    }
    if (++seen[name] > 1 && param->kind != Kind::kRepeat) {
      return Error(400, "parametro '" + name + "' ripetuto: indicarne uno solo");
    }
    if (name == "format") format = value;
    switch (param->kind) {
      case Kind::kFlag: {
        bool on = false;
        if (!ParseFlag(value, &on)) {
          return Error(400, "il parametro " + name + " vale 1 o 0 (ricevuto '" + value + "')");
        }
        if (on) args.push_back(param->option);
        break;
      }
      case Kind::kValue:
      case Kind::kRepeat:
        if (!param->option) {
          positional[static_cast<size_t>(param - endpoint.params.data())].push_back(value);
        } else if (!value.empty()) {  // an empty form field is an option not given
          args.push_back(std::string(param->option) + "=" + value);
        }
        break;
      case Kind::kFormat:
        break;
    }
  }
  const FormatType* type = nullptr;
  const bool has_format_param =
      std::any_of(endpoint.params.begin(), endpoint.params.end(),
                  [](const ApiParam& p) { return p.kind == Kind::kFormat; });
  if (has_format_param) {
    if (format.empty()) format = "json";
    if (format != "json" && format != "markdown" && format != "html") {
      return Error(400, "formato sconosciuto '" + format + "' (ammessi: json, markdown, html)");
    }
    args.push_back("--" + format);
  }
  if (endpoint.name == std::string("quiz")) {
    for (const std::string& a : args) {
      if (a.rfind("--count=", 0) != 0) continue;
      const std::string n = a.substr(8);
      if (n.find_first_not_of("0123456789") == std::string::npos && n.size() < 9 &&
          std::stol(n) > kMaxServedQuiz) {
        return Error(400, "il server genera al massimo " + std::to_string(kMaxServedQuiz) +
                              " domande per richiesta (ricevuto " + n +
                              "; per di più: arbitro quiz --count N)");
      }
    }
  }
  args.push_back("--");
  for (const auto& values : positional) args.insert(args.end(), values.begin(), values.end());

  EnginePool::Lease lease;
  std::shared_ptr<const Corpus> corpus;
  std::ostringstream out, err;
  if (command->opens == cli::Opens::kIndex) {
    Status s = pool_->Acquire(&lease);
    if (!s.ok()) return Error(503, "indice non disponibile: " + s.message());
  } else if (command->opens == cli::Opens::kCorpus) {
    std::string diagnostics;
    Status s = pool_->Corpus(&corpus, &diagnostics);
    if (!s.ok()) return Error(503, "corpus non disponibile: " + s.message());
  }
  cli::CommandContext ctx{*command, index_dir_, corpus_dir_, args, out, err, false};
  ctx.engine = lease.get();
  ctx.corpus = corpus.get();
  ctx.local_files = false;
  const Status s = command->handler(ctx);
  switch (s.code()) {
    case Status::Code::kOk:
    case Status::Code::kFindings:  // check: findings are its answer
      break;
    case Status::Code::kInvalidArgument:
      return Error(400, s.message());
    case Status::Code::kNotFound:
      return Error(404, s.message());
    default:
      return Error(500, s.message());
  }
  ApiResponse r;
  r.body = out.str();
  if (!format.empty() && (type = FindFormat(format))) r.content_type = type->content_type;
  if (endpoint.name == std::string("diff") && format == "html") {
    // The report is a whole page with its own style sheet.
    r.csp = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
  }
  if (endpoint.name == std::string("quiz") && type) {
    std::string game;
    for (const auto& [name, value] : params) {
      if (name == "game" && game.empty()) game = FileNamePart(value);
    }
    r.filename = "quiz-arbitro" + (game.empty() ? "" : "-" + game) + "." + type->extension;
  }
  return r;
}

ApiResponse Api::Listing() const {
  ApiResponse r;
  std::ostringstream out;
  cli::JsonWriter json(out);
  json.BeginObject().Key("endpoints").BeginArray();
  for (const ApiEndpoint& e : ApiEndpoints()) {
    json.BeginObject()
        .Field("path", std::string("/api/") + e.name)
        .Field("command", e.command)
        .Field("summary", e.summary)
        .Key("params")
        .BeginArray();
    for (const ApiParam& p : e.params) {
      json.BeginObject()
          .Field("name", p.name)
          .Key("repeat")
          .Bool(p.kind == Kind::kRepeat)
          .Field("help", p.help)
          .EndObject();
    }
    json.EndArray().EndObject();
  }
  json.EndArray().EndObject().Finish();
  r.body = out.str();
  return r;
}

ApiResponse Api::StatusPage() {
  EnginePool::Lease lease;
  Status s = pool_->Acquire(&lease);  // also notices a new generation
  if (!s.ok()) return Error(503, "indice non disponibile: " + s.message());
  ApiResponse r;
  std::ostringstream out;
  cli::JsonWriter json(out);
  json.BeginObject()
      .Field("version", ARBITRO_VERSION)
      .Field("generation", std::filesystem::path(lease.get()->Generation()).filename().string())
      .Key("engines_opened")
      .Int(static_cast<long long>(pool_->Opened()))
      .EndObject()
      .Finish();
  r.body = out.str();
  return r;
}

}  // namespace arbitro::serve
