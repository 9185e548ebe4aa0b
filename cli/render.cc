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
  // Code points before byte `end`: the bytes that do not continue a sequence, counted
  // on from the previous position when `end` is not before it (ranges come in text
  // order), so that a hit's ranges cost one pass over its text.
  size_t at = 0;
  long long counted = 0;
  auto code_points = [&](size_t end) {
    if (end < at) at = 0, counted = 0;
    for (; at < end && at < text.size(); ++at) {
      if ((static_cast<unsigned char>(text[at]) & 0xC0) != 0x80) ++counted;
    }
    return counted;
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

void WriteVariantChanges(JsonWriter& json, const std::vector<VariantChangeInfo>& changes) {
  json.BeginArray();
  for (const VariantChangeInfo& c : changes) {
    json.BeginObject()
        .Field("variant", c.variant)
        .Field("variant_label", c.variant_label)
        .Field("kind", c.kind);
    for (const auto& [key, value] : std::vector<std::pair<const char*, const std::string*>>{
             {"target", &c.target},
             {"target_case", &c.target_case},
             {"target_citation", &c.target_citation},
             {"by", &c.by},
             {"by_case", &c.by_case},
             {"by_citation", &c.by_citation},
             {"param", &c.param},
             {"unit", &c.unit},
             {"old_value", &c.old_value},
             {"new_value", &c.new_value},
             {"old_quote", &c.old_quote},
             {"new_quote", &c.new_quote}}) {
      json.Key(key).StringOrNull(*value);
    }
    json.EndObject();
  }
  json.EndArray();
}

std::string VariantName(const std::string& label, const std::string& id) {
  size_t cut = label.find(':');
  if (cut == std::string::npos) cut = label.find(',');
  std::string out = label.substr(0, cut);
  while (!out.empty() && (out.back() == ' ' || out.back() == '.')) out.pop_back();
  return out.empty() ? id : out;
}

std::string VariantFigures(const VariantChangeInfo& c) {
  if (c.param.empty() || c.new_value.empty()) return "";
  const std::string now = c.new_quote.empty() ? c.new_value : c.new_quote;
  const std::string was = c.old_quote.empty() ? c.old_value : c.old_quote;
  return c.param + " " + now + (was.empty() ? "" : " (anziché " + was + ")");
}

std::string VariantChangeLine(const VariantChangeInfo& c, const std::string& id) {
  const std::string variant =
      "la variante «" + VariantName(c.variant_label, c.variant) + "» (--variant " + c.variant + ")";
  const std::string figures = VariantFigures(c);
  if (c.by == id) {
    if (c.kind == "adds") return variant + " la aggiunge alle regole di base";
    return variant + (c.kind == "replaces" ? " la mette al posto di: " : " con essa modifica: ") +
           c.target_citation + " [" + c.target + "]" + (figures.empty() ? "" : "; " + figures);
  }
  return variant + (c.kind == "replaces" ? " la sostituisce con: " : " la modifica con: ") +
         c.by_citation + " [" + c.by + "]" + (figures.empty() ? "" : "; " + figures);
}

}  // namespace arbitro::cli
