// A thread that calls a function at a fixed interval until it is destroyed (which joins it). The
// vendor backend uses one to wake the pump so that it polls the vendor library, which has no
// wake-up signal of its own.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace sdk {

class Ticker {
 public:
  Ticker(std::function<void()> tick, std::chrono::milliseconds interval);
  ~Ticker();
  Ticker(const Ticker&) = delete;
  Ticker& operator=(const Ticker&) = delete;

  // Takes effect from the next tick.
  void SetInterval(std::chrono::milliseconds interval);
  std::chrono::milliseconds interval() const;

 private:
  void Run();

  std::function<void()> tick_;
  mutable std::mutex mutex_;
  std::condition_variable stop_;
  std::chrono::milliseconds interval_;
  bool stopping_ = false;
  std::thread thread_;  // last: started once everything above is initialised
};

}  // namespace sdk
