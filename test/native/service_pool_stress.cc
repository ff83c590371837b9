// Stress test of the simulator's worker pool (native/sim/service/service_pool), built by
// test/service-pool.test.ts with ThreadSanitizer: two threads post to 20 queues of a 3-worker
// pool while tasks post to other queues (some under a DeferPosts, as the world's notices) and
// some queues are stopped mid-way. Every task also posts a callback for the consumer (a
// CallbackQueue, staged by the workers), which this thread drains meanwhile. Each queue that was
// not stopped must run all of its tasks, in the order they were posted, and its callbacks must
// reach the consumer in that order; the idle callback (settle()) must come only after every task
// ended and every callback it posted was handed over. Exit 0 and "ok": passed.
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "sdk/callback_queue.h"
#include "sim/service/service_pool.h"

namespace {

constexpr int kQueues = 20;
constexpr int kTasksPerQueue = 300;

bool Round() {
  sim::ServicePool pool(3);
  std::vector<std::unique_ptr<sim::ServiceQueue>> queues;
  for (int i = 0; i < kQueues; ++i) queues.push_back(std::make_unique<sim::ServiceQueue>(pool));
  std::vector<std::vector<int>> seen(kQueues);  // each written only by its queue's tasks
  std::vector<std::vector<int>> delivered(kQueues);  // written only by this thread (the consumer)
  sdk::CallbackQueue callbacks([] {});  // this thread consumes
  std::atomic<int> extra{0};
  std::atomic<int> producing{2};
  auto produce = [&](int first) {
    for (int n = 0; n < kTasksPerQueue; ++n) {
      for (int q = first; q < kQueues; q += 2) {
        queues[q]->Post([&, q, n] {
          seen[q].push_back(n);
          callbacks.PostWaiting([&, q, n] { delivered[q].push_back(n); }, queues[q]->StopFlag());
          // A task posting to other queues, as the world's notices to a lobby's members do.
          if (n % 50 == 0) {
            sim::ServicePool::DeferPosts defer;
            for (int k = 1; k <= 3; ++k) queues[(q + k) % kQueues]->Post([&] { extra.fetch_add(1); });
          }
        });
      }
    }
    producing.fetch_sub(1);
  };
  std::thread a(produce, 0);
  std::thread b(produce, 1);
  for (int q = 0; q < kQueues; q += 5) queues[q]->Stop();  // while the producers still post
  std::vector<sdk::CallbackQueue::Block> ran;
  const auto drain = [&] {
    ran = callbacks.Take(sdk::CallbackQueue::kBlockSize * 4, std::move(ran));
    for (auto& block : ran) {
      for (auto& callback : block) callback();
    }
  };
  while (producing.load() > 0) drain();  // while the producers post
  a.join();
  b.join();

  // No more draining: what the tasks post from here on stays queued (less than the capacity).
  std::mutex mutex;
  std::condition_variable settled;
  bool idle = false;
  size_t queuedAtIdle = 0;
  pool.WhenIdle([&](uint64_t) {
    std::lock_guard<std::mutex> lock(mutex);
    idle = true;
    queuedAtIdle = callbacks.stats().queued;  // every callback the tasks posted is queued by now
    settled.notify_all();
  });
  {
    std::unique_lock<std::mutex> lock(mutex);
    settled.wait(lock, [&] { return idle; });
  }
  const size_t left = callbacks.stats().queued;
  if (left != queuedAtIdle) {
    std::printf("%zu callbacks reached the consumer after settle()\n", left - queuedAtIdle);
    return false;
  }
  while (callbacks.stats().queued > 0) drain();
  for (int q = 0; q < kQueues; ++q) {
    if (delivered[q] != seen[q]) {
      std::printf("queue %d: its tasks' callbacks reached the consumer out of order or not at all\n", q);
      return false;
    }
    if (q % 5 == 0) continue;  // stopped: any prefix of its tasks may have run
    if (seen[q].size() != static_cast<size_t>(kTasksPerQueue)) {
      std::printf("queue %d ran %zu of %d tasks before settle()\n", q, seen[q].size(), kTasksPerQueue);
      return false;
    }
    for (int n = 0; n < kTasksPerQueue; ++n) {
      if (seen[q][n] != n) {
        std::printf("queue %d ran task %d at position %d\n", q, seen[q][n], n);
        return false;
      }
    }
  }
  for (int q = 0; q < kQueues; q += 5) {
    for (size_t i = 0; i < seen[q].size(); ++i) {
      if (seen[q][i] != static_cast<int>(i)) {
        std::printf("stopped queue %d ran out of order\n", q);
        return false;
      }
    }
  }
  return true;  // the queues, then the pool (joining its workers), go here
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 20;
  for (int round = 0; round < rounds; ++round) {
    if (!Round()) return 1;
  }
  std::puts("ok");
  return 0;
}
