// `resolve --json` on a described situation, as the end-to-end tests of the case base read
// it: run the built binary on an index, parse its JSON, look into its rulings.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "json_value.h"
#include "test_util.h"

namespace arbitro::test {

// The values of a fact, or any list of strings a test compares.
using Values = std::vector<std::string>;

// An index of the bundled corpus, built once per test run (in-process) and shared by the
// end-to-end tests that only read it.
inline const std::string& BundledCorpusIndex() {
  static TempDir dir;
  static const std::string path = [] {
    IndexOrFail(ARBITRO_CORPUS_DIR, dir / "index");
    return dir / "index";
  }();
  return path;
}

// `arbitro --index INDEX resolve --json --game GAME TEXT` in the environment `env`, as JSON;
// fails the test when the command does not exit 0.
inline Json Resolve(const std::string& index, const std::string& env, const char* game,
                    const char* text) {
  auto r = RunArbitro({"--index", index, "resolve", "--json", "--game", game, text}, env);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return Json::Parse(r.out);
}

// Resolve on BundledCorpusIndex(), with the bundled corpus as the environment's corpus.
inline Json ResolveBundled(const char* game, const char* text) {
  return Resolve(BundledCorpusIndex(), CorpusEnv(ARBITRO_CORPUS_DIR), game, text);
}

// True when the ruling cites the provision `id`.
inline bool Cites(const Json& ruling, const std::string& id) {
  for (size_t i = 0; i < ruling["citations"].size(); ++i) {
    if (ruling["citations"][i]["id"].string == id) return true;
  }
  return false;
}

// True when some ruling of `resolve --json` cites the provision `id`.
inline bool AnyRulingCites(const Json& j, const std::string& id) {
  for (size_t i = 0; i < j["rulings"].size(); ++i) {
    if (Cites(j["rulings"][i], id)) return true;
  }
  return false;
}

// True when the first ruling of `resolve --json` has a sanction `type` for `beneficiary`
// ("" = any beneficiary).
inline bool FirstRulingHas(const Json& j, const std::string& type,
                           const std::string& beneficiary = "") {
  if (j["rulings"].size() == 0) return false;
  const Json& sanctions = j["rulings"][0]["sanctions"];
  for (size_t k = 0; k < sanctions.size(); ++k) {
    if (sanctions[k]["type"].string == type &&
        (beneficiary.empty() || sanctions[k]["beneficiary"].string == beneficiary))
      return true;
  }
  return false;
}

// Checks that the first ruling of `resolve --json` has a sanction `type` for `beneficiary`
// and cites `provision` ("document#eId").
inline void CheckFirstRuling(const Json& j, const std::string& type, const std::string& beneficiary,
                             const std::string& provision) {
  REQUIRE(j["rulings"].size() >= 1);
  CHECK(FirstRulingHas(j, type, beneficiary));
  CHECK(Cites(j["rulings"][0], provision));
}

// The same for `resolve --game GAME TEXT` on the bundled corpus.
inline void CheckFirstRuling(const char* game, const char* text, const std::string& type,
                             const std::string& beneficiary, const std::string& provision) {
  INFO(text);
  CheckFirstRuling(ResolveBundled(game, text), type, beneficiary, provision);
}

// CheckFirstRuling for the situations of one game, their provisions named by eId in one
// document: `const RulingChecker CheckRuling{"calciotto", "calciotto"};` then
// `CheckRuling(text, "rilancio-dadi", "", "fase-azione__contrasto__p3");`.
struct RulingChecker {
  const char* game;
  const char* doc;
  void operator()(const char* text, const std::string& type, const std::string& beneficiary,
                  const std::string& eid) const {
    CheckFirstRuling(game, text, type, beneficiary, std::string(doc) + "#" + eid);
  }
};

// True when some ruling of `resolve --json` has a sanction of `type`.
inline bool AnyRulingHas(const Json& j, const std::string& type) {
  for (size_t i = 0; i < j["rulings"].size(); ++i) {
    const Json& sanctions = j["rulings"][i]["sanctions"];
    for (size_t k = 0; k < sanctions.size(); ++k) {
      if (sanctions[k]["type"].string == type) return true;
    }
  }
  return false;
}

// The first ruling's first sanction of `resolve --json`, "type/beneficiary" ("" without one).
inline std::string FirstSanction(const Json& r) {
  if (r["rulings"].size() == 0 || r["rulings"][0]["sanctions"].size() == 0) return "";
  const Json& s = r["rulings"][0]["sanctions"][0];
  return s["type"].string + "/" + s["beneficiary"].string;
}

// Every value the description was read to give `fact` from its words (facts_read with
// words), each followed by "@" and those words when `with_words`.
inline std::vector<std::string> ReadValues(const Json& j, const std::string& fact,
                                           bool with_words = false) {
  std::vector<std::string> values;
  for (size_t i = 0; i < j["facts_read"].size(); ++i) {
    const Json& f = j["facts_read"][i];
    if (f["fact"].string != fact || f["words"].string.empty()) continue;
    values.push_back(with_words ? f["value"].string + "@" + f["words"].string : f["value"].string);
  }
  return values;
}

}  // namespace arbitro::test
