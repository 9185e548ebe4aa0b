// Everyday words the rulebooks do not use, linked to words they do, from Debian's
// Italian thesaurus (mythes-it, read through libmythes): "sfiorato" → "toccato".
// Stored as Xapian synonyms under the key prefix::kThesaurus + stem, apart from the
// lexicon's synonyms, so that ask can weigh them lower (thesaurus.cc).
#pragma once

#include <xapian.h>

#include "arbitro/indexer.h"

namespace arbitro {

// The default thesaurus files (Debian's mythes-it); empty when not installed.
struct ThesaurusFiles {
  std::string idx, dat;
};
ThesaurusFiles DefaultThesaurus();

// Adds, for every single-word headword of the thesaurus, its single-word synonyms whose
// stems the index already holds (at most kMaxPerWord each). Returns the number of
// headwords linked; 0 when the files are missing.
size_t AddThesaurus(const ThesaurusFiles& files, const Analyzer& analyzer,
                    Xapian::WritableDatabase* db);

}  // namespace arbitro
