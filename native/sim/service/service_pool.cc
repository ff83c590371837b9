#include "sim/service/service_pool.h"

#include <algorithm>
#include <utility>

namespace sim {

ServiceQueue::~ServiceQueue() { Stop(); }

bool ServiceQueue::Post(Task task) {
  std::unique_lock<std::mutex> lock(pool_.mutex_);
  if (stopping_) {
    lock.unlock();  // the task's captures (a world ticket) may take other locks when destroyed
    return false;
  }
  tasks_.push_back(std::move(task));
  ++pool_.inFlight_;
  ++pool_.posted_;
  if (!ready_ && !running_) pool_.MakeReadyLocked(this);
  return true;
}

void ServiceQueue::Stop() {
  std::deque<Task> dropped;
  ServicePool::IdleWaiters idle;
  uint64_t posted = 0;
  {
    std::unique_lock<std::mutex> lock(pool_.mutex_);
    stopping_ = true;
    stopRequested_.store(true, std::memory_order_relaxed);
    dropped.swap(tasks_);
    if (!dropped.empty()) pool_.EndedLocked(dropped.size(), &idle, &posted);
    if (ready_) {
      // Taken out of the ready list here rather than left for a worker: the workers may all be
      // waiting for the JS thread (a full pump queue), and the JS thread may be the one stopping.
      pool_.ready_.erase(std::find(pool_.ready_.begin(), pool_.ready_.end(), this));
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

void ServicePool::MakeReadyLocked(ServiceQueue* queue) {
  queue->ready_ = true;
  ready_.push_back(queue);
  if (idleWorkers_ > 0) {
    work_.notify_one();
  } else if (workers_.size() < maxWorkers_) {
    workers_.emplace_back([this] { Work(); });
  }
  // Otherwise every worker is busy, and one takes it when it comes back for the next queue.
}

void ServicePool::Work() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    ++idleWorkers_;
    work_.wait(lock, [this] { return shutdown_ || !ready_.empty(); });
    --idleWorkers_;
    if (shutdown_) return;
    ServiceQueue* queue = ready_.front();
    ready_.pop_front();
    queue->ready_ = false;
    queue->running_ = true;
    queue->runner_ = std::this_thread::get_id();
    for (size_t n = 0; n < kTasksPerTurn && !queue->stopping_ && !queue->tasks_.empty(); ++n) {
      {
        ServiceQueue::Task task = std::move(queue->tasks_.front());
        queue->tasks_.pop_front();
        lock.unlock();
        task();
      }  // the task and its captures are destroyed before the lock is taken again
      lock.lock();
      IdleWaiters idle;
      uint64_t posted = 0;
      EndedLocked(1, &idle, &posted);
      if (!idle.empty()) {
        lock.unlock();
        RunIdleWaiters(idle, posted);
        lock.lock();
      }
    }
    queue->running_ = false;
    if (queue->stopping_) {
      stopped_.notify_all();
    } else if (!queue->tasks_.empty()) {
      queue->ready_ = true;
      ready_.push_back(queue);  // behind the queues that were waiting
    }
  }
}

}  // namespace sim
