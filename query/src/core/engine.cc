// Engine: opening an index generation, browsing (show, games, toc, facts).
#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/engine_impl.h"
#include "core/rules.h"

namespace arbitro {
namespace {

namespace fs = std::filesystem;

std::string Join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

}  // namespace

Engine::Engine() : impl_(std::make_unique<Impl>()) {}
Engine::~Engine() = default;

const std::string& Engine::Generation() const {
  return impl_->generation;
}

bool Engine::PostingsInMemory() const {
  return impl_->postings_in_memory;
}

Status Engine::Open(const std::string& index_dir, std::unique_ptr<Engine>* engine) {
  return Open(index_dir, EngineOpenOptions{}, engine);
}

Status Engine::Open(const std::string& index_dir, const EngineOpenOptions& options,
                    std::unique_ptr<Engine>* engine) {
  auto open_generation = [&options](const std::string& generation, std::unique_ptr<Engine>* out) {
    std::unique_ptr<Engine> e(new Engine());
    e->impl_->generation = generation;
    Status s = Database::Open(SqlitePath(generation), /*read_only=*/true, &e->impl_->db);
    if (!s.ok()) return s;
    Statement format;
    s = e->impl_->db.Prepare("SELECT value FROM meta WHERE key = 'format'", &format);
    if (!s.ok()) return s;
    const std::string version = format.Step(&s) ? format.Text(0) : "";
    if (version != IndexFormatVersion()) {
      // Reported as missing, so that the CLI rebuilds it as on a first run.
      return Status::NotFound("l'indice " + generation + " ha un formato superato (" + version +
                              ", atteso " + IndexFormatVersion() + ")");
    }
    try {
      e->impl_->xdb = Xapian::Database(XapianPath(generation));
      e->impl_->match_db = e->impl_->xdb;
      if (options.postings_in_memory_max_bytes > 0) {  // a one-question process reads no size
        std::error_code ec;
        const uintmax_t postings_bytes =
            fs::file_size(fs::path(XapianPath(generation)) / "postlist.glass", ec);
        if (!ec && postings_bytes <= options.postings_in_memory_max_bytes) {
          e->impl_->match_db = CopyPostingsToMemory(e->impl_->xdb);
          e->impl_->postings_in_memory = true;
        }
      }
    } catch (const Xapian::Error& err) {
      return Status::IndexError("cannot open the search index: " + err.get_description());
    }
    s = e->impl_->Load();
    if (s.ok()) *out = std::move(e);
    return s;
  };
  // Between reading "current" and opening its files, concurrent builds may publish
  // newer generations and remove this one: then retry on the generation now current.
  // A failure on a generation that is still current is real corruption.
  std::string generation;
  Status s = OpenCurrentGeneration(index_dir, &generation);
  for (int attempt = 0; attempt < 8; ++attempt) {
    if (s.ok()) s = open_generation(generation, engine);
    if (s.code() != Status::Code::kIndexError) return s;
    std::string now;
    if (!OpenCurrentGeneration(index_dir, &now).ok() || now == generation) return s;
    generation = now;
    s = Status::OK();
  }
  return s;
}

Status Engine::Impl::Load() {
  Statement st;
  // No counting here: that reads every unit of every document (CountDocuments).
  Status s = db.Prepare(
      "SELECT d.id, d.doc, d.game, d.title, d.short_title, d.edition, d.date, d.language,"
      " d.source_file, d.summarises FROM documents d ORDER BY d.game, d.doc",
      &st);
  if (!s.ok()) return s;
  while (st.Step(&s)) {
    DocRow row;
    row.id = st.Int(0);
    DocumentInfo& d = row.info;
    d.doc = st.Text(1);
    d.game = st.Text(2);
    d.title = st.Text(3);
    d.short_title = st.Text(4);
    d.edition = st.Text(5);
    d.date = st.Text(6);
    d.language = st.Text(7);
    d.source_file = st.Text(8);
    d.summarises = st.Text(9);
    games.insert(d.game);
    doc_by_rowid[row.id] = d.doc;
    docs[d.doc] = std::move(row);
  }
  if (!s.ok()) return s;

  Statement variants;
  s = db.Prepare(
      "SELECT d.doc, v.variant, v.label, v.excludes FROM variants v"
      " JOIN documents d ON d.id = v.document_id ORDER BY v.rowid",
      &variants);
  while (s.ok() && variants.Step(&s)) {
    DocumentInfo& d = docs[variants.Text(0)].info;
    d.variants.emplace_back(variants.Text(1), variants.Text(2));
    for (const std::string& other : SplitSpaces(variants.Text(3))) {
      d.variant_excludes.emplace_back(variants.Text(1), other);
    }
  }

  // Analyzer: the same lexicon as at index time.
  std::vector<std::string> phrases, protect, stopwords;
  Statement words;
  if (s.ok()) s = db.Prepare("SELECT kind, word FROM lexicon_words", &words);
  while (s.ok() && words.Step(&s)) {
    std::string kind = words.Text(0);
    (kind == "phrase" ? phrases : kind == "protect" ? protect : stopwords).push_back(words.Text(1));
  }
  Statement syn;
  if (s.ok()) s = db.Prepare("SELECT term FROM synonyms", &syn);
  while (s.ok() && syn.Step(&s)) {
    std::string t = syn.Text(0);
    if (t.find(' ') != std::string::npos || t.find('\'') != std::string::npos) phrases.push_back(t);
  }
  if (!s.ok()) return s;
  analyzer = std::make_unique<Analyzer>(phrases, protect, stopwords);

  // Words of a document's title that the other titles of its game lack ("abbreviate");
  // a game of one document has nothing to tell apart.
  // The documents of each game are compared among themselves only.
  std::map<std::string, std::vector<std::string>> docs_of_game;
  for (const auto& [doc, row] : docs) docs_of_game[row.info.game].push_back(doc);
  for (auto& [doc, row] : docs) {
    std::set<std::string> others;
    for (const std::string& other_doc : docs_of_game[row.info.game]) {
      if (other_doc == doc) continue;
      for (const Token& o : analyzer->Tokenize(docs[other_doc].info.title)) others.insert(o.term);
    }
    if (others.empty()) continue;
    for (const Token& t : analyzer->Tokenize(row.info.title)) {
      if (!t.stop && !IsNumberWord(t.word) && !others.count(t.term)) row.title_terms.insert(t.term);
    }
    for (const std::string& t : row.title_terms) docs_by_title_term[t].push_back(doc);
  }

  s = db.Prepare("SELECT game, terms, weight FROM hints WHERE first_term = ?", &hints_with_first);
  Statement labels;
  if (s.ok())
    s = db.Prepare(
        "SELECT game, id, label, 's' FROM sanction_types UNION ALL SELECT game, id, label, 'b' "
        "FROM beneficiaries",
        &labels);
  while (s.ok() && labels.Step(&s)) {
    auto& map = labels.Text(3) == "s" ? sanction_labels : beneficiary_labels;
    map[{labels.Text(0), labels.Text(1)}] = labels.Text(2);
  }
  if (!s.ok()) return s;

  const char* unit_cols =
      "SELECT u.id, u.document_id, u.eid, u.kind, u.citation, u.label, u.heading, u.text, "
      "u.variant FROM units u ";
  s = db.Prepare(std::string(unit_cols) + "WHERE u.id = ?", &unit_by_id);
  if (s.ok()) s = db.Prepare("SELECT u.document_id, u.eid, u.citation FROM units u WHERE u.id = ?", &link_target);
  if (s.ok())
    s = db.Prepare(
        "SELECT u.id FROM units u JOIN documents d ON d.id = u.document_id "
        "WHERE d.doc = ? AND u.eid = ?",
        &unit_by_eid);
  if (s.ok())
    s = db.Prepare("SELECT u.id FROM units u WHERE u.eid = ? LIMIT 2", &units_by_bare_eid);
  if (s.ok())
    s = db.Prepare(
        "SELECT DISTINCT s.type, s.beneficiary, s.place, s.points FROM sanctions s "
        "JOIN cases c ON c.id = s.case_id WHERE c.unit_id = ? ORDER BY c.id, s.ord",
        &sanctions_of_unit);
  if (s.ok())
    s = db.Prepare(
        "SELECT r.target_unit_id, r.quote, r.kind, r.target FROM refs r "
        "WHERE r.unit_id = ? ORDER BY r.ord",
        &refs_out);
  if (s.ok())
    s = db.Prepare(
        "SELECT r.unit_id, r.quote, r.kind FROM refs r "
        "WHERE r.target_unit_id = ? ORDER BY r.unit_id",
        &refs_in);
  if (s.ok())
    s = db.Prepare("SELECT col, text FROM cells WHERE unit_id = ? ORDER BY ord", &cells_of_unit);
  if (s.ok()) s = PrepareVariantChangesOfUnit();
  if (s.ok())
    s = db.Prepare(
        "SELECT p.id, p.eid, p.kind, p.num, p.heading FROM units u JOIN units p ON p.id = "
        "u.parent_id WHERE u.id = ?",
        &parent_of_unit);
  if (s.ok())
    s = db.Prepare("SELECT id FROM units WHERE parent_id = ? ORDER BY ord", &children_of_unit);
  return s;
}

std::string Engine::Impl::SanctionLabel(const std::string& game, const std::string& type) const {
  auto it = sanction_labels.find({game, type});
  if (it == sanction_labels.end()) it = sanction_labels.find({"", type});
  return it == sanction_labels.end() ? type : it->second;
}

std::string Engine::Impl::BeneficiaryLabel(const std::string& game, const std::string& id) const {
  if (id.empty()) return "";
  auto it = beneficiary_labels.find({game, id});
  if (it == beneficiary_labels.end()) it = beneficiary_labels.find({"", id});
  return it == beneficiary_labels.end() ? "per " + id : it->second;
}

Status Engine::Impl::LoadProvision(long long unit_id, bool with_links, ProvisionInfo* info) {
  Status s;
  unit_by_id.Bind(1, unit_id);
  if (!unit_by_id.Step(&s)) {
    unit_by_id.Reset();
    return s.ok() ? Status::NotFound("unità " + std::to_string(unit_id) + " non trovata") : s;
  }
  const std::string& doc = doc_by_rowid[unit_by_id.Int(1)];
  const DocumentInfo& d = docs[doc].info;
  info->game = d.game;
  info->doc = doc;
  info->eid = unit_by_id.Text(2);
  info->id = doc + "#" + info->eid;
  info->kind = unit_by_id.Text(3);
  info->citation = unit_by_id.Text(4);
  info->label = unit_by_id.Text(5);
  info->heading = unit_by_id.Text(6);
  info->text = unit_by_id.Text(7);
  info->variant = unit_by_id.Text(8);
  unit_by_id.Reset();
  info->variant_label = info->variant.empty() ? "" : VariantLabel(d.game, info->variant);

  info->sanctions.clear();
  sanctions_of_unit.Bind(1, unit_id);
  while (sanctions_of_unit.Step(&s)) {
    SanctionInfo si;
    si.type = sanctions_of_unit.Text(0);
    si.beneficiary = sanctions_of_unit.Text(1);
    si.place = sanctions_of_unit.Text(2);
    if (!sanctions_of_unit.IsNull(3)) si.points = static_cast<int>(sanctions_of_unit.Int(3));
    si.label = SanctionLabel(d.game, si.type);
    si.beneficiary_label = BeneficiaryLabel(d.game, si.beneficiary);
    info->sanctions.push_back(std::move(si));
  }
  sanctions_of_unit.Reset();
  info->cells.clear();
  cells_of_unit.Bind(1, unit_id);
  while (cells_of_unit.Step(&s))
    info->cells.emplace_back(cells_of_unit.Text(0), cells_of_unit.Text(1));
  cells_of_unit.Reset();
  if (!s.ok() || !with_links) return s;

  // Links need nested unit lookups: collect ids first, then resolve.
  std::vector<std::tuple<long long, std::string, std::string, std::string>> out, in;
  refs_out.Bind(1, unit_id);
  while (refs_out.Step(&s)) {
    out.emplace_back(refs_out.IsNull(0) ? 0 : refs_out.Int(0), refs_out.Text(1), refs_out.Text(2),
                     refs_out.Text(3));
  }
  refs_out.Reset();
  refs_in.Bind(1, unit_id);
  while (refs_in.Step(&s)) in.emplace_back(refs_in.Int(0), refs_in.Text(1), refs_in.Text(2), "");
  refs_in.Reset();
  auto resolve = [&](const auto& links, std::vector<LinkInfo>* dest) {
    dest->clear();
    for (const auto& [target, quote, kind, raw] : links) {
      LinkInfo link;
      link.quote = quote;
      link.kind = kind;
      if (target) {
        // Only the target's id and citation: one row, no sanctions or cells.
        link_target.Bind(1, target);
        if (link_target.Step(&s)) {
          auto doc = doc_by_rowid.find(link_target.Int(0));
          if (doc != doc_by_rowid.end()) {
            link.id = doc->second + "#" + link_target.Text(1);
            link.citation = link_target.Text(2);
          }
        }
        link_target.Reset();
      } else {
        link.id = raw;
      }
      dest->push_back(std::move(link));
    }
  };
  resolve(out, &info->refs_out);
  resolve(in, &info->refs_in);
  if (!s.ok()) return s;
  return VariantChangesOf(unit_id, &info->variant_changes);
}

Status Engine::Impl::FindUnit(const std::string& id, long long* unit_id) {
  Status s;
  size_t hash = id.find('#');
  if (hash != std::string::npos) {
    unit_by_eid.Bind(1, id.substr(0, hash)).Bind(2, id.substr(hash + 1));
    bool found = unit_by_eid.Step(&s);
    if (found) *unit_id = unit_by_eid.Int(0);
    unit_by_eid.Reset();
    if (!s.ok()) return s;
    if (!found) return Status::NotFound("identificativo sconosciuto '" + id + "'");
    return Status::OK();
  }
  units_by_bare_eid.Bind(1, id);
  std::vector<long long> ids;
  while (units_by_bare_eid.Step(&s)) ids.push_back(units_by_bare_eid.Int(0));
  units_by_bare_eid.Reset();
  if (!s.ok()) return s;
  if (ids.empty()) return Status::NotFound("identificativo sconosciuto '" + id + "'");
  if (ids.size() > 1) {
    return Status::InvalidArgument("identificativo ambiguo '" + id +
                                   "': indicare il documento, es. 'documento#" + id + "'");
  }
  *unit_id = ids[0];
  return Status::OK();
}

namespace {

// "Soccer Tactics", "SOCCER_TACTICS", "soccertactics" → "soccertactics": the letters
// and digits of a game or document name, lower-cased, accents folded.
std::string NameKey(const std::string& name) {
  std::string out;
  for (char c : FoldCase(name)) {
    if (std::isalnum(static_cast<unsigned char>(c))) out += c;
  }
  return out;
}

}  // namespace

Status Engine::Impl::CanonicalGame(const std::string& name, std::string* game,
                                   std::string* doc) const {
  if (doc) doc->clear();
  const std::string key = NameKey(name);
  std::vector<std::pair<std::string, std::string>>& known = known_names;  // (key, name)
  if (known.empty()) {
    for (const auto& g : games) known.emplace_back(NameKey(g), g);
    for (const auto& [id, row] : docs) known.emplace_back(NameKey(id), id);
    for (const auto& [known_key, known_name] : known) name_by_key.emplace(known_key, known_name);
  }
  if (auto it = name_by_key.find(key); !key.empty() && it != name_by_key.end()) {
    const std::string& known_name = it->second;
    const auto d = docs.find(known_name);
    *game = d == docs.end() ? known_name : d->second.info.game;
    if (doc && d != docs.end()) *doc = known_name;
    return Status::OK();
  }
  // One word of a single game's name ("rugby", "tactics").
  std::vector<std::string> named;
  const std::string word = "-" + FoldCase(name) + "-";
  for (const auto& g : games) {
    if (("-" + g + "-").find(word) != std::string::npos) named.push_back(g);
  }
  if (named.size() == 1) {
    *game = named[0];
    return Status::OK();
  }
  constexpr size_t kMaxEcho = 60;  // a pasted paragraph is not echoed whole
  std::string message =
      "gioco sconosciuto '" +
      (name.size() > kMaxEcho ? SanitizeUtf8(name.substr(0, kMaxEcho)) + "…" : name) + "'";
  std::vector<std::string> keys;
  for (const auto& k : known) keys.push_back(k.first);
  const std::string near = NearestWord(key, keys);
  for (const auto& [known_key, known_name] : known) {
    if (!near.empty() && known_key == near) {
      message += ", forse '" + known_name + "'?";
      break;
    }
  }
  const std::vector<std::string> names(games.begin(), games.end());
  return Status::InvalidArgument(message + " (giochi disponibili: " + Join(names, ", ") + ")");
}

Status Engine::CanonicalGame(const std::string& name, std::string* game) const {
  return impl_->CanonicalGame(name, game);
}

std::map<std::string, double> Engine::Impl::HintScores(const std::vector<Token>& tokens) {
  std::map<std::string, double> score;
  std::set<std::string> firsts;
  for (const Token& t : tokens) firsts.insert(t.term);
  for (const std::string& first : firsts) {
    auto [it, fresh] = hints_by_first.try_emplace(first);
    if (fresh) {
      if (hints_by_first.size() > 10000) {  // bounded memory
        hints_by_first.clear();
        it = hints_by_first.try_emplace(first).first;
      }
      Status s;
      hints_with_first.Bind(1, first);
      while (hints_with_first.Step(&s)) {
        it->second.push_back({hints_with_first.Text(0), SplitSpaces(hints_with_first.Text(1)),
                              hints_with_first.Real(2)});
      }
      hints_with_first.Reset();
    }
    // Each hint counts once, wherever it matches.
    for (const Hint& hint : it->second) {
      for (size_t i = 0; i + hint.terms.size() <= tokens.size(); ++i) {
        bool match = true;
        for (size_t k = 0; k < hint.terms.size() && match; ++k)
          match = tokens[i + k].term == hint.terms[k];
        if (match) {
          score[hint.game] += hint.weight;
          break;
        }
      }
    }
  }
  return score;
}

std::string Engine::Impl::InferGame(const std::vector<Token>& tokens) {
  return InferGame(HintScores(tokens));
}

std::string Engine::Impl::InferGame(const std::map<std::string, double>& score) {
  std::string best;
  double best_score = 0, second = 0;
  for (const auto& [game, sc] : score) {
    if (sc > best_score) {
      second = best_score;
      best_score = sc;
      best = game;
    } else if (sc > second) {
      second = sc;
    }
  }
  return best_score > 0 && best_score >= 1.5 * second + 0.01 ? best : "";
}

const std::string& Engine::Impl::SpellingSuggestion(const std::string& word) {
  auto it = spelling_cache.find(word);
  if (it != spelling_cache.end()) return it->second;
  if (spelling_cache.size() > 10000) spelling_cache.clear();  // bounded memory
  return spelling_cache[word] = xdb.get_spelling_suggestion(word, 2);
}

bool Engine::HasGame(const std::string& game) const {
  return impl_->games.count(game) > 0;
}

std::vector<std::string> Engine::GameNames() const {
  return std::vector<std::string>(impl_->games.begin(), impl_->games.end());
}

Status Engine::Show(const std::string& id, ProvisionInfo* info) {
  long long unit_id = 0;
  Status s = impl_->FindUnit(id, &unit_id);
  if (!s.ok()) return s;
  s = impl_->LoadProvision(unit_id, /*with_links=*/true, info);
  if (!s.ok()) return s;
  // The path up to the document (bounded: the schema nests at most 256 levels).
  info->ancestors.clear();
  Statement& up = impl_->parent_of_unit;
  for (long long at = unit_id; at && info->ancestors.size() < 256;) {
    up.Bind(1, at);
    at = 0;
    if (up.Step(&s)) {
      at = up.Int(0);
      const std::string num = up.Text(3), heading = up.Text(4);
      info->ancestors.push_back({info->doc + "#" + up.Text(1), up.Text(2),
                                 num.empty()       ? heading
                                 : heading.empty() ? num
                                                   : num + " " + heading});
    }
    up.Reset();
    if (!s.ok()) return s;
  }
  std::reverse(info->ancestors.begin(), info->ancestors.end());
  std::vector<long long> child_ids;
  Statement& down = impl_->children_of_unit;
  down.Bind(1, unit_id);
  while (down.Step(&s)) child_ids.push_back(down.Int(0));
  down.Reset();
  if (!s.ok()) return s;
  info->children.clear();
  for (long long child : child_ids) {
    ProvisionInfo c;
    s = impl_->LoadProvision(child, /*with_links=*/false, &c);
    if (!s.ok()) return s;
    info->children.push_back(std::move(c));
  }
  return Status::OK();
}

Status Engine::Impl::CountDocuments() {
  if (documents_counted) return Status::OK();
  Statement st;
  Status s = db.Prepare(
      "SELECT d.doc,"
      " (SELECT count(*) FROM units u WHERE u.document_id = d.id AND u.kind = 'provision'),"
      " (SELECT count(*) FROM units u WHERE u.document_id = d.id AND u.kind = 'row'),"
      " (SELECT count(*) FROM cases c JOIN units u ON u.id = c.unit_id WHERE u.document_id = d.id)"
      " FROM documents d",
      &st);
  while (s.ok() && st.Step(&s)) {
    auto it = docs.find(st.Text(0));
    if (it == docs.end()) continue;
    it->second.info.provisions = st.Int(1);
    it->second.info.rows = st.Int(2);
    it->second.info.cases = st.Int(3);
  }
  documents_counted = s.ok();
  return s;
}

Status Engine::Games(std::vector<DocumentInfo>* docs) {
  Status s = impl_->CountDocuments();
  if (!s.ok()) return s;
  docs->clear();
  s = impl_->LoadVariantChanges();
  if (!s.ok()) return s;
  for (const auto& [id, row] : impl_->docs) docs->push_back(row.info);
  return Status::OK();
}

Status Engine::UnitIds(std::vector<std::string>* ids) {
  ids->clear();
  Statement st;
  Status s = impl_->db.Prepare(
      "SELECT d.doc || '#' || u.eid FROM units u JOIN documents d ON d.id = u.document_id"
      " WHERE u.kind IN ('provision', 'row', 'block') AND u.eid IS NOT NULL"
      " ORDER BY u.document_id, u.id",
      &st);
  if (!s.ok()) return s;
  while (st.Step(&s)) ids->push_back(st.Text(0));
  return s;
}

Status Engine::Toc(const std::string& game_or_doc,
                   std::vector<std::pair<DocumentInfo, std::vector<TocLine>>>* out) {
  out->clear();
  std::string game, only_doc;
  if (!game_or_doc.empty()) {
    Status s = impl_->CanonicalGame(game_or_doc, &game, &only_doc);
    if (!s.ok()) {
      // A game and its only document may share a name ("calciotto"): list it once.
      std::vector<std::string> names(impl_->games.begin(), impl_->games.end());
      for (const auto& [doc, row] : impl_->docs) {
        if (!impl_->games.count(doc)) names.push_back(doc);
      }
      const std::string near = NearestWord(game_or_doc, names);
      return Status::InvalidArgument("gioco o documento sconosciuto '" + game_or_doc + "'" +
                                     (near.empty() ? "" : ", forse '" + near + "'?") +
                                     " (disponibili: " + Join(names, ", ") + ")");
    }
  }
  Statement st;
  Status s = impl_->db.Prepare(
      "WITH RECURSIVE tree(id, depth) AS ("
      " SELECT id, 0 FROM units WHERE document_id = ?1 AND parent_id IS NULL"
      " UNION ALL SELECT u.id, t.depth + 1 FROM units u JOIN tree t ON u.parent_id = t.id"
      "  WHERE u.kind IN ('rule', 'section', 'table'))"
      " SELECT u.eid, u.kind, u.num, u.heading, t.depth,"
      " (SELECT count(*) FROM units c WHERE c.parent_id = u.id AND c.kind IN ('provision', 'row'))"
      " FROM tree t JOIN units u ON u.id = t.id WHERE u.kind IN ('rule', 'section', 'table')"
      " ORDER BY u.ord",
      &st);
  if (!s.ok()) return s;
  for (const auto& [doc, row] : impl_->docs) {
    if (!game.empty() && (only_doc.empty() ? row.info.game != game : doc != only_doc)) continue;
    std::vector<TocLine> lines;
    st.Bind(1, row.id);
    while (st.Step(&s)) {
      TocLine line;
      line.id = doc + "#" + st.Text(0);
      line.kind = st.Text(1);
      std::string num = st.Text(2), heading = st.Text(3);
      line.label = num.empty() ? heading : heading.empty() ? num : num + " " + heading;
      line.depth = static_cast<int>(st.Int(4));
      line.provisions = st.Int(5);
      lines.push_back(std::move(line));
    }
    st.Reset();
    if (!s.ok()) return s;
    out->emplace_back(row.info, std::move(lines));
  }
  return s;
}

Status Engine::Facts(const std::string& name, std::vector<FactInfo>* facts) {
  std::string game;
  Status s = impl_->CanonicalGame(name, &game);
  if (!s.ok()) return s;
  facts->clear();
  GameRules rules;
  s = LoadGameRules(impl_->db, game, impl_->sanction_labels, impl_->beneficiary_labels, &rules);
  if (!s.ok()) return s;
  // Facts only a variant's cases test: the variants, in declaration order.
  std::map<std::string, std::set<std::string>> tested_under;  // fact → variants ("" = base)
  for (const RuleCase& c : rules.cases) {
    for (const RuleCond& cond : c.when) tested_under[cond.fact].insert(c.variant);
  }
  std::vector<std::string> order;
  for (const auto& [doc, row] : impl_->docs) {
    if (row.info.game != game) continue;
    for (const auto& [id, label] : row.info.variants) order.push_back(id);
  }
  for (const RuleFact& rf : rules.facts) {
    FactInfo f{
        rf.name, rf.integer ? "integer" : "enum", rf.ask, rf.label, rf.default_value, rf.forms, {},
        {}};
    for (const RuleValue& v : rf.values) f.values.push_back({v.id, v.label, v.forms});
    const auto& under = tested_under[rf.name];
    if (!under.empty() && !under.count("")) {
      for (const auto& v : order) {
        if (under.count(v)) f.variants.push_back(v);
      }
    }
    facts->push_back(std::move(f));
  }
  return Status::OK();
}

}  // namespace arbitro
