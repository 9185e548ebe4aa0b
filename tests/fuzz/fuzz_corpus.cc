// Fuzz target "corpus": the corpus XML loader and its checks (well-formedness,
// encoding, entities, depth, structure, identifiers, references, vocabulary,
// override cycles) and the fidelity check against the source text.
//
// The input is one XML file. By its root element it replaces the lexicon, the
// vocabulary or (doc="mini-1.0") the rulebook of a scratch copy of the mini fixture
// corpus, or is added to it as a second rulebook; that corpus is then loaded whole (cross-document
// checks). A rulebook is also loaded on its own against a context corpus (the bundled corpus when
// it loads, so that seeds taken from it reach the deep checks) and, when usable, compared with its
// source text. A small corpus that loads must also index (BuildIndex failing on it is reported as a
// crash).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/schema.h"
#include "fuzz_util.h"

namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxIndexedInput = 32 * 1024;

using arbitro::Corpus;
using arbitro::Diagnostic;

struct State {
  std::string corpus;      // scratch copy of the mini corpus
  std::string lexicon;     // its original lexicon.xml
  std::string vocabulary;  // its original mini/vocabulary.xml
  std::string rulebook;    // its original mini/mini-1.0.xml
  std::string single;      // folder for single-file loads, with source/ links
  std::string index;       // where loadable corpora are indexed
  Corpus context;          // what single files are checked against
};

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void Write(const std::string& path, std::string_view data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
}

// Links every source text of `corpus_dir` into `dir`/source/.
void LinkSources(const std::string& corpus_dir, const std::string& dir) {
  std::error_code ec;
  for (const auto& game : fs::directory_iterator(corpus_dir, ec)) {
    const fs::path source = game.path() / "source";
    if (!fs::is_directory(source, ec)) continue;
    for (const auto& file : fs::directory_iterator(source, ec)) {
      fs::create_symlink(file.path(), fs::path(dir) / "source" / file.path().filename(), ec);
    }
  }
}

State& Init() {
  static State state = [] {
    State s;
    const std::string mini = std::string(ARBITRO_FIXTURES_DIR) + "/corpus-mini";
    s.corpus = arbitro::fuzz::ScratchDir("corpus") + "/c";
    fs::copy(mini, s.corpus, fs::copy_options::recursive);
    s.lexicon = Read(s.corpus + "/lexicon.xml");
    s.vocabulary = Read(s.corpus + "/mini/vocabulary.xml");
    s.rulebook = Read(s.corpus + "/mini/mini-1.0.xml");
    std::vector<Diagnostic> diagnostics;
    if (!arbitro::LoadCorpus(ARBITRO_CORPUS_DIR, &s.context, &diagnostics).ok()) {
      diagnostics.clear();
      arbitro::LoadCorpus(mini, &s.context, &diagnostics);
    }
    s.index = arbitro::fuzz::ScratchDir("index");
    s.single = arbitro::fuzz::ScratchDir("single");
    fs::create_directories(s.single + "/source");
    LinkSources(ARBITRO_CORPUS_DIR, s.single);
    LinkSources(mini, s.single);
    return s;
  }();
  return state;
}

// Exercises the model built from a loaded rulebook the way the indexer does.
void Walk(const Corpus& corpus, const arbitro::Rulebook& book) {
  for (size_t i = 0; i < book.units.size(); ++i) {
    const arbitro::Unit& unit = book.units[i];
    (void)book.Citation(static_cast<int>(i));
    (void)book.Label(static_cast<int>(i));
    (void)arbitro::StatesConsequence(unit);
    for (const auto& ref : unit.refs) {
      const arbitro::Rulebook* target = nullptr;
      int index = -1;
      std::string case_id;
      corpus.Resolve(book.doc, ref.target, &target, &index, &case_id);
    }
  }
}

enum class Root { kLexicon, kVocabulary, kRulebook };

Root RootOf(std::string_view text) {
  const size_t lexicon = text.find("<lexicon");
  const size_t vocabulary = text.find("<vocabulary");
  const size_t rulebook = text.find("<rulebook");
  if (lexicon < vocabulary && lexicon < rulebook) return Root::kLexicon;
  if (vocabulary < lexicon && vocabulary < rulebook) return Root::kVocabulary;
  return Root::kRulebook;
}

}  // namespace

ARBITRO_FUZZ_TARGET(corpus) {
  State& s = Init();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Root root = RootOf(text);
  // A new edition of the fixture's rulebook replaces it; any other is added beside it.
  const bool edition = root == Root::kRulebook && text.find("doc=\"mini-1.0\"") != text.npos;
  const std::string replaced = root == Root::kLexicon      ? s.corpus + "/lexicon.xml"
                               : root == Root::kVocabulary ? s.corpus + "/mini/vocabulary.xml"
                               : edition                   ? s.corpus + "/mini/mini-1.0.xml"
                                                           : s.corpus + "/mini/zz-fuzz.xml";
  Write(replaced, text);
  {
    Corpus corpus;
    std::vector<Diagnostic> diagnostics;
    if (arbitro::LoadCorpus(s.corpus, &corpus, &diagnostics).ok()) {
      for (const auto& book : corpus.rulebooks) Walk(corpus, book);
      // A corpus that loads must index (small inputs only: a build takes milliseconds).
      if (size <= kMaxIndexedInput) {
        arbitro::IndexStats stats;
        const arbitro::Status built = arbitro::BuildIndex(corpus, s.index, &stats);
        if (!built.ok()) {
          std::fprintf(stderr, "loaded corpus does not index: %s\n", built.message().c_str());
          std::abort();
        }
      }
    }
    for (const Diagnostic& d : diagnostics) (void)d.ToString();
  }
  if (root == Root::kLexicon) Write(replaced, s.lexicon);
  if (root == Root::kVocabulary) Write(replaced, s.vocabulary);
  if (root != Root::kRulebook) return 0;
  if (edition) {
    Write(replaced, s.rulebook);
  } else {
    std::error_code ec;
    fs::remove(replaced, ec);
  }

  const std::string single = s.single + "/fuzz.xml";
  Write(single, text);
  arbitro::Rulebook book;
  std::vector<Diagnostic> diagnostics;
  if (arbitro::LoadRulebookFile(single, s.context, &book, &diagnostics).ok()) {
    Walk(s.context, book);
    arbitro::FidelityReport report;
    arbitro::CheckFidelity(book, &report);
  }
  return 0;
}
