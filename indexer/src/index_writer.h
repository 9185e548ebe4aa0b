// Writes the files of one index generation into `dir` (a fresh temporary directory):
// the SQLite database (schema/index.sql) and then the Xapian database, whose documents
// refer to the SQLite rows. BuildIndex (build.cc) publishes the directory afterwards.
#pragma once

#include <string>

#include "arbitro/indexer.h"

namespace arbitro {

// `cache_dir`: the folder of what is kept between builds (see WriteXapian); none when empty.
Status WriteIndexFiles(const Corpus& corpus, const std::string& dir, IndexStats* stats,
                       const std::string& cache_dir = "");

}  // namespace arbitro
