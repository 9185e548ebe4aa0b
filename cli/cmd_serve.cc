// arbitro serve: hands over to the arbitro-serve program beside this one (built from
// cli/serve/), which runs the web app and the JSON API. The HTTP library and what it
// loads (OpenSSL, Brotli) stay out of the `arbitro` binary: they would cost every
// other command about 15 ms of start-up.
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <ostream>

#include "command.h"

namespace arbitro::cli {

Status CmdServe(CommandContext& ctx) {
  char exe[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return Status::IOError("impossibile trovare il programma in esecuzione");
  exe[n] = '\0';
  const std::string helper = (std::filesystem::path(exe).parent_path() / "arbitro-serve").string();
  if (::access(helper.c_str(), X_OK) != 0) {
    return Status::NotFound("server non trovato: manca " + helper +
                            " (si costruisce e installa con arbitro)");
  }
  // The index and the corpus as this process resolved them (--index before the
  // command, $ARBITRO_INDEX, the defaults).
  ::setenv("ARBITRO_INDEX", ctx.index_dir.c_str(), 1);
  ::setenv("ARBITRO_CORPUS", ctx.corpus_dir.c_str(), 1);
  std::vector<std::string> strings = ctx.args;
  std::vector<char*> argv{const_cast<char*>(helper.c_str())};
  for (std::string& a : strings) argv.push_back(a.data());
  argv.push_back(nullptr);
  ctx.out.flush();
  ctx.err.flush();
  ::execv(helper.c_str(), argv.data());
  return Status::IOError("impossibile avviare " + helper + ": " + std::strerror(errno));
}

}  // namespace arbitro::cli
