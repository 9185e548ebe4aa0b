// Writes the files of one index generation into `dir` (a fresh temporary directory):
// the SQLite database (schema/index.sql) and then the Xapian database, whose documents
// refer to the SQLite rows. BuildIndex (build.cc) publishes the directory afterwards.
#pragma once

#include <string>

#include "arbitro/indexer.h"

namespace arbitro {

// `thesaurus_cache`: where the thesaurus's links are cached between builds (none when
// empty; see CachedThesaurusCandidates in thesaurus.h).
Status WriteIndexFiles(const Corpus& corpus, const std::string& dir, IndexStats* stats,
                       const std::string& thesaurus_cache = "");

}  // namespace arbitro
