// The web app's files, served from one folder (the web root) and nothing else.
#pragma once

#include <string>

namespace arbitro::serve {

struct StaticFile {
  int status = 200;  // 200, 304 (If-None-Match matched) or 404
  std::string content_type;
  std::string body;
  std::string etag;
};

// The file under `root` that the decoded request path `path` names ("/" is
// index.html). Only regular files with a known extension whose real path (symbolic
// links resolved) lies under the real path of `root` are served; a path with an empty,
// "." or ".." segment, a hidden segment (".git"), a backslash or a NUL byte is refused
// before the file system is asked. `if_none_match`: the request's If-None-Match.
StaticFile ServeStatic(const std::string& root, const std::string& path,
                       const std::string& if_none_match);

// True when `path` (decoded) may name a file under the web root (see ServeStatic).
bool IsSafeWebPath(const std::string& path);

}  // namespace arbitro::serve
