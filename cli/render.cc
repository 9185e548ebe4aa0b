#include "render.h"
#include <algorithm>

namespace arbitro::cli {

std::string SanctionSentence(const SanctionInfo& s) {
  std::string out = s.label;
  if (!s.beneficiary_label.empty()) out += " " + s.beneficiary_label;
  if (!s.place.empty()) out += " (" + s.place + ")";
  return out;
}

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
    json.EndObject();
  }
  json.EndArray();
}

void WriteLinks(JsonWriter& json, const std::vector<LinkInfo>& links) {
  json.BeginArray();
  for (const LinkInfo& l : links) {
    json.BeginObject()
        .Field("id", l.id)
        .Field("citation", l.citation)
        .Field("quote", l.quote)
        .Field("kind", l.kind)
        .EndObject();
  }
  json.EndArray();
}

void WriteCodePointRanges(JsonWriter& json, const std::string& text,
                          const std::vector<std::pair<size_t, size_t>>& ranges) {
  // Code points before byte i: the bytes that do not continue a sequence.
  auto code_points = [&](size_t end) {
    long long n = 0;
    for (size_t i = 0; i < end && i < text.size(); ++i) {
      if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++n;
    }
    return n;
  };
  json.BeginArray();
  for (const auto& [begin, end] : ranges) {
    if (begin >= end || end > text.size()) continue;
    json.BeginArray().Int(code_points(begin)).Int(code_points(end)).EndArray();
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
    std::string who = s.chosen_by_label;
    if (who.rfind("per ", 0) == 0) who = who.substr(4);
    if (who.empty()) who = s.chosen_by;
    std::string line = "a scelta " + (who.rfind("il ", 0) == 0 ? "del " + who.substr(3)
                                      : who.rfind("l'", 0) == 0 ? "dell'" + who.substr(2)
                                                                 : "di " + who) + ": ";
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
