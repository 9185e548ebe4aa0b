// Questions from numeric parameters: numeric, mc and tf (see builder.h).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "quiz/builder.h"

namespace arbitro::quiz {

void Builder::FromParams() {
  std::map<std::string, std::set<double>> values_of;       // name → values in the game
  std::map<std::string, std::set<double>> values_in_rule;  // rule|name → values
  for (const auto& p : data_.params) {
    values_of[p.name].insert(p.value);
    const Unit* u = data_.FindUnit(p.unit);
    if (u) values_in_rule[u->rule_id + "|" + p.name].insert(p.value);
  }
  std::set<std::string> done;
  for (const auto& p : data_.params) {
    const Unit* u = data_.FindUnit(p.unit);
    if (!u || !u->variant.empty()) continue;
    if (values_in_rule[u->rule_id + "|" + p.name].size() > 1) continue;  // ambiguous in its rule
    const std::string key = "param:" + data_.game + ":" + p.name + ":" + FormatNumber(p.value);
    if (!done.insert(key).second) continue;
    const std::string base_id = u->doc + "#" + u->eid;
    const std::string words = ParamWords(p);
    const std::string where = Where(*u);
    auto uw = UnitWords().find(p.unit_name);
    const std::string unit_word = uw == UnitWords().end() ? p.unit_name : uw->second;
    const bool countable =
        p.unit_name == "count" || p.unit_name == "points" || p.unit_name == "cards";
    const std::string difficulty = countable ? "easy" : "medium";
    std::vector<QuizCitation> cites{{base_id, u->citation, u->text}};
    const std::string fb =
        "Il valore è " + ValueText(p.value, p.unit_name) + " («" + p.quote + "»).";
    const std::string masked = p.label.empty() ? MaskedQuote(p) : "";
    const std::string hint = masked.empty() ? "" : " (nel testo: «" + masked + "»)";

    // numeric
    {
      Candidate cand = Base(*u, base_id + "/numeric/" + p.name, "numeric");
      Question& q = cand.q;
      cand.source = key;
      q.difficulty = difficulty;
      q.stem = "Secondo il regolamento (" + where + "), qual è il valore di «" + words + "»" +
               hint + "? " +
               (unit_word.empty() ? "Rispondi con un numero." : "Rispondi in " + unit_word + ".");
      q.value = p.value;
      q.unit = p.unit_name;
      q.tolerance = 0;
      q.param = p.name;
      q.citations = cites;
      q.feedback = fb;
      Emit(std::move(cand));
    }
    // wrong values: other values of the same unit in the game, nearest first, then
    // simple neighbours; never a value the same parameter takes anywhere.
    std::vector<double> pool;
    for (const auto& o : data_.params) {
      if (o.unit_name == p.unit_name && !values_of[p.name].count(o.value) && o.value > 0)
        pool.push_back(o.value);
    }
    std::sort(pool.begin(), pool.end());
    pool.erase(std::unique(pool.begin(), pool.end()), pool.end());
    std::stable_sort(pool.begin(), pool.end(), [&](double a, double b) {
      return std::fabs(std::log((a + 1) / (p.value + 1))) <
             std::fabs(std::log((b + 1) / (p.value + 1)));
    });
    for (double extra : {p.value + 1, p.value * 2, p.value + 2, p.value - 1, p.value + 5}) {
      if (extra > 0 && !values_of[p.name].count(extra) &&
          std::find(pool.begin(), pool.end(), extra) == pool.end()) {
        pool.push_back(extra);
      }
    }
    if (pool.size() > 3) pool.resize(3);
    // mc
    if (pool.size() >= 2) {
      Candidate cand = Base(*u, base_id + "/mc/" + p.name, "mc");
      Question& q = cand.q;
      cand.source = key;
      q.difficulty = difficulty;
      q.stem = "Secondo il regolamento (" + where + "), quanto vale «" + words + "»" + hint + "?";
      q.value = p.value;
      q.unit = p.unit_name;
      q.param = p.name;
      q.citations = cites;
      q.feedback = fb;
      q.answers.push_back(
          {ValueText(p.value, p.unit_name), true, "Corretto: «" + p.quote + "».", {}});
      for (double v : pool) {
        q.answers.push_back({ValueText(v, p.unit_name), false, "No: " + fb, {}});
      }
      Emit(std::move(cand));
    }
    // tf, faithful and with a wrong number
    for (int k = 0; k < 2; ++k) {
      if (k == 1 && pool.empty()) break;
      const double v = k == 0 ? p.value : pool[0];
      Candidate cand = Base(
          *u, base_id + "/tf-" + std::string(k == 0 ? "vero" : "numero") + "/" + p.name, "tf");
      Question& q = cand.q;
      cand.source = key;
      q.difficulty = k == 0 ? difficulty : "medium";
      q.stem = "Secondo il regolamento (" + where + "), «" + words + "» vale " +
               ValueText(v, p.unit_name) + ".";
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
