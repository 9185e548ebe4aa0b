// The command table of the arbitro CLI (after notmuch's): one handler per
// subcommand, one file per handler. A handler parses its own arguments with
// ArgParser, calls the libraries, writes to ctx.out / ctx.err and returns a
// Status; only main() turns a Status into an exit code.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "arbitro/status.h"

namespace arbitro {
class Engine;
struct Corpus;
}  // namespace arbitro

namespace arbitro::cli {

struct Command;

struct CommandContext {
  const Command& command;
  std::string index_dir;   // from --index, ARBITRO_INDEX or the per-user default
  std::string corpus_dir;  // from ARBITRO_CORPUS or the bundled corpus
  std::vector<std::string> args;  // the arguments after the command name
  std::ostream& out;
  std::ostream& err;
  bool color = false;  // stdout is a terminal: highlight with ANSI bold
  // Set by `serve`, which runs the same handlers for its JSON API: an engine lent by
  // its pool and the corpus it loaded, used instead of opening their own
  // (engine_open.h), and no path of the machine read or written (`diff` then takes
  // corpus document ids only).
  Engine* engine = nullptr;
  const Corpus* corpus = nullptr;
  bool local_files = true;
};

using Handler = Status (*)(CommandContext& ctx);

enum class Opens { kNothing, kCorpus, kIndex };

// What a value is, for shell completion.
enum class Complete { kNone, kGame, kDoc, kGameOrDoc, kFile, kDir, kCommand, kWord };

// One option of a command. The parser, the help, the man page and the completion
// are all made from these.
struct OptionSpec {
  const char* name;   // "--game"
  const char* value;  // "GIOCO"; nullptr for a flag
  bool repeat;        // may be given several times; else two different values conflict
  Complete complete;
  const char* help;            // Italian, one or two sentences
  const char* alias = nullptr;  // "-o" for "--output": read under `name`
  std::vector<const char*> words = {};  // kWord: the accepted values
};

struct Command {
  const char* name;
  Handler handler;
  Opens opens;  // what it reads: nothing, the corpus XML, or the index (built on first use)
  const char* usage;
  const char* summary;
  std::vector<OptionSpec> options;
  Complete positional;                 // what its arguments are
  const char* description;             // a paragraph, Italian
  std::vector<const char*> examples;   // command lines after "arbitro "
  std::vector<int> exit_codes;         // besides 0, the codes it may return
};

// The table (commands.cc): dispatch, `CMD --help`, `arbitro help`, the man page and
// the shell completion all read it.
const std::vector<Command>& Commands();
// The command named `name`, or nullptr.
const Command* FindCommand(const std::string& name);

// Help texts made from the table (help.cc).
void PrintUsage(std::ostream& out);                       // arbitro --help
void PrintCommandHelp(const Command& c, std::ostream& out);  // arbitro CMD --help
void PrintManPage(std::ostream& out);                     // arbitro help --man
void PrintBashCompletion(std::ostream& out);              // arbitro help --completion bash
// "comando sconosciuto 'X', forse intendevi 'Y'?"
Status UnknownCommand(const std::string& name);
// The documented exit code of a Status (only main and arbitro-serve's main use it).
int ExitCodeOf(const Status& s);
// The Italian meaning of each exit code.
const char* ExitCodeMeaning(int code);

// Minimal option parser: "--name value", "--name=value", boolean flags, repeated
// options, "--" ends options. Unknown options are an error with a suggestion.
class ArgParser {
 public:
  explicit ArgParser(std::vector<std::string> args) : args_(std::move(args)) {}
  // Declares every option of `command` from the table.
  ArgParser(const Command& command, std::vector<std::string> args);
  // Declare before Parse().
  void Flag(const std::string& name);  // e.g. "--json"
  // Takes a value and may repeat (read all with GetAll). With once = true, giving it
  // twice with different values is a conflict that Parse() reports.
  void Option(const std::string& name, bool once = false);
  // Returns InvalidArgument for unknown options or a missing value.
  Status Parse();
  bool Has(const std::string& name) const;
  // Last value of an option or `fallback`.
  std::string Get(const std::string& name, const std::string& fallback = "") const;
  std::vector<std::string> GetAll(const std::string& name) const;
  const std::vector<std::string>& Positional() const { return positional_; }
  // Parses an integer option in [lo, hi]; InvalidArgument with a clear message otherwise.
  Status GetInt(const std::string& name, long lo, long hi, long fallback, long* value) const;
  // Parses a fraction option (a decimal number in [0, 1], e.g. a quality floor);
  // `*value` is 0 when the option is absent. InvalidArgument with a clear message otherwise.
  Status GetFraction(const std::string& name, double* value) const;

 private:
  std::vector<std::string> args_;
  std::vector<std::string> flags_, options_, once_;
  std::vector<std::pair<std::string, std::string>> aliases_;  // alias → name
  std::vector<std::pair<std::string, std::string>> seen_;
  std::vector<std::string> positional_;
};

// "did you mean" helper: the candidate closest to `word` by edit distance, or ""
// when none is close enough.
std::string NearestWord(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace arbitro::cli
