// Phase timings of an index build (see phase_times.h).
#include "phase_times.h"

#include <time.h>

#include <cstdio>
#include <cstdlib>

namespace arbitro {
namespace {

std::chrono::steady_clock::time_point& BuildStart() {
  static std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  return start;
}

double Ms(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(t - BuildStart()).count();
}

// CPU time of the calling thread, in milliseconds.
double ThreadCpuMs() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

}  // namespace

bool PhaseTimesEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("ARBITRO_INDEX_TIMES");
    return v && *v;
  }();
  return enabled;
}

void PhaseTimesStart() {
  if (PhaseTimesEnabled()) BuildStart() = std::chrono::steady_clock::now();
}

PhaseTime::PhaseTime(std::string name) : open_(PhaseTimesEnabled()) {
  if (open_) {
    name_ = std::move(name);
    start_ = std::chrono::steady_clock::now();
    cpu_start_ = ThreadCpuMs();
  }
}

void PhaseTime::End() {
  if (!open_) return;
  open_ = false;
  std::fprintf(stderr, "index-time %-20s %8.1f %8.1f %8.1f\n", name_.c_str(), Ms(start_),
               Ms(std::chrono::steady_clock::now()), ThreadCpuMs() - cpu_start_);
}

}  // namespace arbitro
