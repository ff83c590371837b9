// Stress test of the simulator's worker pool (native/sim/service/service_pool), built by
// test/service-pool.test.ts with ThreadSanitizer: two threads post to 20 queues of a 3-worker
// pool while tasks post to other queues and some queues are stopped mid-way. Each queue that was
// not stopped must run all of its tasks, in the order they were posted; the idle callback
// (settle()) must come only after every task ended. Exit 0 and "ok": passed.
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "sim/service/service_pool.h"

namespace {

constexpr int kQueues = 20;
constexpr int kTasksPerQueue = 300;

bool Round() {
  sim::ServicePool pool(3);
  std::vector<std::unique_ptr<sim::ServiceQueue>> queues;
  for (int i = 0; i < kQueues; ++i) queues.push_back(std::make_unique<sim::ServiceQueue>(pool));
  std::vector<std::vector<int>> seen(kQueues);  // each written only by its queue's tasks
  std::atomic<int> extra{0};
  auto produce = [&](int first) {
    for (int n = 0; n < kTasksPerQueue; ++n) {
      for (int q = first; q < kQueues; q += 2) {
        queues[q]->Post([&, q, n] {
          seen[q].push_back(n);
          // A task posting to another queue, as the world's notices do.
          if (n % 50 == 0) queues[(q + 1) % kQueues]->Post([&] { extra.fetch_add(1); });
        });
      }
    }
  };
  std::thread a(produce, 0);
  std::thread b(produce, 1);
  for (int q = 0; q < kQueues; q += 5) queues[q]->Stop();  // while the producers still post
  a.join();
  b.join();

  std::mutex mutex;
  std::condition_variable settled;
  bool idle = false;
  pool.WhenIdle([&](uint64_t) {
    std::lock_guard<std::mutex> lock(mutex);
    idle = true;
    settled.notify_all();
  });
  {
    std::unique_lock<std::mutex> lock(mutex);
    settled.wait(lock, [&] { return idle; });
  }
  for (int q = 0; q < kQueues; ++q) {
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
