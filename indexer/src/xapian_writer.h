// The Xapian half of an index generation, written after the SQLite half
// (index_writer.cc): one document per citable unit, whose data is its SQLite row id,
// with the lexicon's synonyms and the thesaurus's (thesaurus.h).
#pragma once

#include <map>
#include <string>
#include <utility>

#include "arbitro/indexer.h"

namespace arbitro {

// SQLite row id of each unit (rulebook, unit index), as the SQLite pass wrote them.
using UnitIds = std::map<std::pair<const Rulebook*, int>, long long>;

// Writes the Xapian database at `path`; counts documents in stats->xapian_documents.
// What does not change from build to build unless its inputs do is kept in the folder
// `cache_dir` (nothing kept when empty): the thesaurus's links (thesaurus.h) and the
// small databases of the synonyms and spellings (db_cache.h).
Status WriteXapian(const Corpus& corpus, const Analyzer& analyzer, const UnitIds& unit_ids,
                   const std::string& path, IndexStats* stats, const std::string& cache_dir = "");

}  // namespace arbitro
