// CopyPostingsToMemory: the search index's postings copied into Xapian's in-memory backend
// for a long-running process (EngineOpenOptions in arbitro/engine.h).
//
// The index has no term lists (the indexer does not store them), so the documents are
// rebuilt from the postings: every term's posting list adds the term, with its wdf, to
// the documents it holds. Replacing each document under its own id keeps the ids, and
// so the ranking ties, of the disk index; a document's length is the sum of its wdfs in
// both backends.
#include <xapian.h>

#include <string>
#include <vector>

#include "core/engine_impl.h"

namespace arbitro {

Xapian::Database CopyPostingsToMemory(const Xapian::Database& disk) {
  std::vector<Xapian::Document> docs(disk.get_lastdocid() + 1);
  std::vector<bool> present(docs.size(), false);
  for (auto p = disk.postlist_begin(""); p != disk.postlist_end(""); ++p) present[*p] = true;
  for (auto t = disk.allterms_begin(); t != disk.allterms_end(); ++t) {
    const std::string term = *t;
    for (auto p = disk.postlist_begin(term); p != disk.postlist_end(term); ++p)
      docs[*p].add_term(term, p.get_wdf());
  }
  Xapian::WritableDatabase memory(std::string(), Xapian::DB_BACKEND_INMEMORY);
  for (Xapian::docid did = 1; did < docs.size(); ++did) {
    if (!present[did]) continue;
    docs[did].set_data(disk.get_document(did).get_data());
    memory.replace_document(did, docs[did]);
    docs[did] = Xapian::Document();  // the copy's memory, released as it goes
  }
  memory.commit();
  return memory;
}

}  // namespace arbitro
