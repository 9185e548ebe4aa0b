#include <catch2/catch.hpp>

#include "arbitro/indexer.h"

using arbitro::Analyzer;
using arbitro::Token;

namespace {

Analyzer MakeAnalyzer() {
  return Analyzer({"calcio d'angolo", "area di rigore", "back al volo"},
                  {"portiere portieri", "porta porte", "meta mete", "metà"},
                  {"cosa", "succede", "se", "il", "la", "di"});
}

std::vector<std::string> Words(const std::vector<Token>& tokens) {
  std::vector<std::string> out;
  for (const auto& t : tokens) out.push_back(t.word);
  return out;
}

}  // namespace

TEST_CASE("elisions are split so 'area' matches 'nell'area'", "[analyzer]") {
  Analyzer a = MakeAnalyzer();
  auto tokens = a.Tokenize("Nell'area dell\u2019attaccante");
  REQUIRE(Words(tokens) == std::vector<std::string>{"nell", "area", "dell", "attaccante"});
  CHECK(tokens[0].stop);
  CHECK_FALSE(tokens[1].stop);
  CHECK(tokens[1].term == a.Tokenize("area")[0].term);
}

TEST_CASE("a closing apostrophe is an accent", "[analyzer]") {
  Analyzer a = MakeAnalyzer();
  CHECK(Words(a.Tokenize("E' vietato, piu' volte")) ==
        std::vector<std::string>{"è", "vietato", "più", "volte"});
}

TEST_CASE("protected words are not conflated by the stemmer", "[analyzer]") {
  Analyzer a = MakeAnalyzer();
  const std::string portiere = a.TermOf("portiere");
  CHECK(portiere == "portiere_");
  CHECK(a.TermOf("portieri") == portiere);
  CHECK(a.TermOf("porta") == "porta_");
  CHECK(a.TermOf("porte") == "porta_");
  CHECK(a.TermOf("meta") != a.TermOf("metà"));
  // Unprotected words are stemmed: singular and plural meet.
  CHECK(a.TermOf("miniatura") == a.TermOf("miniature"));
}

TEST_CASE("lexicon phrases are recognised across inflection", "[analyzer]") {
  Analyzer a = MakeAnalyzer();
  auto tokens = a.Tokenize("Cosa succede se batto un calcio d'angolo dall'area di rigore?");
  auto phrases = a.Phrases(tokens);
  REQUIRE(phrases.size() == 2);
  CHECK(phrases[0].term == "Pcalcio_d_angolo");
  CHECK(phrases[1].term == "Parea_di_rigore");
  CHECK(a.ExpressionTerm("Calcio d’angolo") == "Pcalcio_d_angolo");
  CHECK(a.ExpressionTerm("corner") == a.TermOf("corner"));
}

TEST_CASE("byte offsets point into the original text", "[analyzer]") {
  Analyzer a = MakeAnalyzer();
  const std::string text = "La PALLA è ferma";
  auto tokens = a.Tokenize(text);
  REQUIRE(tokens.size() == 4);
  CHECK(text.substr(tokens[1].begin, tokens[1].end - tokens[1].begin) == "PALLA");
  CHECK(text.substr(tokens[2].begin, tokens[2].end - tokens[2].begin) == "è");
}

TEST_CASE("hostile text never breaks the tokenizer", "[analyzer]") {
  Analyzer a = MakeAnalyzer();
  const std::string invalid =
      std::string("abc\xff\xfe def \xc3") + "\xe2\x80\x8f" + "\xf0\x9f\x98\x80";
  auto tokens = a.Tokenize(invalid);
  CHECK(Words(tokens) == std::vector<std::string>{"abc", "def"});
  CHECK(arbitro::SanitizeUtf8("a\x01"
                              "b\xff") == "a b ");
  CHECK(a.Tokenize("").empty());
  CHECK(a.Tokenize("?!... ---").empty());
  CHECK(Words(a.Tokenize("2,5 cm")) == std::vector<std::string>{"2.5", "cm"});
}

TEST_CASE("counted terms: a number names what it counts, an article does not", "[analyzer]") {
  Analyzer a = MakeAnalyzer();
  auto counted = [&](const std::string& text) { return arbitro::CountedTerms(a.Tokenize(text)); };
  // The first content word after the number, past other numbers and stopwords.
  CHECK(counted("un massimo di 10 miniature") == std::vector<std::string>{a.TermOf("miniature")});
  // "2 (due)": both numbers count the same word.
  CHECK(counted("2 (due) movimenti posizionali") ==
        std::vector<std::string>{a.TermOf("movimenti"), a.TermOf("movimenti")});
  // "Una" is an article unless a word of uniqueness follows it.
  CHECK(counted("tocca una miniatura della difesa").empty());
  CHECK(counted("si usa una sola carta per turno") == std::vector<std::string>{a.TermOf("carta")});
  CHECK(counted("uno dei giocatori").empty());
}

TEST_CASE("bigram terms join two terms under their prefix", "[analyzer]") {
  Analyzer a = MakeAnalyzer();
  CHECK(arbitro::BigramTerm(a.TermOf("stessa"), a.TermOf("miniatura")) ==
        "B" + a.TermOf("stessa") + "_" + a.TermOf("miniatura"));
  CHECK(arbitro::BigramTerm("portiere_", "par") == "Bportiere__par");
}

TEST_CASE("a name term joins the content terms of the whole name", "[analyzer]") {
  Analyzer a = MakeAnalyzer();
  const std::string heading = arbitro::NameTerm(a.Tokenize("Calcio d'angolo"));
  CHECK(heading == "T" + a.TermOf("calcio") + "_" + a.TermOf("angolo"));
  // The same name asked in other words of the same stems, with articles and case.
  CHECK(arbitro::NameTerm(a.Tokenize("il CALCIO D'ANGOLO")) == heading);
  CHECK(arbitro::NameTerm(a.Tokenize("il di")).empty());  // nothing but stopwords
  std::string long_name;
  for (int i = 0; i < 30; ++i) long_name += "parolone" + std::to_string(i) + " ";
  CHECK(arbitro::NameTerm(a.Tokenize(long_name)).empty());  // too long for a Xapian term
}
