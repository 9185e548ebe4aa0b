// The quiz exporters (cli/quiz_formats): Moodle XML checked against what qformat_xml
// reads, GIFT by a small parser (gift-pegjs runs in its own ctest), Anki headers as
// Anki's text importer reads them, on hand-made input, on a large quiz of the real
// corpus and end to end through the binary.
#include "quiz_formats.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <pugixml.hpp>
#include <set>
#include <sstream>

#include "arbitro/query.h"
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

TEST_CASE("every export format of a large quiz parses", "[corpus][quiz]") {
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
