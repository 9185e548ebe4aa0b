// Quiz generation (GenerateQuiz): hand-derived expectations on the mini corpus,
// re-verification of every question on the real corpus, what a trainee reads, and
// the phrasing checks. The exporters are tested in quiz_formats_test.cc.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "json_value.h"
#include "quiz_test_util.h"
#include "test_util.h"

using namespace arbitro;
using namespace arbitro::quiz_test;
using arbitro::test::Json;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;

namespace {

const std::string kMini = MiniDir();
const std::string kMiniEnv = MiniEnv();

// The decision a question states is resolve's, sanction by sanction: the same type and
// place, and the same side, or a named side where resolve says "the opponent of the
// offender" / "the offender" (the quiz names it from the scene).
bool SameDecision(const std::vector<SanctionInfo>& stated, const std::vector<SanctionInfo>& raw) {
  static const std::set<std::string> kSides = {"attaccante", "difensore", "squadra-in-attacco",
                                               "squadra-in-difesa"};
  if (stated.size() != raw.size()) return false;
  for (size_t i = 0; i < raw.size(); ++i) {
    const SanctionInfo &s = stated[i], &r = raw[i];
    if (s.type != r.type || s.place != r.place || s.choice != r.choice) return false;
    const bool relative = r.beneficiary == "avversario" || r.beneficiary == "colpevole";
    if (s.beneficiary != r.beneficiary && !(relative && kSides.count(s.beneficiary))) return false;
  }
  return true;
}

}  // namespace

// ---------------------------------------------------------------- mini corpus, by hand

TEST_CASE("quiz on the mini corpus: situations, numbers, statements and cloze derived by hand",
          "[quiz]") {
  TempDir dir;
  Build(kMini, dir.path());
  auto engine = Open(dir.path());
  QuizOptions options;
  options.count = 50;
  QuizResult r;
  REQUIRE(GenerateQuiz(*engine, options, &r).ok());
  // Four sources: the offside situation, the two goalkeeper situations, the half length.
  CHECK(r.available == 4);
  CHECK(r.questions.size() == 4);
  CHECK(r.requested == 50);
  CHECK(r.games == std::vector<std::string>{"mini"});

  // Every kind of every source, one at a time.
  auto only = [&](const std::string& kind) {
    QuizOptions o;
    o.count = 50;
    o.kinds = {kind};
    QuizResult out;
    REQUIRE(GenerateQuiz(*engine, o, &out).ok());
    return out;
  };
  // Offside (r1) has no second sanction in the game: only one wrong option, so no
  // situation question; the goalkeeper's two cases have one each.
  QuizResult sit = only("situation");
  REQUIRE(sit.questions.size() == 2);
  const Question* first = Find(sit, "mini-1.0#r2__p1/c1/situation");
  REQUIRE(first);
  CHECK(first->stem ==
        "In una partita di Mini, il portiere para la palla fuori dall'area di porta, per la prima "
        "volta. Cosa decide l'arbitro?");
  CHECK(first->name ==
        "Mini · Regola 2 PORTIERE · situazione: Il portiere para la palla fuori "
        "dall'area di porta, per la prima volta");
  CHECK(first->game_title == "Mini");
  CHECK(first->category == std::vector<std::string>{"Mini 1.0", "Regola 2 PORTIERE"});
  CHECK(first->rule_id == "mini-1.0#r2");
  CHECK(first->difficulty == "easy");  // a first offence; the repeated one is harder
  std::map<std::string, bool> answers;
  for (const auto& a : first->answers) answers[a.text] = a.correct;
  CHECK(answers == std::map<std::string, bool>{{"Back per l'attaccante", true},
                                               {"Calcio di rigore per l'attaccante", false},
                                               {"Back per il difensore", false}});
  REQUIRE(first->citations.size() == 1);
  CHECK(first->citations[0].id == "mini-1.0#r2__p1");
  CHECK(first->citations[0].text.rfind("Il portiere può parare la palla solo nell'area di porta.",
                                       0) == 0);
  const Question* second = Find(sit, "mini-1.0#r2__p1/c2/situation");
  REQUIRE(second);
  CHECK(second->facts == std::vector<std::pair<std::string, std::string>>{
                             {"infrazione", "parata-fuori-area"}, {"occorrenza", "2"}});
  for (const auto& a : second->answers) {
    if (a.correct) CHECK(a.text == "Calcio di rigore per l'attaccante");
  }

  QuizResult num = only("numeric");
  REQUIRE(num.questions.size() == 1);
  const Question& n = num.questions[0];
  CHECK(n.id == "mini-1.0#r2__p2/numeric/durata-tempo");
  CHECK(n.value == 15);
  CHECK(n.unit == "min");
  CHECK(n.tolerance == 0);
  CHECK(n.stem ==
        "Secondo il regolamento di Mini, quanto dura ciascun tempo di gioco? Rispondi in minuti.");

  QuizResult cloze = only("cloze");
  const Question* c = Find(cloze, "mini-1.0#r1__definizione__p1/c1/cloze");
  REQUIRE(c);
  CHECK(c->stem ==
        "In una partita di Mini, una miniatura dell'attaccante è in fuorigioco. Completa la "
        "decisione dell'arbitro: ______ per il difensore.");
  CHECK(c->accepted ==
        std::vector<std::string>{"calcio di punizione indiretto", "punizione indiretta"});

  // Statements: one per source in a quiz; ask for all of them through the ids.
  QuizResult tf = only("tf");
  CHECK(tf.questions.size() == 4);
  for (const auto& q : tf.questions) {
    if (q.id == "mini-1.0#r1__definizione__p1/c1/tf-vero") {
      CHECK(q.truth);
      CHECK(PairsOf(q.stated) == Pairs{{"punizione-indiretta", "difensore"}});
    }
    if (q.id == "mini-1.0#r1__definizione__p1/c1/tf-beneficiario") {
      CHECK_FALSE(q.truth);
      CHECK(PairsOf(q.stated) == Pairs{{"punizione-indiretta", "attaccante"}});
      CHECK(q.stem ==
            "In una partita di Mini, una miniatura dell'attaccante è in fuorigioco. L'arbitro "
            "decide: calcio di punizione indiretto per l'attaccante, nel punto in cui si trova la "
            "miniatura in fuorigioco.");
    }
  }
}

TEST_CASE(
    "quiz selection: deterministic, stable ids, one question per source, topics and thin rules",
    "[quiz]") {
  TempDir dir;
  Build(kMini, dir.path());
  auto engine = Open(dir.path());
  QuizOptions options;
  options.count = 3;
  options.seed = 42;
  QuizResult a, b, c;
  REQUIRE(GenerateQuiz(*engine, options, &a).ok());
  REQUIRE(GenerateQuiz(*engine, options, &b).ok());
  CHECK(ExportJson(a, 42) == ExportJson(b, 42));
  CHECK(a.questions.size() == 3);
  options.seed = 7;
  options.count = 4;
  REQUIRE(GenerateQuiz(*engine, options, &c).ok());
  for (const auto& q : a.questions) {
    const Question* same = Find(c, q.id);
    if (!same) continue;
    CHECK(same->stem == q.stem);
    CHECK(same->answers.size() == q.answers.size());
  }
  std::set<std::string> ids;
  for (const auto& q : c.questions) CHECK(ids.insert(q.id).second);

  // A rule as topic: only its questions; with numbers only, Regola 1 has nothing.
  QuizOptions topic;
  topic.topics = {"r1", "mini-1.0#r2"};
  topic.kinds = {"numeric"};
  QuizResult t;
  REQUIRE(GenerateQuiz(*engine, topic, &t).ok());
  REQUIRE(t.questions.size() == 1);
  CHECK(t.questions[0].rule_id == "mini-1.0#r2");
  CHECK(t.thin_rules == std::vector<std::string>{"Mini 1.0 › Regola 1 FUORIGIOCO"});
  REQUIRE(t.per_rule.size() == 1);
  CHECK(t.per_rule[0].per_kind == std::map<std::string, int>{{"numeric", 1}});
  // A word as topic.
  topic.topics = {"portiere"};
  topic.kinds = {};
  REQUIRE(GenerateQuiz(*engine, topic, &t).ok());
  for (const auto& q : t.questions) CHECK(q.rule_id == "mini-1.0#r2");
}

TEST_CASE("quiz rejects bad options with a clear message", "[quiz]") {
  TempDir dir;
  Build(kMini, dir.path());
  auto engine = Open(dir.path());
  QuizResult r;
  QuizOptions o;
  o.games = {"scacchi"};
  Status s = GenerateQuiz(*engine, o, &r);
  CHECK(s.code() == Status::Code::kInvalidArgument);
  CHECK(s.message().find("gioco sconosciuto 'scacchi'") != std::string::npos);
  o = QuizOptions();
  o.topics = {"mini-1.0#r9"};
  CHECK(GenerateQuiz(*engine, o, &r).code() == Status::Code::kNotFound);
  o.topics = {"scacchiera"};
  s = GenerateQuiz(*engine, o, &r);
  CHECK(s.code() == Status::Code::kInvalidArgument);
  CHECK(s.message().find("argomento sconosciuto 'scacchiera'") != std::string::npos);
  o = QuizOptions();
  o.kinds = {"essay"};
  CHECK(GenerateQuiz(*engine, o, &r).code() == Status::Code::kInvalidArgument);
  o = QuizOptions();
  o.difficulty = "impossibile";
  CHECK(GenerateQuiz(*engine, o, &r).code() == Status::Code::kInvalidArgument);
  o = QuizOptions();
  o.count = 0;
  CHECK(GenerateQuiz(*engine, o, &r).code() == Status::Code::kInvalidArgument);
  o = QuizOptions();
  o.topics = {"r1"};
  o.kinds = {"numeric"};
  s = GenerateQuiz(*engine, o, &r);
  CHECK(s.code() == Status::Code::kInvalidArgument);
  CHECK(s.message().rfind("nessuna domanda generabile", 0) == 0);
}

// ---------------------------------------------------------------- the real corpus

TEST_CASE("every question of a large quiz of every game verifies against resolve and the index",
          "[corpus][quiz]") {
  const std::string& index_dir = RealIndexDir();
  auto engine = Open(index_dir);
  std::string gen;
  REQUIRE(OpenCurrentGeneration(index_dir, &gen).ok());
  Database db;
  REQUIRE(Database::Open(SqlitePath(gen), true, &db).ok());
  Statement params, forms;
  REQUIRE(db.Prepare("SELECT p.value FROM params p JOIN units u ON u.id = p.unit_id JOIN documents "
                     "d ON d.id = "
                     "u.document_id WHERE d.game = ? AND p.name = ?",
                     &params)
              .ok());
  REQUIRE(
      db.Prepare("SELECT label, forms FROM sanction_types WHERE id = ? AND (game = ? OR game = '')",
                 &forms)
          .ok());
  auto values_of = [&](const std::string& game, const std::string& name) {
    std::set<double> out;
    params.Bind(1, game).Bind(2, name);
    while (params.Step()) out.insert(params.Real(0));
    params.Reset();
    return out;
  };
  auto forms_of = [&](const std::string& game, const std::string& type) {
    std::set<std::string> out;
    forms.Bind(1, type).Bind(2, game);
    while (forms.Step()) {
      std::string all = forms.Text(0) + "|" + forms.Text(1);
      size_t i = 0;
      while (i <= all.size()) {
        size_t j = all.find('|', i);
        if (j == std::string::npos) j = all.size();
        if (j > i) out.insert(StripAccents(FoldCase(all.substr(i, j - i))));
        i = j + 1;
      }
    }
    forms.Reset();
    return out;
  };

  for (const std::string& game : engine->GameNames()) {
    INFO("game " << game);
    QuizOptions options;
    options.games = {game};
    options.count = 10000;
    QuizResult r;
    REQUIRE(GenerateQuiz(*engine, options, &r).ok());
    CHECK(r.questions.size() >= 50);
    std::map<std::string, int> kinds;
    std::set<std::string> ids, stems;
    for (const Question& q : r.questions) {
      INFO(q.id << ": " << q.stem);
      ++kinds[q.kind];
      CHECK(ids.insert(q.id).second);
      CHECK(stems.insert(q.kind + "|" + q.stem).second);
      CHECK(q.game == game);
      CHECK(q.category.size() == 2);
      CHECK(std::set<std::string>{"easy", "medium", "hard"}.count(q.difficulty) == 1);
      REQUIRE_FALSE(q.citations.empty());
      for (const auto& cit : q.citations) {
        ProvisionInfo info;
        REQUIRE(engine->Show(cit.id, &info).ok());
        CHECK(info.text == cit.text);
        CHECK(info.citation == cit.citation);
      }
      ResolveResult rr;
      Pairs all;
      if (!q.facts.empty()) {
        ResolveOptions ro;
        ro.game = game;
        ro.facts = q.facts;
        REQUIRE(engine->Resolve("", ro, &rr).ok());
        REQUIRE_FALSE(rr.rulings.empty());
        for (const auto& ruling : rr.rulings) {
          for (const auto& p : PairsOf(ruling.sanctions)) all.insert(p);
        }
      }
      if (q.kind == "situation") {
        REQUIRE(q.answers.size() >= 3);
        int correct = 0;
        for (const auto& a : q.answers) {
          INFO("answer " << a.text);
          REQUIRE_FALSE(a.sanctions.empty());
          if (a.correct) {
            ++correct;
            CHECK(SameDecision(a.sanctions, rr.rulings[0].sanctions));
          } else {
            CHECK(Disjoint(PairsOf(a.sanctions), all));
          }
        }
        CHECK(correct == 1);
      } else if (q.kind == "tf" && q.basis == "ruling") {
        if (q.truth) {
          CHECK(SameDecision(q.stated, rr.rulings[0].sanctions));
        } else {
          CHECK(Disjoint(PairsOf(q.stated), all));
        }
      } else if (q.kind == "tf") {
        REQUIRE(q.basis == "param");
        CHECK(values_of(game, q.param).count(q.value) == (q.truth ? 1u : 0u));
      } else if (q.kind == "numeric") {
        CHECK(values_of(game, q.param).count(q.value) == 1);
        CHECK(q.tolerance == 0);
      } else if (q.kind == "mc") {
        int correct = 0;
        for (const auto& a : q.answers) correct += a.correct;
        CHECK(correct == 1);
        CHECK(q.answers.size() >= 3);
        if (!q.param.empty()) {
          const auto values = values_of(game, q.param);
          for (const auto& a : q.answers) {
            std::string number = a.text;  // Italian decimal comma
            std::replace(number.begin(), number.end(), ',', '.');
            const double v = std::strtod(number.c_str(), nullptr);
            CHECK(values.count(v) == (a.correct ? 1u : 0u));
          }
        }
      } else if (q.kind == "cloze") {
        REQUIRE_FALSE(q.accepted.empty());
        if (!q.facts.empty()) {
          REQUIRE(rr.rulings[0].sanctions.size() == 1);
          const auto ok = forms_of(game, rr.rulings[0].sanctions[0].type);
          for (const auto& a : q.accepted) CHECK(ok.count(StripAccents(a)) == 1);
        }
      }
    }
    CHECK(kinds["situation"] >= 5);
    CHECK(kinds["tf"] >= 5);
    CHECK(kinds["numeric"] >= 1);
  }
}

TEST_CASE("quizzes are byte-identical across runs and index rebuilds, and spread over the rules",
          "[corpus][quiz]") {
  auto engine = Open(RealIndexDir());
  TempDir again;
  Build(ARBITRO_CORPUS_DIR, again.path());
  auto rebuilt = Open(again.path());
  QuizOptions options;
  options.count = 40;
  options.seed = 2024;
  QuizResult a, b;
  REQUIRE(GenerateQuiz(*engine, options, &a).ok());
  REQUIRE(GenerateQuiz(*rebuilt, options, &b).ok());
  CHECK(ExportJson(a, 2024) == ExportJson(b, 2024));
  REQUIRE(a.questions.size() == 40);
  // 40 questions over all games: no rule holds more than a handful.
  std::map<std::string, int> per_rule;
  for (const auto& q : a.questions) ++per_rule[q.rule_id];
  CHECK(per_rule.size() >= 30);
  // Another seed draws other questions, but a shared id means the same question.
  options.seed = 99;
  QuizResult c;
  REQUIRE(GenerateQuiz(*engine, options, &c).ok());
  CHECK(ExportJson(a, 2024) != ExportJson(c, 99));
  for (const auto& q : c.questions) {
    if (const Question* same = Find(a, q.id)) CHECK(same->stem == q.stem);
  }
}

// ---------------------------------------------------------------- what a trainee reads

TEST_CASE("no vocabulary id, parameter name or label quote reaches a trainee", "[corpus][quiz]") {
  const std::string& index_dir = RealIndexDir();
  auto engine = Open(index_dir);
  std::string gen;
  REQUIRE(OpenCurrentGeneration(index_dir, &gen).ok());
  Database db;
  REQUIRE(Database::Open(SqlitePath(gen), true, &db).ok());
  // Internal names: hyphenated ids of facts, values and parameters (a one-word id such
  // as "fuorigioco" is also the rulebook's word), and the vocabulary's labels.
  std::set<std::string> ids, labels;
  Statement st;
  REQUIRE(db.Prepare("SELECT name FROM facts UNION SELECT value FROM fact_values UNION "
                     "SELECT name FROM params",
                     &st)
              .ok());
  // ... unless the rulebooks print the word so ("automatic-flick"), which the encoders'
  // scenes then rightly use.
  std::string printed;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(ARBITRO_CORPUS_DIR)) {
    if (entry.path().extension() != ".txt" || entry.path().parent_path().filename() != "source")
      continue;
    std::ifstream in(entry.path());
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    printed += text;
  }
  while (st.Step()) {
    const std::string id = st.Text(0);
    if (id.find('-') != std::string::npos && printed.find(id) == std::string::npos) ids.insert(id);
  }
  Statement lb;
  REQUIRE(db.Prepare("SELECT label FROM fact_values UNION SELECT label FROM facts WHERE label != "
                     "'' UNION SELECT label FROM params WHERE label != ''",
                     &lb)
              .ok());
  while (lb.Step()) labels.insert(lb.Text(0));
  auto has_id = [&](const std::string& text) -> std::string {
    for (const auto& id : ids) {
      for (size_t at = text.find(id); at != std::string::npos; at = text.find(id, at + 1)) {
        auto word = [&](size_t i) {
          const unsigned char c = static_cast<unsigned char>(text[i]);
          return std::isalnum(c) || c == '-' || c >= 0x80;
        };
        const bool starts = at == 0 || !word(at - 1);
        const bool ends = at + id.size() >= text.size() || !word(at + id.size());
        if (starts && ends) return id;
      }
    }
    return "";
  };
  size_t scanned = 0;
  for (const std::string& game : engine->GameNames()) {
    QuizOptions options;
    options.games = {game};
    options.count = 10000;
    QuizResult r;
    REQUIRE(GenerateQuiz(*engine, options, &r).ok());
    CHECK(r.questions.size() >= 50);
    std::set<std::string> kinds;
    for (const Question& q : r.questions) {
      kinds.insert(q.kind);
      std::vector<std::string> texts = {q.stem, q.feedback};
      for (const auto& a : q.answers) {
        texts.push_back(a.text);
        texts.push_back(a.feedback);
      }
      for (const auto& a : q.accepted) texts.push_back(a);
      for (const auto& t : texts) {
        INFO(q.id << ": " << t);
        ++scanned;
        CHECK(has_id(t).empty());
        for (const auto& label : labels) CHECK(t.find("«" + label + "»") == std::string::npos);
      }
      INFO(q.id << ": " << q.stem);
      CHECK(q.stem.find("«") == std::string::npos);
      for (const auto& a : q.answers) CHECK(a.text.find("«") == std::string::npos);
      CHECK(q.stem.find(" (nel testo:") == std::string::npos);
      CHECK(!q.name.empty());
      CHECK(!q.game_title.empty());
    }
    CHECK(kinds.size() == 5);
  }
  CHECK(scanned > 2500);
}

TEST_CASE("what the second trainer review found stays fixed", "[corpus][quiz][review]") {
  const QuizResult& r = FullRealQuiz();
  auto lower = [](std::string t) {
    for (auto& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t;
  };
  auto key = [](const Question& q) {
    for (const auto& a : q.answers) {
      if (a.correct) return a.text;
    }
    return std::string();
  };
  // Steps of procedure are no decision: never a scene, a wrong answer or the decision a
  // feedback explains with.
  const std::vector<std::string> procedure = {
      "il difensore può eseguire il marcamento difensivo",
      "si deve stabilire che cosa muovere per primo",
      "si devono posizionare le pedine",
      "si devono contare le caselle",
      "si colloca la palla per la battuta",
      "lancia i due dadi per i punti spostamento",
  };
  for (const Question& q : r.questions) {
    std::vector<std::string> texts = {q.stem, q.feedback};
    for (const auto& a : q.answers) texts.push_back(a.text);
    for (const auto& t : texts) {
      INFO(q.id << ": " << t);
      for (const auto& p : procedure) CHECK(lower(t).find(p) == std::string::npos);
      // The Markdown key's citations close their brackets once.
      CHECK(t.find("))") == std::string::npos);
    }
  }
  // A choice: every alternative whole, "oppure" between each two, a place without the
  // list's comma (round 2: "ripetizione oppure mischia, a centrocampo oppure touche, …").
  const Question* kickoff = Find(r, "subbuteo-rugby-4.0#cap3__s3.2__a/c3/situation");
  REQUIRE(kickoff);
  CHECK(key(*kickoff) ==
        "A scelta del difensore: ripetizione oppure mischia a centrocampo oppure touche nel "
        "punto sulla linea laterale perpendicolare al punto in cui il calcio è stato eseguito");
  const Question* restart = Find(r, "subbuteo-rugby-4.0#cap3__s3.2__a/c2/situation");
  REQUIRE(restart);  // the place the decision already says is not said twice
  CHECK(key(*restart) ==
        "A scelta del difensore: ripetizione oppure mischia a centrocampo oppure calcio di "
        "ripresa dalla linea dei 22 metri");
  // The scene states the fact that decides between a free kick and a penalty (round 2,
  // 52: the card played with no place given).
  const Question* card = Find(r, "calciotto#punizione__p1/c1/situation");
  REQUIRE(card);
  // Told since in the encoders' words (scenes.xml), the place still in the scene.
  CHECK(card->stem.find("a centrocampo") != std::string::npos);
  CHECK(card->stem.find("carta PUNIZIONE") != std::string::npos);
  for (const auto& a : card->answers) {
    if (a.text == "Calcio di rigore per chi ha il pallone, dal dischetto di rigore")
      CHECK(!a.correct);
  }
  // A hands offence told with where the ball is (round 2, 55; round 5, 37): in an area, or
  // at midfield, far from every area.
  for (const Question& q : r.questions) {
    if (q.id.rfind("subbuteo-2.0#app__t1__r10/", 0) != 0 || q.kind != "tf") continue;
    INFO(q.id << ": " << q.stem);
    CHECK(q.stem.find("con la palla ") != std::string::npos);
    CHECK((q.stem.find("area di rigore") != std::string::npos ||
           q.stem.find("area di tiro") != std::string::npos ||
           q.stem.find("a centrocampo") != std::string::npos));
  }
  // Numeric stems from the rulebook's question, qualifier kept (round 2, 25 and 57).
  for (const Question& q : r.questions) {
    if (q.kind == "tf") continue;  // a statement, not the question
    if (q.id.find("/tocchi-portierino") != std::string::npos)
      CHECK(q.stem.find("Secondo il regolamento di Subbuteo, quanti tocchi della palla possono "
                        "essere concessi al portiere di riserva (portierino)?") == 0);
    if (q.id.find("/colpi-per-tiro") != std::string::npos)
      CHECK(q.stem.find("Secondo il regolamento di Subbuteo, nella serie dei tiri piazzati, "
                        "quanti colpi a punta di dito sono consentiti all'attaccante per "
                        "eseguire il tiro?") == 0);
  }
  // A decision that points back into its own scene is never stated for another one.
  const Question* draw = Find(r, "calciotto#scopo__p1/c1/tf-confronto-gol");
  CHECK(draw == nullptr);
  for (const Question& q : r.questions) {
    // A heading over a list is no cloze (round 2, 48), nor an outcome such as "nessuna
    // infrazione" that "il gioco prosegue" would answer as well.
    if (q.kind == "cloze")
      for (const auto& a : q.accepted)
        CHECK((a != "fasi del gioco" && a != "nessuna infrazione" && a != "consentito"));
  }
}

namespace {

// The mini corpus with the goalkeeper's repeated offence ruled as a choice.
const std::string kTwoRestarts =
    "          <choice by=\"attaccante\">\n"
    "            <sanction type=\"calcio-di-rigore\" beneficiary=\"attaccante\"/>\n"
    "            <sanction type=\"punizione-indiretta\" beneficiary=\"attaccante\" "
    "place=\"dal limite dell'area\"/>\n"
    "          </choice>\n";

struct ChoiceCorpus {
  TempDir tmp, idx;
  std::string dir = tmp / "corpus";
  // `told`: what the provision's text adds, so that the places of the choice are the
  // book's (the quiz asks no place the rules do not state).
  explicit ChoiceCorpus(const std::string& choice = kTwoRestarts,
                        const std::string& told =
                            " Oppure punizione indiretta dal limite "
                            "dell'area.") {
    arbitro::test::CopyTree(kMini, dir);
    const std::string path = dir + "/mini/mini-1.0.xml";
    std::string xml = arbitro::test::ReadFile(path);
    const std::string from =
        "          <sanction type=\"calcio-di-rigore\" beneficiary=\"attaccante\"/>\n";
    const size_t at = xml.find(from);
    REQUIRE(at != std::string::npos);
    xml.replace(at, from.size(), choice);
    const std::string text = "(vedi Regola 1).</p>";
    const size_t p = xml.find(text);
    REQUIRE(p != std::string::npos);
    xml.insert(p + text.size() - 4, told);
    arbitro::test::WriteFile(path, xml);
    Build(dir, idx.path());
  }
};

}  // namespace

TEST_CASE("a choice between restarts is asked as the whole choice", "[quiz]") {
  ChoiceCorpus corpus;
  auto engine = Open(corpus.idx.path());
  QuizOptions options;
  options.count = 100;
  size_t seen = 0;
  for (const std::string kind : {"situation", "tf", "cloze"}) {
    options.kinds = {kind};
    QuizResult r;
    Status s = GenerateQuiz(*engine, options, &r);
    if (!s.ok()) continue;
    for (const Question& q : r.questions) {
      if (q.id.rfind("mini-1.0#r2__p1/c2/", 0) != 0) continue;
      ++seen;
      INFO(q.id << ": " << q.stem);
      CHECK(q.kind != "cloze");  // never one alternative as the word to fill in
      for (const auto& a : q.answers) {
        if (!a.correct) {
          for (const auto& x : a.sanctions) CHECK(x.choice.empty());
          continue;
        }
        CHECK(a.text ==
              "A scelta dell'attaccante: calcio di rigore oppure calcio di punizione indiretto "
              "dal limite dell'area");
        REQUIRE(a.sanctions.size() == 2);
        CHECK(a.sanctions[0].choice == a.sanctions[1].choice);
      }
      if (q.kind == "tf" && q.truth) {
        CHECK(q.stated.size() == 2);
        CHECK(
            q.stem.find("a scelta dell'attaccante, calcio di rigore oppure calcio di punizione") !=
            std::string::npos);
      }
    }
  }
  CHECK(seen >= 1);
}

TEST_CASE("a choice of three is said as whole alternatives, one oppure between each two",
          "[quiz]") {
  // Round 2 of the review read "ripetizione oppure mischia, a centrocampo oppure touche, nel
  // punto …" as a garbled merge: each alternative must stand whole, its place without the
  // list's comma, a place that is a sentence of its own in brackets.
  ChoiceCorpus corpus(
      "          <choice by=\"attaccante\">\n"
      "            <sanction type=\"ripetizione\" beneficiary=\"attaccante\"/>\n"
      "            <sanction type=\"back-al-volo\" beneficiary=\"attaccante\" "
      "place=\"la battuta è ripetuta; il difensore perde la mossa difensiva\"/>\n"
      "            <sanction type=\"punizione-indiretta\" beneficiary=\"attaccante\" "
      "place=\"dal limite dell'area\"/>\n"
      "          </choice>\n",
      " Oppure ripetizione, oppure back al volo: la battuta è ripetuta; il difensore perde la "
      "mossa difensiva; oppure punizione indiretta dal limite dell'area.");
  auto engine = Open(corpus.idx.path());
  QuizOptions options;
  options.count = 100;
  options.kinds = {"tf"};
  QuizResult r;
  REQUIRE(GenerateQuiz(*engine, options, &r).ok());
  size_t seen = 0;
  for (const Question& q : r.questions) {
    if (q.id.rfind("mini-1.0#r2__p1/c2/", 0) != 0 || !q.truth) continue;
    ++seen;
    CHECK(q.stem ==
          "In una partita di Mini, il portiere para la palla fuori dall'area di "
          "porta, per la seconda volta. L'arbitro decide: a scelta dell'attaccante, ripetizione "
          "oppure back al volo (la battuta è ripetuta; il difensore perde la mossa difensiva) "
          "oppure calcio di punizione indiretto dal limite dell'area.");
  }
  CHECK(seen == 1);
}

TEST_CASE("phrasing.xml: schema errors at their place, missing words warned by lint-corpus",
          "[e2e]") {
  TempDir tmp, idx;
  const std::string dir = tmp / "corpus";
  arbitro::test::CopyTree(kMini, dir);
  const std::string path = dir + "/mini/phrasing.xml";
  const std::string original = arbitro::test::ReadFile(path);
  const std::string env = arbitro::test::CorpusEnv(dir);
  // An unknown placeholder and a question without "?" are errors.
  std::string bad = original;
  bad.replace(bad.find("{n}ª volta"), 3, "{x}");
  arbitro::test::WriteFile(path, bad);
  auto r = RunArbitro({"--index", idx.path(), "index"}, env);
  CHECK(r.exit_code == 4);
  CHECK(r.err.find("phrasing.xml:") != std::string::npos);
  CHECK(r.err.find("error: unknown placeholder {x}") != std::string::npos);
  // A value without a phrase: the corpus loads, lint-corpus warns, the quiz skips it.
  std::string missing = original;
  const size_t at = missing.find("    <value id=\"parata-fuori-area\">");
  REQUIRE(at != std::string::npos);
  missing.erase(at, missing.find('\n', at) + 1 - at);
  arbitro::test::WriteFile(path, missing);
  r = RunArbitro({"--index", idx.path(), "lint-corpus"}, env);
  CHECK(r.out.find("warning: value 'parata-fuori-area' of fact 'infrazione' has no phrase in") !=
        std::string::npos);
  r = RunArbitro({"--index", idx.path(), "index"}, env);
  REQUIRE(r.exit_code == 0);
  r = RunArbitro({"--index", idx.path(), "quiz", "--format", "json", "--count", "50"}, env);
  REQUIRE(r.exit_code == 0);
  const Json quiz = Json::Parse(r.out);
  CHECK(quiz["questions"].size() >= 2);
  for (const auto& q : quiz["questions"].array) {
    CHECK(q["id"].string.rfind("mini-1.0#r2__p1/", 0) != 0);
  }
  // No phrasing.xml at all: one warning for the game.
  std::filesystem::remove(path);
  r = RunArbitro({"--index", idx.path(), "lint-corpus"}, env);
  CHECK(r.out.find("warning: game 'mini' has no phrasing.xml") != std::string::npos);
}
