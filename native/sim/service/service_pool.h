// The simulated SDK's "client threads": a small pool of workers per world, and one ServiceQueue per
// simulated client. A queue runs its tasks one at a time and in order, like a thread of its own,
// but on whichever worker is free, so 10,000 clients cost a few threads rather than 10,000, and a
// message to a 1,000-member lobby is 1,000 queued tasks that the workers run back to back instead
// of 1,000 thread wake-ups. Everything that changes a simulated client's connection state runs
// there, never on the JS thread. (Comments elsewhere call a queue's tasks "the service thread".)
//
// A worker takes a round of work at once: up to kTasksPerRound tasks from the front of the ready
// list, several queues' worth when each has a few (a lobby message is one task on each member's
// queue). It runs them with the pump's CallbackQueue::Staging open, so the callbacks they post for
// JS reach the pump in one hand-over per round, and it counts them as ended, and lets Stop() of
// their queues return, only after that hand-over. Posts made under a DeferPosts (the world's
// notices to every member of a lobby) are likewise queued under one lock when it closes.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "sdk/task.h"

namespace sim {

class ServicePool;

class ServiceQueue {
 public:
  using Task = sdk::Task;

  explicit ServiceQueue(ServicePool& pool) : pool_(pool) {}
  ~ServiceQueue();  // Stop()s
  ServiceQueue(const ServiceQueue&) = delete;
  ServiceQueue& operator=(const ServiceQueue&) = delete;

  // Returns false (and drops the task) once Stop() has begun. A long task should first hand over
  // what its round has staged for JS (sdk::CallbackQueue::Staging::Flush()), so the callbacks of
  // the tasks before it do not wait for it to end. Under a DeferPosts on this thread the
  // task is queued when that closes (and dropped then if Stop() has begun by that time).
  bool Post(Task task);
  // Sets the flag StopRequested() reads, without waiting: for whoever must tell a waiter elsewhere
  // to look at it again before calling Stop().
  void RequestStop() { stopRequested_.store(true, std::memory_order_release); }
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
  // Under the pool's mutex. Tasks not yet taken: tasks_[taken_..]. A vector that keeps its
  // capacity, where a deque allocated and freed a node for nearly every notice to an idle client.
  std::vector<Task> tasks_;
  size_t taken_ = 0;
  size_t Backlog() const { return tasks_.size() - taken_; }
  bool ready_ = false;    // in the pool's ready list
  bool running_ = false;  // a worker has taken tasks of it for a round, and not finished it
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

  // The name each worker gives its thread (see sdk/thread_name.h): what the lifecycle tests count.
  static constexpr const char* kWorkerThreadName = "social-sim";

  // While one is open on a thread, that thread's ServiceQueue::Post calls are collected and queued
  // together, under one lock, when the outermost closes: the world opens one around a notice to
  // every member of a lobby. The queues posted to must outlive it (the world holds its mutex, and
  // a client detaches under that mutex before its queue stops).
  class DeferPosts {
   public:
    DeferPosts();
    ~DeferPosts();
    DeferPosts(const DeferPosts&) = delete;
    DeferPosts& operator=(const DeferPosts&) = delete;
  };

  // settle(): a task is in flight from its Post until it has run (or its queue dropped it).
  // `callback` runs with the number of tasks ever posted once none is in flight: at once if none
  // is now, else on the thread that ends the last one (holding no lock of the pool).
  void WhenIdle(std::function<void(uint64_t posted)> callback);
  uint64_t Posted() const;
  // Work done on a thread of its own that settle() waits for as for a task (the simulated voice
  // engine's frames): counted in flight (and posted) from BeginOutside until its EndOutside, which
  // may run the settle callbacks on the calling thread.
  void BeginOutside();
  void EndOutside();

 private:
  friend class ServiceQueue;

  // Most tasks a worker takes for one round (of one queue or of several), so a client with a long
  // backlog cannot starve the others, and callbacks for JS are handed over at least this often.
  static constexpr size_t kTasksPerRound = 64;

  using Task = sdk::Task;
  using IdleWaiters = std::vector<std::function<void(uint64_t)>>;
  // The tasks of one round, and whose they are: claims_[i] ran the next claims_[i].second tasks.
  struct Round {
    std::vector<std::pair<ServiceQueue*, size_t>> claims;
    std::vector<Task> tasks;
    std::vector<const std::atomic<bool>*> stops;  // the claimed queues' stop flags
  };

  // Queues `task` on `queue` (false: the queue is stopping, the task is left in `task`); sets
  // `*readied` when the queue went into the ready list.
  bool PushLocked(ServiceQueue* queue, Task&& task, bool* readied);
  // Puts `queue` in the ready list; WakeLocked then finds it a worker.
  void ReadyLocked(ServiceQueue* queue);
  void WakeLocked(size_t readied);
  // Queues what a DeferPosts on this thread collected.
  static void PostDeferred();
  void ClaimRoundLocked(Round& round);
  static void RunRound(Round& round);
  // Ends a round: its queues stop running (and go back to the ready list if tasks came in), its
  // tasks count as ended. Moves the idle waiters to `idle` when nothing is left in flight.
  void EndRoundLocked(Round& round, IdleWaiters* idle, uint64_t* posted);
  // Counts `count` tasks as ended; when none is left in flight, moves the idle waiters to `out`.
  void EndedLocked(size_t count, IdleWaiters* out, uint64_t* posted);
  static void RunIdleWaiters(IdleWaiters& waiters, uint64_t posted);
  void Work();
  // Between rounds one worker polls for work for up to kSpin before it sleeps: a caller posting
  // one task after another (the JS thread's calls) then finds it awake, and wakes no one (a futex
  // call each, in a VM a few microseconds of the caller's time). Only while spinning pays: a spin
  // that found nothing stops the spinning until a sleeping worker is woken within kSpin of going
  // to sleep (a spin would have caught that work). An idle process's occasional event so finds
  // the JS thread's core free: a worker spinning beside it after each event made the event's
  // wake-up a quarter slower (bench: idle latency p50 40 us with the spin, 32 without).
  static constexpr std::chrono::microseconds kSpin{50};
  static constexpr std::chrono::microseconds kPauseSpin{8};  // of kSpin, before it yields instead
  // Whether work came within kSpin.
  bool SpinForWork() const;
  // After every change of ready_: keeps hasReady_ equal to !ready_.empty().
  void ReadyChangedLocked() { hasReady_.store(!ready_.empty(), std::memory_order_release); }

  const size_t maxWorkers_;
  mutable std::mutex mutex_;
  std::condition_variable work_;     // a queue became ready, or shutdown
  std::condition_variable stopped_;  // a stopping queue's running task ended
  std::deque<ServiceQueue*> ready_;
  size_t idleWorkers_ = 0;   // workers waiting for work
  size_t wakesPending_ = 0;  // notifications sent to waiting workers and not yet woken to
  bool spinning_ = false;    // a worker is in SpinForWork (it takes the next ready queue)
  bool spinPays_ = true;     // whether workers spin between rounds (see kSpin)
  std::atomic<bool> hasReady_{false};  // !ready_.empty(), for the spinning worker, which holds no lock
  uint64_t inFlight_ = 0;
  uint64_t posted_ = 0;
  IdleWaiters idleWaiters_;
  bool shutdown_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace sim
