// The command table: one entry per subcommand with its options, help, examples and
// exit codes. Dispatch (arbitro.cc), the option parser (args.cc), `CMD --help`, the
// man page and the bash completion (help.cc) are all made from it.
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
Status CmdTune(CommandContext& ctx);
Status CmdGameWords(CommandContext& ctx);
Status CmdQuiz(CommandContext& ctx);
Status CmdCheck(CommandContext& ctx);
Status CmdDiff(CommandContext& ctx);
Status CmdServe(CommandContext& ctx);
Status CmdHelp(CommandContext& ctx);

namespace {

// Options several commands share, worded once.
OptionSpec Json(const char* what) {
  return {"--json", nullptr, false, Complete::kNone, what};
}
OptionSpec Corpus(bool repeat = false) {
  return {"--corpus", "DIR", repeat, Complete::kDir,
          "cartella del corpus da leggere (predefinita: $ARBITRO_CORPUS o il corpus incluso)"};
}
OptionSpec GameOption(const char* what) {
  return {"--game", "GIOCO", false, Complete::kGameOrDoc, what};
}
OptionSpec Verbose(const char* what) {
  return {"--verbose", nullptr, false, Complete::kNone, what};
}
OptionSpec Variant(const char* what) {
  return {"--variant", "NOME", true, Complete::kNone, what};
}
// Test splits are reported as totals only: no figure per game.
OptionSpec Totals() {
  return {"--totals", nullptr, false, Complete::kNone,
          "stampa solo le cifre complessive, non quelle per gioco (per gli insiemi di test)"};
}
OptionSpec Floor(const char* name, const char* what) {
  return {name, "X", true, Complete::kNone, what};
}

}  // namespace

const std::vector<Command>& Commands() {
  static const std::vector<Command> kCommands = {
      {"index", CmdIndex, Opens::kCorpus, "index [--corpus DIR]",
       "indicizza il corpus (SQLite + Xapian), sostituendo l'indice in modo atomico",
       {Corpus()},
       Complete::kNone,
       "Legge e verifica il corpus XML e costruisce una nuova generazione dell'indice; "
       "solo a costruzione riuscita la rende corrente. Un errore nel corpus "
       "(file:riga:colonna) lascia intatto l'indice precedente. Gli altri comandi "
       "costruiscono l'indice da soli quando manca.",
       {"index", "--index /tmp/indice index --corpus ./corpus"},
       {2, 4, 5, 6}},
      {"ask", CmdAsk, Opens::kIndex,
       "ask [--game GIOCO] [--variant NOME]… [--limit N] [--json] \"domanda\"",
       "risponde a una domanda con le disposizioni pertinenti e le loro citazioni",
       {GameOption("gioco o documento in cui cercare; senza, il gioco è dedotto dalle parole "
                   "della domanda"),
        Variant("variante di regolamento in uso (ripetibile): la sua disposizione è elencata "
                "subito sopra la regola di base che modifica; senza --game, cerca nel gioco "
                "della variante"),
        {"--limit", "N", false, Complete::kNone, "quante disposizioni mostrare (1-100, predefinito 5)"},
        Json("stampa il risultato in JSON (contratto nel README)")},
       Complete::kNone,
       "Cerca le disposizioni che rispondono alla domanda, scritta come la si direbbe al "
       "tavolo, e le elenca dalla più pertinente, con la citazione, il testo e le sanzioni. "
       "Le disposizioni di una variante sono segnate come tali, e le regole di base che una "
       "variante modifica lo dicono.",
       {"ask \"quanti tocchi può fare la stessa miniatura?\"",
        "ask --game rugby \"in avanti\"", "ask --json --limit 3 \"rigore in movimento\"",
        "ask --variant regola-avanzata \"quanto aggiunge il difensore nel contrasto?\""},
       {2, 4, 5}},
      {"resolve", CmdResolve, Opens::kIndex,
       "resolve [--game GIOCO] [--variant NOME]… [--fact nome=valore]… [--json] [--explain] "
       "\"situazione\"",
       "trasforma una situazione di gioco in una decisione con le regole che la sostengono",
       {GameOption("gioco della situazione; senza, si prova ogni gioco e vince quello che "
                   "spiega più parole della descrizione"),
        Variant("variante di regolamento in uso (ripetibile): decide con le disposizioni che "
                "la variante modifica, sostituisce o aggiunge, e ne cita le cifre"),
        {"--fact", "NOME=VALORE", true, Complete::kNone,
         "un fatto strutturato (ripetibile; i nomi e i valori li elenca `arbitro facts GIOCO`)"},
        Json("stampa il risultato in JSON (contratto nel README)"),
        {"--explain", nullptr, false, Complete::kNone,
         "spiega come si è arrivati alla decisione: fatti letti, regole applicate e scartate"}},
       Complete::kNone,
       "Legge i fatti della descrizione, valuta i casi strutturati del gioco e dà la "
       "decisione con ogni regola che la sostiene. Quando un fatto mancante cambierebbe la "
       "decisione, chiede quale valore vale con la decisione per ciascuno.",
       {"resolve \"l'attaccante colpisce un omino fermo prima della palla nella propria area di "
        "rigore\"",
        "resolve --game subbuteo --fact infrazione=miniatura-prima-della-palla --fact "
        "zona=area-di-tiro",
        "resolve --explain --json \"il portiere para fuori dall'area di porta\""},
       {2, 4, 5}},
      {"show", CmdShow, Opens::kIndex, "show [--variant NOME]… [--json] ID",
       "mostra una disposizione con il contesto e i riferimenti",
       {Variant("variante di regolamento in uso (ripetibile): mostra il testo e le cifre che "
                "la variante cambia in questa disposizione"),
        Json("stampa la disposizione in JSON")},
       Complete::kDoc,
       "Mostra una disposizione (documento#eId, o l'eId da solo quando è unico) con la "
       "citazione, il testo, le sanzioni e i riferimenti in entrata e in uscita, e le "
       "varianti che la modificano. Un identificativo di documento mostra il suo indice.",
       {"show subbuteo-2.0#r12", "show --json subbuteo-rugby-4.0#cap10__s10.1__c",
        "show subbuteo-rugby-4.0",
        "show --variant regola-avanzata soccer-tactics-completo#r4__d__p5"},
       {2, 3, 5}},
      {"toc", CmdToc, Opens::kIndex, "toc [--json] [GIOCO|DOCUMENTO]", "indice dei regolamenti",
       {Json("stampa l'indice in JSON")},
       Complete::kGameOrDoc,
       "Stampa la struttura (regole, sezioni, disposizioni) di un gioco, di un documento o "
       "di tutto l'indice.",
       {"toc subbuteo", "toc soccer-tactics-abbreviato", "toc --json calciotto"},
       {2, 3, 5}},
      {"games", CmdGames, Opens::kIndex, "games [--json] [--ids]",
       "documenti ed edizioni nell'indice",
       {Json("stampa i documenti in JSON"),
        {"--ids", nullptr, false, Complete::kNone,
         "solo gli identificativi dei giochi e dei documenti, uno per riga"}},
       Complete::kNone,
       "Elenca i documenti indicizzati con gioco, titolo, edizione, numero di disposizioni "
       "e di casi strutturati, e le varianti di ciascuno.",
       {"games", "games --json", "games --ids"},
       {2, 5}},
      {"facts", CmdFacts, Opens::kIndex, "facts [--json] GIOCO",
       "fatti e valori del vocabolario di un gioco, con le forme italiane",
       {Json("stampa il vocabolario in JSON")},
       Complete::kGame,
       "Elenca i fatti che resolve sa leggere in un gioco, con i valori ammessi e le parole "
       "italiane che li esprimono: sono i nomi da usare con resolve --fact. Elenca anche le "
       "varianti del gioco e segna i fatti che solo una variante usa.",
       {"facts subbuteo", "facts --json calciotto"},
       {2, 3, 5}},
      {"lint-corpus", CmdLintCorpus, Opens::kCorpus, "lint-corpus [--corpus DIR] [--json]",
       "verifica il corpus: schema, riferimenti, fedeltà al testo, copertura",
       {Corpus(/*repeat=*/true), Json("stampa i risultati in JSON")},
       Complete::kNone,
       "Verifica ogni file del corpus contro lo schema, i riferimenti interni, il "
       "vocabolario, la fedeltà letterale al testo sorgente e la copertura delle parole.",
       {"lint-corpus", "lint-corpus --corpus tests/fixtures/corpus-mini --json"},
       {1, 2, 4, 6}},
      {"check", CmdCheck, Opens::kCorpus,
       "check [--corpus DIR] [--json] [--severity info|warning|error] [GIOCO|DOCUMENTO]…",
       "analisi di coerenza per i comitati: doppioni, contraddizioni, tabelle, parametri, "
       "regole abbreviate, rinvii, sommario",
       {Corpus(),
        {"--severity", "LIVELLO", false, Complete::kWord,
         "gravità minima riportata e che fa uscire con 1: info, warning (predefinito), error",
         nullptr,
         {"info", "warning", "error"}},
        Json("stampa i rilievi in JSON")},
       Complete::kGameOrDoc,
       "Cerca nel corpus doppioni, contraddizioni tra casi, lacune delle tabelle, parametri "
       "discordanti, omissioni delle regole abbreviate, rinvii pendenti e incoerenze del "
       "sommario; ogni rilievo ha un codice stabile e il testo delle disposizioni coinvolte.",
       {"check", "check --severity error subbuteo", "check --json soccer-tactics-abbreviato"},
       {1, 2, 3, 4}},
      {"diff", CmdDiff, Opens::kCorpus,
       "diff [--corpus DIR] [--json|--markdown|--html] [-o FILE] VECCHIO NUOVO|BOZZA.txt|BOZZA.pdf",
       "confronta due edizioni di un regolamento (documenti del corpus, file XML, o una bozza in "
       "testo o PDF)",
       {Corpus(), Json("stampa il confronto in JSON"),
        {"--markdown", nullptr, false, Complete::kNone, "stampa il confronto in Markdown"},
        {"--html", nullptr, false, Complete::kNone, "una pagina HTML stampabile"},
        {"--output", "FILE", false, Complete::kFile, "scrive nel file invece che sullo schermo",
         "-o"}},
       Complete::kFile,
       "Allinea le disposizioni delle due edizioni (per eId, poi per somiglianza del testo) "
       "e riporta inserimenti, abrogazioni, sostituzioni, rinumerazioni, divisioni e "
       "unioni, con le modifiche di sanzioni, condizioni e parametri prima del testo. "
       "NUOVO può essere una bozza non ancora codificata, in testo (.txt, come la esporta un "
       "programma di scrittura) o PDF (.pdf, letto con pdftotext di poppler-utils): le "
       "modifiche indicano le righe della bozza, e si segnalano i rinvii a regole che non "
       "esistono più, i valori che un altro documento del gioco indica ancora, i paragrafi "
       "ripetuti.",
       {"diff tests/fixtures/revisions/corpus/subbuteo/subbuteo-2.0.xml "
        "tests/fixtures/revisions/corpus/subbuteo/subbuteo-2.1.xml",
        "diff subbuteo-2.0 bozza-2.1.pdf", "diff --html -o diff.html subbuteo-2.0 bozza.txt"},
       {2, 3, 4, 6}},
      {"eval-ask", CmdEvalAsk, Opens::kIndex,
       "eval-ask [--floor-top1 X] [--floor-top3 X] [--floor-inferred-top1 X] "
       "[--floor-inferred-top3 X] FILE.tsv…",
       "valuta ask su un insieme di domande (top-1, top-3, MRR@5) contro FTS5/BM25",
       {Json("stampa le cifre in JSON"),
        Verbose("elenca le domande la cui risposta migliore non è la prima"), Totals(),
        Floor("--floor-top1", "esce con 1 se il top-1 con il gioco indicato è sotto X"),
        Floor("--floor-top3", "esce con 1 se il top-3 con il gioco indicato è sotto X"),
        Floor("--floor-inferred-top1", "esce con 1 se il top-1 con il gioco dedotto è sotto X"),
        Floor("--floor-inferred-top3", "esce con 1 se il top-3 con il gioco dedotto è sotto X")},
       Complete::kFile,
       "Pone ogni domanda del file (domanda<TAB>risposte attese) con il gioco indicato e "
       "con il gioco dedotto, e confronta con una ricerca FTS5/BM25.",
       {"eval-ask tests/eval/questions-*.tsv", "eval-ask --verbose tests/eval/blind/*.tsv"},
       {1, 2, 5, 6}},
      {"eval-resolve", CmdEvalResolve, Opens::kIndex,
       "eval-resolve [--floor X] [--floor-inferred X] FILE.tsv…",
       "valuta resolve su un insieme di situazioni (decisione, citazioni, entrambe)",
       {Json("stampa le cifre in JSON"),
        Verbose("elenca le situazioni sbagliate (con --game, poi solo senza)"), Totals(),
        Floor("--floor", "esce con 1 se la quota di decisioni e citazioni giuste è sotto X"),
        Floor("--floor-inferred",
              "esce con 1 se la quota di decisioni e citazioni giuste con il gioco dedotto è sotto X")},
       Complete::kFile,
       "Risolve ogni situazione del file e conta le decisioni giuste, le citazioni giuste "
       "ed entrambe.",
       {"eval-resolve tests/eval/scenarios-*.tsv", "eval-resolve --verbose --floor 0.8 set.tsv"},
       {1, 2, 5, 6}},
      {"tune", CmdTune, Opens::kIndex, "tune --train DIR --validation DIR [--only PARTE] [-o FILE]",
       "adatta i pesi di ask e resolve su un insieme di addestramento e li sceglie su uno di convalida",
       {{"--train", "DIR", true, Complete::kDir,
         "cartella con le domande (questions-*.tsv) e le situazioni (situations-*.tsv) su cui "
         "adattare (ripetibile)"},
        {"--validation", "DIR", false, Complete::kDir,
         "cartella con gli insiemi su cui scegliere tra gli adattamenti"},
        {"--output", "FILE", false, Complete::kFile,
         "scrive i pesi scelti nel file (di solito query/ranking-weights.tsv)", "-o"},
        {"--only", "PARTE", false, Complete::kWord,
         "adatta solo una parte: ask, resolve (recupero dei casi) o resolve-game (scelta del "
         "gioco senza --game)", nullptr, {"ask", "resolve", "resolve-game"}},
        Verbose("stampa i pesi di ogni adattamento e le situazioni di train col gioco sbagliato")},
       Complete::kNone,
       "Calcola una volta le caratteristiche dei candidati di ask per ogni domanda, con il gioco "
       "dato e dedotto, e adatta i pesi per salita a coordinate sull'MRR@5 dell'insieme di "
       "addestramento, con più livelli di regolarizzazione; tiene quello migliore sull'insieme di "
       "convalida. Poi adatta i pesi del recupero dei casi di resolve sulle situazioni, e quelli "
       "della scelta del gioco quando la situazione non lo indica. Stampa le "
       "cifre prima e dopo e la tabella dei pesi; con -o scrive il file dei pesi, che il motore "
       "usa dalla compilazione successiva.",
       {"tune --train tests/eval/users/train --validation tests/eval/users/validation",
        "tune --train tests/eval/users/train --validation tests/eval/users/validation -o "
        "query/ranking-weights.tsv",
        "tune --train tests/eval/users/train --validation tests/eval/users/validation --only "
        "resolve-game"},
       {2, 5, 6}},
      {"game-words", CmdGameWords, Opens::kIndex, "game-words FILE.tsv… [-o FILE]",
       "impara dalle righe etichettate il modello delle parole dei giocatori per ogni gioco",
       {{"--output", "FILE", false, Complete::kFile,
         "scrive il modello nel file (di solito query/game-words.tsv)", "-o"}},
       Complete::kFile,
       "Legge le domande (questions-*.tsv) e le situazioni (gli altri .tsv), ciascuna col "
       "gioco della sua prima disposizione attesa, e conta in quante righe di ogni gioco "
       "compare ogni termine: il modello (naive Bayes) con cui resolve, senza --game, pesa "
       "quanto le parole della descrizione somigliano a come i giocatori scrivono di ogni "
       "gioco. Senza -o stampa il file; il motore lo usa dalla compilazione successiva.",
       {"game-words tests/eval/questions-*.tsv tests/eval/scenarios-*.tsv "
        "tests/eval/users/train/*.tsv -o query/game-words.tsv"},
       {2, 5, 6}},
      {"quiz", CmdQuiz, Opens::kIndex,
       "quiz [--game GIOCO]… [--variant NOME]… [--topic REGOLA|TERMINE]… [--count N] [--type "
       "mc,tf,numeric,cloze,situation] "
       "[--seed S] [--difficulty easy|medium|hard] --format moodle|gift|anki|json|markdown [-o "
       "FILE]",
       "genera quiz per arbitri dalle regole (Moodle XML, GIFT, Anki, JSON, Markdown)",
       {{"--game", "GIOCO", true, Complete::kGameOrDoc, "gioco da cui trarre le domande (ripetibile)"},
        Variant("variante di regolamento in uso (ripetibile): le domande sui suoi casi la "
                "nominano, e le regole che sostituisce o modifica non si chiedono più nella "
                "forma di base; senza, nessuna domanda dipende da una variante"),
        {"--topic", "REGOLA|TERMINE", true, Complete::kNone,
         "una regola (documento#eId) o una parola che le disposizioni devono contenere"},
        {"--count", "N", true, Complete::kNone, "quante domande (1-10000, predefinito 20)"},
        {"--type", "TIPI", true, Complete::kNone,
         "tipi di domanda separati da virgole: mc, tf, numeric, cloze, situation"},
        {"--seed", "S", true, Complete::kNone, "seme: lo stesso seme dà lo stesso quiz"},
        {"--difficulty", "LIVELLO", true, Complete::kWord, "easy, medium o hard", nullptr,
         {"easy", "medium", "hard"}},
        {"--format", "FORMATO", true, Complete::kWord,
         "moodle (XML), gift, anki (testo), json o markdown", nullptr,
         {"moodle", "gift", "anki", "json", "markdown"}},
        {"--output", "FILE", true, Complete::kFile, "scrive nel file invece che sullo schermo", "-o"}},
       Complete::kNone,
       "Genera domande verificate con resolve (situazioni, vero/falso, numeriche, "
       "completamento, scelta multipla), con il testo della regola come riscontro. Una "
       "domanda che presuppone una variante lo dice nel testo.",
       {"quiz --game subbuteo --count 20 --format moodle -o q.xml",
        "quiz --type situation --seed 7 --format gift", "quiz --topic fuorigioco --format markdown"},
       {2, 3, 5, 6}},
      {"serve", CmdServe, Opens::kIndex,
       "serve [--listen HOST:PORTA] [--index DIR] [--web DIR] [--threads N] [--engines N] [--quiet]",
       "l'app web per il telefono dell'arbitro e l'API JSON, su HTTP",
       {{"--listen", "HOST:PORTA", false, Complete::kNone,
         "indirizzo e porta (predefinito 127.0.0.1:8080; porta 0: una libera). Un indirizzo "
         "non locale (0.0.0.0) rende il server raggiungibile da altre macchine"},
        {"--index", "DIR", false, Complete::kDir,
         "cartella dell'indice (come l'opzione globale --index)"},
        {"--web", "DIR", false, Complete::kDir,
         "cartella dell'app web (predefinita: $ARBITRO_WEB, share/arbitro/web accanto al "
         "programma installato, o web/ dei sorgenti)"},
        Corpus(),
        {"--threads", "N", false, Complete::kNone,
         "quante connessioni servire insieme, anche inattive (1-1024, predefinito 64)"},
        {"--engines", "N", false, Complete::kNone,
         "quante richieste calcolare insieme; le altre attendono in ordine di arrivo (1-256, "
         "predefinito: una per core)"},
        {"--quiet", nullptr, false, Complete::kNone,
         "nessuna riga di registro per richiesta sullo standard error"}},
       Complete::kNone,
       "Serve l'app web (ricerca mentre si scrive, situazioni, indice dei regolamenti; "
       "installabile e usabile offline) e l'API JSON: /api/ask, /api/resolve, /api/show, "
       "/api/toc, /api/games, /api/facts, /api/check, /api/diff, /api/quiz, con gli stessi "
       "oggetti di --json e gli stessi messaggi d'errore (HTTP 400 o 404). La prima riga "
       "stampata è l'indirizzo. Un nuovo `arbitro index` è usato dalla richiesta "
       "successiva, senza interruzioni; SIGTERM o Ctrl-C lo fermano (uscita 0).",
       {"serve", "serve --listen 0.0.0.0:8080", "serve --listen 127.0.0.1:0 --quiet"},
       {2, 3, 4, 5, 6}},
      {"help", CmdHelp, Opens::kNothing, "help [COMANDO] [--man] [--completion bash]",
       "aiuto di un comando; pagina di manuale e completamento della shell",
       {{"--man", nullptr, false, Complete::kNone, "stampa la pagina di manuale (troff)"},
        {"--completion", "SHELL", false, Complete::kWord,
         "stampa lo script di completamento della shell (bash)", nullptr, {"bash"}}},
       Complete::kCommand,
       "Senza argomenti elenca i comandi; con un comando ne stampa l'uso, le opzioni, gli "
       "esempi e i codici di uscita (come `arbitro COMANDO --help`).",
       {"help quiz", "help --man > arbitro.1", "help --completion bash > arbitro.bash"},
       {2}},
  };
  return kCommands;
}

const Command* FindCommand(const std::string& name) {
  for (const auto& c : Commands()) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

}  // namespace arbitro::cli
