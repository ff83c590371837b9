#include "sdk/ticker.h"

#include <utility>

#include "sdk/thread_name.h"

namespace sdk {

Ticker::Ticker(std::function<void()> tick, std::chrono::milliseconds interval)
    : tick_(std::move(tick)), interval_(interval), thread_([this] { Run(); }) {}

Ticker::~Ticker() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  stop_.notify_all();
  thread_.join();
}

void Ticker::SetInterval(std::chrono::milliseconds interval) {
  std::lock_guard<std::mutex> lock(mutex_);
  interval_ = interval;
}

std::chrono::milliseconds Ticker::interval() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return interval_;
}

void Ticker::Run() {
  NameThisThread("social-ticker");
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    // True only when stopping; the predicate absorbs spurious wake-ups.
    if (stop_.wait_for(lock, interval_, [this] { return stopping_; })) break;
    lock.unlock();
    tick_();
    lock.lock();
  }
}

}  // namespace sdk
