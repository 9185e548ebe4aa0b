#include <charconv>
#include <limits>

#include "readers.h"
#include "text.h"

namespace arbitro::schema_detail {
namespace {

bool IsText(pugi::xml_node node) {
  return node.type() == pugi::node_pcdata || node.type() == pugi::node_cdata;
}

void AppendInline(pugi::xml_node el, TextMode mode, std::string* out) {
  for (pugi::xml_node child : el.children()) {
    if (IsText(child)) {
      *out += child.value();
      continue;
    }
    if (child.type() != pugi::node_element) continue;
    const std::string_view name = child.name();
    if (name == "corr") {
      *out += mode == TextMode::kSource ? child.attribute("sic").value() : PlainText(child);
    } else if (name != "fw" || mode == TextMode::kSource) {
      AppendInline(child, mode, out);
    }
  }
}

std::string_view WithoutPlus(std::string_view s) {
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  return s;
}

}  // namespace

std::string InlineText(pugi::xml_node el, TextMode mode) {
  std::string out;
  AppendInline(el, mode, &out);
  return out;
}

std::string RuleText(pugi::xml_node el) {
  return CollapseWhitespace(InlineText(el, TextMode::kRule));
}

std::string PlainText(pugi::xml_node el) {
  std::string out;
  for (pugi::xml_node child : el.children()) {
    if (IsText(child)) out += child.value();
  }
  return CollapseWhitespace(out);
}

std::string Attr(pugi::xml_node el, const char* name) {
  return el.attribute(name).value();
}

std::string TokenAttr(pugi::xml_node el, const char* name) {
  return CollapseWhitespace(el.attribute(name).value());
}

bool ParseDecimal(const std::string& text, double* value) {
  const std::string_view s = WithoutPlus(text);
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *value);
  return ec == std::errc() && end == s.data() + s.size();
}

bool ParseInt(const std::string& text, int* value) {
  const std::string_view s = WithoutPlus(text);
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *value);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace arbitro::schema_detail
