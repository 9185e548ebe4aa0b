// Questions from numeric parameters: numeric, mc and tf (see builder.h). Each asks the
// question phrasing.xml gives for the parameter at its provision; wrong numbers come
// from parameters of the same kind and unit in the same game, then from plausible
// neighbours, never a value the parameter takes anywhere in the game.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "quiz/builder.h"

namespace arbitro::quiz {

namespace {

// Round neighbours of a value, nearest first: for 20 → 15, 25, 10, 30 …
std::vector<double> Neighbours(double v, const std::string& unit) {
  std::vector<double> out;
  const bool small = unit == "count" || unit == "cards" || unit == "pips" || unit == "points" ||
                     unit == "squares" || v < 5;
  if (small || v <= 10) {
    for (double d : {1.0, -1.0, 2.0, -2.0, 3.0}) out.push_back(v + d);
  } else {
    const double step = v <= 30 ? 5 : v <= 100 ? 10 : std::pow(10, std::floor(std::log10(v)));
    for (double d : {1.0, -1.0, 2.0, -2.0}) out.push_back(v + d * step);
    out.push_back(v * 2);
  }
  return out;
}

// The side of the true value a wrong number must lie on for a statement of a bound to be
// false: +1 above it for a required minimum ("almeno {n}": a smaller one is implied), -1
// below it for a permitted range from {n} up ("da {n} anni in su") and for a maximum
// ("entro {n}", "a meno di {n}", "al massimo {n}": a larger one is implied), 0 for an
// exact value.
int FalseSide(const std::string& statement) {
  const size_t at = statement.find("{n}");
  if (at == std::string::npos) return 0;
  const std::string before = statement.substr(0, at), after = statement.substr(at);
  auto ends_with = [&](const char* words) {
    const std::string w = std::string(words) + " ";
    return before.size() >= w.size() && before.compare(before.size() - w.size(), w.size(), w) == 0;
  };
  if (after.find(" in su") != std::string::npos) return -1;
  if (ends_with("almeno") || ends_with("non meno di")) return +1;
  if (ends_with("entro") || ends_with("a meno di") || ends_with("non più di") ||
      ends_with("al massimo") || ends_with("fino a") || ends_with("massimo"))
    return -1;
  return 0;
}

}  // namespace

void Builder::FromParams() {
  if (!data_.has_phrasing) return;
  std::map<std::string, std::set<double>> values_of;  // name → values in the game
  for (const auto& p : data_.params) values_of[p.name].insert(p.value);
  std::set<std::string> done;
  for (const auto& p : data_.params) {
    const Unit* u = data_.FindUnit(p.unit);
    if (!u || !VariantInPlay(variants_, u->variant) ||
        ChangedByVariant(data_, variants_, p.unit, p.name))
      continue;
    const ParamPhrase* phrase =
        FindParamPhrase(data_.phrasing, p.name, u->doc, u->eid, values_of[p.name].size() > 1);
    if (!phrase) continue;  // no question for it: lint-corpus says so
    // One question per phrase and value: a parameter quoted twice is asked once.
    const std::string key =
        "param:" + data_.game + ":" + p.name + ":" + phrase->at + ":" + FormatNumber(p.value);
    if (!done.insert(key).second) continue;
    // The phrase must not fit another value: every occurrence it matches has this value.
    bool ambiguous = false;
    for (const auto& o : data_.params) {
      const Unit* ou = data_.FindUnit(o.unit);
      if (o.name == p.name && ou && o.value != p.value &&
          FindParamPhrase(data_.phrasing, o.name, ou->doc, ou->eid, values_of[p.name].size() > 1) ==
              phrase)
        ambiguous = true;
    }
    if (ambiguous) continue;
    const std::string base_id = u->doc + "#" + u->eid;
    auto uw = UnitWords().find(p.unit_name);
    const std::string unit_word = uw == UnitWords().end() ? p.unit_name : uw->second;
    const bool countable =
        p.unit_name == "count" || p.unit_name == "points" || p.unit_name == "cards";
    const std::string difficulty = countable ? "easy" : "medium";
    std::vector<QuizCitation> cites{{base_id, u->citation, u->text}};
    const std::string opening = "Secondo il regolamento di " + Game() + ", ";
    const std::string fact = UpperFirst(Statement(*phrase, p.value, p.unit_name));
    const std::string fb = TrimPeriod(fact) + " (" + CleanCitation(u->rule_label) + ").";
    const std::string question = opening + LowerFirst(phrase->question);
    const std::string what = Clip(TrimPeriod(phrase->question), 110);

    // numeric
    {
      Candidate cand = Base(*u, base_id + "/numeric/" + p.name, "numeric");
      Question& q = cand.q;
      cand.source = key;
      q.name = Name(*u, "numeric", what);
      q.difficulty = difficulty;
      // A length or a time in its unit; anything counted (cards, points, squares) as a number.
      const bool measure = p.unit_name == "cm" || p.unit_name == "mm" || p.unit_name == "m" ||
                           p.unit_name == "s" || p.unit_name == "min";
      q.stem = question + " " +
               (!measure || unit_word.empty() ? "Rispondi con un numero."
                                              : "Rispondi in " + unit_word + ".");
      q.value = p.value;
      q.unit = p.unit_name;
      q.tolerance = 0;
      q.param = p.name;
      q.citations = cites;
      q.feedback = fb;
      Emit(std::move(cand));
    }
    // Wrong values: parameters of the same kind (phrasing) and unit in the game first,
    // then of the same unit within a plausible range, then round neighbours; never a
    // value the parameter takes anywhere in the game, never zero or less.
    // A face of one die (phrasing kind "dado") is a whole number from 1 to 6: a 7 could
    // never come up and is no plausible answer.
    const bool die_face = phrase->kind == "dado";
    // A value another parameter of the same provision takes is an option the rules allow
    // ("tempi da 10 minuti anzichè 15", "3-5 minuti"): never offered as wrong.
    std::set<double> allowed;
    for (const auto& o : data_.params) {
      if (o.unit == p.unit && o.unit_name == p.unit_name) allowed.insert(o.value);
    }
    std::vector<double> pool;
    auto consider = [&](double v) {
      if (die_face && (v < 1 || v > 6 || v != std::floor(v))) return;
      if (v <= 0 || values_of[p.name].count(v) || allowed.count(v) ||
          std::find(pool.begin(), pool.end(), v) != pool.end())
        return;
      if (p.value >= 1 && (v > p.value * 4 || v < p.value / 4)) return;
      pool.push_back(v);
    };
    auto kind_of = [&](const Param& o) -> std::string {
      const Unit* ou = data_.FindUnit(o.unit);
      if (!ou) return "";
      const ParamPhrase* op =
          FindParamPhrase(data_.phrasing, o.name, ou->doc, ou->eid, values_of[o.name].size() > 1);
      return op ? op->kind : "";
    };
    std::vector<double> same_kind, same_unit;
    for (const auto& o : data_.params) {
      if (o.unit_name != p.unit_name) continue;
      if (!phrase->kind.empty() && kind_of(o) == phrase->kind)
        same_kind.push_back(o.value);
      else
        same_unit.push_back(o.value);
    }
    auto nearest = [&](std::vector<double>* v) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
      std::stable_sort(v->begin(), v->end(), [&](double a, double b) {
        return std::fabs(std::log((a + 1) / (p.value + 1))) <
               std::fabs(std::log((b + 1) / (p.value + 1)));
      });
    };
    nearest(&same_kind);
    nearest(&same_unit);
    for (double v : same_kind) consider(v);
    for (double v : same_unit) {
      if (pool.size() < 2) consider(v);
    }
    for (double v : Neighbours(p.value, p.unit_name)) consider(v);
    if (die_face) {
      for (double d = 1; d <= 5 && pool.size() < 3; ++d) {
        consider(p.value - d);
        consider(p.value + d);
      }
    }
    // The encoders' near misses (phrasing.xml wrong="…") come first: chosen from the book
    // for this very question. A value the game allows for the parameter is still refused.
    std::vector<double> authored;
    for (double v : phrase->wrong) {
      if (v != p.value && !values_of[p.name].count(v) && !allowed.count(v) &&
          std::find(authored.begin(), authored.end(), v) == authored.end())
        authored.push_back(v);
    }
    for (double v : pool) {
      if (std::find(authored.begin(), authored.end(), v) == authored.end()) authored.push_back(v);
    }
    pool.swap(authored);
    // The true/false statement may need a number on one side of the value (below a
    // maximum): it looks through every wrong number, the multiple choice offers three.
    const std::vector<double> candidates = pool;
    if (pool.size() > 3) pool.resize(3);
    // mc
    if (pool.size() >= 2) {
      Candidate cand = Base(*u, base_id + "/mc/" + p.name, "mc");
      Question& q = cand.q;
      cand.source = key;
      q.name = Name(*u, "mc", what);
      q.difficulty = difficulty;
      q.stem = question;
      q.value = p.value;
      q.unit = p.unit_name;
      q.param = p.name;
      q.citations = cites;
      q.feedback = fb;
      q.answers.push_back({ValueText(p.value, p.unit_name, phrase), true, "Esatto. " + fb, {}});
      for (double v : pool) {
        q.answers.push_back({ValueText(v, p.unit_name, phrase), false, "No. " + fb, {}});
      }
      Emit(std::move(cand));
    }
    // tf, faithful and with a wrong number. A bound's statement stays true for the numbers it
    // implies ("si può giocare da 10 anni in su" where the book says 8; "entro 10 secondi"
    // where it says 5): the wrong number lies on the side that makes it false.
    const int side = FalseSide(phrase->statement);
    std::vector<double> wrong;
    for (double v : candidates) {
      if (side == 0 || (side > 0) == (v > p.value)) wrong.push_back(v);
    }
    for (int k = 0; k < 2; ++k) {
      if (k == 1 && wrong.empty()) break;
      double v = k == 0 ? p.value : wrong[0];
      // "1 calciatori": a wrong 1 only where the phrase has its own words for one.
      if (k == 1 && v == 1 && phrase->statement_one.empty() && wrong.size() > 1) v = wrong[1];
      Candidate cand =
          Base(*u, base_id + "/tf-" + std::string(k == 0 ? "vero" : "numero") + "/" + p.name, "tf");
      Question& q = cand.q;
      cand.source = key;
      q.name = Name(*u, "tf", what);
      q.difficulty = k == 0 ? difficulty : "medium";
      q.stem = opening + LowerFirst(Statement(*phrase, v, p.unit_name));
      if (!q.stem.empty() && q.stem.back() != '.') q.stem += ".";
      q.truth = k == 0;
      q.basis = "param";
      q.value = v;
      q.unit = p.unit_name;
      q.param = p.name;
      q.citations = cites;
      q.feedback = (k == 0 ? "Vero. " : "Falso. ") + fb;
      Emit(std::move(cand));
    }
  }
}

}  // namespace arbitro::quiz
