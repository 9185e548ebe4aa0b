// The Italian wording shared by the quiz builder's stages (see builder.h).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "quiz/builder.h"

namespace arbitro::quiz {

Pairs PairsOf(const std::vector<SanctionInfo>& sanctions) {
  Pairs out;
  for (const auto& s : sanctions) out.emplace(s.type, s.beneficiary);
  return out;
}

bool Disjoint(const Pairs& a, const Pairs& b) {
  for (const auto& p : a) {
    if (b.count(p)) return false;
  }
  return true;
}

std::string SanctionText(const std::vector<SanctionInfo>& sanctions) {
  std::string out;
  for (const auto& s : sanctions) {
    std::string part = s.label + (s.beneficiary_label.empty() ? "" : " " + s.beneficiary_label);
    out += (out.empty() ? "" : "; ") + part;
  }
  return out;
}

std::string DecisionText(const RuleCase& c) {
  return c.decision.empty() ? SanctionText(c.sanctions) : c.decision;
}

std::string TrimPeriod(std::string s) {
  while (!s.empty() && (s.back() == '.' || s.back() == ' ' || s.back() == ';')) s.pop_back();
  return s;
}

// The decision as an answer: the corpus sometimes words a decision as
// "situation: sanction"; the situation part would give the answer away, so only
// the sanction part is kept when it names the sanction and the first part does not.
std::string AnswerLabel(const std::string& decision, const std::vector<SanctionInfo>& sanctions,
                        const std::map<std::string, std::vector<std::string>>& forms) {
  const size_t colon = decision.find(": ");
  if (colon == std::string::npos) return decision;
  const std::string head = decision.substr(0, colon), tail = decision.substr(colon + 2);
  bool head_names = false, tail_names = false;
  for (const auto& s : sanctions) {
    auto it = forms.find(s.type);
    if (it == forms.end()) continue;
    for (const auto& f : it->second) {
      head_names = head_names || ContainsWords(head, f);
      tail_names = tail_names || ContainsWords(tail, f);
    }
  }
  return !head_names && tail_names ? Capitalise(tail) : decision;
}

std::string Canonical(const std::string& game, const Facts& facts) {
  Facts sorted = facts;
  std::sort(sorted.begin(), sorted.end());
  std::string out = game + ":";
  for (const auto& [f, v] : sorted) out += f + "=" + v + ";";
  return out;
}

std::string Difficulty(int level) {
  return level <= 1 ? "easy" : level == 2 ? "medium" : "hard";
}

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : Fold(text)) {
    const bool letter =
        (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || static_cast<unsigned char>(c) >= 0x80;
    if (letter) {
      cur.push_back(c);
    } else if (!cur.empty()) {
      out.push_back(cur);
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

double Jaccard(const std::string& a, const std::string& b) {
  auto wa = Words(a), wb = Words(b);
  std::set<std::string> sa(wa.begin(), wa.end()), sb(wb.begin(), wb.end());
  if (sa.empty() || sb.empty()) return 0;
  size_t common = 0;
  for (const auto& w : sa) common += sb.count(w);
  return double(common) / double(sa.size() + sb.size() - common);
}

bool ContainsWords(const std::string& haystack, const std::string& needle) {
  return (" " + Fold(haystack) + " ").find(" " + Fold(needle) + " ") != std::string::npos;
}

const std::map<std::string, std::string>& UnitWords() {
  static const std::map<std::string, std::string> kWords = {
      {"cm", "centimetri"},      {"mm", "millimetri"}, {"m", "metri"},
      {"s", "secondi"},          {"min", "minuti"},    {"count", ""},
      {"points", "punti"},       {"cards", "carte"},   {"squares", "caselle"},
      {"pips", "punti del dado"}};
  return kWords;
}

std::string Builder::ValueLabel(const std::string& fact, const std::string& value) const {
  const RuleFact* f = data_.rules.Fact(fact);
  const RuleValue* v = f ? f->Value(value) : nullptr;
  return v ? v->label : value;
}

std::string Builder::Describe(const Facts& facts) const {
  std::string out;
  for (const auto& [fact, value] : facts) {
    const RuleFact* f = data_.rules.Fact(fact);
    std::string part = ValueLabel(fact, value);
    if (fact != "infrazione") {
      std::string name = f && !f->label.empty() ? f->label : fact;
      std::replace(name.begin(), name.end(), '-', ' ');
      part = name + ": " + part;
    }
    out += (out.empty() ? "" : "; ") + part;
  }
  return Capitalise(out);
}

std::string Builder::Intro(const std::string& doc) const {
  auto it = data_.doc_short.find(doc);
  return "In una partita (" + (it == data_.doc_short.end() ? data_.game : it->second) + ")";
}

std::string Builder::BeneficiaryLabel(const std::string& id) const {
  for (const auto& c : data_.rules.cases) {
    for (const auto& s : c.sanctions) {
      if (s.beneficiary == id && !s.beneficiary_label.empty()) return s.beneficiary_label;
    }
  }
  return "per " + id;
}

// ------------------------------------------------------------ parameters
std::string Builder::ParamWords(const Param& p) const {
  if (!p.label.empty()) return p.label;
  std::string w = p.name;
  std::replace(w.begin(), w.end(), '-', ' ');
  return w;
}

std::string Builder::ValueText(double v, const std::string& unit) const {
  static const std::map<std::string, std::string> kSingular = {
      {"cm", "centimetro"}, {"mm", "millimetro"},   {"m", "metro"},
      {"s", "secondo"},     {"min", "minuto"},      {"points", "punto"},
      {"cards", "carta"},   {"squares", "casella"}, {"pips", "punto del dado"}};
  auto it = UnitWords().find(unit);
  std::string word = it == UnitWords().end() ? unit : it->second;
  if (v == 1 && kSingular.count(unit)) word = kSingular.at(unit);
  return FormatNumber(v) + (word.empty() ? "" : " " + word);
}

// The parameter's quote with its number masked ("… movimenti posizionali"), or ""
// when the number cannot be found in it.
std::string Builder::MaskedQuote(const Param& p) {
  static const std::map<int, std::vector<std::string>> kWords = {{1, {"un", "uno", "una"}},
                                                                 {2, {"due"}},
                                                                 {3, {"tre"}},
                                                                 {4, {"quattro"}},
                                                                 {5, {"cinque"}},
                                                                 {6, {"sei"}},
                                                                 {7, {"sette"}},
                                                                 {8, {"otto"}},
                                                                 {9, {"nove"}},
                                                                 {10, {"dieci"}},
                                                                 {11, {"undici"}},
                                                                 {12, {"dodici"}},
                                                                 {15, {"quindici"}},
                                                                 {20, {"venti"}},
                                                                 {30, {"trenta"}}};
  std::vector<std::string> targets{FormatNumber(p.value)};
  auto w = kWords.find(static_cast<int>(p.value));
  if (w != kWords.end() && std::fabs(p.value - w->first) < 1e-9) {
    targets.insert(targets.end(), w->second.begin(), w->second.end());
  }
  const std::string q = p.quote;
  for (const auto& t : targets) {
    for (size_t at = q.find(t); at != std::string::npos; at = q.find(t, at + 1)) {
      auto is_word = [&](size_t i) {
        if (i >= q.size()) return false;
        const unsigned char c = static_cast<unsigned char>(q[i]);
        return std::isalnum(c) || c >= 0x80;
      };
      const bool starts = at == 0 || !is_word(at - 1);
      if (!starts || is_word(at + t.size())) continue;
      // a digit run must be whole ("10" not inside "100"); case-insensitive words are rare here
      return q.substr(0, at) + "…" + q.substr(at + t.size());
    }
  }
  return "";
}

std::string Builder::Where(const Unit& u) const {
  auto it = data_.doc_short.find(u.doc);
  std::string out = (it == data_.doc_short.end() ? u.doc : it->second) + ", " + u.rule_label;
  const Unit* parent = data_.FindUnit(u.parent);
  if (parent && parent->kind == "section" && !parent->heading.empty() && parent->id != 0 &&
      parent->doc + "#" + parent->eid != u.rule_id) {
    out += " › " + parent->heading;
  }
  return out;
}

}  // namespace arbitro::quiz
