// resolve in a library of more games than the bundled corpus: a description that names
// no game is read in at most four games (the ones it points to), so that its cost does
// not grow with the number of games; with --game, in that game only.
#include <catch2/catch.hpp>
#include <string>

#include "test_util.h"

namespace arbitro {
namespace {

size_t GamesRead(const std::string& explanation) {
  size_t n = 0;
  for (size_t at = explanation.find("\n  gioco "); at != std::string::npos;
       at = explanation.find("\n  gioco ", at + 1))
    ++n;
  return n;
}

}  // namespace

TEST_CASE("resolve reads a description in at most four games of a larger library", "[e2e]") {
  test::TempDir work;
  test::WriteMiniCopies(work / "corpus", 5);  // six games: mini, mini-c001 … mini-c005
  const std::string env = test::CorpusEnv(work / "corpus");
  const std::string index = work / "index";
  REQUIRE(test::RunArbitro({"--index", index, "index", "--corpus", work / "corpus"}).exit_code ==
          0);

  const std::string situation = "la miniatura colpisce l'avversario prima della palla";
  const test::RunResult inferred =
      test::RunArbitro({"--index", index, "resolve", "--explain", situation}, env);
  INFO(inferred.out << inferred.err);
  REQUIRE(inferred.exit_code == 0);
  CHECK(GamesRead(inferred.out) == 4);
  CHECK(inferred.out.find("Gioco: mini") != std::string::npos);

  const test::RunResult given = test::RunArbitro(
      {"--index", index, "resolve", "--explain", "--game", "mini-c004", situation}, env);
  INFO(given.out << given.err);
  REQUIRE(given.exit_code == 0);
  CHECK(given.out.find("Gioco: mini-c004") != std::string::npos);
  CHECK(GamesRead(given.out) == 0);
}

}  // namespace arbitro
