// Fuzz target "resolve": the scenario-to-facts extractor and rule evaluation
// (Engine::Resolve) on an index of the fixture corpus.
//
// The input is the described situation. Leading lines may set options the way the
// CLI does: "@game NAME", "@variant NAME", "@fact NAME=VALUE", "@explain"; the rest
// is the scenario. Any status is fine; a crash, a sanitizer report, an escaping
// exception or a hang is a bug.
#include <string>
#include <string_view>

#include "arbitro/query.h"
#include "fuzz_util.h"

namespace {

bool TakePrefix(std::string_view* line, std::string_view prefix) {
  if (line->substr(0, prefix.size()) != prefix) return false;
  line->remove_prefix(prefix.size());
  return true;
}

}  // namespace

ARBITRO_FUZZ_TARGET(resolve) {
  arbitro::Engine& engine = arbitro::fuzz::FixtureEngine();
  std::string_view input(reinterpret_cast<const char*>(data), size);
  arbitro::ResolveOptions options;
  while (!input.empty() && input.front() == '@') {
    const size_t end = input.find('\n');
    std::string_view line = input.substr(0, end);
    input = end == std::string_view::npos ? std::string_view() : input.substr(end + 1);
    if (TakePrefix(&line, "@game ")) {
      options.game = std::string(line);
    } else if (TakePrefix(&line, "@variant ")) {
      options.variants.emplace_back(line);
    } else if (TakePrefix(&line, "@fact ")) {
      const size_t eq = line.find('=');
      if (eq != std::string_view::npos) {
        options.facts.emplace_back(std::string(line.substr(0, eq)),
                                   std::string(line.substr(eq + 1)));
      }
    } else if (line == "@explain") {
      options.explain = true;
    }
  }
  arbitro::ResolveResult result;
  engine.Resolve(std::string(input), options, &result);
  return 0;
}
