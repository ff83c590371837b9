#include "sim/service/service_pool.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <utility>

#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)
#include <immintrin.h>
#endif

#include "sdk/callback_queue.h"
#include "sdk/thread_name.h"

namespace sim {

ServiceQueue::~ServiceQueue() { Stop(); }

namespace {
// What a DeferPosts on this thread has collected (see ServicePool::DeferPosts).
struct DeferredPosts {
  std::vector<std::pair<ServiceQueue*, sdk::Task>> posts;
  int open = 0;
};
thread_local DeferredPosts deferred;

// Tells the core this is a spin-wait (fewer wasted cycles; the other hyperthread runs).
inline void CpuRelax() {
#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}
}  // namespace

bool ServiceQueue::Post(Task task) {
  DeferredPosts& mine = deferred;  // one TLS lookup (each use of a thread_local in a shared library is a call)
  if (mine.open > 0) {
    if (!mine.posts.empty() && &mine.posts.front().first->pool_ != &pool_) ServicePool::PostDeferred();
    mine.posts.emplace_back(this, std::move(task));
    return !stopRequested_.load(std::memory_order_relaxed);
  }
  std::unique_lock<std::mutex> lock(pool_.mutex_);
  bool readied = false;
  if (!pool_.PushLocked(this, std::move(task), &readied)) {
    lock.unlock();  // the task's captures may take other locks when destroyed
    return false;
  }
  if (readied) pool_.WakeLocked(1);
  return true;
}

void ServiceQueue::Stop() {
  std::vector<Task> dropped;
  ServicePool::IdleWaiters idle;
  uint64_t posted = 0;
  {
    std::unique_lock<std::mutex> lock(pool_.mutex_);
    stopping_ = true;
    stopRequested_.store(true, std::memory_order_release);
    const size_t backlog = Backlog();
    dropped.swap(tasks_);
    taken_ = 0;
    if (backlog > 0) pool_.EndedLocked(backlog, &idle, &posted);
    if (ready_) {
      // Taken out of the ready list here rather than left for a worker: the workers may all be
      // waiting for the JS thread (a full pump queue), and the JS thread may be the one stopping.
      pool_.ready_.erase(std::find(pool_.ready_.begin(), pool_.ready_.end(), this));
      pool_.ReadyChangedLocked();
      ready_ = false;
    }
    // From one of its own tasks there is nothing to wait for (the worker stops after that task).
    if (!(running_ && runner_ == std::this_thread::get_id())) pool_.stopped_.wait(lock, [this] { return !running_; });
  }
  dropped.clear();  // outside the lock
  ServicePool::RunIdleWaiters(idle, posted);
}

ServicePool::ServicePool(size_t maxWorkers) : maxWorkers_(std::max<size_t>(maxWorkers, 1)) {}

size_t ServicePool::DefaultWorkers() {
  return std::clamp<size_t>(std::thread::hardware_concurrency(), 2, 4);
}

ServicePool::~ServicePool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    shutdown_ = true;
  }
  work_.notify_all();
  for (auto& worker : workers_) {
    // The last owner of a world is never one of its own tasks (they hold a session, not the
    // world); should that change, detaching is better than joining itself.
    if (worker.get_id() == std::this_thread::get_id()) {
      worker.detach();
    } else {
      worker.join();
    }
  }
}

void ServicePool::WhenIdle(std::function<void(uint64_t posted)> callback) {
  uint64_t posted = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (inFlight_ > 0) {
      idleWaiters_.push_back(std::move(callback));
      return;
    }
    posted = posted_;
  }
  callback(posted);
}

uint64_t ServicePool::Posted() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return posted_;
}

void ServicePool::BeginOutside() {
  std::lock_guard<std::mutex> lock(mutex_);
  ++inFlight_;
  ++posted_;
}

void ServicePool::EndOutside() {
  IdleWaiters idle;
  uint64_t posted = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    EndedLocked(1, &idle, &posted);
  }
  RunIdleWaiters(idle, posted);
}

void ServicePool::EndedLocked(size_t count, IdleWaiters* out, uint64_t* posted) {
  inFlight_ -= count;
  if (inFlight_ > 0 || idleWaiters_.empty()) return;
  out->swap(idleWaiters_);
  *posted = posted_;
}

void ServicePool::RunIdleWaiters(IdleWaiters& waiters, uint64_t posted) {
  for (auto& waiter : waiters) waiter(posted);
  waiters.clear();
}

bool ServicePool::PushLocked(ServiceQueue* queue, Task&& task, bool* readied) {
  if (queue->stopping_) return false;
  queue->tasks_.push_back(std::move(task));
  ++inFlight_;
  ++posted_;
  if (!queue->ready_ && !queue->running_) {
    ReadyLocked(queue);
    *readied = true;
  }
  return true;
}

void ServicePool::ReadyLocked(ServiceQueue* queue) {
  queue->ready_ = true;
  ready_.push_back(queue);
  ReadyChangedLocked();
}

void ServicePool::WakeLocked(size_t readied) {
  // A spinning worker takes the first of them without being woken.
  if (spinning_ && readied > 0) --readied;
  // One notification per waiting worker at most: a burst of posts (1,000 lobby members) wakes each
  // sleeping worker once, not once per post.
  for (; readied > 0 && idleWorkers_ > wakesPending_; --readied) {
    ++wakesPending_;
    work_.notify_one();
  }
  // Otherwise every worker is busy, and one takes the work when it comes back for its next round.
  for (; readied > 0 && workers_.size() < maxWorkers_; --readied) workers_.emplace_back([this] { Work(); });
}

ServicePool::DeferPosts::DeferPosts() { ++deferred.open; }

ServicePool::DeferPosts::~DeferPosts() {
  if (--deferred.open == 0) PostDeferred();
}

void ServicePool::PostDeferred() {
  if (deferred.posts.empty()) return;
  std::vector<std::pair<ServiceQueue*, sdk::Task>> posts;
  posts.swap(deferred.posts);
  ServicePool& pool = posts.front().first->pool_;
  size_t readied = 0;
  {
    std::lock_guard<std::mutex> lock(pool.mutex_);
    for (auto& [queue, task] : posts) {
      bool became = false;
      pool.PushLocked(queue, std::move(task), &became);
      if (became) ++readied;
    }
    pool.WakeLocked(readied);
  }
  posts.clear();  // outside the lock: dropped tasks' captures may take other locks
  if (deferred.posts.empty()) deferred.posts.swap(posts);  // keep the capacity for the next notice
}

void ServicePool::Work() {
  sdk::NameThisThread(kWorkerThreadName);
  std::unique_lock<std::mutex> lock(mutex_);
  Round round;
  for (;;) {
    if (!shutdown_ && ready_.empty() && !spinning_ && spinPays_) {
      spinning_ = true;
      lock.unlock();
      const bool found = SpinForWork();
      lock.lock();
      spinning_ = false;  // under the lock: from here on posts wake a sleeping worker again
      if (!found) spinPays_ = false;
    }
    ++idleWorkers_;
    if (!shutdown_ && ready_.empty()) {
      const auto slept = std::chrono::steady_clock::now();
      do {
        work_.wait(lock);
        if (wakesPending_ > 0) --wakesPending_;
      } while (!shutdown_ && ready_.empty());
      if (!spinPays_ && std::chrono::steady_clock::now() - slept < kSpin) spinPays_ = true;
    }
    --idleWorkers_;
    if (shutdown_) return;
    ClaimRoundLocked(round);
    lock.unlock();
    RunRound(round);
    lock.lock();
    IdleWaiters idle;
    uint64_t posted = 0;
    EndRoundLocked(round, &idle, &posted);
    if (!idle.empty()) {
      lock.unlock();
      RunIdleWaiters(idle, posted);
      lock.lock();
    }
  }
}

void ServicePool::ClaimRoundLocked(Round& round) {
  const std::thread::id self = std::this_thread::get_id();
  size_t budget = kTasksPerRound;
  while (budget > 0 && !ready_.empty()) {
    ServiceQueue* queue = ready_.front();
    ready_.pop_front();
    queue->ready_ = false;
    queue->running_ = true;
    queue->runner_ = self;
    const size_t count = std::min(budget, queue->Backlog());
    for (size_t i = 0; i < count; ++i) round.tasks.push_back(std::move(queue->tasks_[queue->taken_++]));
    std::vector<Task>& tasks = queue->tasks_;
    if (queue->taken_ == tasks.size()) {
      tasks.clear();  // keeps the capacity for the next tasks (a backlog's, only up to a point)
      if (tasks.capacity() > kTasksPerRound) tasks.shrink_to_fit();
      queue->taken_ = 0;
    } else if (queue->taken_ * 2 >= tasks.size()) {
      // A queue that always has a backlog never empties: drop the taken part now and then.
      tasks.erase(tasks.begin(), tasks.begin() + static_cast<std::ptrdiff_t>(queue->taken_));
      queue->taken_ = 0;
    }
    round.claims.emplace_back(queue, count);
    round.stops.push_back(&queue->stopRequested_);
    budget -= count;
  }
  ReadyChangedLocked();
}

bool ServicePool::SpinForWork() const {
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    if (hasReady_.load(std::memory_order_acquire)) return true;
    const auto spun = std::chrono::steady_clock::now() - start;
    if (spun >= kSpin) return false;
    // A few microseconds of pausing (the gap between two calls of a busy JS thread), then
    // yielding: with as many busy threads as cores (2 cores: the JS thread and a worker) a
    // spinner that kept its core for the whole spin delayed the JS thread's turn by as much.
    if (spun < kPauseSpin) {
      CpuRelax();
    } else {
      std::this_thread::yield();
    }
  }
}

void ServicePool::RunRound(Round& round) {
  // Callbacks the tasks post for JS are handed to the pump when this closes, before the round
  // ends: settle() and Stop() then find them queued.
  sdk::CallbackQueue::Staging staging(&round.stops);
  size_t next = 0;
  for (const auto& [queue, count] : round.claims) {
    for (size_t i = 0; i < count; ++i, ++next) {
      Task& task = round.tasks[next];
      // Stop() has begun: the rest of this queue's tasks are dropped, as Stop() drops queued ones.
      if (!queue->stopRequested_.load(std::memory_order_acquire)) task();
      task = Task();  // its captures go now, before the lock is taken again
    }
  }
}

void ServicePool::EndRoundLocked(Round& round, IdleWaiters* idle, uint64_t* posted) {
  bool stopped = false;
  size_t readied = 0;
  for (const auto& [queue, count] : round.claims) {
    queue->running_ = false;
    if (queue->stopping_) {
      stopped = true;
    } else if (queue->Backlog() > 0) {
      ReadyLocked(queue);  // behind the queues that were waiting
      ++readied;
    }
  }
  if (stopped) stopped_.notify_all();
  // This worker comes back for one of them; wake others for the rest.
  if (readied > 1) WakeLocked(readied - 1);
  EndedLocked(round.tasks.size(), idle, posted);
  round.claims.clear();
  round.tasks.clear();
  round.stops.clear();
}

}  // namespace sim
