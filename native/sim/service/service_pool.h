// The simulated SDK's "client threads": a small pool of workers per world, and one ServiceQueue per
// simulated client. A queue runs its tasks one at a time and in order, like a thread of its own,
// but on whichever worker is free, so 10,000 clients cost a few threads rather than 10,000, and a
// message to a 1,000-member lobby is 1,000 queued tasks that the workers run back to back instead
// of 1,000 thread wake-ups. Everything that changes a simulated client's connection state runs
// there, never on the JS thread. (Comments elsewhere call a queue's tasks "the service thread".)
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>

#include "sdk/task.h"
#include <mutex>
#include <thread>
#include <vector>

namespace sim {

class ServicePool;

class ServiceQueue {
 public:
  using Task = sdk::Task;

  explicit ServiceQueue(ServicePool& pool) : pool_(pool) {}
  ~ServiceQueue();  // Stop()s
  ServiceQueue(const ServiceQueue&) = delete;
  ServiceQueue& operator=(const ServiceQueue&) = delete;

  // Returns false (and drops the task) once Stop() has begun.
  bool Post(Task task);
  // Waits for the task that is running to finish, drops the rest. Idempotent; must not be called
  // from one of this queue's own tasks. Long tasks should poll StopRequested() so Stop() returns
  // promptly.
  void Stop();
  bool StopRequested() const { return stopRequested_.load(std::memory_order_relaxed); }
  // The flag StopRequested() reads, for waits elsewhere that must end when the queue is stopped.
  const std::atomic<bool>& StopFlag() const { return stopRequested_; }

 private:
  friend class ServicePool;

  ServicePool& pool_;
  // Under the pool's mutex.
  std::deque<Task> tasks_;
  bool ready_ = false;    // in the pool's ready list
  bool running_ = false;  // a worker is running its tasks
  bool stopping_ = false;
  std::thread::id runner_;  // the worker running its tasks, while running_
  std::atomic<bool> stopRequested_{false};
};

class ServicePool {
 public:
  // Workers are started as queues become ready, up to `maxWorkers`.
  explicit ServicePool(size_t maxWorkers);
  ~ServicePool();  // joins the workers; every queue must have been stopped
  ServicePool(const ServicePool&) = delete;
  ServicePool& operator=(const ServicePool&) = delete;

  // The workers a world gets: as many as there are cores, at least 2, at most 4. Tasks rarely
  // block (only a full pump queue makes them wait, for the JS thread), so more would only contend
  // for the world's mutex.
  static size_t DefaultWorkers();

  // settle(): a task is in flight from its Post until it has run (or its queue dropped it).
  // `callback` runs with the number of tasks ever posted once none is in flight: at once if none
  // is now, else on the thread that ends the last one (holding no lock of the pool).
  void WhenIdle(std::function<void(uint64_t posted)> callback);
  uint64_t Posted() const;

 private:
  friend class ServiceQueue;

  // A worker runs at most this many tasks of one queue before it lets the next ready queue go
  // first, so a client with a long backlog cannot starve the others.
  static constexpr size_t kTasksPerTurn = 64;

  using IdleWaiters = std::vector<std::function<void(uint64_t)>>;

  void MakeReadyLocked(ServiceQueue* queue);
  // Counts `count` tasks as ended; when none is left in flight, moves the idle waiters to `out`.
  void EndedLocked(size_t count, IdleWaiters* out, uint64_t* posted);
  static void RunIdleWaiters(IdleWaiters& waiters, uint64_t posted);
  void Work();

  const size_t maxWorkers_;
  mutable std::mutex mutex_;
  std::condition_variable work_;     // a queue became ready, or shutdown
  std::condition_variable stopped_;  // a stopping queue's running task ended
  std::deque<ServiceQueue*> ready_;
  size_t idleWorkers_ = 0;
  uint64_t inFlight_ = 0;
  uint64_t posted_ = 0;
  IdleWaiters idleWaiters_;
  bool shutdown_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace sim
