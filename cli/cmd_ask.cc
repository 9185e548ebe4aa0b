// arbitro ask: natural-language questions → provisions with citations.
#include <ostream>
#include <set>

#include "arbitro/indexer.h"
#include "command.h"
#include "engine_open.h"
#include "render.h"

namespace arbitro::cli {

Status CmdAsk(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  long limit = 0;
  s = args.GetInt("--limit", 1, 100, 5, &limit);
  if (!s.ok()) return s;
  std::string question;
  for (const auto& p : args.Positional()) question += (question.empty() ? "" : " ") + p;
  if (question.find_first_not_of(" \t\r\n") == std::string::npos) {
    return Status::InvalidArgument("la domanda è vuota: arbitro ask \"domanda\"");
  }
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  AskOptions options;
  options.game = args.Get("--game");
  options.limit = static_cast<int>(limit);
  options.variants = args.GetAll("--variant");
  AskResult result;
  s = engine->Ask(question, options, &result);
  if (!s.ok()) return s;

  if (args.Has("--json")) {
    JsonWriter json(ctx.out);
    json.BeginObject().Field("query", result.query).Key("game").StringOrNull(result.game);
    json.Key("game_inferred").Bool(result.game_inferred);
    json.Key("corrected").StringOrNull(result.corrected);
    json.Key("variants").BeginArray();
    for (const auto& v : result.variants) json.String(v);
    json.EndArray();
    json.Key("hits").BeginArray();
    for (const AskHit& h : result.hits) {
      const ProvisionInfo& p = h.provision;
      json.BeginObject()
          .Field("game", p.game)
          .Field("doc", p.doc)
          .Field("id", p.id)
          .Field("citation", p.citation)
          .Field("text", p.text);
      json.Key("sanctions");
      WriteSanctions(json, p.sanctions);
      json.Key("score").Number(h.score);
      json.Field("kind", p.kind);
      json.Key("see_also").BeginArray();
      for (const LinkInfo& l : p.refs_out) json.String(l.id);
      json.EndArray();
      json.Key("variant").StringOrNull(p.variant);
      json.Key("variant_label").StringOrNull(p.variant_label);
      json.Key("variant_enabled").Bool(h.variant_enabled);
      json.Key("variant_changes");
      WriteVariantChanges(json, p.variant_changes);
      json.Key("refs_out");
      WriteLinks(json, p.refs_out);
      json.Key("highlights");
      WriteCodePointRanges(json, p.text, h.highlights);
      json.EndObject();
    }
    json.EndArray().EndObject().Finish();
    return Status::OK();
  }

  if (!result.corrected.empty()) ctx.out << "Forse cercavi: " << result.corrected << "\n";
  if (result.game_inferred) ctx.out << "Gioco dedotto dalla domanda: " << result.game << "\n";
  if (result.hits.empty()) {
    ctx.out << "Nessuna regola trovata per: " << SanitizeUtf8(question) << "\n";
    // Named the wrong game? Say which games have an answer.
    AskResult elsewhere;
    if (!options.game.empty() && engine->Ask(question, AskOptions{}, &elsewhere).ok()) {
      std::set<std::string> seen;
      std::string games;
      for (const AskHit& h : elsewhere.hits) {
        if (seen.insert(h.provision.game).second)
          games += (games.empty() ? "" : ", ") + h.provision.game;
      }
      if (!games.empty()) ctx.out << "Trovata in altri giochi: " << games << "\n";
    }
    return Status::OK();
  }
  int n = 0;
  for (const AskHit& h : result.hits) {
    const ProvisionInfo& p = h.provision;
    ctx.out << "\n" << ++n << ". " << Bold(p.citation, ctx.color) << "\n   [" << p.id << "]\n";
    if (!p.variant.empty()) {
      ctx.out << "   VARIANTE «" << VariantName(p.variant_label, p.variant) << "» ("
              << (h.variant_enabled ? "in uso" : "vale solo con --variant " + p.variant) << ")\n";
    }
    ctx.out << Indent(Highlight(p.text, h.highlights, ctx.color), 3) << "\n";
    for (const SanctionInfo& sa : p.sanctions) ctx.out << "   → " << SanctionSentence(sa) << "\n";
    for (const LinkInfo& l : p.refs_out) {
      if (!l.citation.empty()) ctx.out << "   vedi anche: " << l.citation << " [" << l.id << "]\n";
    }
    for (const VariantChangeInfo& c : p.variant_changes) {
      if (c.by != p.id || c.kind != "adds") ctx.out << "   " << VariantChangeLine(c, p.id) << "\n";
    }
  }
  return Status::OK();
}

}  // namespace arbitro::cli
