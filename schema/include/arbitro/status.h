// Status: the one error type of arbitro (after LevelDB's Status).
//
// Every library function that can fail returns a Status (or fills an out-parameter
// and returns Status). Exceptions from Xapian, pugixml results and SQLite codes are
// converted to a Status inside the wrappers that call them; only `main` maps a
// Status code to a process exit code.
#pragma once

#include <string>
#include <utility>

namespace arbitro {

class Status {
 public:
  enum class Code {
    kOk = 0,
    kInvalidArgument,  // bad user input: empty question, unknown game or id, bad option value
    kNotFound,         // the thing asked for does not exist
    kCorpusError,      // corpus XML or vocabulary is malformed or inconsistent
    kIndexError,       // the index is missing, corrupt or cannot be written
    kIOError,          // the file system refused a read or write
    kFindings,         // an analysis (check, eval) ran and reported findings over the threshold
  };

  Status() = default;
  static Status OK() { return Status(); }
  static Status InvalidArgument(std::string msg) { return {Code::kInvalidArgument, std::move(msg)}; }
  static Status NotFound(std::string msg) { return {Code::kNotFound, std::move(msg)}; }
  static Status CorpusError(std::string msg) { return {Code::kCorpusError, std::move(msg)}; }
  static Status IndexError(std::string msg) { return {Code::kIndexError, std::move(msg)}; }
  static Status IOError(std::string msg) { return {Code::kIOError, std::move(msg)}; }
  static Status Findings(std::string msg) { return {Code::kFindings, std::move(msg)}; }

  bool ok() const { return code_ == Code::kOk; }
  Code code() const { return code_; }
  // One line, no trailing newline, suitable for "arbitro: <message>" on stderr.
  const std::string& message() const { return message_; }

 private:
  Status(Code code, std::string msg) : code_(code), message_(std::move(msg)) {}
  Code code_ = Code::kOk;
  std::string message_;
};

}  // namespace arbitro
