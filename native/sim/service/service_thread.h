// One worker thread with a FIFO of tasks: the simulated SDK's own "client thread". Everything that
// changes a simulated client's connection state runs here, never on the JS thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace sim {

class ServiceThread {
 public:
  using Task = std::function<void()>;

  ServiceThread();
  ~ServiceThread();  // Stop()s
  ServiceThread(const ServiceThread&) = delete;
  ServiceThread& operator=(const ServiceThread&) = delete;

  // Returns false (and drops the task) once Stop() has begun.
  bool Post(Task task);
  // Finishes the task that is running, drops the rest, joins. Idempotent; must not be called from
  // the service thread itself. Long tasks should poll StopRequested() so Stop() returns promptly.
  void Stop();
  bool StopRequested() const { return stopRequested_.load(std::memory_order_relaxed); }
  // The flag StopRequested() reads, for waits elsewhere that must end when the thread is stopped.
  const std::atomic<bool>& StopFlag() const { return stopRequested_; }

 private:
  void Run();

  std::mutex mutex_;
  std::condition_variable wakeup_;
  std::deque<Task> tasks_;
  bool stopping_ = false;
  std::atomic<bool> stopRequested_{false};
  std::thread thread_;
};

}  // namespace sim
