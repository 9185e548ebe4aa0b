// arbitro quiz: referee quizzes from the structured rules, exported for Moodle
// (XML, GIFT), Anki, apps (JSON) or print (Markdown).
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <ostream>
#include <sstream>

#include "command.h"
#include "engine_open.h"
#include "eval_util.h"
#include "quiz_formats.h"

namespace arbitro::cli {
namespace {

// Writes `content` to `path` through a temporary file in the same folder and a rename:
// a failed write leaves no half-written file behind.
Status WriteAtomically(const std::string& path, const std::string& content) {
  const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out)
      return Status::IOError("impossibile scrivere '" + path + "': " + std::strerror(errno));
    out << content;
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      return Status::IOError("scrittura di '" + path + "' non riuscita");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    return Status::IOError("impossibile scrivere '" + path + "': " + why);
  }
  return Status::OK();
}

}  // namespace

Status CmdQuiz(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (!args.Positional().empty()) {
    return Status::InvalidArgument("argomento inatteso '" + args.Positional()[0] +
                                   "' (per scegliere gli argomenti usare --topic)");
  }
  static const std::vector<std::string> kFormats = {"moodle", "gift", "anki", "json", "markdown"};
  const std::string format = args.Get("--format");
  if (format.empty()) {
    return Status::InvalidArgument("--format è obbligatorio: moodle, gift, anki, json o markdown");
  }
  if (std::find(kFormats.begin(), kFormats.end(), format) == kFormats.end()) {
    std::string near = NearestWord(format, kFormats);
    return Status::InvalidArgument("formato sconosciuto '" + format + "'" +
                                   (near.empty() ? "" : ", forse intendevi '" + near + "'?") +
                                   " (ammessi: moodle, gift, anki, json, markdown)");
  }
  QuizOptions options;
  options.games = args.GetAll("--game");
  options.variants = args.GetAll("--variant");
  options.topics = args.GetAll("--topic");
  for (const auto& t : args.GetAll("--type")) {
    for (const auto& k : SplitList(t, ',')) options.kinds.push_back(k);
  }
  long count = 0;
  s = args.GetInt("--count", 1, 10000, 20, &count);
  if (!s.ok()) return s;
  options.count = static_cast<int>(count);
  if (args.Has("--seed")) {
    const std::string text = args.Get("--seed");
    char* end = nullptr;
    errno = 0;
    unsigned long long seed = std::strtoull(text.c_str(), &end, 10);
    if (text.empty() || text[0] == '-' || *end != '\0' || errno == ERANGE) {
      return Status::InvalidArgument("--seed richiede un numero intero non negativo (ricevuto '" +
                                     text + "')");
    }
    options.seed = seed;
  }
  options.difficulty = args.Get("--difficulty");
  const std::string output = args.Get("--output");
  if (args.Has("--output") && output.empty()) {
    return Status::InvalidArgument("-o richiede il nome di un file");
  }

  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  QuizResult quiz;
  s = GenerateQuiz(*engine, options, &quiz);
  if (!s.ok()) return s;

  std::ostringstream text;
  QuizExport e{&quiz, options.seed};
  if (format == "moodle")
    WriteQuizMoodle(text, e);
  else if (format == "gift")
    WriteQuizGift(text, e);
  else if (format == "anki")
    WriteQuizAnki(text, e);
  else if (format == "json")
    WriteQuizJson(text, e);
  else
    WriteQuizMarkdown(text, e);

  if (output.empty() || output == "-") {
    ctx.out << text.str();
    if (quiz.questions.size() < static_cast<size_t>(quiz.requested)) {
      ctx.err << "arbitro: richieste " << quiz.requested << " domande, generate "
              << quiz.questions.size() << ": le regole scelte non ne consentono di più\n";
    }
    return Status::OK();
  }
  s = WriteAtomically(output, text.str());
  if (!s.ok()) return s;
  ctx.err << "Scritte " << quiz.questions.size() << " domande (" << format << ") in " << output
          << "\n"
          << QuizSummaryText(quiz);
  return Status::OK();
}

}  // namespace arbitro::cli
