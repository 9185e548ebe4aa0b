// arbitro resolve: a described game situation (or --fact name=value) → rulings.
#include <algorithm>
#include <ostream>

#include "command.h"
#include "engine_open.h"
#include "render.h"

namespace arbitro::cli {

void WriteResolveJson(JsonWriter& json, const ResolveResult& r) {
  json.BeginObject().Field("scenario", r.scenario).Key("game").StringOrNull(r.game);
  json.Key("facts").BeginObject();
  std::vector<std::string> written;
  for (const FactReading& f : r.facts) {
    if (std::find(written.begin(), written.end(), f.fact) != written.end()) continue;
    written.push_back(f.fact);
    json.Field(f.fact, f.value);
  }
  json.EndObject();
  json.Key("facts_read").BeginArray();
  for (const FactReading& f : r.facts) {
    json.BeginObject().Field("fact", f.fact).Field("value", f.value).Field("words", f.words).EndObject();
  }
  json.EndArray();
  json.Key("rulings").BeginArray();
  for (const Ruling& ruling : r.rulings) {
    json.BeginObject().Field("decision", ruling.decision).Key("sanctions");
    WriteSanctions(json, ruling.sanctions);
    json.Key("citations").BeginArray();
    for (const Citation& c : ruling.citations) {
      json.BeginObject()
          .Field("game", c.game)
          .Field("doc", c.doc)
          .Field("id", c.id)
          .Field("citation", c.citation)
          .Field("text", c.text);
      json.Key("variant").StringOrNull(c.variant).EndObject();
    }
    json.EndArray().Key("because").BeginArray();
    for (const auto& b : ruling.because) json.String(b);
    json.EndArray().Key("confidence").Number(ruling.confidence);
    json.Field("case", ruling.case_key).Key("reading").Bool(ruling.reading).EndObject();
  }
  json.EndArray().Key("unresolved").BeginArray();
  for (const Unresolved& u : r.unresolved) {
    json.BeginObject().Field("fact", u.fact).Field("question", u.question).Key("options").BeginArray();
    for (const UnresolvedOption& o : u.options) {
      json.BeginObject().Field("value", o.value).Field("label", o.label).Field("decision", o.decision).EndObject();
    }
    json.EndArray().EndObject();
  }
  json.EndArray().Key("notes").BeginArray();
  for (const auto& n : r.notes) json.String(n);
  json.EndArray().Key("explanation").BeginArray();
  for (const auto& e : r.explanation) json.String(e);
  json.EndArray().Key("closest").BeginArray();
  for (const AskHit& h : r.closest) {
    json.BeginObject().Field("id", h.provision.id).Field("citation", h.provision.citation)
        .Field("text", h.provision.text).Key("score").Number(h.score).EndObject();
  }
  json.EndArray().Key("variant_changes");
  WriteVariantChanges(json, r.variant_changes);
  json.Key("variants_named").BeginArray();
  for (const auto& v : r.variants_named) json.String(v);
  json.EndArray();
  json.EndObject();
}

Status CmdResolve(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  ResolveOptions options;
  options.game = args.Get("--game");
  options.variants = args.GetAll("--variant");
  options.explain = args.Has("--explain");
  for (const auto& f : args.GetAll("--fact")) {
    size_t eq = f.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == f.size()) {
      return Status::InvalidArgument("--fact richiede la forma nome=valore (ricevuto '" + f + "')");
    }
    options.facts.emplace_back(f.substr(0, eq), f.substr(eq + 1));
  }
  std::string scenario;
  for (const auto& p : args.Positional()) scenario += (scenario.empty() ? "" : " ") + p;
  if (options.facts.empty() && scenario.find_first_not_of(" \t\r\n") == std::string::npos) {
    return Status::InvalidArgument("la descrizione è vuota: arbitro resolve \"descrizione della situazione\"");
  }
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  ResolveResult r;
  s = engine->Resolve(scenario, options, &r);
  if (!s.ok()) return s;
  if (args.Has("--json")) {
    JsonWriter json(ctx.out);
    WriteResolveJson(json, r);
    json.Finish();
    return Status::OK();
  }
  if (!r.game.empty()) ctx.out << "Gioco: " << r.game << "\n";
  if (!r.facts.empty()) {
    ctx.out << "Fatti:";
    for (const FactReading& f : r.facts) ctx.out << " " << f.fact << "=" << f.value;
    ctx.out << "\n";
  }
  int n = 0;
  for (const Ruling& ruling : r.rulings) {
    ctx.out << "\n" << (n++ == 0 ? "DECISIONE: " : "Alternativa: ") << Bold(ruling.decision, ctx.color)
            << "  (confidenza " << ruling.confidence << ")\n";
    for (const std::string& line : SanctionLines(ruling.sanctions)) ctx.out << "  → " << line << "\n";
    if (ruling.reading) ctx.out << "  " << kReadingNotice << "\n";
    for (const Citation& c : ruling.citations) {
      ctx.out << "  • " << c.citation << " [" << c.id << "]"
              << (c.variant.empty() ? "" : " (variante " + c.variant + ")") << "\n";
    }
    for (const auto& b : ruling.because) ctx.out << "    " << b << "\n";
  }
  if (!r.variant_changes.empty()) ctx.out << "\nVarianti in uso:\n";
  for (const VariantChangeInfo& c : r.variant_changes) {
    ctx.out << "  " << VariantName(c.variant_label, c.variant) << ": "
            << (c.kind == "adds" ? "aggiunge " + c.by_citation + " [" + c.by + "]"
                                 : c.by_citation + " [" + c.by + "] " +
                                       (c.kind == "replaces" ? "sostituisce " : "modifica ") +
                                       c.target_citation + " [" + c.target + "]");
    const std::string figures = VariantFigures(c);
    ctx.out << (figures.empty() ? "" : "; " + figures) << "\n";
  }
  for (const Unresolved& u : r.unresolved) {
    ctx.out << "\n" << Bold(u.question, ctx.color) << "\n";
    for (const UnresolvedOption& o : u.options) ctx.out << "  - " << o.label << " → " << o.decision << "\n";
  }
  for (const auto& note : r.notes) {
    ctx.out << (r.game.empty() && &note == &r.notes.front() ? "" : "\n") << "Nota: " << note << "\n";
  }
  for (const AskHit& h : r.closest) ctx.out << "  • " << h.provision.citation << " [" << h.provision.id << "]\n";
  if (options.explain && !r.explanation.empty()) {
    ctx.out << "\nSpiegazione:\n";
    for (const auto& e : r.explanation) ctx.out << "  " << e << "\n";
  }
  return Status::OK();
}

}  // namespace arbitro::cli
