// arbitro-serve: the program behind `arbitro serve` (which hands over to it, with the
// index and corpus it resolved in ARBITRO_INDEX and ARBITRO_CORPUS). Runs the serve
// command of the command table and exits with the documented codes.
#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "arbitro/indexer.h"
#include "command.h"
#include "serve/server.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const arbitro::cli::Command* command = arbitro::cli::FindCommand("serve");
  const char* corpus = std::getenv("ARBITRO_CORPUS");
  arbitro::cli::CommandContext ctx{*command,
                                   arbitro::DefaultIndexDir(""),
                                   corpus && *corpus ? corpus : ARBITRO_CORPUS_DIR,
                                   std::vector<std::string>(argv + 1, argv + argc),
                                   std::cout,
                                   std::cerr,
                                   ::isatty(STDOUT_FILENO) == 1};
  for (const std::string& a : ctx.args) {
    if (a == "--") break;
    if (a == "--help" || a == "-h") {
      arbitro::cli::PrintCommandHelp(*command, std::cout);
      return 0;
    }
  }
  const arbitro::Status s = arbitro::serve::RunServeCommand(ctx);
  std::cout.flush();
  if (s.ok()) return 0;
  std::cerr << "arbitro: " << arbitro::SanitizeUtf8(s.message()) << "\n";
  return arbitro::cli::ExitCodeOf(s);
}
