// Helpers shared by the evaluation commands (eval-ask, eval-resolve).
#pragma once

#include <string>
#include <vector>

#include "arbitro/status.h"

namespace arbitro::cli {

struct TsvRow {
  std::vector<std::string> cols;
  std::string where;  // "file:line"
};

// Reads a TSV file: '#' lines and blank lines skipped, cells trimmed. Rows with
// fewer than `min_cols` cells are an InvalidArgument naming file:line.
Status ReadTsv(const std::string& path, size_t min_cols, std::vector<TsvRow>* rows);
// Splits on `sep`, trimming and dropping empty items.
std::vector<std::string> SplitList(const std::string& s, char sep);
// "0.913"
std::string Fixed3(double v);

}  // namespace arbitro::cli
