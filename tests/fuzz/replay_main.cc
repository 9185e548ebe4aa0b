// fuzz_replay: runs fuzz targets on saved inputs, outside libFuzzer, as regression
// tests (the seeds and every crash reproducer under tests/fuzz/).
//
// usage: fuzz_replay TARGET FILE_OR_DIR…
// A directory means each regular file in it (README* and dot files skipped). Exits 0
// when every input ran; a bug shows up as a crash, a sanitizer report or an uncaught
// exception. Prints the number of inputs and the slowest one.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "replay.h"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  const auto& targets = arbitro::fuzz::Targets();
  if (argc < 3 || !targets.count(argv[1])) {
    std::fprintf(stderr, "usage: fuzz_replay TARGET FILE_OR_DIR…\ntargets:");
    for (const auto& [name, fn] : targets) std::fprintf(stderr, " %s", name.c_str());
    std::fprintf(stderr, "\n");
    return 2;
  }
  const arbitro::fuzz::TargetFn target = targets.at(argv[1]);
  std::vector<fs::path> inputs;
  for (int i = 2; i < argc; ++i) {
    const fs::path arg = argv[i];
    if (!fs::is_directory(arg)) {
      inputs.push_back(arg);
      continue;
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(arg)) {
      const std::string name = entry.path().filename().string();
      if (entry.is_regular_file() && name[0] != '.' && name.rfind("README", 0) != 0) {
        files.push_back(entry.path());
      }
    }
    std::sort(files.begin(), files.end());
    inputs.insert(inputs.end(), files.begin(), files.end());
  }
  double slowest_ms = 0;
  std::string slowest;
  for (const fs::path& path : inputs) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "fuzz_replay: cannot read %s\n", path.c_str());
      return 2;
    }
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto start = std::chrono::steady_clock::now();
    target(reinterpret_cast<const uint8_t*>(data.data()), data.size());
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (ms > slowest_ms) {
      slowest_ms = ms;
      slowest = path.filename().string();
    }
  }
  std::printf("fuzz_replay %s: %zu inputs, slowest %.1f ms (%s)\n", argv[1], inputs.size(),
              slowest_ms, slowest.c_str());
  return inputs.empty() ? 2 : 0;
}
