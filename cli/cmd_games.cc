// arbitro games: the documents and editions in the index.
#include <algorithm>
#include <ostream>

#include "command.h"
#include "engine_open.h"
#include "json.h"
#include "render.h"

namespace arbitro::cli {

Status CmdGames(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  std::vector<DocumentInfo> docs;
  s = engine->Games(&docs);
  if (!s.ok()) return s;
  if (args.Has("--json")) {
    JsonWriter json(ctx.out);
    json.BeginArray();
    for (const DocumentInfo& d : docs) {
      json.BeginObject().Field("game", d.game).Field("doc", d.doc).Field("title", d.title)
          .Field("short_title", d.short_title).Field("edition", d.edition).Field("date", d.date).Field("language", d.language)
          .Key("summarises").StringOrNull(d.summarises)
          .Key("provisions").Int(d.provisions).Key("rows").Int(d.rows).Key("cases").Int(d.cases);
      json.Key("variants").BeginArray();
      for (const auto& [id, label] : d.variants) {
        json.BeginObject().Field("id", id).Field("label", label);
        json.Key("excludes").BeginArray();
        for (const auto& [v, other] : d.variant_excludes) {
          if (v == id) json.String(other);
        }
        json.EndArray().Key("changes");
        std::vector<VariantChangeInfo> changes;
        for (const auto& c : d.variant_changes) {
          if (c.variant == id) changes.push_back(c);
        }
        WriteVariantChanges(json, changes);
        json.EndObject();
      }
      json.EndArray().EndObject();
    }
    json.EndArray().Finish();
    return Status::OK();
  }
  if (args.Has("--ids")) {
    // Games, then documents: what completion offers where a game or document is asked.
    std::vector<std::string> ids;
    for (const DocumentInfo& d : docs) {
      if (std::find(ids.begin(), ids.end(), d.game) == ids.end()) ids.push_back(d.game);
    }
    for (const DocumentInfo& d : docs) ids.push_back(d.doc);
    for (const auto& id : ids) ctx.out << id << "\n";
    return Status::OK();
  }
  for (const DocumentInfo& d : docs) {
    ctx.out << d.game << "\t" << d.doc << "\t" << d.title
            << (d.edition.empty() ? "" : " " + d.edition) << (d.date.empty() ? "" : " (" + d.date + ")")
            << "\n\t" << d.provisions << " disposizioni, " << d.rows << " righe di tabella, " << d.cases
            << " casi strutturati";
    if (!d.summarises.empty()) ctx.out << "; riassume " << d.summarises;
    ctx.out << "\n";
    for (const auto& [id, label] : d.variants) {
      ctx.out << "\tvariante " << id << ": " << label << "\n";
      std::string excludes;
      for (const auto& [v, other] : d.variant_excludes) {
        if (v == id) excludes += (excludes.empty() ? "" : ", ") + other;
      }
      if (!excludes.empty()) ctx.out << "\t\tnon si gioca con: " << excludes << "\n";
      for (const auto& c : d.variant_changes) {
        if (c.variant != id) continue;
        auto with_case = [](const std::string& unit, const std::string& kase) {
          return unit + (kase.empty() ? "" : "/" + kase);
        };
        ctx.out << "\t\t"
                << (c.kind == "adds"       ? "aggiunge "
                    : c.kind == "replaces" ? "sostituisce "
                                           : "modifica ")
                << (c.kind == "adds"
                        ? with_case(c.by, c.by_case)
                        : with_case(c.target, c.target_case) + " con " + with_case(c.by, c.by_case))
                << (c.param.empty() ? "" : " (" + VariantFigures(c) + ")") << "\n";
      }
    }
  }
  return Status::OK();
}

}  // namespace arbitro::cli
