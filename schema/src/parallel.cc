// ParallelFor (see arbitro/parallel.h).
#include "arbitro/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>
#include <vector>

namespace arbitro {

size_t ParallelWorkers() {
  return std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 4);
}

void ParallelFor(size_t count, const std::function<void(size_t)>& task) {
  std::vector<std::exception_ptr> errors(count);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < count; i = next++) {
      try {
        task(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  const size_t workers = std::min(ParallelWorkers(), count);
  for (size_t w = 1; w < workers; ++w) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace arbitro
