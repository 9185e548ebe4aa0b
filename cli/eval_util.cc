#include "eval_util.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

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
constexpr double kBestOnly = 0.5;   // else the best unit: quotes are checked against the
                                    // source, so the best is right even through OCR noise

// Every 4-gram of a folded text in order, each packed in 32 bits (folded text is ASCII).
std::vector<uint32_t> PackedGrams(const std::string& folded) {
  std::vector<uint32_t> grams;
  for (size_t i = 0; i + kGram <= folded.size(); ++i) {
    uint32_t g = 0;
    for (size_t k = 0; k < kGram; ++k) g = (g << 8) | static_cast<unsigned char>(folded[i + k]);
    grams.push_back(g);
  }
  return grams;
}

// A unit's distinct 4-grams, sorted: built once, so that each quote costs one binary
// search per gram and unit.
std::vector<uint32_t> DistinctGrams(const std::string& folded) {
  std::vector<uint32_t> grams = PackedGrams(folded);
  std::sort(grams.begin(), grams.end());
  grams.erase(std::unique(grams.begin(), grams.end()), grams.end());
  return grams;
}

double Containment(const std::vector<uint32_t>& quote_grams, const std::vector<uint32_t>& in) {
  size_t hit = 0;
  for (uint32_t g : quote_grams) hit += std::binary_search(in.begin(), in.end(), g);
  return quote_grams.empty() ? 0 : double(hit) / double(quote_grams.size());
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
    std::string folded = FoldForQuote(p.heading + " " + p.text);
    std::vector<uint32_t> grams = DistinctGrams(folded);
    units_.push_back({p.id, p.game, std::move(folded), std::move(grams)});
  }
  return Status::OK();
}

Status QuoteMap::Find(const std::string& quote, std::vector<std::string>* ids) const {
  ids->clear();
  const std::string q = FoldForQuote(quote);
  if (q.size() < kGram) return Status::NotFound("citazione troppo corta: «" + quote + "»");
  const std::vector<uint32_t> grams = PackedGrams(q);  // every occurrence counts
  double best = 0;
  std::string best_id;
  for (const Unit& u : units_) {
    if (u.folded.find(q) != std::string::npos) {
      ids->push_back(u.id);
      continue;
    }
    const double c = Containment(grams, u.grams);
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

namespace {

// Loads the quote map only when some field of `fields_of` is a quote.
template <typename Rows, typename Fields>
Status LoadQuotesIfNeeded(Engine& engine, const Rows& rows, Fields fields_of, QuoteMap* quotes) {
  for (const auto& row : rows) {
    for (const auto& f : fields_of(row)) {
      if (!IsUnitId(f)) return quotes->Load(engine);
    }
  }
  return Status::OK();
}

Status GameOfUnit(Engine& engine, const std::string& id, const std::string& where,
                  std::string* game) {
  ProvisionInfo first;
  if (!engine.Show(id, &first).ok()) {
    return Status::InvalidArgument(where + ": id atteso sconosciuto '" + id + "'");
  }
  *game = first.game;
  return Status::OK();
}

// Whether a ruling's beneficiary is the expected side. The blind sets name sides as
// "attaccante"/"difensore"; Soccer Tactics encodes them as squadra-in-attacco/-difesa;
// Calciotto's "chi-subisce-gol" (whoever conceded the goal) is the side that was
// defending; a ruling "for the opponent" (of whoever offended) or with no beneficiary
// is not judged on its side.
bool SameSide(const std::string& expected, const std::string& got) {
  if (expected.empty() || got.empty() || expected == got) return true;
  if (got == "avversario" || got == "colpevole" || got == "stesso-giocatore") return true;
  return (expected == "attaccante" && got == "squadra-in-attacco") ||
         (expected == "difensore" && (got == "squadra-in-difesa" || got == "chi-subisce-gol"));
}

}  // namespace

Status LoadQuestions(Engine& engine, const std::vector<std::string>& paths,
                     std::vector<EvalQuestion>* questions) {
  std::vector<TsvRow> rows;
  for (const auto& path : paths) {
    Status s = ReadTsv(path, 2, &rows);
    if (!s.ok()) return s;
  }
  QuoteMap quotes;
  Status s = LoadQuotesIfNeeded(
      engine, rows,
      [](const TsvRow& r) { return std::vector<std::string>(r.cols.begin() + 1, r.cols.end()); },
      &quotes);
  if (!s.ok()) return s;
  for (const TsvRow& row : rows) {
    EvalQuestion q;
    q.text = row.cols[0];
    q.where = row.where;
    s = ExpectedIds(quotes, std::vector<std::string>(row.cols.begin() + 1, row.cols.end()),
                    row.where, &q.expected);
    if (!s.ok()) return s;
    if (q.expected.empty()) return Status::InvalidArgument(row.where + ": nessuna risposta attesa");
    s = GameOfUnit(engine, q.expected[0], row.where, &q.game);
    if (!s.ok()) return s;
    questions->push_back(std::move(q));
  }
  return Status::OK();
}

Status LoadSituations(Engine& engine, const std::vector<std::string>& paths,
                      std::vector<EvalSituation>* situations) {
  std::vector<TsvRow> rows;
  for (const auto& path : paths) {
    Status s = ReadTsv(path, 4, &rows);
    if (!s.ok()) return s;
  }
  QuoteMap quotes;
  Status s = LoadQuotesIfNeeded(
      engine, rows,
      [](const TsvRow& r) { return std::vector<std::string>(r.cols.begin() + 3, r.cols.end()); },
      &quotes);
  if (!s.ok()) return s;
  for (const TsvRow& row : rows) {
    EvalSituation e;
    e.text = row.cols[0];
    e.where = row.where;
    e.types = SplitList(row.cols[1], ',');
    // "-": the sanction favours no side, or the set does not say; not checked.
    e.beneficiary = row.cols[2] == "-" ? "" : row.cols[2];
    // Quoted sets name the places that state the ruling: the first (the deciding
    // provision) must be cited; id sets list every provision that must be cited.
    e.quoted = !IsUnitId(row.cols[3]);
    size_t deciding = 0;
    s = ExpectedIds(quotes, std::vector<std::string>(row.cols.begin() + 3, row.cols.end()),
                    row.where, &e.cites, &deciding);
    if (!s.ok()) return s;
    if (e.quoted) e.cites.resize(deciding);
    if (e.types.empty() || e.cites.empty()) {
      return Status::InvalidArgument(row.where +
                                     ": servono almeno una sanzione e una disposizione");
    }
    s = GameOfUnit(engine, e.cites[0], row.where, &e.game);
    if (!s.ok()) return s;
    situations->push_back(std::move(e));
  }
  return Status::OK();
}

RulingJudgement JudgeRuling(const Status& resolved, const ResolveResult& r,
                            const EvalSituation& e) {
  RulingJudgement j;
  j.got = resolved.ok() ? "(nessuna decisione)" : "errore: " + resolved.message();
  if (!resolved.ok() || r.rulings.empty()) return j;
  const Ruling& best = r.rulings[0];
  j.got = best.decision + " [";
  for (const SanctionInfo& sa : best.sanctions) {
    j.got += sa.type + "/" + sa.beneficiary + " ";
    if (sa.type == e.types[0] && SameSide(e.beneficiary, sa.beneficiary)) j.decision = true;
  }
  j.got += "]";
  std::set<std::string> cited;
  for (const Citation& c : best.citations) cited.insert(c.id);
  // Quoted: one of the deciding quote's units (a quote may be stated by a body
  // provision and its summary row alike); ids: every one.
  auto is_cited = [&](const std::string& id) { return cited.count(id) > 0; };
  j.citations = e.quoted ? std::any_of(e.cites.begin(), e.cites.end(), is_cited)
                         : std::all_of(e.cites.begin(), e.cites.end(), is_cited);
  if (!j.citations) {
    j.got += " citazioni:";
    for (const auto& id : cited) j.got += " " + id;
  }
  return j;
}

int FirstExpected(const std::vector<std::string>& ranked,
                  const std::vector<std::string>& expected) {
  for (size_t r = 0; r < ranked.size(); ++r) {
    if (std::find(expected.begin(), expected.end(), ranked[r]) != expected.end())
      return static_cast<int>(r);
  }
  return -1;
}

}  // namespace arbitro::cli
