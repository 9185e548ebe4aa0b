// arbitro: command-line entry point. Parses global options, dispatches through the
// command table and maps a Status to the documented exit code.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "arbitro/indexer.h"
#include "command.h"


namespace {

using arbitro::Status;

std::string BundledCorpus() {
  if (const char* env = std::getenv("ARBITRO_CORPUS"); env && *env) return env;
  std::error_code ec;
  if (std::filesystem::is_directory(ARBITRO_CORPUS_DIR, ec)) return ARBITRO_CORPUS_DIR;
  return "corpus";
}

int Fail(const Status& s) {
  // Messages may quote user input: keep control characters away from the terminal.
  std::cerr << "arbitro: " << arbitro::SanitizeUtf8(s.message()) << "\n";
  return arbitro::cli::ExitCodeOf(s);
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string index_flag;
  size_t i = 0;
  for (; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      arbitro::cli::PrintUsage(std::cout);
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
    arbitro::cli::PrintUsage(std::cerr);
    return 2;
  }
  const std::string name = args[i];
  const arbitro::cli::Command* command = arbitro::cli::FindCommand(name);
  if (!command) return Fail(arbitro::cli::UnknownCommand(name));
  // `arbitro CMD --help` (before any "--"): the command's own help.
  for (size_t k = i + 1; k < args.size() && args[k] != "--"; ++k) {
    if (args[k] == "--help" || args[k] == "-h") {
      arbitro::cli::PrintCommandHelp(*command, std::cout);
      return 0;
    }
  }
  arbitro::cli::CommandContext ctx{*command,
                                   arbitro::DefaultIndexDir(index_flag),
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
