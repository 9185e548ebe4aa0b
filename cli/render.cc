#include "render.h"
#include <algorithm>

namespace arbitro::cli {

std::string EscapeHtml(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

std::string Bold(const std::string& text, bool color) {
  return color ? "\033[1m" + text + "\033[0m" : text;
}

std::string Highlight(const std::string& text, const std::vector<std::pair<size_t, size_t>>& ranges,
                      bool color) {
  std::string out;
  size_t at = 0;
  for (const auto& [begin, end] : ranges) {
    if (begin < at || end > text.size()) continue;
    out += text.substr(at, begin - at);
    const std::string word = text.substr(begin, end - begin);
    out += color ? Bold(word, true) : "[" + word + "]";
    at = end;
  }
  return out + text.substr(at);
}

void WriteSanctions(JsonWriter& json, const std::vector<SanctionInfo>& sanctions) {
  json.BeginArray();
  for (const SanctionInfo& s : sanctions) {
    json.BeginObject()
        .Field("type", s.type)
        .Field("beneficiary", s.beneficiary)
        .Field("place", s.place)
        .Field("label", s.label);
    // Only the alternatives of a choice carry these; cumulative sanctions do not.
    if (!s.choice.empty()) json.Field("choice", s.choice).Field("chosen_by", s.chosen_by);
    if (s.points > 0) json.Key("points").Int(s.points);
    json.EndObject();
  }
  json.EndArray();
}

std::vector<std::string> SanctionLines(const std::vector<SanctionInfo>& sanctions) {
  std::vector<std::string> lines;
  std::vector<std::string> done;  // choices already written
  for (size_t i = 0; i < sanctions.size(); ++i) {
    const SanctionInfo& s = sanctions[i];
    if (s.choice.empty()) {
      lines.push_back(SanctionSentence(s));
      continue;
    }
    if (std::find(done.begin(), done.end(), s.choice) != done.end()) continue;
    done.push_back(s.choice);
    std::string line = ChoiceIntro(s) + ": ";
    bool first = true;
    for (size_t k = i; k < sanctions.size(); ++k) {
      if (sanctions[k].choice != s.choice) continue;
      line += (first ? "" : " oppure ") + SanctionSentence(sanctions[k]);
      first = false;
    }
    lines.push_back(line);
  }
  return lines;
}

std::string Indent(const std::string& text, int indent) {
  const std::string pad(static_cast<size_t>(indent), ' ');
  std::string out = pad;
  for (char c : text) {
    out.push_back(c);
    if (c == '\n') out += pad;
  }
  return out;
}

void WriteTocText(std::ostream& out,
                  const std::vector<std::pair<DocumentInfo, std::vector<TocLine>>>& tocs) {
  for (const auto& [doc, lines] : tocs) {
    out << doc.title << (doc.edition.empty() ? "" : " " + doc.edition) << " [" << doc.doc << "]\n";
    for (const TocLine& l : lines) {
      out << std::string(2 + 2 * static_cast<size_t>(l.depth), ' ') << l.label;
      if (l.provisions) out << " (" << l.provisions << ")";
      out << "  " << l.id << "\n";
    }
  }
}

}  // namespace arbitro::cli
