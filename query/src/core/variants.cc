// The variants of each game as the index records them (corpus/README.md, "Variants"):
// which names exist and may be played together, and what each changes in the base rules,
// with the citations, texts and figures that ask, resolve and show print.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "core/engine_impl.h"

namespace arbitro {
namespace {

std::string Join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

// "2", "2.5": a parameter's value as the rulebooks print numbers.
std::string Number(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<long long>(v));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  std::string out = buf;
  std::replace(out.begin(), out.end(), '.', ',');
  return out;
}

}  // namespace

std::string Engine::Impl::VariantLabel(const std::string& game, const std::string& variant) const {
  for (const auto& [doc, row] : docs) {
    if (row.info.game != game) continue;
    for (const auto& [id, label] : row.info.variants) {
      if (id == variant) return label;
    }
  }
  return "";
}

Status Engine::Impl::CheckVariants(const std::string& game,
                                   const std::vector<std::string>& variants) const {
  std::vector<std::string> known;
  std::vector<std::pair<std::string, std::string>> excludes;
  for (const auto& [doc, row] : docs) {
    if (row.info.game != game) continue;
    for (const auto& [id, label] : row.info.variants) {
      if (std::find(known.begin(), known.end(), id) == known.end()) known.push_back(id);
    }
    excludes.insert(excludes.end(), row.info.variant_excludes.begin(),
                    row.info.variant_excludes.end());
  }
  for (const std::string& v : variants) {
    if (std::find(known.begin(), known.end(), v) != known.end()) continue;
    if (known.empty()) {
      return Status::InvalidArgument("variante sconosciuta '" + v + "': " + game +
                                     " non ha varianti");
    }
    const std::string near = NearestWord(v, known);
    return Status::InvalidArgument("variante sconosciuta '" + v + "' per " + game +
                                   (near.empty() ? "" : ", forse '" + near + "'?") +
                                   " (varianti: " + Join(known, ", ") + ")");
  }
  for (const auto& [a, b] : excludes) {
    const bool both = std::find(variants.begin(), variants.end(), a) != variants.end() &&
                      std::find(variants.begin(), variants.end(), b) != variants.end();
    if (both) {
      return Status::InvalidArgument("le varianti '" + a + "' e '" + b + "' di " + game +
                                     " si escludono: sceglierne una");
    }
  }
  return Status::OK();
}

Status Engine::Impl::GameOfVariants(const std::vector<std::string>& variants,
                                    std::string* game) const {
  std::map<std::string, std::set<std::string>> declared;  // game → its variants
  for (const auto& [doc, row] : docs) {
    for (const auto& [id, label] : row.info.variants) declared[row.info.game].insert(id);
  }
  std::vector<std::string> games;  // the games that declare every variant named
  for (const auto& [g, ids] : declared) {
    if (std::all_of(variants.begin(), variants.end(),
                    [&](const std::string& v) { return ids.count(v) > 0; })) {
      games.push_back(g);
    }
  }
  if (games.size() == 1) {
    *game = games[0];
    return CheckVariants(games[0], variants);
  }
  if (!games.empty()) return Status::OK();  // several games: the text decides
  std::string list;
  for (const auto& [g, ids] : declared) {
    std::string names;
    for (const auto& id : ids) names += (names.empty() ? "" : ", ") + id;
    list += (list.empty() ? "" : "; ") + g + ": " + names;
  }
  for (const std::string& v : variants) {
    bool known = false;
    for (const auto& [g, ids] : declared) known = known || ids.count(v) > 0;
    if (!known) {
      return Status::InvalidArgument("variante sconosciuta '" + v + "' (varianti: " + list + ")");
    }
  }
  return Status::InvalidArgument("nessun gioco ha tutte le varianti indicate (varianti: " + list +
                                 ")");
}

Status Engine::CheckVariants(const std::string& name,
                             const std::vector<std::string>& variants) const {
  std::string game;
  Status s = impl_->CanonicalGame(name, &game);
  if (!s.ok()) return s;
  return impl_->CheckVariants(game, variants);
}

namespace {
constexpr const char* kVariantChangeSelect =
    "SELECT d.game, c.variant, c.kind, coalesce(c.target_unit_id, 0), c.target_case,"
    " c.by_unit_id, c.by_case, c.param FROM variant_changes c"
    " JOIN documents d ON d.id = c.document_id";
constexpr const char* kVariantChangeOrder = " ORDER BY d.game, c.document_id, c.ord";
}  // namespace

Status Engine::Impl::PrepareVariantChangesOfUnit() {
  return db.Prepare(std::string(kVariantChangeSelect) +
                        " WHERE c.target_unit_id = ?1 OR c.by_unit_id = ?1" + kVariantChangeOrder,
                    &variant_changes_of_unit);
}

Status Engine::Impl::ReadVariantChanges(Statement* st, std::vector<VariantChangeRow>* out) {
  Status s;
  std::vector<VariantChangeRow>& rows = *out;
  while (st->Step(&s)) {
    VariantChangeRow row;
    VariantChangeInfo& c = row.info;
    c.game = st->Text(0);
    c.variant = st->Text(1);
    c.kind = st->Text(2);
    row.target_unit = st->Int(3);
    c.target_case = st->Text(4);
    row.by_unit = st->Int(5);
    c.by_case = st->Text(6);
    c.param = st->Text(7);
    rows.push_back(std::move(row));
  }
  st->Reset();
  if (!s.ok() || rows.empty()) return s;
  // Citations, texts and figures, once the statement above is done.
  Statement param;
  s = db.Prepare(
      "SELECT value, unit, quote FROM params WHERE unit_id = ? AND name = ? ORDER BY ord", &param);
  if (!s.ok()) return s;
  auto figure = [&](long long unit, const std::string& name, std::string* value,
                    std::string* unit_name, std::string* quote) {
    param.Bind(1, unit).Bind(2, name);
    if (param.Step(&s)) {
      *value = Number(param.Real(0));
      *unit_name = param.Text(1);
      *quote = param.Text(2);
    }
    param.Reset();
  };
  for (VariantChangeRow& row : rows) {
    VariantChangeInfo& c = row.info;
    c.variant_label = VariantLabel(c.game, c.variant);
    ProvisionInfo p;
    if (row.target_unit) {
      s = LoadProvision(row.target_unit, /*with_links=*/false, &p);
      if (!s.ok()) return s;
      c.target = p.id;
      c.target_citation = p.citation;
    }
    s = LoadProvision(row.by_unit, /*with_links=*/false, &p);
    if (!s.ok()) return s;
    c.by = p.id;
    c.by_citation = p.citation;
    c.by_text = p.text;
    if (!c.param.empty()) {
      std::string unit_name;
      if (row.target_unit) figure(row.target_unit, c.param, &c.old_value, &c.unit, &c.old_quote);
      figure(row.by_unit, c.param, &c.new_value, &unit_name, &c.new_quote);
      if (c.unit.empty()) c.unit = unit_name;
      if (!s.ok()) return s;
    }
  }
  return Status::OK();
}

Status Engine::Impl::LoadVariantChanges() {
  if (variant_changes_loaded) return Status::OK();
  Statement st;
  std::vector<VariantChangeRow> rows;
  Status s = db.Prepare(std::string(kVariantChangeSelect) + kVariantChangeOrder, &st);
  if (s.ok()) s = ReadVariantChanges(&st, &rows);
  if (!s.ok()) return s;
  variant_changes = std::move(rows);
  variant_changes_loaded = true;
  // The changes each document declares, for `games`.
  for (auto& [doc, row] : docs) row.info.variant_changes.clear();
  for (const VariantChangeRow& row : variant_changes) {
    const std::string doc = row.info.by.substr(0, row.info.by.find('#'));
    auto it = docs.find(doc);
    if (it != docs.end()) it->second.info.variant_changes.push_back(row.info);
  }
  return Status::OK();
}

Status Engine::Impl::VariantChangesOf(long long unit_id, std::vector<VariantChangeInfo>* out) {
  out->clear();
  if (variant_changes_loaded) {
    for (const VariantChangeRow& row : variant_changes) {
      if (row.target_unit == unit_id || row.by_unit == unit_id) out->push_back(row.info);
    }
    return Status::OK();
  }
  // Only this provision's changes (most provisions have none): loading every game's
  // grows with the library.
  std::vector<VariantChangeRow> rows;
  variant_changes_of_unit.Bind(1, unit_id);
  const Status s = ReadVariantChanges(&variant_changes_of_unit, &rows);
  for (const VariantChangeRow& row : rows) out->push_back(row.info);
  return s;
}

}  // namespace arbitro
