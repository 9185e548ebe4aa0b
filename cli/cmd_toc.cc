// arbitro toc [GAME|DOC]: browse the structure.
#include <ostream>

#include "command.h"
#include "engine_open.h"
#include "json.h"
#include "render.h"

namespace arbitro::cli {

Status CmdToc(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (args.Positional().size() > 1) return Status::InvalidArgument("uso: arbitro toc [GIOCO|DOCUMENTO]");
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  std::vector<std::pair<DocumentInfo, std::vector<TocLine>>> tocs;
  s = engine->Toc(args.Positional().empty() ? "" : args.Positional()[0], &tocs);
  if (!s.ok()) return s;
  if (args.Has("--json")) {
    JsonWriter json(ctx.out);
    json.BeginArray();
    for (const auto& [doc, lines] : tocs) {
      json.BeginObject().Field("game", doc.game).Field("doc", doc.doc).Field("title", doc.title);
      json.Key("entries").BeginArray();
      for (const TocLine& l : lines) {
        json.BeginObject().Field("id", l.id).Field("kind", l.kind).Field("label", l.label)
            .Key("depth").Int(l.depth).Key("provisions").Int(l.provisions).EndObject();
      }
      json.EndArray().EndObject();
    }
    json.EndArray().Finish();
    return Status::OK();
  }
  WriteTocText(ctx.out, tocs);
  return Status::OK();
}

}  // namespace arbitro::cli
