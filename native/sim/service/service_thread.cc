#include "sim/service/service_thread.h"

#include <utility>

namespace sim {

ServiceThread::ServiceThread() : thread_([this] { Run(); }) {}

ServiceThread::~ServiceThread() { Stop(); }

bool ServiceThread::Post(Task task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) return false;
    tasks_.push_back(std::move(task));
  }
  wakeup_.notify_one();
  return true;
}

void ServiceThread::Stop() {
  std::deque<Task> dropped;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    stopRequested_.store(true, std::memory_order_relaxed);
    dropped.swap(tasks_);
  }
  wakeup_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void ServiceThread::Run() {
  for (;;) {
    Task task;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wakeup_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (stopping_) return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
}

}  // namespace sim
