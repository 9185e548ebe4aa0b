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
// The thesaurus's links are cached in the file `thesaurus_cache` (none when empty; see
// CachedThesaurusCandidates in thesaurus.h).
Status WriteXapian(const Corpus& corpus, const Analyzer& analyzer, const UnitIds& unit_ids,
                   const std::string& path, IndexStats* stats,
                   const std::string& thesaurus_cache = "");

}  // namespace arbitro
