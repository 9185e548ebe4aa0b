// Variants that apply (issue 16, point 3): what each variant declares it changes
// (schema, lint-corpus), the check findings VARIANT-EMPTY and VARIANT-CONFLICT on a
// planted fixture, and `--variant` on ask, resolve, show and quiz, with games and facts
// listing the variants. The ruling of each of the seven variants is in case_base_test.cc.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "json_value.h"
#include "test_util.h"

using arbitro::test::Json;
using arbitro::test::ReadFile;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;
using arbitro::test::WriteFile;

namespace {

const std::string kFixtures = ARBITRO_FIXTURES_DIR;

// One index of the real corpus for every test of this file.
struct RealIndex {
  TempDir dir;
  std::string env = arbitro::test::CorpusEnv(ARBITRO_CORPUS_DIR);
  RealIndex() { REQUIRE(RunArbitro({"--index", dir.path(), "index"}, env).exit_code == 0); }
  arbitro::test::RunResult Run(std::vector<std::string> args) const {
    args.insert(args.begin(), {"--index", dir.path()});
    return RunArbitro(args, env);
  }
  Json RunJson(std::vector<std::string> args) const {
    const auto r = Run(std::move(args));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return Json::Parse(r.out);
  }
};

const RealIndex& Index() {
  static const RealIndex index;
  return index;
}

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

std::vector<std::string> HitIds(const Json& j) {
  std::vector<std::string> ids;
  for (const Json& h : j["hits"].array) ids.push_back(h["id"].string);
  return ids;
}

}  // namespace

TEST_CASE("each variant declares what it changes; lint-corpus checks the declarations",
          "[variants][schema]") {
  // The real corpus: every variant declares changes, and they all check out.
  std::vector<arbitro::Diagnostic> diagnostics;
  arbitro::Corpus corpus;
  REQUIRE(arbitro::LoadCorpus(ARBITRO_CORPUS_DIR, &corpus, &diagnostics).ok());
  for (const auto& d : diagnostics) CHECK(!Contains(d.message, "variant"));
  std::map<std::string, std::set<std::string>> kinds;  // variant → kinds declared
  size_t variants = 0;
  for (const arbitro::Rulebook& book : corpus.rulebooks) {
    variants += book.variants.size();
    for (const auto& c : book.variant_changes) kinds[c.variant].insert(c.kind);
  }
  CHECK(variants == 7);
  CHECK(kinds.size() == 7);
  CHECK(kinds["regola-avanzata"] == std::set<std::string>{"amends"});
  CHECK(kinds["dado-per-il-gol"] == std::set<std::string>{"amends", "replaces"});
  CHECK(kinds["torneo"] == std::set<std::string>{"adds"});

  // A planted document with every kind of mistake, each at its element.
  arbitro::Corpus context;
  REQUIRE(arbitro::LoadCorpus(kFixtures + "/schema/valid", &context, nullptr).ok());
  const std::string f = kFixtures + "/schema/bad/variants.xml";
  arbitro::Rulebook book;
  diagnostics.clear();
  const arbitro::Status s = arbitro::LoadRulebookFile(f, context, &book, &diagnostics);
  CHECK(s.code() == arbitro::Status::Code::kCorpusError);
  std::vector<std::string> lines;
  for (const auto& d : diagnostics) lines.push_back(d.ToString());
  CHECK(lines ==
        std::vector<std::string>{
            f + ":8:5: error: variant 'lunga' excludes itself",
            f + ":8:5: error: variant 'lunga' excludes undeclared variant 'corta'",
            f + ":9:7: error: variant change target 'r1__p9' does not resolve",
            f + ":10:7: error: <amends> of variant 'lunga': 'r1__p2' does not hold only under the "
                "variant (mark it variant=\"lunga\")",
            f + ":10:7: error: <amends> of variant 'lunga': 'r1__p2' has no parameter 'distanza'",
            f + ":11:7: error: <amends> of variant 'lunga': 'r2__p1' has no parameter 'tempo'",
            f + ":11:7: error: <amends> of variant 'lunga': target 'r1__p1' has no parameter "
                "'tempo'",
            f + ":12:7: error: <replaces> of variant 'lunga': target 'r2__p1' is itself part of "
                "the variant; a variant changes base rules",
            f + ":13:7: error: 'by' of a variant change names a unit of this document, not "
                "'altro-doc#r2'",
            f + ":32:7: warning: 'r2__p2' holds only under variant 'lunga', but no <amends>, "
                "<replaces> or <adds> of the variant names it or a unit above it",
        });

  // lint-corpus on a copy of the real corpus whose 12A amends a provision that is not there.
  TempDir tmp;
  std::filesystem::copy(ARBITRO_CORPUS_DIR, tmp.path(), std::filesystem::copy_options::recursive);
  const std::string xml = tmp / "soccer-tactics/soccer-tactics-completo.xml";
  std::string text = ReadFile(xml);
  const std::string from = "<amends target=\"r4__d__p5/c1\"";
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), "<amends target=\"r4__d__p9/c1\"");
  WriteFile(xml, text);
  const auto r = RunArbitro({"lint-corpus", "--corpus", tmp.path()});
  CHECK(r.exit_code == 4);  // a corpus error
  CHECK(Contains(r.err, xml + ":14:7: error: variant change target 'r4__d__p9/c1' does not "
                              "resolve"));
}

TEST_CASE("check: a variant that changes nothing, two variants that contradict each other",
          "[variants][check]") {
  const arbitro::Corpus corpus = arbitro::test::LoadOrFail(kFixtures + "/check/variants");
  arbitro::CheckOptions options;
  options.min_severity = arbitro::Severity::kInfo;
  std::vector<arbitro::Finding> findings;
  REQUIRE(arbitro::CheckCorpus(corpus, options, &findings).ok());
  // As the fixture's comment lists them, and nothing else.
  std::multiset<std::string> seen;
  for (const arbitro::Finding& f : findings) {
    std::vector<std::string> ids;
    for (const auto& c : f.citations) ids.push_back(c.id);
    std::string key = f.code + " " + arbitro::SeverityName(f.severity);
    for (const auto& id : ids) key += " " + id;
    seen.insert(key);
  }
  CHECK(seen == std::multiset<std::string>{
                    "VARIANT-CONFLICT error prova-1.0#r9__p2 prova-1.0#r9__p3 prova-1.0#r1__p1",
                    "VARIANT-CONFLICT error prova-1.0#r9__p4 prova-1.0#r9__p5 prova-1.0#r2__p1",
                    "VARIANT-EMPTY warning",
                });
  for (const arbitro::Finding& f : findings) {
    if (f.code == "VARIANT-EMPTY") {
      CHECK(Contains(f.message, "«vuota»"));
      CHECK(Contains(f.location, "prova-1.0.xml:32:5"));
    }
    if (f.code == "VARIANT-CONFLICT" && Contains(f.message, "barriera")) {
      CHECK(Contains(f.message, "12 cm"));
      CHECK(Contains(f.message, "6 cm"));
    }
  }
  // The real corpus: every variant changes something, none contradicts another.
  const arbitro::Corpus real = arbitro::test::LoadOrFail(ARBITRO_CORPUS_DIR);
  findings.clear();
  REQUIRE(arbitro::CheckCorpus(real, options, &findings).ok());
  for (const arbitro::Finding& f : findings)
    CHECK(f.code.rfind("VARIANT-", 0) == std::string::npos);
}

TEST_CASE("resolve --variant quotes the amended figures and cites the variant", "[variants][e2e]") {
  const RealIndex& idx = Index();
  const std::vector<std::string> contrasto = {"resolve",
                                              "--game",
                                              "soccer-tactics",
                                              "--fact",
                                              "fase=contrasto",
                                              "--fact",
                                              "procedura=punteggio-contrasto",
                                              "--fact",
                                              "pedina=difensore"};
  std::vector<std::string> on = contrasto;
  on.insert(on.end(), {"--variant", "regola-avanzata"});
  auto text = idx.Run(on);
  REQUIRE(text.exit_code == 0);
  CHECK(Contains(text.out, "bonus-contrasto-difensore +2 (anziché +1)"));
  CHECK(Contains(text.out, "[soccer-tactics-completo#r12__a__p1] (variante regola-avanzata)"));
  on.push_back("--json");
  const Json j = idx.RunJson(on);
  CHECK(j["rulings"][0]["citations"][0]["variant"].string == "regola-avanzata");
  bool figures = false;
  for (const Json& c : j["variant_changes"].array) {
    if (c["target"].string != "soccer-tactics-completo#r4__d__p5") continue;
    figures = true;
    CHECK(c["kind"].string == "amends");
    CHECK(c["by"].string == "soccer-tactics-completo#r12__a__p1");
    CHECK(c["param"].string == "bonus-contrasto-difensore");
    CHECK(c["old_value"].string == "1");
    CHECK(c["new_value"].string == "2");
    CHECK(c["new_quote"].string == "+2");
  }
  CHECK(figures);
  // Without the variant: the base rule, no variant cited, nothing amended.
  std::vector<std::string> off = contrasto;
  off.push_back("--json");
  const Json base = idx.RunJson(off);
  CHECK(base["rulings"][0]["citations"][0]["variant"].IsNull());
  CHECK(base["variant_changes"].size() == 0);

  // 12B replaces the arrow's two turns (r5__p5): the shot is made with the special die.
  const std::vector<std::string> tiro = {"resolve", "--json",
                                         "--game",  "soccer-tactics",
                                         "--fact",  "fase=tiro-in-porta",
                                         "--fact",  "giri-freccia=meno-di-due"};
  const Json arrow = idx.RunJson(tiro);
  CHECK(arrow["rulings"][0]["citations"][0]["id"].string == "soccer-tactics-completo#r5__p5");
  std::vector<std::string> with_die = tiro;
  with_die.insert(with_die.end(), {"--variant", "dado-per-il-gol"});
  const Json die = idx.RunJson(with_die);
  CHECK(die["rulings"][0]["sanctions"][0]["type"].string == "tiro-con-dado");
  CHECK(die["rulings"][0]["citations"][0]["id"].string == "soccer-tactics-completo#r12__b__p1");
  for (const Json& r : die["rulings"].array) {
    for (const Json& c : r["citations"].array)
      CHECK(c["id"].string != "soccer-tactics-completo#r5__p5");
  }

  // Without --game, a description is read in the variant's game.
  const Json told = idx.RunJson({"resolve", "--json", "--variant", "regola-avanzata",
                                 "nel contrasto il difensore aggiunge quanto al dado?"});
  CHECK(told["game"].string == "soccer-tactics");
  REQUIRE(told["rulings"].size() >= 1);
  CHECK(told["rulings"][0]["citations"][0]["id"].string == "soccer-tactics-completo#r12__a__p1");

  // Two variants that exclude each other are refused, naming both.
  const auto both = idx.Run({"resolve", "--game", "calciotto", "--variant", "a-tempo", "--variant",
                             "a-numero-di-gol", "--fact", "durata-partita=60"});
  CHECK(both.exit_code == 2);
  CHECK(both.err ==
        "arbitro: le varianti 'a-tempo' e 'a-numero-di-gol' di calciotto si escludono: "
        "sceglierne una\n");
}

TEST_CASE("ask --variant ranks the variant's provision above the base one it changes, labelled",
          "[variants][e2e]") {
  const RealIndex& idx = Index();
  // 12A: without the variant a base rule (+1: the full rules' 4D or the abridged rules'
  // restatement of it, both changed by 12A) comes first; with it, 12A (+2), then that base.
  const std::string bonus = "quanto aggiunge il difensore al tiro del dado nel contrasto?";
  const Json off = idx.RunJson({"ask", "--json", "--game", "soccer-tactics", bonus});
  const std::string base = HitIds(off)[0];
  CHECK((base == "soccer-tactics-completo#r4__d__p5" || base == "soccer-tactics-abbreviato#pt4__p3"));
  CHECK(off["hits"][0]["variant"].IsNull());
  // The base rule says which variant changes it, and how.
  bool listed = false;
  for (const Json& c : off["hits"][0]["variant_changes"].array) {
    listed = listed || (c["variant"].string == "regola-avanzata" && c["new_quote"].string == "+2");
  }
  CHECK(listed);
  const Json on =
      idx.RunJson({"ask", "--json", "--variant", "regola-avanzata", bonus});  // game from variant
  CHECK(on["game"].string == "soccer-tactics");
  REQUIRE(on["hits"].size() >= 2);
  CHECK(HitIds(on)[0] == "soccer-tactics-completo#r12__a__p1");
  CHECK(HitIds(on)[1] == base);
  CHECK(on["hits"][0]["variant"].string == "regola-avanzata");
  CHECK(on["hits"][0]["variant_enabled"].boolean);
  CHECK(on["variants"][0].string == "regola-avanzata");

  // 12B: how to shoot for goal. The book says only that the special die is thrown instead
  // of spinning the arrow (r12__b__p1): with the variant that rule stands in force just
  // above the arrow procedure it changes (r5__p2), whose place the search decides (where
  // goals may be scored, r5__p1, may come first).
  const std::string shoot = "come si tira per il gol?";
  const Json die = idx.RunJson(
      {"ask", "--json", "--game", "soccer-tactics", "--variant", "dado-per-il-gol", shoot});
  REQUIRE(die["hits"].size() >= 2);
  const auto die_ids = HitIds(die);
  const auto in_force = std::find(die_ids.begin(), die_ids.end(), "soccer-tactics-completo#r12__b__p1");
  REQUIRE(in_force + 1 < die_ids.end());
  CHECK(in_force - die_ids.begin() <= 1);
  CHECK(*(in_force + 1) == "soccer-tactics-completo#r5__p2");
  const Json& rule_in_force = die["hits"][static_cast<size_t>(in_force - die_ids.begin())];
  CHECK(rule_in_force["variant"].string == "dado-per-il-gol");
  CHECK(rule_in_force["variant_enabled"].boolean);
  const auto text =
      idx.Run({"ask", "--game", "soccer-tactics", "--variant", "dado-per-il-gol", shoot});
  CHECK(Contains(text.out, "VARIANTE «Regola 12B \"Dado per il goal\"» (in uso)"));
  // Without it the option stays findable, labelled as not in play.
  const Json arrow = idx.RunJson({"ask", "--json", "--game", "soccer-tactics", shoot});
  const auto ids = HitIds(arrow);
  const auto it = std::find(ids.begin(), ids.end(), "soccer-tactics-completo#r12__b__p1");
  REQUIRE(it != ids.end());
  const Json& option = arrow["hits"][static_cast<size_t>(it - ids.begin())];
  CHECK(option["variant"].string == "dado-per-il-gol");
  CHECK(!option["variant_enabled"].boolean);

  // An unknown variant names every game's variants.
  const auto bad = idx.Run({"ask", "--variant", "boh", shoot});
  CHECK(bad.exit_code == 2);
  CHECK(Contains(bad.err, "variante sconosciuta 'boh' (varianti: calciotto: "));
  CHECK(Contains(bad.err, "soccer-tactics: dado-per-il-gol, regola-avanzata"));
}

TEST_CASE("show --variant shows the amended text and figures", "[variants][e2e]") {
  const RealIndex& idx = Index();
  const std::string id = "soccer-tactics-completo#r4__d__p5";
  const auto on = idx.Run({"show", "--variant", "regola-avanzata", id});
  REQUIRE(on.exit_code == 0);
  CHECK(Contains(on.out,
                 "Con la variante «Regola 12A \"Regola avanzata\"» questa disposizione è "
                 "modificata da:"));
  CHECK(Contains(on.out, "le pedine dei difensori aggiungono +2 al tiro del dado (anziché +1)"));
  CHECK(Contains(on.out, "→ bonus-contrasto-difensore +2 (anziché +1)"));
  const auto off = idx.Run({"show", id});
  CHECK(!Contains(off.out, "Con la variante"));
  CHECK(Contains(off.out,
                 "Varianti:\n  la variante «Regola 12A \"Regola avanzata\"» "
                 "(--variant regola-avanzata) la modifica con: "));
  const Json j = idx.RunJson({"show", "--json", "--variant", "regola-avanzata", id});
  REQUIRE(j["in_force"].size() == 1);
  CHECK(j["in_force"][0]["id"].string == "soccer-tactics-completo#r12__a__p1");
  CHECK(j["in_force"][0]["value"].string == "2");
  CHECK(j["in_force"][0]["was"].string == "1");
  // The variant's own provision is labelled as such.
  const Json own = idx.RunJson({"show", "--json", "soccer-tactics-completo#r12__b__p1"});
  CHECK(own["variant"].string == "dado-per-il-gol");
  // A variant of another game is an error that lists this game's.
  const auto bad = idx.Run({"show", "--variant", "torneo", id});
  CHECK(bad.exit_code == 2);
  CHECK(Contains(bad.err, "variante sconosciuta 'torneo' per soccer-tactics"));
}

TEST_CASE("quiz --variant says which variant a question assumes", "[variants][e2e]") {
  const RealIndex& idx = Index();
  auto cites = [](const Json& q, const std::string& id) {
    for (const Json& c : q["citations"].array) {
      if (c["id"].string == id) return true;
    }
    return false;
  };
  const std::string advanced = "soccer-tactics-completo#r12__a__p1";
  // The defender's tackle bonus is asked as a number or as a choice among numbers
  // (the quiz balances kinds); its id is "<provision>/<kind>/<parameter>".
  auto asks_bonus = [](const std::string& id, const std::string& unit) {
    return id.rfind(unit + "/", 0) == 0 && id.size() > 26 &&
           id.substr(id.size() - 26) == "/bonus-contrasto-difensore";
  };
  const std::string base_unit = "soccer-tactics-completo#r4__d__p5";
  // By default no question rests on a variant: the defender adds 1.
  const Json base =
      idx.RunJson({"quiz", "--game", "soccer-tactics", "--count", "500", "--format", "json"});
  REQUIRE(base["questions"].size() > 0);
  std::set<std::string> ids;
  int plus_one = 0, plus_two = 0;
  for (const Json& q : base["questions"].array) {
    ids.insert(q["id"].string);
    CHECK(q["variants"].size() == 0);
    CHECK(!cites(q, advanced));
    CHECK(!cites(q, "soccer-tactics-completo#r12__b__p1"));
    plus_one += asks_bonus(q["id"].string, base_unit);
    plus_two += asks_bonus(q["id"].string, advanced);
  }
  CHECK(plus_one == 1);
  CHECK(plus_two == 0);
  // With 12A the question is asked under the variant, says so, and the answer is 2; the
  // base figures it amends (full and abridged rules) are not asked.
  const Json on =
      idx.RunJson({"quiz", "--variant", "regola-avanzata", "--count", "500", "--format", "json"});
  CHECK(on["games"].size() == 1);  // the variant's game
  CHECK(on["variants"][0].string == "regola-avanzata");
  ids.clear();
  plus_one = plus_two = 0;
  for (const Json& q : on["questions"].array) {
    ids.insert(q["id"].string);
    const bool assumes = q["variants"].size() == 1 && q["variants"][0].string == "regola-avanzata";
    CHECK(assumes == cites(q, advanced));
    if (!assumes) continue;
    CHECK(q["stem"].string.rfind("Si gioca con la variante «Regola 12A \"Regola avanzata\"». ",
                                 0) == 0);
    plus_one += asks_bonus(q["id"].string, base_unit);
    if (asks_bonus(q["id"].string, advanced)) {
      ++plus_two;
      // The keyed answer is 2: as a number, as the right choice, or a true/false
      // statement that is true exactly when it says 2.
      bool two = q["kind"].string == "numeric" && q["value"].number == 2;
      for (const Json& a : q["answers"].array) two = two || (a["correct"].boolean && a["text"].string == "2");
      if (q["kind"].string == "tf") two = q["truth"].boolean == (q["value"].number == 2);
      CHECK(two);
    }
  }
  CHECK(plus_two == 1);
  CHECK(plus_one == 0);
  CHECK(ids.count("soccer-tactics-abbreviato#pt4__p3/numeric/bonus-contrasto-difensore") == 0);
}

TEST_CASE("games and facts list each game's variants", "[variants][e2e]") {
  const RealIndex& idx = Index();
  const Json games = idx.RunJson({"games", "--json"});
  std::map<std::string, const Json*> variants;
  for (const Json& d : games.array) {
    for (const Json& v : d["variants"].array) variants[v["id"].string] = &v;
  }
  CHECK(variants.size() == 7);
  REQUIRE(variants.count("a-tempo"));
  CHECK((*variants["a-tempo"])["excludes"][0].string == "a-numero-di-gol");
  REQUIRE(variants.count("regola-avanzata"));
  const Json& changes = (*variants["regola-avanzata"])["changes"];
  REQUIRE(changes.size() == 2);
  CHECK(changes[0]["target"].string == "soccer-tactics-completo#r4__d__p5");
  CHECK(changes[1]["target"].string == "soccer-tactics-abbreviato#pt4__p3");
  const auto text = idx.Run({"games"});
  CHECK(Contains(text.out,
                 "\t\tmodifica soccer-tactics-completo#r4__d__p5/c1 con "
                 "soccer-tactics-completo#r12__a__p1/c1 (bonus-contrasto-difensore +2 "
                 "(anziché +1))\n"));
  CHECK(Contains(text.out, "\t\tnon si gioca con: a-numero-di-gol\n"));

  const auto facts = idx.Run({"facts", "calciotto"});
  REQUIRE(facts.exit_code == 0);
  CHECK(facts.out.rfind("Varianti di calciotto (resolve/ask/show/quiz --variant NOME):\n"
                        "  a-tempo: Partita \"a tempo\"",
                        0) == 0);
  CHECK(Contains(facts.out,
                 "dadi-usati (dadi usati per i punti spostamento) [solo con --variant "
                 "piu-giocatori]\n"));
  const Json json = idx.RunJson({"facts", "--json", "calciotto"});
  std::map<std::string, std::vector<std::string>> only;
  for (const Json& f : json.array) {
    for (const Json& v : f["variants"].array) only[f["name"].string].push_back(v.string);
  }
  CHECK(only["dadi-usati"] == std::vector<std::string>{"piu-giocatori"});
  CHECK(only["esito-partita"] == std::vector<std::string>{"torneo"});
  CHECK(only.count("fase") == 0);  // the base rules test it
}
