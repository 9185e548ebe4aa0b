#include "serve/static_files.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace arbitro::serve {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxFileBytes = 8u << 20;  // no file of the app is near this

struct Mime {
  const char* extension;
  const char* type;
};
constexpr Mime kMimeTypes[] = {
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".webmanifest", "application/manifest+json; charset=utf-8"},
    {".json", "application/json; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".ico", "image/x-icon"},
    {".txt", "text/plain; charset=utf-8"},
};

const char* MimeType(const std::string& path) {
  for (const Mime& m : kMimeTypes) {
    const std::string ext = m.extension;
    if (path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0)
      return m.type;
  }
  return nullptr;
}

bool Within(const fs::path& root, const fs::path& file) {
  auto r = root.begin(), f = file.begin();
  for (; r != root.end(); ++r, ++f) {
    if (f == file.end() || *r != *f) return false;
  }
  return f != file.end();
}

}  // namespace

bool IsSafeWebPath(const std::string& path) {
  if (path.empty() || path[0] != '/') return false;
  if (path.find('\\') != std::string::npos || path.find('\0') != std::string::npos) return false;
  if (path == "/") return true;
  size_t start = 1;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string segment = path.substr(start, end - start);
    // Empty ("//"), ".", "..", hidden files and folders.
    if (segment.empty() || segment[0] == '.') return false;
    for (char c : segment) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == ':') return false;
    }
    start = end + 1;
  }
  return true;
}

StaticFile ServeStatic(const std::string& root, const std::string& path,
                       const std::string& if_none_match) {
  StaticFile out;
  out.status = 404;
  if (!IsSafeWebPath(path)) return out;
  const std::string relative = path == "/" ? "index.html" : path.substr(1);
  const char* type = MimeType(relative);
  if (!type) return out;
  std::error_code ec;
  const fs::path real_root = fs::canonical(root, ec);
  if (ec) return out;
  const fs::path real_file = fs::canonical(real_root / relative, ec);
  if (ec || !Within(real_root, real_file)) return out;
  struct stat st {};
  if (::stat(real_file.c_str(), &st) != 0 || !S_ISREG(st.st_mode) ||
      static_cast<std::uintmax_t>(st.st_size) > kMaxFileBytes) {
    return out;
  }
  std::ostringstream etag;
  // Weak: the same file is sent gzipped or not.
  etag << "W/\"" << std::hex << st.st_size << '-' << st.st_mtim.tv_sec << '-' << st.st_mtim.tv_nsec
       << '"';
  out.etag = etag.str();
  out.content_type = type;
  if (!if_none_match.empty() && if_none_match == out.etag) {
    out.status = 304;
    return out;
  }
  std::ifstream in(real_file, std::ios::binary);
  std::ostringstream body;
  body << in.rdbuf();
  if (!in.good() && !in.eof()) return out;
  out.body = body.str();
  out.status = 200;
  return out;
}

}  // namespace arbitro::serve
