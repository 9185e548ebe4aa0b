// arbitro diff OLD NEW: compares two editions of one rulebook, given as corpus document
// ids or as paths to rulebook XML files (read against the corpus's vocabularies).
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "command.h"
#include "diff_render.h"
#include "engine_open.h"

namespace arbitro::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUsage =
    "uso: arbitro diff [--corpus DIR] [--json|--markdown|--html] [-o FILE] VECCHIO "
    "NUOVO|BOZZA.txt|BOZZA.pdf";

bool LooksLikePath(const std::string& arg) {
  return arg.find('/') != std::string::npos ||
         (arg.size() > 4 && arg.substr(arg.size() - 4) == ".xml");
}

bool IsMissingSource(const Diagnostic& d) {
  static const std::string kPrefix = "source file '", kSuffix = "' not found";
  const std::string& m = d.message;
  return d.severity == Diagnostic::Severity::kError && m.rfind(kPrefix, 0) == 0 &&
         m.size() >= kPrefix.size() + kSuffix.size() &&
         m.compare(m.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0;
}

// A document id of the corpus, or a rulebook file.
Status LoadEdition(CommandContext& ctx, const Corpus& corpus, const std::string& arg,
                   Rulebook* book) {
  std::error_code ec;
  // Served (ctx.local_files false): corpus documents only, never a path of the machine.
  if (ctx.local_files && fs::is_directory(arg, ec)) {
    return Status::InvalidArgument("'" + arg + "' è una cartella, non un regolamento");
  }
  if (ctx.local_files && (fs::exists(arg, ec) || LooksLikePath(arg))) {
    if (!fs::exists(arg, ec)) return Status::NotFound("file '" + arg + "' non trovato");
    std::vector<Diagnostic> diagnostics;
    const Status s = LoadRulebookFile(arg, corpus, book, &diagnostics);
    if (s.code() == Status::Code::kIOError) return s;
    // A revision kept outside the corpus need not have its source text beside it: the
    // comparison never reads it.
    std::string first_error;
    for (const Diagnostic& d : diagnostics) {
      if (IsMissingSource(d)) continue;
      ctx.err << d.ToString() << "\n";
      if (d.severity == Diagnostic::Severity::kError && first_error.empty())
        first_error = d.ToString();
    }
    if (!s.ok() && !first_error.empty()) {
      return Status::CorpusError("'" + arg + "' non è un regolamento valido: " + first_error);
    }
    return Status::OK();
  }
  if (const Rulebook* found = corpus.FindDoc(arg)) {
    *book = *found;
    return Status::OK();
  }
  std::vector<std::string> docs;
  for (const Rulebook& b : corpus.rulebooks) docs.push_back(b.doc);
  const std::string near = NearestWord(arg, docs);
  return Status::NotFound(
      "documento sconosciuto '" + arg + "'" +
      (near.empty() ? " (arbitro games elenca i documenti)" : ", forse intendevi '" + near + "'?"));
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() > suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A draft is a text file or a PDF, not a rulebook XML.
bool IsDraft(const std::string& arg) {
  std::string lower = arg;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return EndsWith(lower, ".txt") || EndsWith(lower, ".pdf") || EndsWith(lower, ".text");
}

// Invalid UTF-8 and control characters out, line breaks (and page breaks) kept: the
// draft's lines are what a change is reported at.
std::string SanitizeLines(const std::string& text) {
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out += SanitizeUtf8(std::string_view(text).substr(start, end - start));
    if (end < text.size()) out += '\n';
    start = end + 1;
  }
  return out;
}

// The text of a draft: a UTF-8 file as it is, a PDF through pdftotext (poppler-utils).
Status ReadDraft(const std::string& path, std::string* text) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return Status::NotFound("file '" + path + "' non trovato");
  if (fs::is_directory(path, ec)) {
    return Status::InvalidArgument("'" + path + "' è una cartella, non una bozza");
  }
  std::string lower = path;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!EndsWith(lower, ".pdf")) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status::IOError("impossibile leggere '" + path + "'");
    std::ostringstream all;
    all << in.rdbuf();
    *text = SanitizeLines(all.str());
    return Status::OK();
  }
  if (std::system("command -v pdftotext >/dev/null 2>&1") != 0) {
    return Status::InvalidArgument(
        "per leggere una bozza PDF serve pdftotext: installare il pacchetto poppler-utils "
        "(apt-get install poppler-utils), oppure passare il testo esportato in .txt");
  }
  std::string quoted = "'";
  for (char c : path) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  quoted += "'";
  FILE* pipe = ::popen(("pdftotext -enc UTF-8 " + quoted + " - 2>/dev/null").c_str(), "r");
  if (!pipe) return Status::IOError("impossibile avviare pdftotext");
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) text->append(buf, n);
  if (::pclose(pipe) != 0) {
    return Status::InvalidArgument("'" + path + "' non è un PDF leggibile (pdftotext non ne estrae il testo)");
  }
  *text = SanitizeLines(*text);
  return Status::OK();
}

// The Italian wordings of each sanction type of a game (game vocabulary, then lexicon).
std::vector<std::pair<std::string, std::vector<std::string>>> SanctionForms(const Corpus& corpus,
                                                                            const std::string& game) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  auto add = [&](const Labelled& l) {
    std::vector<std::string> forms = l.forms;
    forms.push_back(l.label);
    out.emplace_back(l.id, forms);
  };
  if (const Vocabulary* v = corpus.FindVocabulary(game)) {
    for (const Labelled& l : v->sanction_types) add(l);
  }
  for (const Labelled& l : corpus.lexicon.sanction_types) add(l);
  return out;
}

// An output path that names a folder can never be written: said before any work.
Status CheckOutput(const std::string& path) {
  std::error_code ec;
  if (fs::path(path).filename().empty() || fs::is_directory(path, ec)) {
    return Status::IOError("impossibile scrivere '" + path + "': è una cartella");
  }
  return Status::OK();
}

// Writes `content` to `path` through a temporary file in the same folder, then renames.
Status WriteAtomically(const std::string& path, const std::string& content) {
  const fs::path target(path);
  std::error_code ec;
  if (Status s = CheckOutput(path); !s.ok()) return s;
  const fs::path tmp = target.parent_path() /
                       ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      return Status::IOError("impossibile scrivere '" + path + "'");
    }
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return Status::IOError("impossibile scrivere '" + path + "': " + ec.message());
  }
  return Status::OK();
}

}  // namespace

Status CmdDiff(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  const int formats = args.Has("--json") + args.Has("--markdown") + args.Has("--html");
  if (formats > 1)
    return Status::InvalidArgument("indicare un solo formato tra --json, --markdown e --html");
  if (args.Positional().size() != 2) {
    return Status::InvalidArgument("diff richiede due edizioni da confrontare (" +
                                   std::string(kUsage) + ")");
  }
  const bool to_file = args.Has("--output");
  const std::string output = args.Get("--output");
  if (to_file && output.empty())
    return Status::InvalidArgument("--output richiede un nome di file");
  if (to_file && !(s = CheckOutput(output)).ok()) return s;
  CorpusRef corpus_ref;
  s = UseCorpus(ctx, args.Get("--corpus", ctx.corpus_dir), &corpus_ref);
  if (!s.ok()) return s;
  const Corpus& corpus = *corpus_ref;
  Rulebook old_book, new_book;
  s = LoadEdition(ctx, corpus, args.Positional()[0], &old_book);
  if (!s.ok()) return s;
  DiffResult diff;
  if (ctx.local_files && IsDraft(args.Positional()[1])) {
    // A draft that exists only as text or PDF, against the encoded document.
    std::string text;
    s = ReadDraft(args.Positional()[1], &text);
    if (!s.ok()) return s;
    std::vector<const Rulebook*> same_game;
    for (const Rulebook& b : corpus.rulebooks) {
      if (b.game == old_book.game) same_game.push_back(&b);
    }
    s = DiffDraft(old_book, same_game, text, args.Positional()[1],
                  SanctionForms(corpus, old_book.game), &diff);
    if (!s.ok()) return s;
  } else {
    s = LoadEdition(ctx, corpus, args.Positional()[1], &new_book);
    if (!s.ok()) return s;
    s = DiffRulebooks(old_book, new_book, &diff);
    if (!s.ok()) return s;
  }

  std::ostringstream buffer;
  std::ostream& out = to_file ? static_cast<std::ostream&>(buffer) : ctx.out;
  if (args.Has("--json")) {
    RenderDiffJson(out, diff);
  } else if (args.Has("--markdown")) {
    RenderDiffMarkdown(out, diff);
  } else if (args.Has("--html")) {
    RenderDiffHtml(out, diff);
  } else {
    RenderDiffText(out, diff, ctx.color && !to_file);
  }
  if (to_file) return WriteAtomically(output, buffer.str());
  return Status::OK();
}

}  // namespace arbitro::cli
