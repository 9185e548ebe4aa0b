// Small Xapian databases of a build (the synonyms' and the spellings') kept between
// builds: such a database holds exactly what a list of operations adds to an empty one,
// so when a build would add the same list as the last one, with the same code and the
// same Xapian, the files written then are copied instead of written again (each entry
// of their tables costs a zlib compression). Stored beside the generations, under the
// build lock; an entry is used only when its key file matches exactly, and it is
// written aside and renamed into place, so that a cut-short copy is never used.
#pragma once

#include <xapian.h>

#include <string>
#include <vector>

namespace arbitro {

// Reads the whole file at `path` into *out (the thesaurus's files, a cache entry);
// false when it cannot be read.
bool ReadWholeFile(const std::string& path, std::string* out);

// The identity of the file holding this code (its size, modification time and inode):
// a rebuilt program differs. Empty when unknown.
std::string CodeIdentity();

// A 64-bit hash of `text` as 16 hex digits, after its size.
std::string TextIdentity(std::string_view text);

// What a build adds to one small database, in order.
class DbOps {
 public:
  void Synonym(const std::string& key, const std::string& term);
  void Spelling(const std::string& word, Xapian::termcount count);
  void Metadata(const std::string& key, const std::string& value);
  // Applies the operations to `db` (not committed).
  void Apply(Xapian::WritableDatabase* db) const;
  // Every operation, as one string: the content of the database it makes.
  const std::string& text() const { return text_; }

 private:
  enum Kind : char { kSynonym = 's', kSpelling = 'p', kMetadata = 'm' };
  struct Op {
    Kind kind;
    std::string a, b;
    Xapian::termcount count = 0;
  };
  void Record(Kind kind, const std::string& a, const std::string& b, Xapian::termcount count);
  std::vector<Op> ops_;
  std::string text_;
};

// Writes the database of `ops` at `path` (created, committed and closed): a copy of
// the files cached as `cache_dir`/`name` when their key matches, else written anew and
// then cached. An empty cache_dir writes it without a cache. Throws Xapian::Error.
void WriteCachedDatabase(const DbOps& ops, const std::string& path, const std::string& cache_dir,
                         const std::string& name);

}  // namespace arbitro
