// The engines and the corpus `arbitro serve` lends to its requests.
//
// An Engine is not thread-safe (arbitro/engine.h), so the pool lends each request in
// flight an engine of its own and takes it back afterwards: at most as many engines as
// concurrent requests ever exist, each reused with its warm caches. Every Acquire
// reads the index's "current" link (one readlink): when `arbitro index` has published
// a newer generation, a background thread opens and warms engines on it while the
// requests go on with the old generation's; then the new engines replace the idle old
// ones at once, and old ones still lent are dropped when they come back (their files
// stay readable while open). No request fails, and none waits for an engine to open
// (up to a second under load), because of a re-index; a generation that fails to open
// leaves the old one serving.
//
// At most `max_engines` are lent at once (the work is CPU-bound: more would only
// share the cores and hold more memory); a request beyond waits for one, in the order
// the requests came: a returned engine is handed to the longest waiting request, never
// taken by one that came later (without that, under load a request could lose every
// returned engine to newer ones and wait many times the others' latency).
//
// The corpus (for check and diff, which read the XML, not the index) is loaded on first
// use and reloaded on the first use after a new generation is published.
#pragma once

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "arbitro/query.h"
#include "arbitro/schema.h"

namespace arbitro::serve {

class EnginePool {
 public:
  EnginePool(std::string index_dir, std::string corpus_dir, size_t max_engines,
             EngineOpenOptions open_options = {})
      : index_dir_(std::move(index_dir)),
        corpus_dir_(std::move(corpus_dir)),
        max_engines_(max_engines < 1 ? 1 : max_engines),
        open_options_(open_options) {}
  // Waits for a preparation under way.
  ~EnginePool();
  EnginePool(const EnginePool&) = delete;
  EnginePool& operator=(const EnginePool&) = delete;

  // An engine lent to one request; returned to the pool when destroyed.
  class Lease {
   public:
    Lease() = default;
    Lease(Lease&& other) noexcept : pool_(other.pool_), engine_(std::move(other.engine_)) {
      other.pool_ = nullptr;
    }
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    Engine* get() const { return engine_.get(); }

   private:
    friend class EnginePool;
    EnginePool* pool_ = nullptr;
    std::unique_ptr<Engine> engine_;
  };

  // An engine on the current generation (opened when none is idle).
  Status Acquire(Lease* lease);
  // Opens every engine the pool may lend and has each answer one ask and one resolve
  // per game (and one of each without a game), so that no request pays for an
  // engine's first use of a game's data (up to 400 ms under load). The server calls it
  // before it listens.
  Status Warm();
  // The corpus matching the current generation, loaded on first use. Diagnostics of
  // the load go to `diagnostics`.
  Status Corpus(std::shared_ptr<const arbitro::Corpus>* corpus, std::string* diagnostics);
  // The generation directory engines are opened on now ("" before the first Acquire).
  std::string Generation();
  // Engines opened since the start (for the tests and the log).
  size_t Opened();
  // Requests waiting for an engine now (for the tests).
  size_t Waiting();
  // Whether engines are being opened on a new generation now (for the tests).
  bool Preparing();

 private:
  void Release(std::unique_ptr<Engine> engine);
  // Reads "current"; on a newer generation starts Prepare (or hands the first
  // generation over at once: there is nothing to serve meanwhile).
  void Refresh();
  // On preparer_: opens and warms max_engines_ engines on the published generation,
  // then makes it the pool's.
  void Prepare();
  // The preparer's nice value: 10 is the usual "background job" level of nice(1).
  static constexpr int kPrepareNice = 10;

  // A request waiting for an engine (Acquire), in waiting_ until Release hands it a slot
  // (and the returned engine, when it is of the current generation).
  struct Waiter {
    std::condition_variable handed;
    bool granted = false;
    std::unique_ptr<Engine> engine;
  };

  const std::string index_dir_, corpus_dir_;
  const size_t max_engines_;
  const EngineOpenOptions open_options_;
  std::mutex mu_;
  std::deque<Waiter*> waiting_;  // guarded by mu_; oldest first
  size_t lent_ = 0;         // guarded by mu_
  std::string generation_;  // guarded by mu_
  std::string preparing_;   // guarded by mu_: the generation Prepare is opening
  std::string failed_;      // guarded by mu_: a generation whose engines did not open
  bool preparer_running_ = false;  // guarded by mu_
  std::thread preparer_;           // guarded by mu_
  std::vector<std::unique_ptr<Engine>> idle_;
  std::shared_ptr<const arbitro::Corpus> corpus_;
  std::string corpus_generation_;
  size_t opened_ = 0;
  std::mutex corpus_load_mu_;  // one corpus load at a time
};

}  // namespace arbitro::serve
