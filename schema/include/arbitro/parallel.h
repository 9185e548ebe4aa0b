// ParallelFor: independent tasks of a build (loading rulebooks, writing index shards)
// on the machine's cores.
#pragma once

#include <cstddef>
#include <functional>

namespace arbitro {

// The number of threads ParallelFor uses at most: the cores, between 1 and 4.
size_t ParallelWorkers();

// Runs task(0) … task(count - 1), each exactly once, on up to ParallelWorkers()
// threads (the calling thread is one of them), and returns when all have finished.
// Tasks must not depend on each other's order. If tasks throw, the exception of the
// lowest-numbered one is rethrown here, after every task has finished.
void ParallelFor(size_t count, const std::function<void(size_t)>& task);

}  // namespace arbitro
