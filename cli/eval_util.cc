#include "eval_util.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <unordered_set>

#include "arbitro/indexer.h"

namespace arbitro::cli {

std::vector<std::string> SplitList(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, sep)) {
    size_t a = item.find_first_not_of(" \t\r"), b = item.find_last_not_of(" \t\r");
    if (a != std::string::npos) out.push_back(item.substr(a, b - a + 1));
  }
  return out;
}

Status ReadTsv(const std::string& path, size_t min_cols, std::vector<TsvRow>* rows) {
  std::ifstream in(path);
  if (!in) return Status::IOError("impossibile leggere " + path);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    TsvRow row;
    row.where = path + ":" + std::to_string(n);
    std::stringstream cells(line);
    std::string cell;
    while (std::getline(cells, cell, '\t')) {
      size_t a = cell.find_first_not_of(" \r"), b = cell.find_last_not_of(" \r");
      row.cols.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
    }
    if (row.cols.size() < min_cols) {
      return Status::InvalidArgument(row.where + ": attese " + std::to_string(min_cols) +
                                     " colonne separate da tab");
    }
    rows->push_back(std::move(row));
  }
  return Status::OK();
}

std::string Fixed3(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

namespace {

// Lower case, accents stripped, only letters and digits (spaces dropped too: OCR and
// extraction split and join words differently).
std::string FoldForQuote(const std::string& text) {
  std::string out;
  for (char c : StripAccents(FoldCase(text))) {
    const unsigned char u = static_cast<unsigned char>(c);
    if ((u >= 'a' && u <= 'z') || (u >= '0' && u <= '9')) out.push_back(static_cast<char>(u));
  }
  return out;
}

constexpr size_t kGram = 4;
constexpr double kContains = 0.97;  // a unit holding this share of the quote states it
constexpr double kBestOnly = 0.5;  // else the best unit: quotes are checked against the
                                   // source, so the best is right even through OCR noise

double Containment(const std::vector<std::string>& grams, const std::unordered_set<std::string>& in) {
  size_t hit = 0;
  for (const auto& g : grams) hit += in.count(g);
  return grams.empty() ? 0 : double(hit) / double(grams.size());
}

}  // namespace

Status QuoteMap::Load(Engine& engine) {
  units_.clear();
  std::vector<std::string> ids;
  Status s = engine.UnitIds(&ids);
  if (!s.ok()) return s;
  for (const std::string& id : ids) {
    ProvisionInfo p;
    s = engine.Show(id, &p);
    if (!s.ok()) return s;
    units_.push_back({p.id, p.game, FoldForQuote(p.heading + " " + p.text)});
  }
  return Status::OK();
}

Status QuoteMap::Find(const std::string& quote, std::vector<std::string>* ids) const {
  ids->clear();
  const std::string q = FoldForQuote(quote);
  if (q.size() < kGram) return Status::NotFound("citazione troppo corta: «" + quote + "»");
  std::vector<std::string> grams;
  for (size_t i = 0; i + kGram <= q.size(); ++i) grams.push_back(q.substr(i, kGram));
  double best = 0;
  std::string best_id;
  for (const Unit& u : units_) {
    if (u.folded.find(q) != std::string::npos) {
      ids->push_back(u.id);
      continue;
    }
    std::unordered_set<std::string> in;
    for (size_t i = 0; i + kGram <= u.folded.size(); ++i) in.insert(u.folded.substr(i, kGram));
    const double c = Containment(grams, in);
    if (c >= kContains) ids->push_back(u.id);
    if (c > best) best = c, best_id = u.id;
  }
  if (ids->empty() && best >= kBestOnly) ids->push_back(best_id);
  if (ids->empty()) return Status::NotFound("citazione non trovata nel corpus: «" + quote + "»");
  return Status::OK();
}

bool IsUnitId(const std::string& field) {
  return field.find('#') != std::string::npos && field.find(' ') == std::string::npos;
}

Status ExpectedIds(const QuoteMap& quotes, const std::vector<std::string>& fields,
                   const std::string& where, std::vector<std::string>* ids, size_t* first_count) {
  ids->clear();
  for (size_t f = 0; f < fields.size(); ++f) {
    std::vector<std::string> found;
    if (IsUnitId(fields[f])) {
      found = SplitList(fields[f], ',');
    } else {
      Status s = quotes.Find(fields[f], &found);
      if (!s.ok()) return Status::InvalidArgument(where + ": " + s.message());
    }
    for (const auto& id : found) {
      if (std::find(ids->begin(), ids->end(), id) == ids->end()) ids->push_back(id);
    }
    if (f == 0 && first_count) *first_count = ids->size();
  }
  return Status::OK();
}

}  // namespace arbitro::cli
