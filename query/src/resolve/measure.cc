// Measured lengths as people write them, and the threshold facts they read (see measure.h).
#include "resolve/measure.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <map>
#include <set>
#include <string_view>

#include "core/word_set.h"

namespace arbitro {
namespace {

// How many content words either side of a measure say what it measures.
constexpr size_t kContextWindow = 4;

// Millimetres in one unit a length is written in; 0 when the word is no such unit.
double UnitWord(const std::string& w) {
  static const std::map<std::string, double> kUnits = {{"mm", 1},          {"millimetro", 1},
                                                       {"millimetri", 1},  {"cm", 10},
                                                       {"centimetro", 10}, {"centimetri", 10}};
  auto it = kUnits.find(w);
  return it == kUnits.end() ? 0 : it->second;
}

// A number in digits ("3", "2.5": the analyser writes "2,5" so), else -1.
double Digits(std::string_view w) {
  if (w.empty() || !std::isdigit(static_cast<unsigned char>(w[0]))) return -1;
  double v = 0;
  const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
  return ec == std::errc() && end == w.data() + w.size() ? v : -1;
}

// A length in words: exact numbers, and the approximate ones people say ("una decina":
// 8 to 12), as an interval; false when the word is none.
bool NumberWord(const std::string& w, double* low, double* high) {
  static const std::map<std::string, double> kExact = {
      {"un", 1},       {"uno", 1},          {"una", 1},       {"mezzo", 0.5}, {"due", 2},
      {"tre", 3},      {"quattro", 4},      {"cinque", 5},    {"sei", 6},     {"sette", 7},
      {"otto", 8},     {"nove", 9},         {"dieci", 10},    {"undici", 11}, {"dodici", 12},
      {"tredici", 13}, {"quattordici", 14}, {"quindici", 15}, {"sedici", 16}, {"venti", 20},
      {"trenta", 30},  {"paio", 2},         {"dozzina", 12}};
  static const std::map<std::string, std::pair<double, double>> kAbout = {
      {"decina", {8, 12}}, {"quindicina", {13, 17}}, {"ventina", {18, 22}}, {"trentina", {27, 33}}};
  auto e = kExact.find(w);
  if (e != kExact.end()) {
    *low = *high = e->second;
    return true;
  }
  auto a = kAbout.find(w);
  if (a == kAbout.end()) return false;
  *low = a->second.first;
  *high = a->second.second;
  return true;
}

// Bounds the text states ("meno di 5 cm", "oltre i 7 cm", "non supera i 5 cm"): the
// length is a half-line. Each word says which side and whether the bound itself is in.
struct BoundWord {
  bool upper;      // the length is below the number ("meno di 3 cm"), else above
  bool inclusive;  // the number itself is in ("al massimo 3 cm", "almeno 7 cm")
};
const std::map<std::string, BoundWord> kBoundWords = {
    {"meno", {true, false}},      {"sotto", {true, false}},       {"inferiore", {true, false}},
    {"minore", {true, false}},    {"entro", {true, false}},       {"massimo", {true, true}},
    {"fino", {true, true}},       {"più", {false, false}},        {"piu", {false, false}},
    {"oltre", {false, false}},    {"sopra", {false, false}},      {"superiore", {false, false}},
    {"maggiore", {false, false}}, {"supera", {false, false}},     {"superano", {false, false}},
    {"superare", {false, false}}, {"oltrepassa", {false, false}}, {"almeno", {false, true}}};
// Words of the rules' own geometry ("nel raggio di 5 cm", "il lato del cuneo"): a length
// that defines a shape, not one measured in the situation.
const WordSet kShapeWords = {"raggio", "cerchio", "lato", "cuneo", "limite", "circonferenza"};
// Words that may stand between such a word and the number ("meno di", "oltre i").
const WordSet kLinkWords = {"di", "a", "i", "ai", "al", "dei", "del", "il", "lo"};

// What a length is measured from ("a 20 cm dalla linea laterale", "a 3 cm da lui"): the
// noun after "da" just after the length, over articles and possessives; "" when the text
// names none.
const WordSet kFromWords = {"da", "dal", "dalla", "dallo", "dall", "dai", "dagli", "dalle"};
const WordSet kDeterminers = {"il",     "lo",      "la",      "l",      "i",     "gli",
                              "le",     "un",      "uno",     "una",    "mio",   "mia",
                              "suo",    "sua",     "tuo",     "tua",    "loro",  "nostro",
                              "nostra", "proprio", "propria", "stesso", "stessa"};
std::string MeasuredFrom(const std::vector<Token>& t, size_t end) {
  for (size_t i = end; i < t.size() && i <= end + 2; ++i) {
    if (!kFromWords.count(t[i].word)) continue;
    for (size_t j = i + 1; j < t.size() && j <= i + 3; ++j) {
      if (!kDeterminers.count(t[j].word)) return t[j].word;
    }
    return "";
  }
  return "";
}

// Whether a length measured from `from` may be the value of `fact`: a piece, the ball or a
// pronoun standing for one (the teller's piece too: "a 3 cm da me") when the fact's label or
// question names a piece or the ball (what the rules measure: "distanza palla-miniatura"); another
// word only when the label or question names it. "a 20 cm dalla linea laterale" is no distance
// between ball and piece.
bool MeasuresFrom(const RuleFact& fact, const std::string& from) {
  static const WordSet kPieces = {
      "miniatura", "miniature", "omino", "omini", "pedina", "pedine", "portatore", "giocatore",
      "calciatore", "placcatore", "difensore", "attaccante", "avversario", "compagno", "palla",
      "ovale", "pallone", "sfera", "lui", "lei", "esso", "essa",
      // The teller's or the listener's own piece: "si ferma a 3 cm da me".
      "me", "te", "noi"};
  std::string said = fact.label + " " + fact.ask;
  for (char& c : said) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (kPieces.count(from)) {
    return said.find("miniatur") != std::string::npos || said.find("pall") != std::string::npos;
  }
  // The word itself, as a word of the label or question.
  size_t at = 0;
  while ((at = said.find(from, at)) != std::string::npos) {
    const bool starts = at == 0 || !std::isalpha(static_cast<unsigned char>(said[at - 1]));
    const size_t after = at + from.size();
    if (starts && (after == said.size() || !std::isalpha(static_cast<unsigned char>(said[after]))))
      return true;
    at = after;
  }
  return false;
}

// The word before `at` over at most two link words; t.size() when none.
size_t WordBefore(const std::vector<Token>& t, size_t at) {
  for (int links = 0; at > 0 && links <= 2; ++links) {
    if (!kLinkWords.count(t[at - 1].word)) return at - 1;
    --at;
  }
  return t.size();
}

}  // namespace

bool RangeHolds(const MeasureRange& range, const Measure& m) {
  const double per_unit = MillimetresPerUnit(range.unit);
  if (per_unit <= 0) return false;
  if (range.has_low) {
    const double low = range.low * per_unit;
    if (m.low_mm < low || (m.low_mm == low && !range.low_inclusive && !m.low_open)) return false;
  }
  if (range.has_high) {
    const double high = range.high * per_unit;
    if (m.high_mm > high || (m.high_mm == high && !range.high_inclusive && !m.high_open))
      return false;
  }
  return true;
}

std::vector<Measure> Measures(const std::vector<Token>& t) {
  std::vector<Measure> out;
  for (size_t i = 0; i < t.size(); ++i) {
    const std::string& w = t[i].word;
    double per_unit = 0, low = -1, high = -1;
    size_t first = i, end = i + 1;
    // Glued: "5cm", "2.5mm".
    size_t digits = 0;
    while (digits < w.size() &&
           (std::isdigit(static_cast<unsigned char>(w[digits])) || w[digits] == '.'))
      ++digits;
    if (digits > 0 && digits < w.size() && (per_unit = UnitWord(w.substr(digits))) > 0) {
      low = high = Digits(std::string_view(w).substr(0, digits));
    } else if ((per_unit = UnitWord(w)) > 0 && i > 0) {
      // The number before the unit, over "di" ("una decina di cm", "un paio di centimetri").
      size_t n = i - 1;
      if (t[n].word == "di" && n > 0) --n;
      first = n;
      low = high = Digits(t[n].word);
      if (low < 0 && !NumberWord(t[n].word, &low, &high)) continue;
      // "un paio", "una decina": the article is part of the number.
      if ((t[n].word == "paio" || t[n].word == "decina" || t[n].word == "dozzina" ||
           t[n].word == "ventina" || t[n].word == "quindicina" || t[n].word == "trentina") &&
          n > 0 && (t[n - 1].word == "un" || t[n - 1].word == "una"))
        first = n - 1;
      // "tra 3 e 4 cm": the interval between the two numbers.
      if (n >= 3 && t[n - 1].word == "e" && (t[n - 3].word == "tra" || t[n - 3].word == "fra")) {
        double other = Digits(t[n - 2].word), other_high = other;
        if (other >= 0 || NumberWord(t[n - 2].word, &other, &other_high)) {
          low = std::min(low, other);
          high = std::max(high, other_high);
          first = n - 3;
        }
      }
    }
    if (per_unit <= 0 || low < 0) continue;
    // "quasi 5 cm": just under, not 5 itself.
    const bool almost = first > 0 && t[first - 1].word == "quasi";
    if (almost) {
      low *= 0.8;
      --first;
    }
    Measure m{low * per_unit, high * per_unit, false, almost, first, end};
    const size_t before = WordBefore(t, first);
    if (before < t.size()) {
      if (kShapeWords.count(t[before].word)) continue;
      auto b = kBoundWords.find(t[before].word);
      if (b != kBoundWords.end()) {
        // "non supera i 5 cm": the other side, the number itself now in.
        const bool negated = before > 0 && t[before - 1].word == "non";
        const bool upper = b->second.upper != negated;
        const bool open = negated ? b->second.inclusive : !b->second.inclusive;
        if (upper) {
          m.low_mm = 0;
          m.high_open = open;
        } else {
          m.high_mm = std::numeric_limits<double>::infinity();
          m.low_open = open;
        }
        m.first = negated ? before - 1 : before;
      }
    }
    out.push_back(m);
  }
  return out;
}

void ReadMeasures(const Engine::Impl::GameResolver& gr, const std::vector<Token>& tokens,
                  FactMap* facts) {
  // The facts with ranges of a length, and the terms of each one's forms and labels.
  std::vector<size_t> ranged;
  for (size_t f = 0; f < gr.rules.facts.size(); ++f) {
    const auto& values = gr.rules.facts[f].values;
    if (std::any_of(values.begin(), values.end(), [](const RuleValue& v) {
          return !v.range.empty() && MillimetresPerUnit(v.range.unit) > 0;
        }))
      ranged.push_back(f);
  }
  if (ranged.empty()) return;
  const std::vector<Measure> measures = Measures(tokens);
  if (measures.empty()) return;
  std::map<size_t, std::set<std::string>> terms;  // fact → its terms no other ranged fact has
  if (ranged.size() > 1) {
    std::map<std::string, int> users;
    for (size_t f : ranged) {
      const RuleFact& fact = gr.rules.facts[f];
      auto& own = terms[f];
      for (const auto& form : fact.form_terms) own.insert(form.begin(), form.end());
      for (const RuleValue& v : fact.values) {
        for (const auto& form : v.form_terms) own.insert(form.begin(), form.end());
      }
      for (const std::string& term : own) ++users[term];
    }
    for (auto& [f, own] : terms) {
      for (auto it = own.begin(); it != own.end();) {
        const bool number = Digits(*it) >= 0 || UnitWord(*it) > 0;
        it = users[*it] > 1 || number ? own.erase(it) : std::next(it);
      }
    }
  }
  // Where each token stands among the content words (the space readings' spans count in).
  std::vector<size_t> content_index(tokens.size() + 1, 0);
  size_t content = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    content_index[i] = content;
    if (!tokens[i].stop) ++content;
  }
  content_index[tokens.size()] = content;
  FactMap read;
  for (const Measure& m : measures) {
    size_t fact = ranged[0];
    if (ranged.size() > 1) {
      // The content words around the measure name what it measures.
      std::set<std::string> around;
      size_t seen = 0;
      for (size_t i = m.first; i > 0 && seen < kContextWindow; --i) {
        if (!tokens[i - 1].stop && ++seen) around.insert(tokens[i - 1].term);
      }
      seen = 0;
      for (size_t i = m.end; i < tokens.size() && seen < kContextWindow; ++i) {
        if (!tokens[i].stop && ++seen) around.insert(tokens[i].term);
      }
      int best = 0, at_best = 0;
      for (size_t f : ranged) {
        int score = 0;
        for (const std::string& term : around) score += terms[f].count(term) ? 1 : 0;
        if (score > best) {
          best = score;
          fact = f;
          at_best = 1;
        } else if (score == best) {
          ++at_best;
        }
      }
      if (best == 0 || at_best > 1) continue;  // unsure which fact: read nothing
    }
    const RuleFact& rf = gr.rules.facts[fact];
    // A length the text says is measured from something the fact does not measure.
    const std::string from = MeasuredFrom(tokens, m.end);
    if (!from.empty() && !MeasuresFrom(rf, from)) continue;
    for (const RuleValue& v : rf.values) {
      if (!RangeHolds(v.range, m)) continue;
      std::string words;
      for (size_t i = m.first; i < m.end; ++i) words += (i > m.first ? " " : "") + tokens[i].word;
      auto& list = read[rf.name];
      if (std::none_of(list.begin(), list.end(), [&](const Reading& r) { return r.value == v.id; }))
        list.push_back({rf.name, v.id, words, content_index[m.first],
                        content_index[m.end] - content_index[m.first], true});
      break;  // ranges of one fact do not overlap (checked by the loader)
    }
  }
  for (auto& [fact, list] : read) (*facts)[fact] = std::move(list);
}

}  // namespace arbitro
