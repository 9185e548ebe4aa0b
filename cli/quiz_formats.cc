#include "quiz_formats.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "json.h"
#include "render.h"

namespace arbitro::cli {
namespace {

std::string Number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string Hex(uint64_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// Text as an HTML fragment: escaped, line breaks as <br>, tabs as spaces.
std::string HtmlEscape(const std::string& s) {
  std::string out;
  for (char c : EscapeHtml(s)) {
    if (c == '\n')
      out += "<br>";
    else if (c == '\t')
      out += ' ';
    else if (c != '\r')
      out.push_back(c);
  }
  return out;
}

std::string Cdata(const std::string& html) {
  std::string body;
  size_t at = 0, hit;
  while ((hit = html.find("]]>", at)) != std::string::npos) {
    body += html.substr(at, hit - at) + "]]]]><![CDATA[>";
    at = hit + 3;
  }
  body += html.substr(at);
  return "<![CDATA[" + body + "]]>";
}

std::string OneLine(const std::string& s) {
  std::string out;
  for (char c : s) out.push_back(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
  return out;
}

std::string TruthWord(bool t) {
  return t ? "Vero" : "Falso";
}

std::string DifficultyLabel(const std::string& d) {
  return d == "easy" ? "facile" : d == "medium" ? "media" : d == "hard" ? "difficile" : d;
}

// The answer of a question as one line of text (answer key, Anki back).
std::string AnswerText(const Question& q) {
  if (q.kind == "tf") return TruthWord(q.truth);
  if (q.kind == "numeric") {
    static const std::map<std::string, std::string> kOne = {
        {"cm", "centimetro"}, {"mm", "millimetro"}, {"m", "metro"},     {"s", "secondo"},
        {"min", "minuto"},    {"points", "punto"},  {"cards", "carta"}, {"squares", "casella"}};
    std::string unit = q.unit == "count" || q.unit == "pips" ? "" : QuizUnitLabel(q.unit);
    if (q.value == 1 && kOne.count(q.unit)) unit = kOne.at(q.unit);
    std::string number = Number(q.value);
    std::replace(number.begin(), number.end(), '.', ',');  // Italian decimal comma
    return number + (unit.empty() ? "" : " " + unit);
  }
  if (q.kind == "cloze") {
    std::string out;
    for (const auto& a : q.accepted) out += (out.empty() ? "" : " / ") + a;
    return out;
  }
  for (const auto& a : q.answers) {
    if (a.correct) return a.text;
  }
  return "";
}

// General feedback as HTML: the explanation and the cited provisions, verbatim.
std::string FeedbackHtml(const Question& q) {
  std::string html = "<p>" + HtmlEscape(q.feedback) + "</p>";
  for (const auto& c : q.citations) {
    html += "<p><b>" + HtmlEscape(c.citation) + "</b></p><blockquote>" + HtmlEscape(c.text) +
            "</blockquote>";
  }
  return html;
}

std::string StemHtml(const Question& q) {
  return "<p>" + HtmlEscape(q.stem) + "</p>";
}

std::string MoodleName(const std::string& part) {
  std::string out;
  for (char c : part) {
    if (c == '/')
      out += "//";
    else if (c != '\n' && c != '\r')
      out.push_back(c);
  }
  return out;
}

// Moodle's idnumber holds at most 100 characters.
std::string MoodleIdNumber(const std::string& id) {
  if (id.size() <= 100) return id;
  return id.substr(0, 83) + "~" + Hex(StableHash(id));
}

std::string GiftEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '~':
      case '=':
      case '#':
      case '{':
      case '}':
      case ':':
        out.push_back('\\');
        out.push_back(c);
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        break;
      default:
        out.push_back(c);
    }
  }
  return out;
}

// Shortanswer answers: '*' is Moodle's wildcard.
std::string LiteralAnswer(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '*')
      out += "\\*";
    else
      out.push_back(c);
  }
  return out;
}

std::string Tag(std::string s) {
  for (char& c : s) {
    if (c == ' ' || c == '\t' || c == '#') c = c == '#' ? ':' : '_';
  }
  return s;
}

}  // namespace

std::string MoodleCategory(const Question& q) {
  const std::string game = !q.game_title.empty()   ? q.game_title
                           : q.category.size() > 0 ? q.category[0]
                                                   : q.game;
  const std::string rule = !q.topic.empty()        ? q.topic
                           : q.category.size() > 1 ? q.category[1]
                                                   : q.rule_id;
  return "$course$/top/Arbitro/" + MoodleName(game) + "/" + MoodleName(rule);
}

std::string QuestionName(const Question& q) {
  return q.name.empty() ? q.id : q.name;
}

std::string AnkiDeck(const Question& q) {
  std::string game = !q.game_title.empty() ? q.game_title : q.game;
  for (char& c : game) {
    if (c == '\t' || c == '"' || c == ':') c = ' ';
  }
  return "Arbitro::" + game;
}

std::string AnkiGuid(const std::string& id) {
  return "arbitro-" + Hex(StableHash(id));
}

// ---------------------------------------------------------------- Moodle XML

void WriteQuizMoodle(std::ostream& out, const QuizExport& e) {
  const QuizResult& quiz = *e.quiz;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n";
  out << "<!-- arbitro quiz: " << quiz.questions.size() << " domande, seme " << e.seed << " -->\n";
  std::string category;
  auto text = [&](const char* tag, const std::string& html, const char* indent) {
    out << indent << "<" << tag << " format=\"html\">\n"
        << indent << "  <text>" << Cdata(html) << "</text>\n"
        << indent << "</" << tag << ">\n";
  };
  auto answer = [&](const std::string& fraction, const std::string& body, const std::string& format,
                    const std::string& feedback, const std::string& extra) {
    out << "    <answer fraction=\"" << fraction << "\" format=\"" << format << "\">\n"
        << "      <text>" << body << "</text>\n"
        << "      <feedback format=\"html\">\n        <text>" << Cdata(feedback)
        << "</text>\n      </feedback>\n"
        << extra << "    </answer>\n";
  };
  for (const Question& q : quiz.questions) {
    const std::string cat = MoodleCategory(q);
    if (cat != category) {
      category = cat;
      out << "  <question type=\"category\">\n    <category>\n      <text>" << EscapeHtml(cat)
          << "</text>\n    </category>\n    <info format=\"html\">\n      <text></text>\n    "
             "</info>\n"
          << "  </question>\n";
    }
    const std::string type = q.kind == "tf"        ? "truefalse"
                             : q.kind == "numeric" ? "numerical"
                             : q.kind == "cloze"   ? "shortanswer"
                                                   : "multichoice";
    out << "  <question type=\"" << type << "\">\n";
    out << "    <name>\n      <text>" << EscapeHtml(QuestionName(q)) << "</text>\n    </name>\n";
    text("questiontext", StemHtml(q), "    ");
    text("generalfeedback", FeedbackHtml(q), "    ");
    out << "    <defaultgrade>1.0000000</defaultgrade>\n";
    out << "    <penalty>" << (type == "truefalse" ? "1.0000000" : "0.3333333") << "</penalty>\n";
    out << "    <hidden>0</hidden>\n";
    out << "    <idnumber>" << EscapeHtml(MoodleIdNumber(q.id)) << "</idnumber>\n";
    // Tags (qformat_xml import_question_tags: tags/tag/text): the game, the kind and the
    // difficulty, for filtering a bank whose categories already hold game and rule.
    out << "    <tags>\n";
    for (const std::string& tag :
         {std::string("arbitro"), q.game, QuizKindLabel(q.kind), DifficultyLabel(q.difficulty)}) {
      out << "      <tag><text>" << EscapeHtml(tag) << "</text></tag>\n";
    }
    out << "    </tags>\n";
    if (type == "multichoice") {
      out << "    <single>true</single>\n    <shuffleanswers>true</shuffleanswers>\n"
          << "    <answernumbering>abc</answernumbering>\n";
      text("correctfeedback", "<p>Risposta corretta.</p>", "    ");
      text("partiallycorrectfeedback", "<p>Risposta parzialmente corretta.</p>", "    ");
      text("incorrectfeedback", "<p>Risposta errata.</p>", "    ");
      for (const auto& a : q.answers) {
        answer(a.correct ? "100" : "0", Cdata("<p>" + HtmlEscape(a.text) + "</p>"), "html",
               "<p>" + HtmlEscape(a.feedback) + "</p>", "");
      }
    } else if (type == "truefalse") {
      const std::string right = "<p>Corretto. " + HtmlEscape(q.feedback) + "</p>";
      const std::string wrong = "<p>Errato. " + HtmlEscape(q.feedback) + "</p>";
      answer(q.truth ? "100" : "0", "true", "moodle_auto_format", q.truth ? right : wrong, "");
      answer(q.truth ? "0" : "100", "false", "moodle_auto_format", q.truth ? wrong : right, "");
    } else if (type == "numerical") {
      answer("100", Number(q.value), "moodle_auto_format", "<p>" + HtmlEscape(q.feedback) + "</p>",
             "      <tolerance>" + Number(q.tolerance) + "</tolerance>\n");
      out << "    <unitgradingtype>0</unitgradingtype>\n    <unitpenalty>0.1000000</unitpenalty>\n"
          << "    <showunits>3</showunits>\n    <unitsleft>0</unitsleft>\n";
    } else {
      out << "    <usecase>0</usecase>\n";
      for (const auto& a : q.accepted) {
        answer("100", EscapeHtml(LiteralAnswer(a)), "moodle_auto_format",
               "<p>" + HtmlEscape(q.feedback) + "</p>", "");
      }
    }
    out << "  </question>\n";
  }
  out << "</quiz>\n";
}

// ---------------------------------------------------------------- GIFT

void WriteQuizGift(std::ostream& out, const QuizExport& e) {
  const QuizResult& quiz = *e.quiz;
  out << "// arbitro quiz: " << quiz.questions.size() << " domande, seme " << e.seed << "\n\n";
  std::string category;
  for (const Question& q : quiz.questions) {
    const std::string cat = MoodleCategory(q);
    if (cat != category) {
      category = cat;
      out << "$CATEGORY: " << cat << "\n\n";
    }
    const std::string general = "####" + GiftEscape(FeedbackHtml(q));
    out << "::" << GiftEscape(QuestionName(q)) << "::[html]" << GiftEscape(StemHtml(q));
    if (q.kind == "tf") {
      const std::string fb = GiftEscape("<p>" + HtmlEscape(q.feedback) + "</p>");
      // {TRUE#feedback when wrong#feedback when right}
      out << "{" << (q.truth ? "TRUE" : "FALSE") << "#" << fb << "#" << fb << general << "}\n\n";
    } else if (q.kind == "numeric") {
      out << "{#\n\t=" << Number(q.value) << ":" << Number(q.tolerance) << "#"
          << GiftEscape("<p>" + HtmlEscape(q.feedback) + "</p>") << "\n\t" << general << "\n}\n\n";
    } else if (q.kind == "cloze") {
      out << "{\n";
      for (const auto& a : q.accepted) out << "\t=" << GiftEscape(LiteralAnswer(a)) << "\n";
      out << "\t" << general << "\n}\n\n";
    } else {
      out << "{\n";
      for (const auto& a : q.answers) {
        out << "\t" << (a.correct ? "=" : "~") << GiftEscape(HtmlEscape(a.text)) << "#"
            << GiftEscape(HtmlEscape(a.feedback)) << "\n";
      }
      out << "\t" << general << "\n}\n\n";
    }
  }
}

// ---------------------------------------------------------------- Anki

void WriteQuizAnki(std::ostream& out, const QuizExport& e) {
  const QuizResult& quiz = *e.quiz;
  out << "#separator:tab\n#html:true\n#notetype:Basic\n#columns:guid\tFront\tBack\tTags\tDeck\n"
         "#guid column:1\n#tags column:4\n#deck column:5\n";
  for (const Question& q : quiz.questions) {
    std::string front = StemHtml(q);
    if (q.kind == "situation" || q.kind == "mc") {
      front += "<ol type='a'>";
      for (const auto& a : q.answers) front += "<li>" + HtmlEscape(a.text) + "</li>";
      front += "</ol>";
    } else if (q.kind == "tf") {
      front += "<p>Vero o falso?</p>";
    }
    std::string back = "<p><b>" + HtmlEscape(AnswerText(q)) + "</b></p>" + FeedbackHtml(q);
    std::string rule = q.rule_id;
    if (const size_t hash = rule.find('#'); hash != std::string::npos) rule.replace(hash, 1, "::");
    std::string tags = "arbitro " + Tag("gioco::" + q.game) + " " + Tag("tipo::" + q.kind) + " " +
                       Tag("difficolta::" + q.difficulty) + " " + Tag("regola::" + rule);
    out << AnkiGuid(q.id) << "\t" << front << "\t" << back << "\t" << tags << "\t" << AnkiDeck(q)
        << "\n";
  }
}

// ---------------------------------------------------------------- JSON

void WriteQuizJson(std::ostream& out, const QuizExport& e) {
  const QuizResult& quiz = *e.quiz;
  JsonWriter json(out);
  json.BeginObject()
      .Field("format", "arbitro-quiz")
      .Key("version")
      .Int(1)
      .Key("seed")
      .String(std::to_string(e.seed));
  json.Key("games").BeginArray();
  for (const auto& g : quiz.games) json.String(g);
  json.EndArray();
  json.Key("variants").BeginArray();
  for (const auto& v : quiz.variants) json.String(v);
  json.EndArray()
      .Key("requested")
      .Int(quiz.requested)
      .Key("available")
      .Int(static_cast<long long>(quiz.available));
  json.Key("questions").BeginArray();
  for (const Question& q : quiz.questions) {
    json.BeginObject()
        .Field("id", q.id)
        .Field("kind", q.kind)
        .Field("game", q.game)
        .Field("doc", q.doc)
        .Field("rule", q.rule_id)
        .Field("name", q.name)
        .Field("game_title", q.game_title)
        .Field("topic", q.topic);
    json.Key("category").BeginArray();
    for (const auto& c : q.category) json.String(c);
    json.EndArray().Field("difficulty", q.difficulty).Field("stem", q.stem);
    json.Key("variants").BeginArray();
    for (const auto& v : q.variants) json.String(v);
    json.EndArray();
    json.Key("answers").BeginArray();
    for (const auto& a : q.answers) {
      json.BeginObject()
          .Field("text", a.text)
          .Key("correct")
          .Bool(a.correct)
          .Field("feedback", a.feedback);
      json.Key("sanctions").BeginArray();
      for (const auto& s : a.sanctions) {
        json.BeginObject().Field("type", s.type).Field("beneficiary", s.beneficiary);
        if (!s.place.empty()) json.Field("place", s.place);
        if (!s.choice.empty()) json.Field("choice", s.choice).Field("chosen_by", s.chosen_by);
        json.EndObject();
      }
      json.EndArray().EndObject();
    }
    json.EndArray();
    if (q.kind == "tf") {
      json.Key("truth").Bool(q.truth).Field("basis", q.basis);
      json.Key("stated").BeginArray();
      for (const auto& s : q.stated) {
        json.BeginObject().Field("type", s.type).Field("beneficiary", s.beneficiary).EndObject();
      }
      json.EndArray();
    }
    if (!q.param.empty()) {
      json.Field("param", q.param).Key("value").Number(q.value).Field("unit", q.unit);
      if (q.kind == "numeric") json.Key("tolerance").Number(q.tolerance);
    }
    if (q.kind == "cloze") {
      json.Key("accepted").BeginArray();
      for (const auto& a : q.accepted) json.String(a);
      json.EndArray();
    }
    if (!q.facts.empty()) {
      json.Key("facts").BeginArray();
      for (const auto& [f, v] : q.facts)
        json.BeginObject().Field("fact", f).Field("value", v).EndObject();
      json.EndArray();
    }
    json.Key("citations").BeginArray();
    for (const auto& c : q.citations) {
      json.BeginObject()
          .Field("id", c.id)
          .Field("citation", c.citation)
          .Field("text", c.text)
          .EndObject();
    }
    json.EndArray().Field("feedback", q.feedback).EndObject();
  }
  json.EndArray().Key("summary").BeginObject().Key("rules").BeginArray();
  for (const auto& r : quiz.per_rule) {
    json.BeginObject().Field("rule", r.rule_id).Field("label", r.label).Key("kinds").BeginObject();
    for (const auto& [k, n] : r.per_kind) json.Key(k).Int(n);
    json.EndObject().EndObject();
  }
  json.EndArray().Key("thin_rules").BeginArray();
  for (const auto& t : quiz.thin_rules) json.String(t);
  json.EndArray().EndObject().EndObject();
  json.Finish();
}

// ---------------------------------------------------------------- Markdown

std::string QuizSummaryText(const QuizResult& quiz) {
  std::string out = "Riepilogo per il formatore: " + std::to_string(quiz.questions.size()) +
                    " domande (richieste " + std::to_string(quiz.requested) + ")\n";
  for (const auto& r : quiz.per_rule) {
    int total = 0;
    std::string parts;
    for (const auto& [k, n] : r.per_kind) {
      total += n;
      parts += (parts.empty() ? "" : ", ") + QuizKindLabel(k) + " " + std::to_string(n);
    }
    out += "  " + r.label + ": " + std::to_string(total) + " (" + parts + ")\n";
  }
  if (!quiz.thin_rules.empty()) {
    out += "Regole richieste con troppo poca struttura per generare domande:\n";
    for (const auto& t : quiz.thin_rules) out += "  " + t + "\n";
  }
  if (quiz.questions.size() < static_cast<size_t>(quiz.requested)) {
    out += "Nota: richieste " + std::to_string(quiz.requested) +
           " domande, ne sono state generate " + std::to_string(quiz.questions.size()) +
           ": le regole scelte non ne consentono di più.\n";
  }
  return out;
}

void WriteQuizMarkdown(std::ostream& out, const QuizExport& e) {
  const QuizResult& quiz = *e.quiz;
  std::string games;
  for (const auto& g : quiz.games) games += (games.empty() ? "" : ", ") + g;
  out << "# Quiz per arbitri\n\n";
  out << "Giochi: " << games << " · domande: " << quiz.questions.size() << " · seme: " << e.seed
      << "\n\n";
  const char* letters = "abcdefghij";
  int n = 0;
  for (const Question& q : quiz.questions) {
    ++n;
    out << "## " << n << ". " << QuizKindLabel(q.kind) << "\n\n";
    out << "*" << q.category[0] << " › " << q.category[1] << " · difficoltà "
        << DifficultyLabel(q.difficulty) << "*\n\n";
    out << (q.kind == "tf" ? "Vero o falso? " : "") << q.stem << "\n\n";
    if (q.kind == "situation" || q.kind == "mc") {
      for (size_t i = 0; i < q.answers.size() && i < 10; ++i) {
        out << letters[i] << ") " << q.answers[i].text << "\n";
      }
      out << "\n";
    } else if (q.kind == "tf") {
      out << "☐ Vero  ☐ Falso\n\n";
    } else {
      const bool measure =
          q.unit == "cm" || q.unit == "mm" || q.unit == "m" || q.unit == "s" || q.unit == "min";
      out << "Risposta: ____________"
          << (q.kind == "numeric" && measure ? " " + QuizUnitLabel(q.unit) : "") << "\n\n";
    }
  }
  out << "---\n\n# Soluzioni\n\n";
  n = 0;
  for (const Question& q : quiz.questions) {
    ++n;
    std::string answer = AnswerText(q);
    if (q.kind == "situation" || q.kind == "mc") {
      for (size_t i = 0; i < q.answers.size() && i < 10; ++i) {
        if (q.answers[i].correct) answer = std::string(1, letters[i]) + ") " + answer;
      }
    }
    // What a trainer reads: no internal id (they are in the JSON, Moodle idnumber and Anki
    // guid), only the citation as the book prints it and its text.
    out << n << ". **" << answer << "** — " << q.feedback << "\n";
    for (const auto& c : q.citations) {
      out << "   - " << c.citation << "\n     > " << OneLine(c.text) << "\n";
    }
  }
  out << "\n---\n\n# Riepilogo per il formatore\n\n```\n" << QuizSummaryText(quiz) << "```\n";
}

}  // namespace arbitro::cli
