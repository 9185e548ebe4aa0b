// Help made from the command table: `arbitro --help`, `arbitro CMD --help` (and
// `arbitro help CMD`), the man page (`arbitro help --man`) and the bash completion
// (`arbitro help --completion bash`). The build writes the last two to files that
// `cmake --install` installs.
#include <cstdio>
#include <ostream>
#include <string>

#include "command.h"

namespace arbitro::cli {

// Exit codes (documented in --help).
int ExitCodeOf(const Status& s) {
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
namespace {

const int kExitCodes[] = {0, 1, 2, 3, 4, 5, 6};

const char* const kGlobalOptions =
    "  --index DIR   cartella dell'indice (altrimenti $ARBITRO_INDEX,\n"
    "                poi $XDG_DATA_HOME/arbitro/index, poi ~/.local/share/arbitro/index)\n"
    "  --help, -h    questo aiuto;  --version  versione\n"
    "  --            termina le opzioni (per domande che iniziano con '-')\n";

const char* const kGameNote =
    "GIOCO: subbuteo, subbuteo-rugby, soccer-tactics, calciotto (`arbitro games`), scritto\n"
    "  anche come \"Soccer Tactics\" o \"rugby\", oppure un documento\n"
    "  (es. soccer-tactics-abbreviato: ask cerca solo in quel documento).\n";

std::string OptionLabel(const OptionSpec& o) {
  std::string label = o.alias ? std::string(o.alias) + ", " + o.name : std::string(o.name);
  if (o.value) label += std::string(" ") + o.value;
  return label;
}

// troff escapes: a leading dot or quote, backslashes, hyphens, and every non-ASCII
// character as \[uXXXX] (groff reads its input as Latin-1 unless preconv runs).
std::string Roff(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else if (c < 0x80) {
      out += static_cast<char>(c);
    } else {
      const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
      unsigned code = c & (0x3F >> extra);
      for (int k = 0; k < extra && i + 1 < text.size(); ++k) code = (code << 6) | (text[++i] & 0x3F);
      char buf[16];
      std::snprintf(buf, sizeof buf, "\\[u%04X]", code);
      out += buf;
    }
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

const char* CompleteWord(Complete c) {
  switch (c) {
    case Complete::kGame:
      return "game";
    case Complete::kDoc:
      return "doc";
    case Complete::kGameOrDoc:
      return "gameordoc";
    case Complete::kFile:
      return "file";
    case Complete::kDir:
      return "dir";
    case Complete::kCommand:
      return "command";
    case Complete::kWord:
      return "word";
    case Complete::kNone:
      break;
  }
  return "none";
}

}  // namespace

Status UnknownCommand(const std::string& name) {
  std::vector<std::string> names;
  for (const auto& cmd : Commands()) names.push_back(cmd.name);
  const std::string near = NearestWord(name, names);
  return Status::InvalidArgument("comando sconosciuto '" + name + "'" +
                                 (near.empty() ? "" : ", forse intendevi '" + near + "'?") +
                                 " (arbitro --help elenca i comandi)");
}

const char* ExitCodeMeaning(int code) {
  switch (code) {
    case 0:
      return "successo";
    case 1:
      return "l'analisi ha trovato problemi (check, eval sotto la soglia, lint-corpus)";
    case 2:
      return "uso errato: comando, opzione o argomento non valido";
    case 3:
      return "non trovato: identificativo sconosciuto";
    case 4:
      return "errore nel corpus (file:riga:colonna nei messaggi)";
    case 5:
      return "indice mancante, corrotto o non scrivibile";
    case 6:
      return "errore di lettura/scrittura su file";
  }
  return "errore interno";
}

void PrintUsage(std::ostream& out) {
  out << "uso: arbitro [--index DIR] COMANDO [OPZIONI] [--] [ARGOMENTI]\n\n"
         "Regolamenti di calcio da tavolo: ricerca, decisioni arbitrali, verifiche, quiz.\n\n"
         "Comandi (arbitro COMANDO --help per l'aiuto di ciascuno):\n";
  for (const auto& c : Commands()) out << "  " << c.usage << "\n      " << c.summary << "\n";
  out << "\nOpzioni globali:\n" << kGlobalOptions << kGameNote
      << "Variabili: ARBITRO_CORPUS sostituisce il corpus incluso.\n\nCodici di uscita:\n";
  for (int code : kExitCodes) out << "  " << code << "  " << ExitCodeMeaning(code) << "\n";
}

void PrintCommandHelp(const Command& c, std::ostream& out) {
  out << "uso: arbitro " << c.usage << "\n\n" << c.summary << ".\n\n" << c.description << "\n";
  if (!c.options.empty()) {
    out << "\nOpzioni:\n";
    for (const auto& o : c.options) {
      out << "  " << OptionLabel(o) << "\n      " << o.help
          << "\n";
    }
  }
  out << "  --help, -h\n      questo aiuto\n";
  bool names_games = c.positional == Complete::kGame || c.positional == Complete::kGameOrDoc;
  for (const auto& o : c.options) {
    names_games = names_games || o.complete == Complete::kGame || o.complete == Complete::kGameOrDoc;
  }
  if (names_games) out << "\n" << kGameNote;
  out << "\nEsempi:\n";
  for (const char* e : c.examples) out << "  arbitro " << e << "\n";
  out << "\nCodici di uscita:\n  0  " << ExitCodeMeaning(0) << "\n";
  for (int code : c.exit_codes) out << "  " << code << "  " << ExitCodeMeaning(code) << "\n";
}

void PrintManPage(std::ostream& out) {
  out << ".TH ARBITRO 1 \"\" \"arbitro " << ARBITRO_VERSION << "\" \"Comandi utente\"\n"
      << ".SH NOME\narbitro \\- regolamenti di calcio da tavolo: ricerca, decisioni "
         "arbitrali, verifiche, quiz\n"
      << ".SH SINTASSI\n.B arbitro\n[\\-\\-index DIR] COMANDO [OPZIONI] [\\-\\-] [ARGOMENTI]\n"
      << ".SH DESCRIZIONE\n"
      << Roff("Risponde a domande sui regolamenti (Subbuteo, Subbuteo Table Rugby, Soccer "
              "Tactics, Calciotto) con le disposizioni e le loro citazioni, trasforma situazioni "
              "di gioco in decisioni, verifica il corpus per i comitati e genera quiz.")
      << "\n"
      << ".SH OPZIONI GLOBALI\n"
      << ".TP\n.B \\-\\-index DIR\ncartella dell'indice (altrimenti $ARBITRO_INDEX, poi "
         "$XDG_DATA_HOME/arbitro/index, poi ~/.local/share/arbitro/index)\n"
      << ".TP\n.B \\-\\-help, \\-h\naiuto; \\fBarbitro COMANDO \\-\\-help\\fR per un comando\n"
      << ".TP\n.B \\-\\-version\nversione\n"
      << ".SH COMANDI\n";
  for (const auto& c : Commands()) {
    out << ".SS " << Roff(c.name) << "\n.B arbitro " << Roff(c.usage) << "\n.PP\n"
        << Roff(c.description) << "\n";
    for (const auto& o : c.options) {
      out << ".TP\n.B " << Roff(OptionLabel(o)) << "\n" << Roff(o.help) << "\n";
    }
    out << ".PP\nEsempi:\n.RS\n";
    for (const char* e : c.examples) out << ".nf\narbitro " << Roff(e) << "\n.fi\n";
    out << ".RE\n";
  }
  out << ".SH AMBIENTE\n.TP\n.B ARBITRO_INDEX\ncartella dell'indice\n"
      << ".TP\n.B ARBITRO_CORPUS\ncorpus da usare invece di quello incluso\n"
      << ".SH CODICI DI USCITA\n";
  for (int code : kExitCodes) out << ".TP\n.B " << code << "\n" << Roff(ExitCodeMeaning(code)) << "\n";
}

void PrintBashCompletion(std::ostream& out) {
  out << "# bash completion for arbitro, generated from its command table "
         "(arbitro help --completion bash)\n"
         "_arbitro() {\n"
         "  local cur prev words cword\n"
         "  _init_completion 2>/dev/null || { cur=\"${COMP_WORDS[COMP_CWORD]}\"; "
         "prev=\"${COMP_WORDS[COMP_CWORD-1]}\"; words=(\"${COMP_WORDS[@]}\"); cword=$COMP_CWORD; }\n"
         "  local cmd=\"\" i\n"
         "  for ((i = 1; i < cword; i++)); do\n"
         "    case \"${words[i]}\" in\n"
         "      --index) ((i++)) ;;\n"
         "      -*) ;;\n"
         "      *) cmd=\"${words[i]}\"; break ;;\n"
         "    esac\n"
         "  done\n"
         "  _arbitro_ids() { arbitro games --ids 2>/dev/null; }\n"
         "  _arbitro_values() {\n"
         "    case \"$1\" in\n"
         "      game|gameordoc|doc) COMPREPLY=($(compgen -W \"$(_arbitro_ids)\" -- \"$cur\")) ;;\n"
         "      file) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
         "      dir) COMPREPLY=($(compgen -d -- \"$cur\")) ;;\n"
         "      command) COMPREPLY=($(compgen -W \"";
  for (const auto& c : Commands()) out << c.name << " ";
  out << "\" -- \"$cur\")) ;;\n"
         "      *) COMPREPLY=($(compgen -W \"$2\" -- \"$cur\")) ;;\n"
         "    esac\n"
         "  }\n"
         "  if [[ -z \"$cmd\" ]]; then\n"
         "    if [[ \"$prev\" == --index ]]; then _arbitro_values dir; return; fi\n"
         "    COMPREPLY=($(compgen -W \"--index --help --version ";
  for (const auto& c : Commands()) out << c.name << " ";
  out << "\" -- \"$cur\"))\n"
         "    return\n"
         "  fi\n"
         "  case \"$cmd\" in\n";
  for (const auto& c : Commands()) {
    out << "    " << c.name << ")\n      case \"$prev\" in\n";
    std::string names = "--help";
    for (const auto& o : c.options) {
      names += std::string(" ") + o.name + (o.alias ? std::string(" ") + o.alias : "");
      if (!o.value) continue;
      std::string words;
      for (const char* w : o.words) words += (words.empty() ? "" : " ") + std::string(w);
      out << "        " << o.name << (o.alias ? std::string("|") + o.alias : "")
          << ") _arbitro_values " << CompleteWord(o.complete) << " \"" << words
          << "\"; return ;;\n";
    }
    out << "      esac\n"
        << "      if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"" << names
        << "\" -- \"$cur\")); else _arbitro_values " << CompleteWord(c.positional)
        << " \"\"; fi\n      ;;\n";
  }
  out << "  esac\n"
         "}\n"
         "complete -F _arbitro arbitro\n";
}

Status CmdHelp(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (args.Has("--man")) {
    PrintManPage(ctx.out);
    return Status::OK();
  }
  if (args.Has("--completion")) {
    if (args.Get("--completion") != "bash") {
      return Status::InvalidArgument("shell non supportata '" + args.Get("--completion") +
                                     "' (supportata: bash)");
    }
    PrintBashCompletion(ctx.out);
    return Status::OK();
  }
  if (args.Positional().empty()) {
    PrintUsage(ctx.out);
    return Status::OK();
  }
  if (args.Positional().size() > 1) {
    return Status::InvalidArgument("uso: arbitro help [COMANDO]");
  }
  const std::string& name = args.Positional()[0];
  const Command* c = FindCommand(name);
  if (!c) return UnknownCommand(name);
  PrintCommandHelp(*c, ctx.out);
  return Status::OK();
}

}  // namespace arbitro::cli
