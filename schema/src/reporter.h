// Internal: collects the diagnostics of one load and remembers the first error.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "arbitro/schema.h"

namespace arbitro::schema_detail {

class Reporter {
 public:
  // `out` receives every diagnostic; it must outlive the reporter.
  explicit Reporter(std::vector<Diagnostic>* out) : out_(out), first_(out->size()) {}

  void Error(SourcePos pos, std::string message);
  void Warning(SourcePos pos, std::string message);

  // Files are ordered as first named here or in a diagnostic.
  void BeginFile(const std::string& path);
  // Appends what `other` reported (its files first named in its order, then its
  // diagnostics), as if they had been reported here.
  void Append(const Reporter& other);
  // Orders this load's diagnostics by file, then line and column.
  void Sort();

  size_t errors() const { return errors_; }
  // Status::OK() when no error was reported, else CorpusError with the first error line.
  Status ToStatus() const;

 private:
  std::vector<Diagnostic>* out_;
  size_t first_;  // diagnostics before this index belong to earlier loads
  size_t errors_ = 0;
  std::map<std::string, size_t> file_rank_;
};

}  // namespace arbitro::schema_detail
