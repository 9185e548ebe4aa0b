#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

#include "arbitro/schema.h"
#include "reporter.h"

namespace arbitro {

std::string Diagnostic::ToString() const {
  std::string out = pos.file;
  if (pos.line > 0) {
    out += ':' + std::to_string(pos.line);
    if (pos.column > 0) out += ':' + std::to_string(pos.column);
  }
  if (!out.empty()) out += ": ";
  out += severity == Severity::kError ? "error: " : "warning: ";
  out += message;
  return out;
}

namespace schema_detail {

void Reporter::Error(SourcePos pos, std::string message) {
  BeginFile(pos.file);
  out_->push_back({std::move(pos), Diagnostic::Severity::kError, std::move(message)});
  ++errors_;
}

void Reporter::Warning(SourcePos pos, std::string message) {
  BeginFile(pos.file);
  out_->push_back({std::move(pos), Diagnostic::Severity::kWarning, std::move(message)});
}

void Reporter::BeginFile(const std::string& path) {
  file_rank_.emplace(path, file_rank_.size());
}

void Reporter::Append(const Reporter& other) {
  std::vector<std::pair<size_t, std::string>> files;
  for (const auto& [path, rank] : other.file_rank_) files.emplace_back(rank, path);
  std::sort(files.begin(), files.end());
  for (const auto& file : files) BeginFile(file.second);
  for (size_t i = other.first_; i < other.out_->size(); ++i) {
    const Diagnostic& d = (*other.out_)[i];
    out_->push_back(d);
    if (d.severity == Diagnostic::Severity::kError) ++errors_;
  }
}

void Reporter::Sort() {
  auto key = [this](const Diagnostic& d) {
    return std::make_tuple(file_rank_.at(d.pos.file), d.pos.line, d.pos.column);
  };
  std::stable_sort(out_->begin() + static_cast<ptrdiff_t>(first_), out_->end(),
                   [&](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
}

Status Reporter::ToStatus() const {
  for (size_t i = first_; i < out_->size(); ++i) {
    const Diagnostic& d = (*out_)[i];
    if (d.severity == Diagnostic::Severity::kError) return Status::CorpusError(d.ToString());
  }
  return Status::OK();
}

}  // namespace schema_detail
}  // namespace arbitro
