// Fts5Baseline: plain SQLite FTS5 + BM25 over the same provisions, no Italian
// analysis beyond unicode61 folding. Used only to show what the engine adds.
#include <cctype>

#include "arbitro/indexer.h"
#include "arbitro/query.h"

namespace arbitro {

struct Fts5Baseline::Impl {
  Database mem;
  Statement search;
};

Fts5Baseline::Fts5Baseline() : impl_(std::make_unique<Impl>()) {}
Fts5Baseline::~Fts5Baseline() = default;

Status Fts5Baseline::Open(const std::string& index_dir, std::unique_ptr<Fts5Baseline>* out) {
  std::string generation;
  Status s = OpenCurrentGeneration(index_dir, &generation);
  if (!s.ok()) return s;
  Database index;
  s = Database::Open(SqlitePath(generation), /*read_only=*/true, &index);
  if (!s.ok()) return s;
  std::unique_ptr<Fts5Baseline> b(new Fts5Baseline());
  Impl& im = *b->impl_;
  s = Database::Open(":memory:", /*read_only=*/false, &im.mem);
  if (s.ok())
    s = im.mem.Exec("CREATE VIRTUAL TABLE units USING fts5(id UNINDEXED, game UNINDEXED, text,"
                    " tokenize = 'unicode61 remove_diacritics 2')");
  Statement read, write;
  if (s.ok())
    s = index.Prepare("SELECT d.doc || '#' || u.eid, d.game, u.citation || ' ' || u.text"
                      " FROM units u JOIN documents d ON d.id = u.document_id"
                      " WHERE u.kind IN ('provision', 'row')", &read);
  if (s.ok()) s = im.mem.Prepare("INSERT INTO units(id, game, text) VALUES (?, ?, ?)", &write);
  if (!s.ok()) return s;
  s = im.mem.Transaction([&] {
    Status st;
    while (read.Step(&st)) {
      st = write.Bind(1, read.Text(0)).Bind(2, read.Text(1)).Bind(3, read.Text(2)).Run();
      if (!st.ok()) return st;
    }
    return st;
  });
  if (s.ok())
    s = im.mem.Prepare("SELECT id FROM units WHERE units MATCH ?1 AND (?2 = '' OR game = ?2)"
                       " ORDER BY bm25(units) LIMIT ?3", &im.search);
  if (!s.ok()) return s;
  *out = std::move(b);
  return Status::OK();
}

Status Fts5Baseline::Search(const std::string& question, const std::string& game, int limit,
                            std::vector<std::string>* ids) {
  ids->clear();
  // Every word of the question as a quoted FTS5 token, OR-ed: BM25 does the rest.
  std::string match, word;
  std::string clean = SanitizeUtf8(question);
  for (size_t i = 0; i <= clean.size(); ++i) {
    unsigned char c = i < clean.size() ? static_cast<unsigned char>(clean[i]) : ' ';
    if (std::isalnum(c) || c >= 0x80) {
      word.push_back(static_cast<char>(c));
    } else if (!word.empty()) {
      match += (match.empty() ? "\"" : " OR \"") + word + "\"";
      word.clear();
    }
  }
  if (match.empty()) return Status::OK();
  Status s;
  impl_->search.Bind(1, match).Bind(2, game).Bind(3, static_cast<long long>(limit));
  while (impl_->search.Step(&s)) ids->push_back(impl_->search.Text(0));
  impl_->search.Reset();
  return s;
}

}  // namespace arbitro
