// arbitro show ID: one provision with its context and references in and out.
#include <algorithm>
#include <ostream>

#include "command.h"
#include "engine_open.h"
#include "render.h"

namespace arbitro::cli {

Status CmdShow(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (args.Positional().size() != 1) {
    return Status::InvalidArgument("uso: arbitro show ID (es. subbuteo-2.0#r12__passivo__p1)");
  }
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  ProvisionInfo p;
  const std::string& id = args.Positional()[0];
  s = engine->Show(id, &p);
  if (s.code() == Status::Code::kNotFound && id.find('#') == std::string::npos) {
    // A document id, as `games` prints it: its table of contents.
    std::vector<DocumentInfo> docs;
    if (engine->Games(&docs).ok()) {
      for (const DocumentInfo& d : docs) {
        if (d.doc != id) continue;
        if (args.Has("--json")) {
          return Status::NotFound("'" + id + "' è un documento, non una disposizione: il suo " +
                                  "indice è `arbitro toc --json " + id + "`");
        }
        std::vector<std::pair<DocumentInfo, std::vector<TocLine>>> tocs;
        Status t = engine->Toc(id, &tocs);
        if (!t.ok()) return t;
        ctx.out << "'" << id << "' è un documento: ecco il suo indice (arbitro toc " << id
                << "); per una disposizione: arbitro show " << id << "#ID\n\n";
        WriteTocText(ctx.out, tocs);
        return Status::OK();
      }
    }
  }
  if (!s.ok()) return s;
  const std::vector<std::string> variants = args.GetAll("--variant");
  if (!variants.empty()) {
    s = engine->CheckVariants(p.game, variants);
    if (!s.ok()) return s;
  }
  auto in_play = [&](const std::string& v) {
    return std::find(variants.begin(), variants.end(), v) != variants.end();
  };
  if (args.Has("--json")) {
    JsonWriter json(ctx.out);
    json.BeginObject()
        .Field("game", p.game)
        .Field("doc", p.doc)
        .Field("id", p.id)
        .Field("kind", p.kind)
        .Field("citation", p.citation)
        .Field("text", p.text);
    json.Key("sanctions");
    WriteSanctions(json, p.sanctions);
    json.Key("refs_out");
    WriteLinks(json, p.refs_out);
    json.Key("refs_in");
    WriteLinks(json, p.refs_in);
    json.Key("ancestors").BeginArray();
    for (const UnitRef& a : p.ancestors) {
      json.BeginObject()
          .Field("id", a.id)
          .Field("kind", a.kind)
          .Field("label", a.label)
          .EndObject();
    }
    json.EndArray().Key("children").BeginArray();
    for (const ProvisionInfo& c : p.children) {
      json.BeginObject()
          .Field("id", c.id)
          .Field("kind", c.kind)
          .Field("citation", c.citation)
          .Field("label", c.label)
          .Field("heading", c.heading)
          .Field("text", c.text);
      json.Key("sanctions");
      WriteSanctions(json, c.sanctions);
      json.EndObject();
    }
    json.EndArray();
    json.Key("variant").StringOrNull(p.variant);
    json.Key("variant_label").StringOrNull(p.variant_label);
    json.Key("variants").BeginArray();
    for (const auto& v : variants) json.String(v);
    json.EndArray();
    json.Key("variant_changes");
    WriteVariantChanges(json, p.variant_changes);
    // The variants in play that change this provision: the text and figures in force.
    json.Key("in_force").BeginArray();
    for (const VariantChangeInfo& c : p.variant_changes) {
      if (c.target != p.id || c.kind == "adds" || !in_play(c.variant)) continue;
      json.BeginObject()
          .Field("variant", c.variant)
          .Field("kind", c.kind)
          .Field("id", c.by)
          .Field("citation", c.by_citation)
          .Field("text", c.by_text);
      json.Key("param").StringOrNull(c.param).Key("value").StringOrNull(c.new_value);
      json.Key("was").StringOrNull(c.old_value).EndObject();
    }
    json.EndArray();
    json.EndObject().Finish();
    return Status::OK();
  }
  ctx.out << Bold(p.citation, ctx.color) << "\n[" << p.id << "] " << p.kind << "\n";
  if (!p.variant.empty()) {
    ctx.out << "VARIANTE «" << VariantName(p.variant_label, p.variant) << "» ("
            << (in_play(p.variant) ? "in uso" : "vale solo con --variant " + p.variant) << ")\n";
  }
  ctx.out << "\n";
  if (!p.text.empty()) ctx.out << Indent(p.text, 2) << "\n";
  // Under the variants in play, what replaces or amends this provision: text and figures.
  for (const VariantChangeInfo& c : p.variant_changes) {
    if (c.target != p.id || c.kind == "adds" || !in_play(c.variant)) continue;
    ctx.out << "\n"
            << Bold("Con la variante «" + VariantName(c.variant_label, c.variant) + "»", ctx.color)
            << (c.kind == "replaces" ? " questa disposizione non si applica; al suo posto:"
                                     : " questa disposizione è modificata da:")
            << "\n  " << c.by_citation << " [" << c.by << "]\n"
            << Indent(c.by_text, 2) << "\n";
    const std::string figures = VariantFigures(c);
    if (!figures.empty()) ctx.out << "  → " << figures << "\n";
  }
  if (!p.children.empty()) ctx.out << (p.text.empty() ? "" : "\n") << "Contiene:\n";
  for (const ProvisionInfo& c : p.children) {
    std::string name = c.heading.empty() ? c.text : c.heading;
    for (char& ch : name) {
      if (ch == '\n') ch = ' ';
    }
    constexpr size_t kShown = 70;
    if (name.size() > kShown) {
      size_t cut = kShown;
      while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
      name = name.substr(0, cut) + "…";
    }
    ctx.out << "  " << (name.empty() ? c.kind : name) << "  [" << c.id << "]\n";
  }
  if (!p.sanctions.empty()) ctx.out << "\nSanzioni:\n";
  for (const SanctionInfo& sa : p.sanctions) ctx.out << "  → " << SanctionSentence(sa) << "\n";
  if (!p.refs_out.empty()) ctx.out << "\nRimanda a:\n";
  for (const LinkInfo& l : p.refs_out) {
    ctx.out << "  «" << l.quote << "» → " << (l.citation.empty() ? "(riferimento non risolto)" : l.citation)
            << (l.id.empty() ? "" : " [" + l.id + "]") << "\n";
  }
  if (!p.refs_in.empty()) ctx.out << "\nRichiamata da:\n";
  for (const LinkInfo& l : p.refs_in) ctx.out << "  " << l.citation << " [" << l.id << "]\n";
  bool header = false;
  for (const VariantChangeInfo& c : p.variant_changes) {
    if (c.target == p.id && c.kind != "adds" && in_play(c.variant)) continue;  // shown above
    if (!header) ctx.out << "\nVarianti:\n";
    header = true;
    ctx.out << "  " << VariantChangeLine(c, p.id) << "\n";
  }
  return Status::OK();
}

}  // namespace arbitro::cli
