// Quiz generation (GenerateQuiz) and its exporters: hand-derived expectations on the
// mini corpus, re-verification of every question on the real corpus, and parsers
// of the exported formats (pugixml for Moodle XML, a small GIFT parser).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <pugixml.hpp>
#include <set>
#include <sstream>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "arbitro/schema.h"
#include "json_value.h"
#include "quiz_formats.h"
#include "test_util.h"

using namespace arbitro;
using arbitro::test::Json;
using arbitro::test::RunArbitro;
using arbitro::test::TempDir;

namespace {

const std::string kMini = arbitro::test::MiniCorpusDir();
const std::string kMiniEnv = arbitro::test::CorpusEnv(kMini);

void Build(const std::string& corpus_dir, const std::string& index_dir) {
  arbitro::test::IndexOrFail(corpus_dir, index_dir);
}

std::unique_ptr<Engine> Open(const std::string& index_dir) {
  std::unique_ptr<Engine> engine;
  REQUIRE(Engine::Open(index_dir, &engine).ok());
  return engine;
}

// The real corpus, indexed once for every [corpus] test of this file.
struct RealIndex {
  TempDir dir;
  std::string path = dir.path();
  RealIndex() { Build(ARBITRO_CORPUS_DIR, path); }
};
const std::string& RealIndexDir() {
  static RealIndex index;
  return index.path;
}

using Pairs = std::set<std::pair<std::string, std::string>>;
Pairs PairsOf(const std::vector<SanctionInfo>& s) {
  Pairs out;
  for (const auto& x : s) out.emplace(x.type, x.beneficiary);
  return out;
}
bool Disjoint(const Pairs& a, const Pairs& b) {
  for (const auto& p : a) {
    if (b.count(p)) return false;
  }
  return true;
}

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

const Question* Find(const QuizResult& r, const std::string& id) {
  for (const auto& q : r.questions) {
    if (q.id == id) return &q;
  }
  return nullptr;
}

std::string ExportJson(const QuizResult& r, unsigned long long seed) {
  std::ostringstream out;
  cli::WriteQuizJson(out, cli::QuizExport{&r, seed});
  return out.str();
}

// ---------------------------------------------------------------- a small GIFT parser

struct GiftAnswer {
  char mark = 0;  // '=' or '~'
  std::string text, feedback;
};
struct GiftQuestion {
  std::string category, title, text, type, general, tf;
  std::vector<GiftAnswer> answers;
};

// Splits `s` at unescaped occurrences of `sep`; a backslash escapes the next character.
std::vector<std::string> SplitUnescaped(const std::string& s, const std::string& sep) {
  std::vector<std::string> out(1);
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      out.back() += s.substr(i, 2);
      ++i;
    } else if (s.compare(i, sep.size(), sep) == 0) {
      out.emplace_back();
      i += sep.size() - 1;
    } else {
      out.back() += s[i];
    }
  }
  return out;
}

// Special characters must be escaped; throws on a bare one.
std::string Unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\') {
      if (i + 1 >= s.size()) throw std::runtime_error("trailing backslash");
      const char c = s[++i];
      if (std::string("~=#{}:\\").find(c) == std::string::npos && c != 'n') {
        throw std::runtime_error(std::string("unknown escape \\") + c);
      }
      out += c == 'n' ? '\n' : c;
    } else if (std::string("~=#{}").find(s[i]) != std::string::npos) {
      throw std::runtime_error("bare special character '" + std::string(1, s[i]) + "' in: " + s);
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string Trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\n"), b = s.find_last_not_of(" \t\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::vector<GiftQuestion> ParseGift(const std::string& text) {
  std::vector<GiftQuestion> out;
  std::string category;
  std::vector<std::string> blocks(1);
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (Trim(line).empty()) {
      if (!blocks.back().empty()) blocks.emplace_back();
    } else if (Trim(line).rfind("//", 0) != 0) {
      blocks.back() += line + "\n";
    }
  }
  for (const std::string& raw : blocks) {
    std::string b = Trim(raw);
    if (b.empty()) continue;
    if (b.rfind("$CATEGORY:", 0) == 0) {
      category = Trim(b.substr(10));
      continue;
    }
    GiftQuestion q;
    q.category = category;
    if (b.rfind("::", 0) != 0) throw std::runtime_error("no title: " + b);
    auto title = SplitUnescaped(b.substr(2), "::");
    if (title.size() < 2) throw std::runtime_error("unterminated title");
    q.title = Unescape(title[0]);
    std::string rest = b.substr(2 + title[0].size() + 2);
    if (rest.rfind("[html]", 0) != 0) throw std::runtime_error("no [html] format");
    rest = rest.substr(6);
    auto open = SplitUnescaped(rest, "{");
    if (open.size() != 2) throw std::runtime_error("expected one answer block: " + rest);
    q.text = Unescape(open[0]);
    auto close = SplitUnescaped(open[1], "}");
    if (close.size() != 2 || !Trim(close[1]).empty())
      throw std::runtime_error("answer block not last");
    auto general = SplitUnescaped(close[0], "####");
    if (general.size() > 2) throw std::runtime_error("two general feedbacks");
    if (general.size() == 2) q.general = Unescape(Trim(general[1]));
    std::string answers = Trim(general[0]);
    if (!answers.empty() && answers[0] == '#') {
      q.type = "numerical";
      answers = Trim(answers.substr(1));
    } else if (answers.rfind("TRUE", 0) == 0 || answers.rfind("FALSE", 0) == 0) {
      q.type = "truefalse";
      auto parts = SplitUnescaped(answers, "#");
      q.tf = parts[0];
      if (parts.size() != 3) throw std::runtime_error("truefalse needs two feedbacks");
      for (size_t i = 1; i < parts.size(); ++i) Unescape(parts[i]);
      out.push_back(q);
      continue;
    } else {
      q.type = SplitUnescaped(answers, "~").size() > 1 ? "multichoice" : "shortanswer";
    }
    // answers: each starts with an unescaped = or ~
    std::string cur;
    char mark = 0;
    auto flush = [&]() {
      if (!mark) {
        if (!Trim(cur).empty()) throw std::runtime_error("text before the first answer: " + cur);
        return;
      }
      auto fb = SplitUnescaped(Trim(cur), "#");
      GiftAnswer a;
      a.mark = mark;
      a.text = Unescape(Trim(fb[0]));
      if (fb.size() > 1) a.feedback = Unescape(Trim(fb[1]));
      if (fb.size() > 2) throw std::runtime_error("two feedbacks on an answer");
      q.answers.push_back(a);
    };
    for (size_t i = 0; i < answers.size(); ++i) {
      if (answers[i] == '\\' && i + 1 < answers.size()) {
        cur += answers.substr(i, 2);
        ++i;
      } else if (answers[i] == '=' || answers[i] == '~') {
        flush();
        mark = answers[i];
        cur.clear();
      } else {
        cur += answers[i];
      }
    }
    flush();
    out.push_back(q);
  }
  return out;
}

std::string HtmlUnescape(std::string s) {
  for (auto [from, to] : std::vector<std::pair<std::string, std::string>>{{"<p>", ""},
                                                                          {"</p>", ""},
                                                                          {"&lt;", "<"},
                                                                          {"&gt;", ">"},
                                                                          {"&quot;", "\""},
                                                                          {"&amp;", "&"}}) {
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
      s.replace(at, from.size(), to);
    }
  }
  return s;
}

// ---------------------------------------------------------------- Moodle XML check

const std::set<std::string>& MoodleFractions() {
  static const std::set<std::string> kFractions = {
      "100",      "90",       "83.33333", "80",       "75", "70", "66.66667",
      "60",       "50",       "40",       "33.33333", "30", "25", "20",
      "16.66667", "14.28571", "12.5",     "11.11111", "10", "5",  "0"};
  return kFractions;
}

bool IsCdata(const pugi::xml_node& text) {
  for (auto child : text.children()) {
    if (child.type() == pugi::node_cdata) return true;
  }
  return false;
}

// Structural check of a Moodle XML quiz; returns the number of real questions.
size_t CheckMoodle(const std::string& xml) {
  pugi::xml_document doc;
  auto parsed = doc.load_string(xml.c_str());
  INFO(parsed.description());
  REQUIRE(parsed);
  REQUIRE(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>", 0) == 0);
  pugi::xml_node quiz = doc.child("quiz");
  REQUIRE(quiz);
  bool have_category = false;
  size_t questions = 0;
  std::set<std::string> idnumbers;
  std::string category;
  for (pugi::xml_node q : quiz.children("question")) {
    const std::string type = q.attribute("type").value();
    if (type == "category") {
      category = q.child("category").child_value("text");
      CHECK(category.rfind("$course$/top/Arbitro/", 0) == 0);
      have_category = true;
      continue;
    }
    REQUIRE(have_category);
    ++questions;
    INFO(q.child("name").child_value("text"));
    CHECK(std::set<std::string>{"multichoice", "truefalse", "numerical", "shortanswer"}.count(
              type) == 1);
    // qformat_xml: import_headers() requires a name (clean_question_name: PARAM_TEXT, at
    // most 255 characters), reads questiontext/generalfeedback @format through
    // trans_format(), defaultgrade, penalty and idnumber.
    const std::string name = q.child("name").child_value("text");
    CHECK(!name.empty());
    CHECK(name.size() <= 255);
    CHECK(name.find('<') == std::string::npos);
    static const std::set<std::string> kFormats = {"html", "moodle_auto_format", "plain_text",
                                                   "markdown"};
    CHECK(kFormats.count(q.child("generalfeedback").attribute("format").value()) == 1);
    char* grade_end = nullptr;
    std::strtod(q.child_value("penalty"), &grade_end);
    CHECK(*grade_end == '\0');
    CHECK(std::string(q.child("questiontext").attribute("format").value()) == "html");
    CHECK(IsCdata(q.child("questiontext").child("text")));
    CHECK(IsCdata(q.child("generalfeedback").child("text")));
    CHECK(std::string(q.child_value("defaultgrade")) == "1.0000000");
    // import_question_tags(): tags/tag/text, here the difficulty among them.
    std::set<std::string> tags;
    for (auto t : q.child("tags").children("tag")) tags.insert(t.child_value("text"));
    CHECK(tags.count("arbitro") == 1);
    CHECK((tags.count("facile") + tags.count("media") + tags.count("difficile")) == 1);
    const std::string idnumber = q.child_value("idnumber");
    CHECK(!idnumber.empty());
    CHECK(idnumber.size() <= 100);
    CHECK(idnumbers.insert(category + "|" + idnumber).second);
    std::vector<pugi::xml_node> answers;
    for (auto a : q.children("answer")) answers.push_back(a);
    int full = 0;
    for (auto a : answers) {
      const std::string fraction = a.attribute("fraction").value();
      CHECK(MoodleFractions().count(fraction) == 1);
      full += fraction == "100";
      CHECK(a.child("text"));
      CHECK(a.child("feedback").child("text"));
    }
    for (auto a : answers) {
      if (type == "multichoice") CHECK(kFormats.count(a.attribute("format").value()) == 1);
      CHECK(kFormats.count(a.child("feedback").attribute("format").value()) == 1);
    }
    if (type == "multichoice") {
      // import_multichoice(): single, shuffleanswers (trans_single), answernumbering, the
      // combined feedback fields and one answer per <answer> with text, fraction, feedback.
      static const std::set<std::string> kNumbering = {"abc", "ABCD", "123", "iii", "IIII", "none"};
      CHECK(kNumbering.count(q.child_value("answernumbering")) == 1);
      CHECK(q.child("partiallycorrectfeedback"));
      CHECK(std::string(q.child_value("single")) == "true");
      CHECK(std::string(q.child_value("shuffleanswers")) == "true");
      CHECK(q.child("correctfeedback"));
      CHECK(q.child("incorrectfeedback"));
      CHECK(answers.size() >= 3);
      CHECK(full == 1);
      for (auto a : answers) CHECK(IsCdata(a.child("text")));
    } else if (type == "truefalse") {
      REQUIRE(answers.size() == 2);
      CHECK(std::string(answers[0].child_value("text")) == "true");
      CHECK(std::string(answers[1].child_value("text")) == "false");
      CHECK(full == 1);
    } else if (type == "numerical") {
      REQUIRE(answers.size() == 1);
      CHECK(full == 1);
      char* end = nullptr;
      std::strtod(answers[0].child_value("text"), &end);
      CHECK(*end == '\0');
      std::strtod(answers[0].child_value("tolerance"), &end);
      CHECK(*end == '\0');
    } else {
      CHECK(q.child("usecase"));
      CHECK(answers.size() >= 1);
      CHECK(full == static_cast<int>(answers.size()));
    }
  }
  return questions;
}

// Anki's text importer (rslib import_export/text/csv/metadata.rs) reads the header lines
// "#key:value" it knows: separator, html, tags, columns, notetype, deck, and the
// notetype/deck/tags/guid columns (1-based). Every header must be one of them, the
// column numbers within the columns declared.
void CheckAnkiHeader(const std::vector<std::string>& header) {
  static const std::set<std::string> kKeys = {
      "separator",       "html",        "tags",        "columns",    "notetype", "deck",
      "notetype column", "deck column", "tags column", "guid column"};
  size_t columns = 0;
  for (const auto& line : header) {
    INFO(line);
    REQUIRE(line.rfind("#", 0) == 0);
    const size_t colon = line.find(':');
    REQUIRE(colon != std::string::npos);
    const std::string key = line.substr(1, colon - 1), value = line.substr(colon + 1);
    CHECK(kKeys.count(key) == 1);
    if (key == "separator") CHECK(value == "tab");
    if (key == "html") CHECK((value == "true" || value == "false"));
    if (key == "columns") columns = std::count(value.begin(), value.end(), '\t') + 1;
  }
  for (const auto& line : header) {
    if (line.find(" column:") == std::string::npos) continue;
    const long n = std::strtol(line.substr(line.find(':') + 1).c_str(), nullptr, 10);
    CHECK(n >= 1);
    CHECK(static_cast<size_t>(n) <= columns);
  }
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

// ---------------------------------------------------------------- exporters on hand-made input

TEST_CASE("GIFT and Moodle exports escape special characters and keep the texts", "[quiz]") {
  QuizResult r;
  r.requested = 2;
  r.games = {"prova"};
  Question mc;
  mc.id = "doc#r1__p1/c1/situation";
  mc.kind = "situation";
  mc.game = "prova";
  mc.doc = "doc";
  mc.rule_id = "doc#r1";
  mc.category = {"Prova 1/2", "Regola 1: {tutto} ~ = #"};
  mc.difficulty = "easy";
  mc.stem = "Punteggio 2:1 {a=b} ~ #3 <tag> & \"x\" \\ fine";
  mc.answers = {{"Back = sì", true, "Giusto: vedi #1", {}},
                {"Rigore ~ no", false, "No {mai}", {}},
                {"Punizione: forse", false, "", {}}};
  mc.citations = {{"doc#r1__p1", "Prova › Regola 1", "Testo: a]]>b"}};
  mc.feedback = "Spiegazione #1";
  Question cloze = mc;
  cloze.id = "doc#r1__p1/c1/cloze";
  cloze.kind = "cloze";
  cloze.answers.clear();
  cloze.accepted = {"calcio d'angolo", "corner*"};
  r.questions = {mc, cloze};

  std::ostringstream gift;
  cli::WriteQuizGift(gift, cli::QuizExport{&r, 1});
  std::vector<GiftQuestion> parsed;
  REQUIRE_NOTHROW(parsed = ParseGift(gift.str()));
  REQUIRE(parsed.size() == 2);
  CHECK(parsed[0].title == mc.id);
  CHECK(parsed[0].type == "multichoice");
  CHECK(parsed[0].category == "$course$/top/Arbitro/Prova 1//2/Regola 1: {tutto} ~ = #");
  CHECK(HtmlUnescape(parsed[0].text) == mc.stem);
  REQUIRE(parsed[0].answers.size() == 3);
  CHECK(parsed[0].answers[0].mark == '=');
  CHECK(HtmlUnescape(parsed[0].answers[0].text) == "Back = sì");
  CHECK(HtmlUnescape(parsed[0].answers[0].feedback) == "Giusto: vedi #1");
  CHECK(parsed[0].answers[1].mark == '~');
  CHECK(HtmlUnescape(parsed[0].answers[1].text) == "Rigore ~ no");
  CHECK(parsed[1].type == "shortanswer");
  REQUIRE(parsed[1].answers.size() == 2);
  CHECK(parsed[1].answers[1].text == "corner\\*");  // Moodle's wildcard escaped

  std::ostringstream xml;
  cli::WriteQuizMoodle(xml, cli::QuizExport{&r, 1});
  CHECK(CheckMoodle(xml.str()) == 2);
  pugi::xml_document doc;
  REQUIRE(doc.load_string(xml.str().c_str()));
  auto q = doc.child("quiz").find_child_by_attribute("question", "type", "multichoice");
  CHECK(std::string(q.child("questiontext").child_value("text")) ==
        "<p>Punteggio 2:1 {a=b} ~ #3 &lt;tag&gt; &amp; &quot;x&quot; \\ fine</p>");
  std::string feedback;  // "]]>" splits the CDATA section in two
  for (auto part : q.child("generalfeedback").child("text").children()) feedback += part.value();
  CHECK(feedback.find("Testo: a]]&gt;b") != std::string::npos);
}

// ---------------------------------------------------------------- the real corpus

TEST_CASE("every question of a large quiz of every game verifies against resolve and the index",
          "[corpus]") {
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
          "[corpus]") {
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

TEST_CASE("every export format of a large quiz parses", "[corpus]") {
  auto engine = Open(RealIndexDir());
  QuizOptions options;
  options.count = 400;
  QuizResult r;
  REQUIRE(GenerateQuiz(*engine, options, &r).ok());
  REQUIRE(r.questions.size() == 400);
  const cli::QuizExport e{&r, 1};

  std::ostringstream xml;
  cli::WriteQuizMoodle(xml, e);
  CHECK(CheckMoodle(xml.str()) == 400);

  std::ostringstream gift;
  cli::WriteQuizGift(gift, e);
  std::vector<GiftQuestion> parsed;
  REQUIRE_NOTHROW(parsed = ParseGift(gift.str()));
  REQUIRE(parsed.size() == 400);
  for (size_t i = 0; i < parsed.size(); ++i) {
    const Question& q = r.questions[i];
    INFO(q.id);
    CHECK(parsed[i].title == cli::QuestionName(q));
    CHECK(parsed[i].category == cli::MoodleCategory(q));
    CHECK(HtmlUnescape(parsed[i].text) == q.stem);
    if (q.kind == "tf") {
      CHECK(parsed[i].tf == (q.truth ? "TRUE" : "FALSE"));
    } else if (q.kind == "numeric") {
      REQUIRE(parsed[i].answers.size() == 1);
      CHECK(std::strtod(parsed[i].answers[0].text.c_str(), nullptr) == q.value);
    } else if (q.kind == "cloze") {
      CHECK(parsed[i].type == "shortanswer");
      CHECK(parsed[i].answers.size() == q.accepted.size());
    } else {
      CHECK(parsed[i].type == "multichoice");
      REQUIRE(parsed[i].answers.size() == q.answers.size());
      for (size_t k = 0; k < q.answers.size(); ++k) {
        CHECK(parsed[i].answers[k].mark == (q.answers[k].correct ? '=' : '~'));
        CHECK(HtmlUnescape(parsed[i].answers[k].text) == q.answers[k].text);
      }
    }
  }

  std::ostringstream anki;
  cli::WriteQuizAnki(anki, e);
  std::istringstream lines(anki.str());
  std::vector<std::string> header, notes;
  for (std::string line; std::getline(lines, line);)
    (line.rfind("#", 0) == 0 ? header : notes).push_back(line);
  CHECK(header == std::vector<std::string>{"#separator:tab", "#html:true", "#notetype:Basic",
                                           "#columns:guid\tFront\tBack\tTags\tDeck",
                                           "#guid column:1", "#tags column:4", "#deck column:5"});
  CheckAnkiHeader(header);
  REQUIRE(notes.size() == 400);
  std::set<std::string> guids;
  for (size_t i = 0; i < notes.size(); ++i) {
    CHECK(std::count(notes[i].begin(), notes[i].end(), '\t') == 4);
    CHECK(notes[i].substr(notes[i].rfind('\t') + 1) == cli::AnkiDeck(r.questions[i]));
    CHECK(cli::AnkiDeck(r.questions[i]).rfind("Arbitro::", 0) == 0);
    const std::string guid = notes[i].substr(0, notes[i].find('\t'));
    CHECK(guid == cli::AnkiGuid(r.questions[i].id));
    CHECK(guids.insert(guid).second);
    CHECK(notes[i].find('"') == std::string::npos);
  }

  std::ostringstream json;
  cli::WriteQuizJson(json, e);
  Json j = Json::Parse(json.str());
  CHECK(j["format"].string == "arbitro-quiz");
  REQUIRE(j["questions"].size() == 400);
  CHECK(j["questions"][0]["id"].string == r.questions[0].id);
  CHECK(j["summary"]["rules"].size() == r.per_rule.size());

  std::ostringstream md;
  cli::WriteQuizMarkdown(md, e);
  const std::string m = md.str();
  CHECK(m.rfind("# Quiz per arbitri\n", 0) == 0);
  CHECK(m.find("\n# Soluzioni\n") != std::string::npos);
  CHECK(m.find("\n# Riepilogo per il formatore\n") > m.find("\n# Soluzioni\n"));
  CHECK(m.find("## 400. ") != std::string::npos);
}

// ---------------------------------------------------------------- end to end

TEST_CASE("arbitro quiz writes every format, deterministic, with a summary on stderr", "[e2e]") {
  TempDir idx, out;
  for (const std::string format : {"moodle", "gift", "anki", "json", "markdown"}) {
    INFO(format);
    const std::string file = out / ("quiz-" + format);
    auto r = RunArbitro({"--index", idx.path(), "quiz", "--format", format, "--seed", "5",
                         "--count", "3", "-o", file},
                        kMiniEnv);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.empty());
    CHECK(r.err.find("Scritte 3 domande (" + format + ") in " + file) != std::string::npos);
    CHECK(r.err.find("Riepilogo per il formatore: 3 domande (richieste 3)") != std::string::npos);
    auto again = RunArbitro(
        {"--index", idx.path(), "quiz", "--format", format, "--seed", "5", "--count", "3"},
        kMiniEnv);
    REQUIRE(again.exit_code == 0);
    CHECK(again.out == arbitro::test::ReadFile(file));
  }
  CHECK(CheckMoodle(arbitro::test::ReadFile(out / "quiz-moodle")) == 3);
  CHECK(ParseGift(arbitro::test::ReadFile(out / "quiz-gift")).size() == 3);
  Json j = Json::Parse(arbitro::test::ReadFile(out / "quiz-json"));
  CHECK(j["questions"].size() == 3);
  CHECK(arbitro::test::ReadFile(out / "quiz-markdown").find("# Riepilogo per il formatore") !=
        std::string::npos);
}

TEST_CASE("arbitro quiz: bad input gets one line and the documented exit code", "[e2e]") {
  TempDir idx, out;
  auto r = RunArbitro({"--index", idx.path(), "quiz", "--game", "scacchi", "--format", "json"},
                      kMiniEnv);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("arbitro: gioco sconosciuto 'scacchi'") != std::string::npos);
  r = RunArbitro({"--index", idx.path(), "quiz", "--count", "3"}, kMiniEnv);
  CHECK(r.exit_code == 2);
  CHECK(r.err == "arbitro: --format è obbligatorio: moodle, gift, anki, json o markdown\n");
  r = RunArbitro({"--index", idx.path(), "quiz", "--format", "gfit"}, kMiniEnv);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("forse intendevi 'gift'?") != std::string::npos);
  r = RunArbitro({"--index", idx.path(), "quiz", "--format", "json", "--topic", "mini-1.0#r9"},
                 kMiniEnv);
  CHECK(r.exit_code == 3);
  // More than the rules support: what is possible, and a note.
  r = RunArbitro({"--index", idx.path(), "quiz", "--format", "json", "--count", "50"}, kMiniEnv);
  CHECK(r.exit_code == 0);
  CHECK(Json::Parse(r.out)["questions"].size() == 4);
  CHECK(r.err ==
        "arbitro: richieste 50 domande, generate 4: le regole scelte non ne consentono di più\n");
  // Unwritable output: exit 6 and nothing left behind.
  const std::string bad = out / "missing-dir/quiz.xml";
  r = RunArbitro({"--index", idx.path(), "quiz", "--format", "moodle", "-o", bad}, kMiniEnv);
  CHECK(r.exit_code == 6);
  CHECK(r.err.rfind("arbitro: impossibile scrivere '" + bad + "'", 0) == 0);
  CHECK(std::filesystem::is_empty(out.path()));
}

// ---------------------------------------------------------------- what a trainee reads

TEST_CASE("no vocabulary id, parameter name or label quote reaches a trainee", "[corpus]") {
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
  while (st.Step()) {
    const std::string id = st.Text(0);
    if (id.find('-') != std::string::npos) ids.insert(id);
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
  CHECK(scanned > 3000);
}

namespace {

// The mini corpus with the goalkeeper's repeated offence ruled as a choice.
struct ChoiceCorpus {
  TempDir tmp, idx;
  std::string dir = tmp / "corpus";
  ChoiceCorpus() {
    arbitro::test::CopyTree(kMini, dir);
    const std::string path = dir + "/mini/mini-1.0.xml";
    std::string xml = arbitro::test::ReadFile(path);
    const std::string from =
        "          <sanction type=\"calcio-di-rigore\" beneficiary=\"attaccante\"/>\n";
    const size_t at = xml.find(from);
    REQUIRE(at != std::string::npos);
    xml.replace(at, from.size(),
                "          <choice by=\"attaccante\">\n"
                "            <sanction type=\"calcio-di-rigore\" beneficiary=\"attaccante\"/>\n"
                "            <sanction type=\"punizione-indiretta\" beneficiary=\"attaccante\" "
                "place=\"dal limite dell'area\"/>\n"
                "          </choice>\n");
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
  for (const std::string kind : {"situation", "tf", "cloze"}) {
    options.kinds = {kind};
    QuizResult r;
    Status s = GenerateQuiz(*engine, options, &r);
    if (!s.ok()) continue;
    for (const Question& q : r.questions) {
      if (q.id.rfind("mini-1.0#r2__p1/c2/", 0) != 0) continue;
      INFO(q.id << ": " << q.stem);
      CHECK(q.kind != "cloze");  // never one alternative as the word to fill in
      for (const auto& a : q.answers) {
        if (!a.correct) {
          for (const auto& x : a.sanctions) CHECK(x.choice.empty());
          continue;
        }
        CHECK(a.text ==
              "A scelta dell'attaccante: calcio di rigore oppure calcio di punizione indiretto, "
              "dal limite dell'area");
        REQUIRE(a.sanctions.size() == 2);
        CHECK(a.sanctions[0].choice == a.sanctions[1].choice);
      }
      if (q.kind == "tf" && q.truth) {
        CHECK(q.stated.size() == 2);
        CHECK(
            q.stem.find("a scelta dell'attaccante: calcio di rigore oppure calcio di punizione") !=
            std::string::npos);
      }
    }
  }
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
