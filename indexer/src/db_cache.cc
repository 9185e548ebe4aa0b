// Small Xapian databases kept between builds (see db_cache.h).
#include "db_cache.h"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string_view>
#include <system_error>

namespace fs = std::filesystem;

namespace arbitro {
namespace {

constexpr const char* kKeyFile = "key";
constexpr const char* kMagic = "arbitro small database 1";

std::string Hex(size_t value) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out(2 * sizeof(value), '0');
  for (size_t i = out.size(); i-- > 0; value >>= 4) out[i] = kDigits[value & 15];
  return out;
}

// Copies the regular files of `from` into the directory `to` (created); false on any failure.
bool CopyFiles(const std::string& from, const std::string& to) {
  std::error_code ec;
  fs::create_directories(to, ec);
  if (ec) return false;
  for (const auto& entry : fs::directory_iterator(from, ec)) {
    if (!entry.is_regular_file(ec)) continue;
    const std::string name = entry.path().filename().string();
    if (name == kKeyFile) continue;
    fs::copy_file(entry.path(), fs::path(to) / name, fs::copy_options::overwrite_existing, ec);
    if (ec) return false;
  }
  return !ec;
}

}  // namespace

bool ReadWholeFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return false;
  const std::streamoff size = in.tellg();
  if (size < 0) return false;
  out->resize(static_cast<size_t>(size));
  in.seekg(0);
  return static_cast<bool>(in.read(out->data(), size));
}

std::string CodeIdentity() {
  Dl_info info;
  struct stat st;
  if (::dladdr(reinterpret_cast<void*>(&CodeIdentity), &info) == 0 || !info.dli_fname ||
      ::stat(info.dli_fname, &st) != 0) {
    if (::stat("/proc/self/exe", &st) != 0) return "";
  }
  return std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec) + " " + std::to_string(st.st_ino);
}

std::string TextIdentity(std::string_view text) {
  return std::to_string(text.size()) + " " + Hex(std::hash<std::string_view>()(text));
}

void DbOps::Record(Kind kind, const std::string& a, const std::string& b, Xapian::termcount count) {
  // Each field after its length: no separator can be mistaken for content.
  text_ += kind;
  for (const std::string* s : {&a, &b}) {
    text_ += std::to_string(s->size());
    text_ += ':';
    text_ += *s;
  }
  text_ += std::to_string(count);
  text_ += '\n';
  ops_.push_back({kind, a, b, count});
}

void DbOps::Synonym(const std::string& key, const std::string& term) { Record(kSynonym, key, term, 0); }
void DbOps::Spelling(const std::string& word, Xapian::termcount count) {
  Record(kSpelling, word, "", count);
}
void DbOps::Metadata(const std::string& key, const std::string& value) {
  Record(kMetadata, key, value, 0);
}

void DbOps::Apply(Xapian::WritableDatabase* db) const {
  for (const Op& op : ops_) {
    switch (op.kind) {
      case kSynonym: db->add_synonym(op.a, op.b); break;
      case kSpelling: db->add_spelling(op.a, op.count); break;
      case kMetadata: db->set_metadata(op.a, op.b); break;
    }
  }
}

void WriteCachedDatabase(const DbOps& ops, const std::string& path, const std::string& cache_dir,
                         const std::string& name) {
  const std::string code = cache_dir.empty() ? "" : CodeIdentity();
  const std::string key = std::string(kMagic) + "\nops " + TextIdentity(ops.text()) + "\nxapian " +
                          Xapian::version_string() + "\ncode " + code + "\n";
  const std::string entry = cache_dir + "/" + name;
  std::string stored;
  if (!code.empty() && ReadWholeFile(entry + "/" + kKeyFile, &stored) && stored == key &&
      CopyFiles(entry, path)) {
    return;
  }
  std::error_code ec;
  fs::remove_all(path, ec);
  Xapian::WritableDatabase db(path, Xapian::DB_CREATE_OR_OVERWRITE | Xapian::DB_NO_SYNC);
  ops.Apply(&db);
  db.commit();
  db.close();
  if (code.empty()) return;
  // Cached: the files, then the key, in a folder renamed into place.
  const std::string temp = entry + ".new-" + std::to_string(::getpid());
  fs::remove_all(temp, ec);
  bool ok = CopyFiles(path, temp);
  if (ok) {
    std::ofstream out(temp + "/" + kKeyFile, std::ios::binary | std::ios::trunc);
    out << key;
    out.close();
    ok = static_cast<bool>(out);
  }
  if (ok) {
    fs::remove_all(entry, ec);
    fs::rename(temp, entry, ec);
    ok = !ec;
  }
  if (!ok) fs::remove_all(temp, ec);
}

}  // namespace arbitro
