// arbitro facts GAME: the vocabulary a scenario is mapped onto.
#include <ostream>

#include "command.h"
#include "engine_open.h"
#include "json.h"

namespace arbitro::cli {

Status CmdFacts(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (args.Positional().size() != 1) return Status::InvalidArgument("uso: arbitro facts GIOCO");
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  std::vector<FactInfo> facts;
  s = engine->Facts(args.Positional()[0], &facts);
  if (!s.ok()) return s;
  std::string game;
  s = engine->CanonicalGame(args.Positional()[0], &game);
  if (!s.ok()) return s;
  std::vector<DocumentInfo> docs;
  s = engine->Games(&docs);
  if (!s.ok()) return s;
  std::vector<std::pair<std::string, std::string>> variants;  // the game's, (id, label)
  for (const DocumentInfo& d : docs) {
    if (d.game == game) variants.insert(variants.end(), d.variants.begin(), d.variants.end());
  }
  auto join = [](const std::vector<std::string>& v) {
    std::string out;
    for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
    return out;
  };
  if (args.Has("--json")) {
    JsonWriter json(ctx.out);
    json.BeginArray();
    for (const FactInfo& f : facts) {
      json.BeginObject().Field("name", f.name).Field("type", f.type).Field("ask", f.ask)
          .Field("label", f.label).Key("default").StringOrNull(f.default_value);
      json.Key("values").BeginArray();
      for (const auto& v : f.values) {
        json.BeginObject().Field("id", v.id).Field("label", v.label).Key("forms").BeginArray();
        for (const auto& form : v.forms) json.String(form);
        json.EndArray().EndObject();
      }
      json.EndArray();
      json.Key("variants").BeginArray();
      for (const auto& v : f.variants) json.String(v);
      json.EndArray().EndObject();
    }
    json.EndArray().Finish();
    return Status::OK();
  }
  if (!variants.empty()) {
    ctx.out << "Varianti di " << game << " (resolve/ask/show/quiz --variant NOME):\n";
    for (const auto& [id, label] : variants) ctx.out << "  " << id << ": " << label << "\n";
    ctx.out << "\n";
  }
  for (const FactInfo& f : facts) {
    ctx.out << f.name << " (" << (f.label.empty() ? f.type : f.label) << ")"
            << (f.default_value.empty() ? "" : " [predefinito: " + f.default_value + "]")
            << (f.variants.empty() ? "" : " [solo con --variant " + join(f.variants) + "]") << "\n"
            << "  domanda: " << f.ask << "\n";
    for (const auto& v : f.values) {
      ctx.out << "  " << f.name << "=" << v.id << "  " << v.label;
      if (!v.forms.empty()) ctx.out << "  ← " << join(v.forms);
      ctx.out << "\n";
    }
  }
  return Status::OK();
}

}  // namespace arbitro::cli
