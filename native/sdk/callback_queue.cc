#include "sdk/callback_queue.h"

#include <utility>

namespace sdk {

CallbackQueue::CallbackQueue(WakeFn wake) : wake_(std::move(wake)) {}

void CallbackQueue::Post(Callback cb) {
  bool wasEmpty;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    wasEmpty = items_.empty();
    items_.push_back(std::move(cb));
  }
  if (wasEmpty && wake_) wake_();
}

std::vector<CallbackQueue::Callback> CallbackQueue::TakeAll() {
  std::vector<Callback> out;
  std::lock_guard<std::mutex> lock(mutex_);
  out.swap(items_);
  return out;
}

void CallbackQueue::Clear() {
  std::vector<Callback> dropped;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    dropped.swap(items_);
  }
  // Destroyed outside the lock: a callback's captures may own objects whose destructors post.
}

}  // namespace sdk
