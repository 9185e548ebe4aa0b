// What the bench programs share: a clock, milliseconds, percentiles and the question
// column of the evaluation TSV files.
#pragma once

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <vector>

namespace arbitro::bench {

using Clock = std::chrono::steady_clock;

inline double Ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

// The p-quantile (0..1) of `v`, nearest rank; 0 for no sample.
inline double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t i = static_cast<size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

// The first column of every line of `files` that is neither empty nor a # comment.
inline std::vector<std::string> ReadColumn(const std::vector<std::string>& files) {
  std::vector<std::string> out;
  for (const auto& f : files) {
    std::ifstream in(f);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      out.push_back(line.substr(0, line.find('\t')));
    }
  }
  return out;
}

}  // namespace arbitro::bench
