#include "eval_util.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace arbitro::cli {

std::vector<std::string> SplitList(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, sep)) {
    size_t a = item.find_first_not_of(" \t\r"), b = item.find_last_not_of(" \t\r");
    if (a != std::string::npos) out.push_back(item.substr(a, b - a + 1));
  }
  return out;
}

Status ReadTsv(const std::string& path, size_t min_cols, std::vector<TsvRow>* rows) {
  std::ifstream in(path);
  if (!in) return Status::IOError("impossibile leggere " + path);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    TsvRow row;
    row.where = path + ":" + std::to_string(n);
    std::stringstream cells(line);
    std::string cell;
    while (std::getline(cells, cell, '\t')) {
      size_t a = cell.find_first_not_of(" \r"), b = cell.find_last_not_of(" \r");
      row.cols.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
    }
    if (row.cols.size() < min_cols) {
      return Status::InvalidArgument(row.where + ": attese " + std::to_string(min_cols) +
                                     " colonne separate da tab");
    }
    rows->push_back(std::move(row));
  }
  return Status::OK();
}

std::string Fixed3(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

}  // namespace arbitro::cli
