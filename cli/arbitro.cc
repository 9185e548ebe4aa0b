// arbitro: command-line entry point. Parses global options, dispatches through the
// command table and maps a Status to the documented exit code.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "arbitro/indexer.h"
#include "command.h"

namespace arbitro::cli {

Status CmdIndex(CommandContext& ctx);
Status CmdAsk(CommandContext& ctx);
Status CmdShow(CommandContext& ctx);
Status CmdToc(CommandContext& ctx);
Status CmdGames(CommandContext& ctx);
Status CmdFacts(CommandContext& ctx);
Status CmdLintCorpus(CommandContext& ctx);
Status CmdEvalAsk(CommandContext& ctx);
Status CmdResolve(CommandContext& ctx);
Status CmdEvalResolve(CommandContext& ctx);
Status CmdQuiz(CommandContext& ctx);
Status CmdCheck(CommandContext& ctx);
Status CmdDiff(CommandContext& ctx);

const std::vector<Command>& Commands() {
  static const std::vector<Command> kCommands = {
      {"index", CmdIndex, Opens::kCorpus, "index [--corpus DIR]",
       "indicizza il corpus (SQLite + Xapian), sostituendo l'indice in modo atomico"},
      {"ask", CmdAsk, Opens::kIndex, "ask [--game GIOCO] [--limit N] [--json] \"domanda\"",
       "risponde a una domanda con le disposizioni pertinenti e le loro citazioni"},
      {"resolve", CmdResolve, Opens::kIndex,
       "resolve [--game GIOCO] [--variant NOME]… [--fact nome=valore]… [--json] [--explain] "
       "\"situazione\"",
       "trasforma una situazione di gioco in una decisione con le regole che la sostengono"},
      {"show", CmdShow, Opens::kIndex, "show [--json] ID",
       "mostra una disposizione con il contesto e i riferimenti"},
      {"toc", CmdToc, Opens::kIndex, "toc [--json] [GIOCO|DOCUMENTO]", "indice dei regolamenti"},
      {"games", CmdGames, Opens::kIndex, "games [--json]", "documenti ed edizioni nell'indice"},
      {"facts", CmdFacts, Opens::kIndex, "facts [--json] GIOCO",
       "fatti e valori del vocabolario di un gioco, con le forme italiane"},
      {"lint-corpus", CmdLintCorpus, Opens::kCorpus, "lint-corpus [--corpus DIR] [--json]",
       "verifica il corpus: schema, riferimenti, fedeltà al testo, copertura"},
      {"check", CmdCheck, Opens::kCorpus,
       "check [--corpus DIR] [--json] [--severity info|warning|error] [GIOCO|DOCUMENTO]…",
       "analisi di coerenza per i comitati: doppioni, contraddizioni, tabelle, parametri, "
       "regole abbreviate, rinvii, sommario"},
      {"diff", CmdDiff, Opens::kCorpus,
       "diff [--corpus DIR] [--json|--markdown|--html] [-o FILE] VECCHIO NUOVO",
       "confronta due edizioni di un regolamento (documenti del corpus o file XML)"},
      {"eval-ask", CmdEvalAsk, Opens::kIndex,
       "eval-ask [--floor-top1 X] [--floor-top3 X] [--floor-inferred-top1 X] "
       "[--floor-inferred-top3 X] FILE.tsv…",
       "valuta ask su un insieme di domande (top-1, top-3, MRR@5) contro FTS5/BM25"},
      {"eval-resolve", CmdEvalResolve, Opens::kIndex, "eval-resolve [--floor X] FILE.tsv…",
       "valuta resolve su un insieme di situazioni (decisione, citazioni, entrambe)"},
      {"quiz", CmdQuiz, Opens::kIndex,
       "quiz [--game GIOCO]… [--topic REGOLA|TERMINE]… [--count N] [--type "
       "mc,tf,numeric,cloze,situation] "
       "[--seed S] [--difficulty easy|medium|hard] --format moodle|gift|anki|json|markdown [-o "
       "FILE]",
       "genera quiz per arbitri dalle regole (Moodle XML, GIFT, Anki, JSON, Markdown)"},
  };
  return kCommands;
}

}  // namespace arbitro::cli

namespace {

using arbitro::Status;
using arbitro::cli::Commands;

// Exit codes (documented in --help).
int ExitCode(const Status& s) {
  switch (s.code()) {
    case Status::Code::kOk:
      return 0;
    case Status::Code::kFindings:
      return 1;
    case Status::Code::kInvalidArgument:
      return 2;
    case Status::Code::kNotFound:
      return 3;
    case Status::Code::kCorpusError:
      return 4;
    case Status::Code::kIndexError:
      return 5;
    case Status::Code::kIOError:
      return 6;
  }
  return 70;
}

void PrintHelp(std::ostream& out) {
  out << "uso: arbitro [--index DIR] COMANDO [OPZIONI] [--] [ARGOMENTI]\n\n"
         "Regolamenti di calcio da tavolo: ricerca, decisioni arbitrali, verifiche, quiz.\n\n"
         "Comandi:\n";
  for (const auto& c : Commands()) out << "  " << c.usage << "\n      " << c.summary << "\n";
  out << "\nOpzioni globali:\n"
         "  --index DIR   cartella dell'indice (altrimenti $ARBITRO_INDEX,\n"
         "                poi $XDG_DATA_HOME/arbitro/index, poi ~/.local/share/arbitro/index)\n"
         "  --help, -h    questo aiuto;  --version  versione\n"
         "  --            termina le opzioni (per domande che iniziano con '-')\n"
         "GIOCO: subbuteo, subbuteo-rugby, soccer-tactics, calciotto (`arbitro games`), scritto\n"
         "  anche come \"Soccer Tactics\" o \"rugby\", oppure un documento\n"
         "  (es. soccer-tactics-abbreviato: ask cerca solo in quel documento).\n"
         "Variabili: ARBITRO_CORPUS sostituisce il corpus incluso.\n\n"
         "Codici di uscita:\n"
         "  0  successo\n"
         "  1  l'analisi ha trovato problemi (check, eval sotto la soglia, lint-corpus)\n"
         "  2  uso errato: comando, opzione o argomento non valido\n"
         "  3  non trovato: identificativo sconosciuto\n"
         "  4  errore nel corpus (file:riga:colonna nei messaggi)\n"
         "  5  indice mancante, corrotto o non scrivibile\n"
         "  6  errore di lettura/scrittura su file\n";
}

std::string BundledCorpus() {
  if (const char* env = std::getenv("ARBITRO_CORPUS"); env && *env) return env;
  std::error_code ec;
  if (std::filesystem::is_directory(ARBITRO_CORPUS_DIR, ec)) return ARBITRO_CORPUS_DIR;
  return "corpus";
}

int Fail(const Status& s) {
  // Messages may quote user input: keep control characters away from the terminal.
  std::cerr << "arbitro: " << arbitro::SanitizeUtf8(s.message()) << "\n";
  return ExitCode(s);
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string index_flag;
  size_t i = 0;
  for (; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h" || a == "help") {
      PrintHelp(std::cout);
      return 0;
    } else if (a == "--version") {
      std::cout << "arbitro " << ARBITRO_VERSION << "\n";
      return 0;
    } else if (a == "--index" || a.rfind("--index=", 0) == 0) {
      const bool separate = a == "--index";
      if (separate && i + 1 >= args.size()) {
        return Fail(Status::InvalidArgument("--index richiede una cartella"));
      }
      const std::string value = separate ? args[++i] : a.substr(8);
      if (value.empty()) return Fail(Status::InvalidArgument("--index richiede una cartella"));
      if (!index_flag.empty() && value != index_flag) {
        return Fail(Status::InvalidArgument("--index indicato due volte con cartelle diverse ('" +
                                            index_flag + "' e '" + value + "')"));
      }
      index_flag = value;
    } else if (!a.empty() && a[0] == '-') {
      const std::string near =
          arbitro::cli::NearestWord(a.substr(0, a.find('=')), {"--index", "--help", "--version"});
      return Fail(
          Status::InvalidArgument("opzione globale sconosciuta '" + a + "'" +
                                  (near.empty() ? "" : ", forse intendevi '" + near + "'?") +
                                  " (le opzioni dei comandi vanno dopo il comando)"));
    } else {
      break;
    }
  }
  if (i >= args.size()) {
    PrintHelp(std::cerr);
    return 2;
  }
  const std::string name = args[i];
  const arbitro::cli::Command* command = nullptr;
  std::vector<std::string> names;
  for (const auto& c : Commands()) {
    names.push_back(c.name);
    if (name == c.name) command = &c;
  }
  if (!command) {
    std::string near = arbitro::cli::NearestWord(name, names);
    return Fail(Status::InvalidArgument("comando sconosciuto '" + name + "'" +
                                        (near.empty() ? "" : ", forse intendevi '" + near + "'?") +
                                        " (arbitro --help elenca i comandi)"));
  }
  arbitro::cli::CommandContext ctx{arbitro::DefaultIndexDir(index_flag),
                                   BundledCorpus(),
                                   std::vector<std::string>(args.begin() + i + 1, args.end()),
                                   std::cout,
                                   std::cerr,
                                   ::isatty(STDOUT_FILENO) == 1};
  Status s = command->handler(ctx);
  std::cout.flush();
  if (!s.ok()) return Fail(s);
  return 0;
}
