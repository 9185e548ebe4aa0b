// arbitro lint-corpus: loads the corpus, prints its diagnostics and, per document,
// verbatim fidelity, word coverage and consequence-bearing provisions without <case>.
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "arbitro/schema.h"
#include "command.h"
#include "json.h"
#include "render.h"

namespace arbitro::cli {
namespace {

constexpr size_t kListed = 10;          // not-found segments and case-less provisions listed
constexpr size_t kUncoveredShown = 20;  // uncovered words shown in text output

struct DocumentLint {
  const Rulebook* book = nullptr;
  FidelityReport report;
  Status status;  // of CheckFidelity
  double threshold = 0.99;

  bool below_threshold() const { return report.coverage() < threshold; }
  bool has_findings() const {
    return !status.ok() || !report.not_found.empty() || !report.consequence_without_case.empty() ||
           below_threshold();
  }
};

struct LintTotals {
  size_t errors = 0, warnings = 0;
  size_t not_found = 0, without_case = 0, below_threshold = 0;
};

std::string Percent(double ratio) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", 100.0 * ratio);
  return buf;
}

std::string Shorten(const std::string& text, size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "…";
}

std::string Location(const SourcePos& pos) {
  return pos.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

std::vector<DocumentLint> CheckDocuments(const Corpus& corpus) {
  std::vector<DocumentLint> docs;
  for (const Rulebook& book : corpus.rulebooks) {
    DocumentLint d;
    d.book = &book;
    d.threshold = book.source_format == "ocr" ? 0.95 : 0.99;
    d.status = CheckFidelity(book, &d.report);
    docs.push_back(std::move(d));
  }
  return docs;
}

LintTotals Count(const std::vector<Diagnostic>& diagnostics,
                 const std::vector<DocumentLint>& docs) {
  LintTotals t;
  for (const Diagnostic& d : diagnostics) {
    ++(d.severity == Diagnostic::Severity::kError ? t.errors : t.warnings);
  }
  for (const DocumentLint& d : docs) {
    if (!d.status.ok()) ++t.errors;
    t.not_found += d.report.not_found.size();
    t.without_case += d.report.consequence_without_case.size();
    t.below_threshold += d.status.ok() && d.below_threshold() ? 1 : 0;
  }
  return t;
}

// ------------------------------------------------------------ text output

void PrintDocument(std::ostream& out, const DocumentLint& d, bool color) {
  const Rulebook& book = *d.book;
  const FidelityReport& r = d.report;
  out << Bold(book.doc, color) << " (" << book.path << ")\n";
  if (!d.status.ok()) {
    out << "  " << d.status.message() << "\n";
    return;
  }
  out << "  segmenti: " << r.segments << ", non trovati nella fonte: " << r.not_found.size()
      << "\n";
  for (size_t i = 0; i < r.not_found.size() && i < kListed; ++i) {
    const TextSegment& s = r.not_found[i];
    out << "    " << Location(s.pos) << ": <" << s.element << "> «" << Shorten(s.text, 100)
        << "»\n";
  }
  if (r.not_found.size() > kListed) out << "    … e altri " << r.not_found.size() - kListed << "\n";
  out << "  copertura: " << r.covered_words << "/" << r.source_words
      << " parole = " << Percent(r.coverage()) << " (soglia " << Percent(d.threshold) << ")"
      << (d.below_threshold() ? "  SOTTO LA SOGLIA" : "") << "\n";
  if (!r.uncovered_sample.empty()) {
    out << "    prime parole non coperte:";
    for (size_t i = 0; i < r.uncovered_sample.size() && i < kUncoveredShown; ++i) {
      out << " " << r.uncovered_sample[i];
    }
    out << "\n";
  }
  out << "  disposizioni con conseguenze: " << r.consequence_units
      << ", senza <case>: " << r.consequence_without_case.size() << "\n";
  for (size_t i = 0; i < r.consequence_without_case.size() && i < kListed; ++i) {
    out << "    " << r.consequence_without_case[i] << "\n";
  }
  if (r.consequence_without_case.size() > kListed) {
    out << "    … e altre " << r.consequence_without_case.size() - kListed << "\n";
  }
}

void PrintText(CommandContext& ctx, const std::vector<Diagnostic>& diagnostics,
               const std::vector<DocumentLint>& docs, const LintTotals& t) {
  for (const Diagnostic& d : diagnostics) ctx.out << d.ToString() << "\n";
  if (!diagnostics.empty()) ctx.out << "\n";
  for (const DocumentLint& d : docs) PrintDocument(ctx.out, d, ctx.color);
  ctx.out << "\n"
          << docs.size() << " documenti, " << t.errors << " errori, " << t.warnings << " avvisi, "
          << t.not_found << " segmenti non trovati, " << t.without_case
          << " disposizioni senza <case>, " << t.below_threshold
          << " documenti sotto la soglia di copertura\n";
}

// ------------------------------------------------------------ JSON output

void WriteDiagnostic(JsonWriter& json, const Diagnostic& d) {
  json.BeginObject()
      .Field("file", d.pos.file)
      .Key("line")
      .Int(d.pos.line)
      .Key("column")
      .Int(d.pos.column)
      .Field("severity", d.severity == Diagnostic::Severity::kError ? "error" : "warning")
      .Field("message", d.message)
      .Field("text", d.ToString())
      .EndObject();
}

void WriteDocument(JsonWriter& json, const DocumentLint& d) {
  const FidelityReport& r = d.report;
  json.BeginObject()
      .Field("doc", d.book->doc)
      .Field("game", d.book->game)
      .Field("path", d.book->path)
      .Field("source", d.book->source_file)
      .Field("source_format", d.book->source_format)
      .Key("error")
      .StringOrNull(d.status.ok() ? "" : d.status.message())
      .Key("segments")
      .Int(static_cast<long long>(r.segments));
  json.Key("not_found").BeginArray();
  for (const TextSegment& s : r.not_found) {
    json.BeginObject()
        .Field("element", s.element)
        .Field("file", s.pos.file)
        .Key("line")
        .Int(s.pos.line)
        .Key("column")
        .Int(s.pos.column)
        .Field("text", s.text)
        .EndObject();
  }
  json.EndArray()
      .Key("source_words")
      .Int(static_cast<long long>(r.source_words))
      .Key("covered_words")
      .Int(static_cast<long long>(r.covered_words))
      .Key("coverage")
      .Number(r.coverage())
      .Key("threshold")
      .Number(d.threshold);
  json.Key("uncovered_sample").BeginArray();
  for (const std::string& w : r.uncovered_sample) json.String(w);
  json.EndArray().Key("consequence_units").Int(static_cast<long long>(r.consequence_units));
  json.Key("consequence_without_case").BeginArray();
  for (const std::string& eid : r.consequence_without_case) json.String(eid);
  json.EndArray().Key("ok").Bool(!d.has_findings()).EndObject();
}

void PrintJson(CommandContext& ctx, const std::string& dir, const Status& status,
               const std::vector<Diagnostic>& diagnostics, const std::vector<DocumentLint>& docs,
               const LintTotals& t) {
  const char* verdict = status.code() == Status::Code::kCorpusError ? "corpus-error"
                        : status.code() == Status::Code::kFindings  ? "findings"
                                                                    : "ok";
  JsonWriter json(ctx.out);
  json.BeginObject()
      .Field("corpus", dir)
      .Field("status", verdict)
      .Key("errors")
      .Int(static_cast<long long>(t.errors))
      .Key("warnings")
      .Int(static_cast<long long>(t.warnings));
  json.Key("diagnostics").BeginArray();
  for (const Diagnostic& d : diagnostics) WriteDiagnostic(json, d);
  json.EndArray().Key("documents").BeginArray();
  for (const DocumentLint& d : docs) WriteDocument(json, d);
  json.EndArray().EndObject().Finish();
}

Status Verdict(const Status& load, const std::vector<DocumentLint>& docs, const LintTotals& t) {
  if (!load.ok()) return load;
  for (const DocumentLint& d : docs) {
    if (!d.status.ok()) return Status::CorpusError(d.book->path + ": error: " + d.status.message());
  }
  if (t.not_found + t.without_case + t.below_threshold == 0) return Status::OK();
  return Status::Findings("lint-corpus: " + std::to_string(t.not_found) +
                          " segmenti non trovati, " + std::to_string(t.without_case) +
                          " disposizioni senza <case>, " + std::to_string(t.below_threshold) +
                          " documenti sotto la soglia di copertura");
}

}  // namespace

Status CmdLintCorpus(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (!args.Positional().empty()) {
    return Status::InvalidArgument("argomento inatteso '" + args.Positional()[0] +
                                   "' (uso: arbitro lint-corpus [--corpus DIR] [--json])");
  }
  const std::string dir = args.Get("--corpus", ctx.corpus_dir);
  Corpus corpus;
  std::vector<Diagnostic> diagnostics;
  const Status load = LoadCorpus(dir, &corpus, &diagnostics);
  if (load.code() == Status::Code::kIOError) return load;
  // Quiz phrasing: values and parameters the quiz would ask about without words for them.
  CheckPhrasingCoverage(corpus, &diagnostics);
  // Documents that loaded (even with errors) are still checked against their sources.
  const std::vector<DocumentLint> docs = CheckDocuments(corpus);
  const LintTotals totals = Count(diagnostics, docs);
  const Status verdict = Verdict(load, docs, totals);
  if (args.Has("--json")) {
    PrintJson(ctx, dir, verdict, diagnostics, docs, totals);
  } else {
    PrintText(ctx, diagnostics, docs, totals);
  }
  return verdict;
}

}  // namespace arbitro::cli
