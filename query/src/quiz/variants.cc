// Variants in the quiz (see quiz_internal.h). By default no question depends on a
// variant: variant cases, parameters and terms give none, and Resolve runs without them.
// With variants in play, their cases give questions verified under the variants, the
// base rules they replace (and the parameters they amend) are not asked in their base
// form, and every question whose answer cites a provision of a variant says so first.
#include <algorithm>
#include <map>
#include <set>

#include "quiz/quiz_internal.h"

namespace arbitro::quiz {
namespace {

// The variant's name for a trainee: its label up to the first colon or comma
// ("Regola 12A "Regola avanzata"", "Modalità torneo").
std::string ShortLabel(const std::string& label, const std::string& id) {
  if (label.empty()) return id;
  size_t cut = label.find(':');
  if (cut == std::string::npos) cut = label.find(',');
  std::string out = label.substr(0, cut);
  while (!out.empty() && (out.back() == ' ' || out.back() == '.')) out.pop_back();
  return out.empty() ? id : out;
}

}  // namespace

Status VariantsOfGames(const Engine::Impl& im, const QuizOptions& options,
                       std::vector<std::string>* games,
                       std::map<std::string, std::vector<std::string>>* in_play) {
  if (options.variants.empty()) return Status::OK();
  std::map<std::string, std::set<std::string>> declared;  // game → its variants
  for (const auto& [doc, row] : im.docs) {
    for (const auto& [id, label] : row.info.variants) declared[row.info.game].insert(id);
  }
  for (const std::string& v : options.variants) {
    bool found = false;
    for (const std::string& g : *games) {
      if (declared[g].count(v)) {
        (*in_play)[g].push_back(v);
        found = true;
      }
    }
    if (found) continue;
    std::string list;
    for (const std::string& g : *games) {
      std::string names;
      for (const auto& id : declared[g]) names += (names.empty() ? "" : ", ") + id;
      if (!names.empty()) list += (list.empty() ? "" : "; ") + g + ": " + names;
    }
    return Status::InvalidArgument(
        "variante sconosciuta '" + v + "'" +
        (list.empty() ? ": nessun gioco scelto ha varianti" : " (varianti: " + list + ")"));
  }
  for (const auto& [g, vs] : *in_play) {
    Status s = im.CheckVariants(g, vs);
    if (!s.ok()) return s;
  }
  if (options.games.empty()) {  // the variants name their games
    games->clear();
    for (const auto& [g, vs] : *in_play) games->push_back(g);
  }
  return Status::OK();
}

bool ChangedByVariant(const GameData& data, const std::vector<std::string>& variants,
                      long long unit, const std::string& param) {
  for (const RuleVariantChange& c : data.rules.variant_changes) {
    if (c.target_unit != unit || c.variant.empty() || !VariantInPlay(variants, c.variant)) continue;
    if (c.kind == "replaces") return true;
    if (c.kind == "amends" && !param.empty() && c.param == param) return true;
  }
  return false;
}

void MarkVariantQuestions(const GameData& data, const std::vector<std::string>& variants,
                          std::vector<Candidate>* out, size_t first) {
  if (variants.empty()) return;
  std::map<std::string, std::string> variant_of;  // "doc#eId" → its variant, when in play
  for (const auto& [id, u] : data.units) {
    if (!u.variant.empty() && VariantInPlay(variants, u.variant))
      variant_of[u.doc + "#" + u.eid] = u.variant;
  }
  for (size_t i = first; i < out->size(); ++i) {
    Question& q = (*out)[i].q;
    for (const QuizCitation& c : q.citations) {
      auto it = variant_of.find(c.id);
      if (it != variant_of.end() &&
          std::find(q.variants.begin(), q.variants.end(), it->second) == q.variants.end())
        q.variants.push_back(it->second);
    }
    if (q.variants.empty()) continue;
    std::string names;
    for (const auto& v : q.variants) {
      auto label = data.rules.variant_labels.find(v);
      names += std::string(names.empty() ? "" : ", ") + "«" +
               ShortLabel(label == data.rules.variant_labels.end() ? "" : label->second, v) + "»";
    }
    q.stem = (q.variants.size() == 1 ? "Si gioca con la variante " : "Si gioca con le varianti ") +
             names + ". " + q.stem;
  }
}

}  // namespace arbitro::quiz
