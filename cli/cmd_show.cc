// arbitro show ID: one provision with its context and references in and out.
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
    json.EndObject().Finish();
    return Status::OK();
  }
  ctx.out << Bold(p.citation, ctx.color) << "\n[" << p.id << "] " << p.kind << "\n\n";
  if (!p.text.empty()) ctx.out << Indent(p.text, 2) << "\n";
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
  return Status::OK();
}

}  // namespace arbitro::cli
