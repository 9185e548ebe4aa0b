#include "serve/engine_pool.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <thread>

#include "arbitro/indexer.h"

namespace arbitro::serve {

EnginePool::Lease::~Lease() {
  if (pool_ && engine_) pool_->Release(std::move(engine_));
}

EnginePool::~EnginePool() {
  std::thread preparer;
  {
    std::lock_guard<std::mutex> lock(mu_);
    preparer.swap(preparer_);
  }
  if (preparer.joinable()) preparer.join();
}

namespace {

// One ask and one resolve per game and without a game: the answers do not matter (a
// game may refuse the words: InvalidArgument); each game's data is then loaded.
void WarmUp(Engine* engine) {
  for (const std::string& game : engine->GameNames()) {
    AskOptions ask;
    ask.game = game;
    AskResult asked;
    (void)engine->Ask("tiro in porta", ask, &asked);
    ResolveOptions resolve;
    resolve.game = game;
    ResolveResult resolved;
    (void)engine->Resolve("tiro in porta dopo un fallo", resolve, &resolved);
  }
  AskResult asked;
  (void)engine->Ask("tiro in porta", AskOptions{}, &asked);
  ResolveOptions resolve;
  ResolveResult resolved;
  (void)engine->Resolve("tiro in porta dopo un fallo", resolve, &resolved);
}

}  // namespace

void EnginePool::Refresh() {
  std::string now;
  if (!OpenCurrentGeneration(index_dir_, &now).ok()) return;  // Engine::Open reports it
  std::thread finished;  // a preparer that has ended, joined outside the lock
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (now == generation_ || now == preparing_ || now == failed_) return;
    if (generation_.empty()) {  // the first request (or Warm): nothing to serve meanwhile
      generation_ = now;
      return;
    }
    preparing_ = now;
    if (preparer_running_) return;  // it looks at preparing_ again when it is done
    preparer_running_ = true;
    finished.swap(preparer_);
    preparer_ = std::thread(&EnginePool::Prepare, this);
  }
  if (finished.joinable()) finished.join();
}

void EnginePool::Prepare() {
  // Below the requests' priority: on a busy server the new engines take the time the
  // requests leave (Linux applies a thread's nice value to that thread alone).
  ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), kPrepareNice);
  for (;;) {
    std::string target;
    {
      std::lock_guard<std::mutex> lock(mu_);
      target = preparing_;
    }
    std::vector<std::unique_ptr<Engine>> ready;
    Status s;
    for (size_t i = 0; i < max_engines_ && s.ok(); ++i) {
      std::unique_ptr<Engine> engine;
      s = Engine::Open(index_dir_, open_options_, &engine);
      if (!s.ok()) break;
      WarmUp(engine.get());
      ready.push_back(std::move(engine));
    }
    std::vector<std::unique_ptr<Engine>> stale;  // closed outside the lock
    std::lock_guard<std::mutex> lock(mu_);
    if (s.ok()) {
      // Engine::Open follows "current": a build published meanwhile may have given the
      // later engines a newer generation than the first ones; the newest one wins.
      const std::string newest = ready.back()->Generation();
      generation_ = newest;
      stale.swap(idle_);
      for (auto& engine : ready) {
        if (engine->Generation() == newest) idle_.push_back(std::move(engine));
        else stale.push_back(std::move(engine));
      }
      opened_ += idle_.size();
      failed_.clear();
    } else {
      // A generation that does not open is not tried again; the old one keeps serving.
      failed_ = target;
    }
    if (preparing_ == target || preparing_ == generation_ || !s.ok()) {
      preparing_.clear();
      preparer_running_ = false;
      return;
    }
    // A newer build was published while this one was prepared: prepare that one.
  }
}

Status EnginePool::Acquire(Lease* lease) {
  Refresh();
  std::unique_ptr<Engine> engine;
  {
    std::unique_lock<std::mutex> lock(mu_);
    if (lent_ < max_engines_ && waiting_.empty()) {
      ++lent_;
      if (!idle_.empty()) {
        engine = std::move(idle_.back());
        idle_.pop_back();
      }
    } else {
      Waiter me;
      waiting_.push_back(&me);
      me.handed.wait(lock, [&me] { return me.granted; });
      engine = std::move(me.engine);  // none when the returned one was of an old generation
    }
  }
  if (!engine) {
    Status s = Engine::Open(index_dir_, open_options_, &engine);
    if (!s.ok()) {
      Release(nullptr);
      return s;
    }
    std::lock_guard<std::mutex> lock(mu_);
    ++opened_;
  }
  lease->pool_ = this;
  lease->engine_ = std::move(engine);
  return Status::OK();
}

void EnginePool::Release(std::unique_ptr<Engine> engine) {
  std::unique_ptr<Engine> stale;  // closes after the lock is released
  std::lock_guard<std::mutex> lock(mu_);
  // An engine of a replaced generation is not lent again.
  if (engine && engine->Generation() != generation_) stale = std::move(engine);
  if (!waiting_.empty()) {
    // The slot goes to the longest waiting request, with the engine if still current,
    // else with an idle one of the current generation when there is one.
    Waiter* next = waiting_.front();
    waiting_.pop_front();
    if (!engine && !idle_.empty()) {
      engine = std::move(idle_.back());
      idle_.pop_back();
    }
    next->engine = std::move(engine);
    next->granted = true;
    next->handed.notify_one();
    return;
  }
  --lent_;
  if (engine) idle_.push_back(std::move(engine));
}

Status EnginePool::Warm() {
  // One thread per engine, each opening its own (an engine copying its postings into
  // memory takes most of the start-up) and holding it until every thread is done, so
  // that no two threads share one: start-up takes one engine's opening and warm-up.
  std::vector<Lease> leases(max_engines_);
  std::vector<Status> opened(max_engines_);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < max_engines_; ++i) {
    threads.emplace_back([this, &lease = leases[i], &status = opened[i]] {
      status = Acquire(&lease);
      if (!status.ok()) return;
      WarmUp(lease.get());
    });
  }
  for (std::thread& t : threads) t.join();
  for (const Status& s : opened) {
    if (!s.ok()) return s;
  }
  return Status::OK();
}

Status EnginePool::Corpus(std::shared_ptr<const arbitro::Corpus>* corpus,
                          std::string* diagnostics) {
  Refresh();
  std::lock_guard<std::mutex> loading(corpus_load_mu_);
  std::string generation;
  {
    std::lock_guard<std::mutex> lock(mu_);
    generation = generation_;
    if (corpus_ && corpus_generation_ == generation) {
      *corpus = corpus_;
      return Status::OK();
    }
  }
  auto loaded = std::make_shared<arbitro::Corpus>();
  std::vector<Diagnostic> found;
  Status s = LoadCorpus(corpus_dir_, loaded.get(), &found);
  for (const Diagnostic& d : found) *diagnostics += d.ToString() + "\n";
  if (!s.ok()) return s;
  std::lock_guard<std::mutex> lock(mu_);
  corpus_ = loaded;
  corpus_generation_ = generation;
  *corpus = corpus_;
  return Status::OK();
}

std::string EnginePool::Generation() {
  std::lock_guard<std::mutex> lock(mu_);
  return generation_;
}

size_t EnginePool::Opened() {
  std::lock_guard<std::mutex> lock(mu_);
  return opened_;
}

bool EnginePool::Preparing() {
  std::lock_guard<std::mutex> lock(mu_);
  return preparer_running_;
}

size_t EnginePool::Waiting() {
  std::lock_guard<std::mutex> lock(mu_);
  return waiting_.size();
}

}  // namespace arbitro::serve
