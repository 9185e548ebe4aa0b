// Wall-clock figures of the phases of an index build, for measuring its fixed costs:
// with ARBITRO_INDEX_TIMES set (to anything non-empty), each phase prints one line
// "index-time PHASE START END CPU" to stderr: when it started and ended, in milliseconds
// since the build began (phases run on several threads, so they overlap), and the CPU
// time its thread spent in it (on a busy machine, less than END - START). Nothing is
// printed otherwise.
#pragma once

#include <chrono>
#include <string>

namespace arbitro {

// Whether ARBITRO_INDEX_TIMES is set.
bool PhaseTimesEnabled();
// Marks the start of the build (time 0 of every figure).
void PhaseTimesStart();

// Prints the line of one phase when it ends (at its destruction or at End()).
class PhaseTime {
 public:
  explicit PhaseTime(std::string name);
  ~PhaseTime() { End(); }
  void End();
  PhaseTime(const PhaseTime&) = delete;
  PhaseTime& operator=(const PhaseTime&) = delete;

 private:
  std::string name_;
  std::chrono::steady_clock::time_point start_;
  double cpu_start_ = 0;
  bool open_;
};

}  // namespace arbitro
