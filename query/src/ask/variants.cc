// Variants in Engine::Ask (see variants.h). Without --variant a variant's provision
// ranks like any other (a question may be about the option itself) and is labelled
// (ProvisionInfo::variant, and the base provision lists the variants that change it);
// with it, the variant's provision stands just above the base provision it amends or
// replaces, so that a referee whose tournament plays the variant reads the rule in force
// first and the base rule it changes right after.
#include "ask/variants.h"

#include <algorithm>
#include <set>

namespace arbitro::ask {
namespace {

bool InPlay(const AskOptions& options, const std::string& variant) {
  return !variant.empty() && std::find(options.variants.begin(), options.variants.end(), variant) !=
                                 options.variants.end();
}

}  // namespace

Status VariantGame(const Engine::Impl& im, AskOptions* options) {
  if (options->variants.empty()) return Status::OK();
  if (!options->game.empty()) return im.CheckVariants(options->game, options->variants);
  return im.GameOfVariants(options->variants, &options->game);
}

namespace {

// The base provisions (ids) a variant's provision amends or replaces, in declaration order,
// with the rowid of each.
std::vector<std::pair<std::string, long long>> TargetsOf(const Engine::Impl& im,
                                                         const std::string& by) {
  std::vector<std::pair<std::string, long long>> out;
  for (const auto& row : im.variant_changes) {
    if (row.info.by != by || row.info.kind == "adds" || !row.target_unit) continue;
    if (std::none_of(out.begin(), out.end(),
                     [&](const auto& t) { return t.first == row.info.target; }))
      out.emplace_back(row.info.target, row.target_unit);
  }
  return out;
}

size_t Find(const std::vector<AskHit>& hits, const std::string& id) {
  for (size_t i = 0; i < hits.size(); ++i) {
    if (hits[i].provision.id == id) return i;
  }
  return hits.size();
}

}  // namespace

Status ApplyVariants(Engine::Impl& im, const AskOptions& options, AskResult* result) {
  result->variants = options.variants;
  auto& hits = result->hits;
  for (AskHit& h : hits) h.variant_enabled = InPlay(options, h.provision.variant);
  if (hits.empty()) return Status::OK();
  if (!options.variants.empty() && !result->game.empty()) {
    Status s = im.CheckVariants(result->game, options.variants);
    if (!s.ok()) return s;
  }
  // No variant in play: nothing below moves or adds a hit, and every game's variant
  // changes need not be loaded (at 100 documents, most of a first answer's time).
  if (options.variants.empty()) {
    if (hits.size() > static_cast<size_t>(options.limit)) hits.resize(options.limit);
    return Status::OK();
  }
  Status s = im.LoadVariantChanges();
  if (!s.ok()) return s;
  auto load = [&](long long unit, double score, AskHit* hit) {
    Status st = im.LoadProvision(unit, /*with_links=*/true, &hit->provision);
    hit->score = score;
    hit->variant_enabled = InPlay(options, hit->provision.variant);
    return st;
  };
  // A base provision a variant in play changes brings the variant's provision along.
  for (size_t i = 0; i < hits.size(); ++i) {
    if (!hits[i].provision.variant.empty()) continue;
    const std::string target = hits[i].provision.id;
    for (const auto& row : im.variant_changes) {
      const VariantChangeInfo& c = row.info;
      if (c.target != target || c.kind == "adds" || !InPlay(options, c.variant)) continue;
      if (Find(hits, c.by) < hits.size()) continue;
      AskHit hit;
      s = load(row.by_unit, hits[i].score, &hit);
      if (!s.ok()) return s;
      hits.insert(hits.begin() + static_cast<long>(i) + 1, std::move(hit));
    }
  }
  // A variant provision in play stands above the best-ranked base provision it changes
  // (the rule in force first), which follows it, loaded when the search missed it. A
  // variant not in play keeps its rank: a question may be about the option itself.
  std::set<std::string> done;
  for (size_t i = 0; i < hits.size(); ++i) {
    const std::string id = hits[i].provision.id;
    if (!hits[i].variant_enabled || !done.insert(id).second) continue;
    const auto targets = TargetsOf(im, id);
    if (targets.empty()) continue;  // a variant that only adds: ranked as it is
    size_t base = hits.size();
    for (const auto& [target, unit] : targets) base = std::min(base, Find(hits, target));
    if (base < i) {
      AskHit hit = std::move(hits[i]);
      hits.erase(hits.begin() + static_cast<long>(i));
      hit.score = std::max(hit.score, hits[base].score);
      hits.insert(hits.begin() + static_cast<long>(base), std::move(hit));
    } else if (base == hits.size()) {
      AskHit hit;
      s = load(targets[0].second, hits[i].score, &hit);
      if (!s.ok()) return s;
      hits.insert(hits.begin() + static_cast<long>(i) + 1, std::move(hit));
    }
  }
  if (hits.size() > static_cast<size_t>(options.limit)) hits.resize(options.limit);
  return Status::OK();
}

}  // namespace arbitro::ask
