// Fuzz target "diff": DiffRulebooks on two documents.
//
// The input is two rulebook XML documents separated by a line "=====" (old, then
// new); without the separator the input is the new edition of the mini fixture's
// rulebook. Both are loaded like `arbitro diff` loads files (LoadRulebookFile against
// the mini fixture corpus, else against the bundled corpus) and, when both load,
// diffed. Any status is fine; a crash, a sanitizer report, an escaping exception or
// a hang is a bug.
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "fuzz_util.h"

namespace {

using arbitro::Corpus;
using arbitro::Diagnostic;
using arbitro::Rulebook;

constexpr std::string_view kSeparator = "\n=====\n";

struct State {
  std::string dir;
  std::string mini_doc;  // the fixture rulebook, the default old edition
  Corpus mini;
  Corpus bundled;
  bool has_bundled = false;
};

State& Init() {
  static State state = [] {
    State s;
    const std::string mini = std::string(ARBITRO_FIXTURES_DIR) + "/corpus-mini";
    std::vector<Diagnostic> diagnostics;
    arbitro::LoadCorpus(mini, &s.mini, &diagnostics);
    s.has_bundled = arbitro::LoadCorpus(ARBITRO_CORPUS_DIR, &s.bundled, &diagnostics).ok();
    std::ifstream in(mini + "/mini/mini-1.0.xml", std::ios::binary);
    s.mini_doc.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    s.dir = arbitro::fuzz::ScratchDir("diff");
    return s;
  }();
  return state;
}

bool Load(State& s, const std::string& name, std::string_view xml, Rulebook* book) {
  const std::string path = s.dir + "/" + name + ".xml";
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(xml.data(), static_cast<std::streamsize>(xml.size()));
  }
  std::vector<Diagnostic> diagnostics;
  if (arbitro::LoadRulebookFile(path, s.mini, book, &diagnostics).ok()) return true;
  return s.has_bundled && arbitro::LoadRulebookFile(path, s.bundled, book, &diagnostics).ok();
}

}  // namespace

ARBITRO_FUZZ_TARGET(diff) {
  State& s = Init();
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t cut = input.find(kSeparator);
  const std::string_view old_xml =
      cut == std::string_view::npos ? std::string_view(s.mini_doc) : input.substr(0, cut);
  const std::string_view new_xml =
      cut == std::string_view::npos ? input : input.substr(cut + kSeparator.size());
  Rulebook old_book, new_book;
  if (!Load(s, "old", old_xml, &old_book) || !Load(s, "new", new_xml, &new_book)) return 0;
  arbitro::DiffResult result;
  arbitro::DiffRulebooks(old_book, new_book, &result);
  return 0;
}
