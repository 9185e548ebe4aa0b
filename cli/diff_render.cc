#include "diff_render.h"

#include <string>
#include <vector>

#include "json.h"
#include "render.h"

namespace arbitro::cli {
namespace {

std::string Ids(const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) out += (out.empty() ? "" : " + ") + id;
  return out;
}

// "r12__p3 → r13__p3", "r12__p3", "→ r13__p3".
std::string IdLine(const ProvisionChange& c) {
  std::string n = Ids(c.new_ids);
  if (n.empty() && !c.new_lines.empty()) {
    // A draft: its lines.
    n = c.new_lines[0] == c.new_lines.back()
            ? "riga " + std::to_string(c.new_lines[0])
            : "righe " + std::to_string(c.new_lines[0]) + "-" + std::to_string(c.new_lines.back());
  }
  const std::string o = Ids(c.old_ids);
  if (o.empty()) return n;
  if (n.empty() || o == n) return o;
  return o + " → " + n;
}

std::string LabelLine(const ProvisionChange& c) {
  if (c.old_label.empty()) return c.new_label;
  if (c.new_label.empty() || c.old_label == c.new_label) return c.old_label;
  return c.old_label + " → " + c.new_label;
}

// Italian lines for the logic changes, most important first.
std::vector<std::string> LogicLines(const ProvisionChange& c) {
  std::vector<std::string> sanctions, conditions, params;
  for (const CaseChange& cc : c.cases) {
    if (cc.kind == "added") {
      sanctions.push_back("caso aggiunto " + cc.new_case + ": [" + cc.new_when + "] → " +
                          cc.new_sanctions);
    } else if (cc.kind == "removed") {
      sanctions.push_back("caso eliminato " + cc.old_case + ": [" + cc.old_when + "] → " +
                          cc.old_sanctions);
    } else {
      const std::string id =
          cc.old_case == cc.new_case ? cc.old_case : cc.old_case + " → " + cc.new_case;
      if (cc.sanctions_changed) {
        sanctions.push_back("sanzione cambiata (" + id + "): " + cc.old_sanctions + " → " +
                            cc.new_sanctions);
      }
      if (cc.conditions_changed) {
        conditions.push_back("condizioni cambiate (" + id + "): [" + cc.old_when + "] → [" +
                             cc.new_when + "]");
      }
    }
  }
  for (const ParamChange& p : c.params) {
    if (p.kind == "added") {
      params.push_back("parametro aggiunto " + p.name + " = " + p.new_value);
    } else if (p.kind == "removed") {
      params.push_back("parametro eliminato " + p.name + " = " + p.old_value);
    } else {
      params.push_back("parametro cambiato " + p.name + ": " + p.old_value + " → " + p.new_value);
    }
  }
  sanctions.insert(sanctions.end(), conditions.begin(), conditions.end());
  sanctions.insert(sanctions.end(), params.begin(), params.end());
  return sanctions;
}

struct SummaryItem {
  const char* label;
  int value;
};

std::vector<SummaryItem> SummaryItems(const DiffSummary& s) {
  return {{"aggiunte", s.added},
          {"abrogate", s.removed},
          {"rinumerate", s.renumbered},
          {"riformulate", s.reworded},
          {"divise", s.split},
          {"unite", s.joined},
          {"cambi di sanzione", s.sanction_changes},
          {"cambi di condizioni", s.condition_changes},
          {"cambi di parametri", s.param_changes},
          {"invariate", s.unchanged}};
}

std::string SummaryLine(const DiffSummary& s) {
  std::string out;
  for (const SummaryItem& item : SummaryItems(s)) {
    out += (out.empty() ? "" : ", ") + std::to_string(item.value) + " " + item.label;
  }
  return out;
}

bool Important(const ProvisionChange& c) {
  return c.sanctions_changed() || c.conditions_changed() || c.params_changed();
}

// An unchanged run shortened to the words next to the edits around it.
std::string Context(const std::string& text, bool keep_head, bool keep_tail) {
  constexpr size_t kKept = 8;
  std::vector<std::string> words;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    words.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  const size_t head = keep_head ? kKept : 0, tail = keep_tail ? kKept : 0;
  if (words.size() <= head + tail + 2) return text;
  std::string out;
  for (size_t i = 0; i < head; ++i) out += words[i] + " ";
  out += "…";
  for (size_t i = words.size() - tail; i < words.size(); ++i) out += " " + words[i];
  return out;
}

// Terminal redline: unchanged runs are shortened to their context.
std::string RedlineText(const std::vector<WordEdit>& redline, bool color) {
  std::string out;
  for (size_t i = 0; i < redline.size(); ++i) {
    const WordEdit& e = redline[i];
    if (!out.empty()) out += ' ';
    switch (e.op) {
      case WordEdit::Op::kEqual:
        out += Context(e.text, i > 0, i + 1 < redline.size());
        break;
      case WordEdit::Op::kDelete:
        out += color ? "\033[31;9m" + e.text + "\033[0m" : "[-" + e.text + "-]";
        break;
      case WordEdit::Op::kInsert:
        out += color ? "\033[32;4m" + e.text + "\033[0m" : "{+" + e.text + "+}";
        break;
    }
  }
  return out;
}

// Markdown inline text: characters that would start markup are escaped.
std::string Md(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '*' || c == '_' || c == '`' || c == '[' || c == ']' || c == '<' || c == '>' ||
        c == '|' || c == '~' || c == '#' || c == '\\') {
      out += '\\';
    }
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

}  // namespace

std::string ChangeTypeLabel(const std::string& type) {
  if (type == "insertion") return "inserimento";
  if (type == "repeal") return "abrogazione";
  if (type == "substitution") return "sostituzione";
  if (type == "renumbering") return "rinumerazione";
  if (type == "split") return "divisione";
  if (type == "join") return "unione";
  return type;
}

// ------------------------------------------------------------ text

void RenderDiffText(std::ostream& out, const DiffResult& d, bool color) {
  out << "Confronto: " << d.old_title << " (" << d.old_doc << ") → " << d.new_title << " ("
      << d.new_doc << ")\n"
      << Bold("Riepilogo:", color) << " " << SummaryLine(d.summary) << "\n";
  if (d.changes.empty() && d.draft_findings.empty()) {
    out << "\nNessuna differenza.\n";
    return;
  }
  for (const ProvisionChange& c : d.changes) {
    out << "\n"
        << (Important(c) ? "!! " : "") << Bold(ChangeTypeLabel(c.type), color) << "  " << IdLine(c)
        << "  [" << c.kind << "]";
    const std::string label = LabelLine(c);
    if (!label.empty()) out << "  (" << label << ")";
    out << "\n";
    if (c.renumbered && c.type != "renumbering") out << "   rinumerata\n";
    for (const std::string& line : LogicLines(c)) out << "   " << Bold("! " + line, color) << "\n";
    if (!c.redline.empty()) out << Indent(RedlineText(c.redline, color), 3) << "\n";
    if (c.redline.empty() && (c.type == "split" || c.type == "join" || c.type == "insertion"))
      out << Indent(c.new_text, 3) << "\n";
  }
  for (const DraftFinding& f : d.draft_findings) {
    out << "\n" << Bold("!! " + f.code, color) << "  riga " << f.line << ": " << f.message << "\n";
  }
}

// ------------------------------------------------------------ JSON

void RenderDiffJson(std::ostream& out, const DiffResult& d) {
  JsonWriter json(out);
  json.BeginObject().Field("game", d.game);
  json.Key("old").BeginObject().Field("doc", d.old_doc).Field("title", d.old_title).EndObject();
  json.Key("new").BeginObject().Field("doc", d.new_doc).Field("title", d.new_title).EndObject();
  const DiffSummary& s = d.summary;
  json.Key("summary")
      .BeginObject()
      .Key("added")
      .Int(s.added)
      .Key("removed")
      .Int(s.removed)
      .Key("renumbered")
      .Int(s.renumbered)
      .Key("reworded")
      .Int(s.reworded)
      .Key("split")
      .Int(s.split)
      .Key("joined")
      .Int(s.joined)
      .Key("sanction_changes")
      .Int(s.sanction_changes)
      .Key("condition_changes")
      .Int(s.condition_changes)
      .Key("param_changes")
      .Int(s.param_changes)
      .Key("unchanged")
      .Int(s.unchanged)
      .EndObject();
  json.Key("changes").BeginArray();
  for (const ProvisionChange& c : d.changes) {
    json.BeginObject().Field("type", c.type).Field("kind", c.kind);
    json.Key("old_ids").BeginArray();
    for (const std::string& id : c.old_ids) json.String(id);
    json.EndArray().Key("new_ids").BeginArray();
    for (const std::string& id : c.new_ids) json.String(id);
    json.EndArray()
        .Field("old_label", c.old_label)
        .Field("new_label", c.new_label)
        .Field("old_citation", c.old_citation)
        .Field("new_citation", c.new_citation)
        .Key("renumbered")
        .Bool(c.renumbered)
        .Key("reworded")
        .Bool(c.reworded)
        .Key("sanctions_changed")
        .Bool(c.sanctions_changed())
        .Key("conditions_changed")
        .Bool(c.conditions_changed())
        .Key("params_changed")
        .Bool(c.params_changed())
        .Key("similarity")
        .Number(c.similarity);
    json.Key("cases").BeginArray();
    for (const CaseChange& cc : c.cases) {
      json.BeginObject()
          .Field("kind", cc.kind)
          .Field("old_case", cc.old_case)
          .Field("new_case", cc.new_case)
          .Field("old_when", cc.old_when)
          .Field("new_when", cc.new_when)
          .Field("old_sanctions", cc.old_sanctions)
          .Field("new_sanctions", cc.new_sanctions)
          .Key("conditions_changed")
          .Bool(cc.conditions_changed)
          .Key("sanctions_changed")
          .Bool(cc.sanctions_changed)
          .EndObject();
    }
    json.EndArray().Key("params").BeginArray();
    for (const ParamChange& p : c.params) {
      json.BeginObject()
          .Field("kind", p.kind)
          .Field("name", p.name)
          .Field("old_value", p.old_value)
          .Field("new_value", p.new_value)
          .EndObject();
    }
    json.EndArray().Key("redline").BeginArray();
    for (const WordEdit& e : c.redline) {
      const char* op = e.op == WordEdit::Op::kEqual    ? "equal"
                       : e.op == WordEdit::Op::kDelete ? "delete"
                                                       : "insert";
      json.BeginObject().Field("op", op).Field("text", e.text).EndObject();
    }
    json.EndArray().Field("old_text", c.old_text).Field("new_text", c.new_text);
    if (d.draft) {
      json.Key("new_lines").BeginArray();
      for (int line : c.new_lines) json.Int(line);
      json.EndArray().Key("moved").Bool(c.moved);
    }
    json.EndObject();
  }
  json.EndArray();
  if (d.draft) {
    json.Key("draft").Bool(true).Key("changed_share").Number(d.changed_share);
    json.Key("draft_findings").BeginArray();
    for (const DraftFinding& f : d.draft_findings) {
      json.BeginObject().Field("code", f.code).Key("line").Int(f.line).Field("message", f.message)
          .EndObject();
    }
    json.EndArray();
  }
  json.EndObject().Finish();
}

// ------------------------------------------------------------ Markdown

void RenderDiffMarkdown(std::ostream& out, const DiffResult& d) {
  out << "# Confronto tra edizioni\n\n"
      << "- **Precedente:** " << Md(d.old_title) << " (`" << d.old_doc << "`)\n"
      << "- **Nuova:** " << Md(d.new_title) << " (`" << d.new_doc << "`)\n\n"
      << "## Riepilogo\n\n";
  const std::vector<SummaryItem> items = SummaryItems(d.summary);
  for (const SummaryItem& item : items) out << "| " << item.label << " ";
  out << "|\n";
  for (size_t i = 0; i < items.size(); ++i) out << "|---:";
  out << "|\n";
  for (const SummaryItem& item : items) out << "| " << item.value << " ";
  out << "|\n\n## Modifiche\n";
  if (d.changes.empty()) out << "\nNessuna differenza.\n";
  int n = 0;
  for (const ProvisionChange& c : d.changes) {
    out << "\n### " << ++n << ". " << ChangeTypeLabel(c.type) << ": `" << IdLine(c) << "`";
    const std::string label = LabelLine(c);
    if (!label.empty()) out << " (" << Md(label) << ")";
    out << "\n\n";
    const std::vector<std::string> lines = LogicLines(c);
    for (const std::string& line : lines) out << "> **" << Md(line) << "**  \n";
    if (!lines.empty()) out << "\n";
    if (c.redline.empty()) continue;
    for (const WordEdit& e : c.redline) {
      switch (e.op) {
        case WordEdit::Op::kEqual:
          out << Md(e.text) << " ";
          break;
        case WordEdit::Op::kDelete:
          out << "~~" << Md(e.text) << "~~ ";
          break;
        case WordEdit::Op::kInsert:
          out << "**" << Md(e.text) << "** ";
          break;
      }
    }
    out << "\n";
  }
}

// ------------------------------------------------------------ HTML

void RenderDiffHtml(std::ostream& out, const DiffResult& d) {
  out << "<!DOCTYPE html>\n<html lang=\"it\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>Confronto: " << EscapeHtml(d.old_doc) << " → " << EscapeHtml(d.new_doc) << "</title>\n"
      << "<style>\n"
         "body{font-family:Georgia,serif;max-width:52em;margin:2em auto;padding:0 1em;color:#222;"
         "line-height:1.45}\n"
         "h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #999}\n"
         "table.summary{border-collapse:collapse;margin:1em 0}\n"
         "table.summary th,table.summary td{border:1px solid #999;padding:.2em "
         ".6em;text-align:right}\n"
         "section.change{border-top:1px solid #ccc;padding:.5em 0;page-break-inside:avoid}\n"
         "section.change h3{font-size:1em;margin:.3em 0}\n"
         ".type{font-variant:small-caps;font-weight:bold}\n"
         ".ids{font-family:monospace}\n"
         ".logic{background:#fff3cd;border-left:4px solid #c00;padding:.3em .6em;margin:.4em 0;"
         "font-weight:bold}\n"
         "del{color:#a00;text-decoration:line-through}ins{color:#060;text-decoration:underline}\n"
         "@media print{body{max-width:none;margin:0}.logic{border-left-color:#000}}\n"
         "</style>\n</head>\n<body>\n"
      << "<h1>Confronto tra edizioni</h1>\n<p>Precedente: <b>" << EscapeHtml(d.old_title)
      << "</b> (<span class=\"ids\">" << EscapeHtml(d.old_doc) << "</span>)<br>Nuova: <b>"
      << EscapeHtml(d.new_title) << "</b> (<span class=\"ids\">" << EscapeHtml(d.new_doc)
      << "</span>)</p>\n<h2>Riepilogo</h2>\n<table class=\"summary\">\n<tr>";
  const std::vector<SummaryItem> items = SummaryItems(d.summary);
  for (const SummaryItem& item : items) out << "<th>" << item.label << "</th>";
  out << "</tr>\n<tr>";
  for (const SummaryItem& item : items) out << "<td>" << item.value << "</td>";
  out << "</tr>\n</table>\n<h2>Modifiche</h2>\n";
  if (d.changes.empty()) out << "<p>Nessuna differenza.</p>\n";
  for (const ProvisionChange& c : d.changes) {
    out << "<section class=\"change " << EscapeHtml(c.type) << "\">\n<h3><span class=\"type\">"
        << EscapeHtml(ChangeTypeLabel(c.type)) << "</span> <span class=\"ids\">" << EscapeHtml(IdLine(c))
        << "</span>";
    const std::string label = LabelLine(c);
    if (!label.empty()) out << " — " << EscapeHtml(label);
    out << "</h3>\n";
    const std::vector<std::string> lines = LogicLines(c);
    if (!lines.empty()) {
      out << "<div class=\"logic\">";
      for (size_t i = 0; i < lines.size(); ++i) out << (i ? "<br>" : "") << EscapeHtml(lines[i]);
      out << "</div>\n";
    }
    if (!c.redline.empty()) {
      out << "<p class=\"text\">";
      for (const WordEdit& e : c.redline) {
        switch (e.op) {
          case WordEdit::Op::kEqual:
            out << EscapeHtml(e.text) << " ";
            break;
          case WordEdit::Op::kDelete:
            out << "<del>" << EscapeHtml(e.text) << "</del> ";
            break;
          case WordEdit::Op::kInsert:
            out << "<ins>" << EscapeHtml(e.text) << "</ins> ";
            break;
        }
      }
      out << "</p>\n";
    } else if (c.type == "split" || c.type == "join") {
      out << "<p class=\"text\">" << EscapeHtml(c.new_text) << "</p>\n";
    }
    out << "</section>\n";
  }
  out << "</body>\n</html>\n";
}

}  // namespace arbitro::cli
