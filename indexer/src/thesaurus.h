// Everyday words the rulebooks do not use, linked to words they do, from Debian's
// Italian thesaurus (mythes-it, read through libmythes): "sfiorato" → "toccato".
// Stored as Xapian synonyms under the key prefix::kThesaurus + stem, apart from the
// lexicon's synonyms, so that ask can weigh them lower (thesaurus.cc).
//
// In two steps, so that the slow one (reading the thesaurus) runs while the documents
// are indexed: ThesaurusCandidates reads every headword's synonyms, AddThesaurus keeps
// those the index holds.
#pragma once

#include <xapian.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "arbitro/indexer.h"
#include "db_cache.h"

namespace arbitro {

// The default thesaurus files (Debian's mythes-it); empty when not installed.
struct ThesaurusFiles {
  std::string idx, dat;
};
ThesaurusFiles DefaultThesaurus();

// How ThesaurusCandidates reads the files: kMemory reads them whole and parses each
// entry in memory as libmythes would (files whose layout leaves any doubt about that
// are read through libmythes); kMyThes always through libmythes (the reference).
enum class ThesaurusReader { kMemory, kMyThes };

// For every single-word headword (the first one of each stem), its single-word
// synonyms' terms in the thesaurus's order, each once, without the stem itself.
using ThesaurusLinks = std::vector<std::pair<std::string, std::vector<std::string>>>;
ThesaurusLinks ThesaurusCandidates(const ThesaurusFiles& files, const Analyzer& analyzer,
                                   ThesaurusReader reader = ThesaurusReader::kMemory);

// ThesaurusCandidates (read from memory) through a cache file at `cache_path`: the
// links computed last time, stored with the identity of what they came from (the
// thesaurus files' sizes and hashes, the analyser's Identity(), Xapian's version and
// the size, time and inode of the file holding this code, so that a rebuilt program
// recomputes them). They are read back only when all of it is the same and the file is
// complete; else computed and the file replaced whole (written aside, then renamed).
// An empty cache_path, or files that cannot be read, compute them without a cache.
ThesaurusLinks CachedThesaurusCandidates(const ThesaurusFiles& files, const Analyzer& analyzer,
                                         const std::string& cache_path);

// Adds, for every headword stem, its first synonyms whose terms the index holds
// (indexed(term); at most kMaxPerWord each) to `db`'s operations. Returns the number
// of headwords linked.
size_t AddThesaurus(const ThesaurusLinks& links,
                    const std::function<bool(const std::string&)>& indexed, DbOps* db);

}  // namespace arbitro
