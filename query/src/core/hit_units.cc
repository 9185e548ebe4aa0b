// The provisions ask returns as hits, kept per engine with the index terms of their
// text: an engine serves one immutable generation, so a provision read once (several
// SQLite statements) and its text tokenised once (for the highlights) stay true until
// the engine closes. Bounded: the table is emptied when it reaches kMaxHitUnits.
#include "core/engine_impl.h"

namespace arbitro {
namespace {

constexpr size_t kMaxHitUnits = 4096;

}  // namespace

Status Engine::Impl::HitUnit(long long unit_id, const HitUnitData** out) {
  auto it = hit_units.find(unit_id);
  if (it == hit_units.end()) {
    HitUnitData unit;
    Status s = LoadProvision(unit_id, /*with_links=*/true, &unit.provision);
    if (!s.ok()) return s;
    for (const Token& t : analyzer->Tokenize(unit.provision.text)) {
      if (!t.stop) unit.words.push_back({t.term, {t.begin, t.end}});
    }
    if (hit_units.size() >= kMaxHitUnits) hit_units.clear();
    it = hit_units.emplace(unit_id, std::move(unit)).first;
  }
  *out = &it->second;
  return Status::OK();
}

}  // namespace arbitro
