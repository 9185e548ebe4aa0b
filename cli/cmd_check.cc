// arbitro check: static analysis of the corpus for rule committees (duplicates,
// contradictions, decision-table gaps and overlaps, parameters, abridged vs full
// editions, references, table of contents). Findings are grouped by document; --json
// prints them as a list. Exit 1 when findings at or above --severity exist.
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "command.h"
#include "engine_open.h"
#include "json.h"
#include "render.h"

namespace arbitro::cli {
namespace {

constexpr size_t kTextShown = 240;  // bytes of a provision's text in the human output

const char* SeverityLabel(Severity s) {
  switch (s) {
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "avviso";
    case Severity::kError:
      return "errore";
  }
  return "?";
}

std::string Shorten(const std::string& text, size_t max_bytes) {
  std::string flat = text;
  for (char& c : flat) {
    if (c == '\n') c = ' ';
  }
  if (flat.size() <= max_bytes) return flat;
  size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(flat[cut]) & 0xC0) == 0x80) --cut;
  return flat.substr(0, cut) + "…";
}

void PrintText(CommandContext& ctx, const Corpus& corpus, const std::vector<Finding>& findings,
               Severity level) {
  std::map<Severity, size_t> counts;
  std::string doc;
  for (const Finding& f : findings) {
    ++counts[f.severity];
    if (f.doc != doc) {
      doc = f.doc;
      const Rulebook* book = corpus.FindDoc(doc);
      ctx.out << (doc.empty() ? "" : "\n") << Bold(doc, ctx.color)
              << (book ? " (" + book->title + (book->edition.empty() ? "" : " " + book->edition) +
                             ")"
                       : "")
              << "\n";
    }
    ctx.out << "  " << SeverityLabel(f.severity) << " " << Bold(f.code, ctx.color) << "  "
            << f.location << "\n    " << f.message << "\n";
    for (const Citation& c : f.citations) {
      ctx.out << "    · " << c.id << " — " << c.citation << "\n      «"
              << Shorten(c.text, kTextShown) << "»\n";
    }
    for (const std::string& d : f.details) ctx.out << "    " << d << "\n";
    for (const std::string& n : f.notes) ctx.out << "    nota: " << n << "\n";
  }
  ctx.out << (findings.empty() ? "" : "\n") << findings.size()
          << " problemi: " << counts[Severity::kError] << " errori, " << counts[Severity::kWarning]
          << " avvisi, " << counts[Severity::kInfo]
          << " informazioni (livello minimo: " << SeverityName(level) << ")\n";
}

void PrintJson(CommandContext& ctx, const std::vector<Finding>& findings) {
  JsonWriter json(ctx.out);
  json.BeginArray();
  for (const Finding& f : findings) {
    json.BeginObject()
        .Field("code", f.code)
        .Field("severity", SeverityName(f.severity))
        .Field("message", f.message)
        .Field("game", f.game)
        .Field("doc", f.doc)
        .Field("location", f.location);
    json.Key("citations").BeginArray();
    for (const Citation& c : f.citations) {
      json.BeginObject()
          .Field("game", c.game)
          .Field("doc", c.doc)
          .Field("id", c.id)
          .Field("citation", c.citation)
          .Field("text", c.text)
          .EndObject();
    }
    json.EndArray().Key("details").BeginArray();
    for (const std::string& d : f.details) json.String(d);
    json.EndArray().Key("notes").BeginArray();
    for (const std::string& n : f.notes) json.String(n);
    json.EndArray().EndObject();
  }
  json.EndArray().Finish();
}

}  // namespace

Status CmdCheck(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  Severity level = Severity::kWarning;
  if (args.Has("--severity") && !ParseSeverity(args.Get("--severity"), &level)) {
    return Status::InvalidArgument("--severity richiede info, warning o error (ricevuto '" +
                                   args.Get("--severity") + "')");
  }
  CorpusRef corpus;
  s = UseCorpus(ctx, args.Get("--corpus", ctx.corpus_dir), &corpus);
  if (!s.ok()) return s;
  CheckOptions options;
  options.scope = args.Positional();
  options.min_severity = level;
  std::vector<Finding> findings;
  s = CheckCorpus(*corpus, options, &findings);
  if (!s.ok()) return s;
  if (args.Has("--json")) {
    PrintJson(ctx, findings);
  } else {
    PrintText(ctx, *corpus, findings, level);
  }
  if (findings.empty()) return Status::OK();
  return Status::Findings("check: " + std::to_string(findings.size()) + " problemi di livello " +
                          SeverityName(level) + " o superiore");
}

}  // namespace arbitro::cli
