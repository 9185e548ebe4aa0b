// Shared by the fuzz targets: the entry-point macro, scratch directories and the
// fixture engine.
//
// Each fuzz_<name>.cc defines its entry point with ARBITRO_FUZZ_TARGET(name). Built
// with -DARBITRO_FUZZ=ON (clang -fsanitize=fuzzer) every target is its own libFuzzer
// binary; in the normal build all targets are linked into one `fuzz_replay` binary
// that replays the seeds and the crash reproducers as regression tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace arbitro {
class Engine;
}

namespace arbitro::fuzz {

using TargetFn = int (*)(const uint8_t* data, size_t size);

// Records a target for fuzz_replay; returns true so it can initialise a static.
bool Register(const char* name, TargetFn fn);

// A directory of its own under /dev/shm (else the temp dir), created on first use
// and removed at normal exit.
std::string ScratchDir(const std::string& name);

// The corpus a target indexes: $ARBITRO_FUZZ_CORPUS when set, else the mini fixture.
std::string FixtureCorpus();

// The engine over an index of FixtureCorpus(), built once. Aborts when the fixture
// cannot be loaded or indexed (a broken harness must not look like a clean run).
Engine& FixtureEngine();

// The index directory behind FixtureEngine().
const std::string& FixtureIndexDir();

}  // namespace arbitro::fuzz

#ifdef ARBITRO_FUZZ_REPLAY
#define ARBITRO_FUZZ_TARGET(name)                                 \
  static int FuzzTarget_##name(const uint8_t* data, size_t size); \
  [[maybe_unused]] static const bool kRegistered_##name =         \
      ::arbitro::fuzz::Register(#name, FuzzTarget_##name);        \
  static int FuzzTarget_##name(const uint8_t* data, size_t size)
#else
#define ARBITRO_FUZZ_TARGET(name) \
  extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
#endif
