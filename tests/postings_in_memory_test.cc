// An engine whose searches run on postings copied into memory (EngineOpenOptions, what
// `arbitro serve` opens) answers exactly as one reading them from disk: the same hits
// with the same scores and highlights, the same rulings, on every development question
// and situation and the user sets' train lines, with the game given and inferred.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "quiz_test_util.h"
#include "test_util.h"

using namespace arbitro;

namespace {

// The first field of every line of the eval files `names` (under tests/eval).
std::vector<std::string> FirstFields(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& name : names) {
    std::ifstream in(std::string(ARBITRO_EVAL_DIR) + "/" + name);
    REQUIRE(in.good());
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      out.push_back(line.substr(0, line.find('\t')));
    }
  }
  return out;
}

const std::vector<std::string> kGames = {"calciotto", "soccer-tactics", "subbuteo",
                                         "subbuteo-rugby"};

std::string AskText(Engine& engine, const std::string& question, const std::string& game) {
  AskOptions options;
  options.game = game;
  AskResult r;
  const Status s = engine.Ask(question, options, &r);
  std::ostringstream out;
  out << s.ok() << " " << r.game << "\n";
  for (const AskHit& h : r.hits) {
    out << h.provision.id << " " << h.score;
    for (const auto& [from, to] : h.highlights) out << " " << from << "-" << to;
    out << "\n";
  }
  return out.str();
}

std::string ResolveText(Engine& engine, const std::string& situation, const std::string& game) {
  ResolveOptions options;
  options.game = game;
  options.explain = true;
  ResolveResult r;
  const Status s = engine.Resolve(situation, options, &r);
  std::ostringstream out;
  out << s.ok() << " " << r.game << "\n";
  for (const Ruling& ruling : r.rulings) {
    out << ruling.decision << " " << ruling.confidence << " " << ruling.case_key << "\n";
    for (const Citation& c : ruling.citations) out << "  " << c.id << "\n";
  }
  for (const Unresolved& u : r.unresolved) out << "? " << u.fact << "\n";
  for (const std::string& line : r.explanation) out << "  " << line << "\n";
  return out.str();
}

}  // namespace

TEST_CASE("postings in memory give the answers of postings on disk", "[corpus]") {
  const std::string& index_dir = quiz_test::RealIndexDir();
  std::unique_ptr<Engine> disk, memory;
  REQUIRE(Engine::Open(index_dir, &disk).ok());
  EngineOpenOptions in_memory;
  in_memory.postings_in_memory_max_bytes = uint64_t{1} << 30;
  REQUIRE(Engine::Open(index_dir, in_memory, &memory).ok());
  CHECK_FALSE(disk->PostingsInMemory());
  REQUIRE(memory->PostingsInMemory());

  std::vector<std::string> questions, situations;
  for (const std::string& g : kGames) {
    for (const std::string& q : FirstFields({"questions-" + g + ".tsv",
                                             "users/train/questions-" + g + ".tsv"}))
      questions.push_back(q);
    for (const std::string& s : FirstFields({"scenarios-" + g + ".tsv",
                                             "users/train/situations-" + g + ".tsv"}))
      situations.push_back(s);
  }
  REQUIRE(questions.size() > 300);
  REQUIRE(situations.size() > 150);
  size_t compared = 0;
  for (const std::string& game : {std::string(), std::string("subbuteo")}) {
    for (const std::string& q : questions) {
      INFO(q << " (game '" << game << "')");
      const std::string expected = AskText(*disk, q, game);
      REQUIRE(AskText(*memory, q, game) == expected);
      compared += expected.find('#') != std::string::npos;
    }
    for (const std::string& s : situations) {
      INFO(s << " (game '" << game << "')");
      REQUIRE(ResolveText(*memory, s, game) == ResolveText(*disk, s, game));
    }
  }
  CHECK(compared > 500);  // the comparison is over real hits, not empty answers
}

TEST_CASE("postings stay on disk above the size bound", "[corpus]") {
  EngineOpenOptions small;
  small.postings_in_memory_max_bytes = 1;  // no posting table is this small
  std::unique_ptr<Engine> engine;
  REQUIRE(Engine::Open(quiz_test::RealIndexDir(), small, &engine).ok());
  CHECK_FALSE(engine->PostingsInMemory());
}
