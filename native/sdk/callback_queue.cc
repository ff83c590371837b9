#include "sdk/callback_queue.h"

#include <algorithm>
#include <chrono>
#include <utility>

namespace sdk {

CallbackQueue::CallbackQueue(WakeFn wake) : wake_(std::move(wake)), consumer_(std::this_thread::get_id()) {}

void CallbackQueue::Post(Callback cb) {
  std::unique_lock<std::mutex> lock(mutex_);
  PushLocked(std::move(cb), lock);
}

void CallbackQueue::PostWaiting(Callback cb, const std::atomic<bool>& stop) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (items_.size() >= kCapacity && std::this_thread::get_id() != consumer_) {
    ++stats_.producerWaits;
    // The stop flag is set by a thread that knows nothing of this queue, so it is polled; the
    // pump's Take notifies at once when it makes room.
    while (items_.size() >= kCapacity && !stop.load(std::memory_order_relaxed)) {
      roomMade_.wait_for(lock, std::chrono::milliseconds(2));
    }
  }
  PushLocked(std::move(cb), lock);
}

void CallbackQueue::PushLocked(Callback cb, std::unique_lock<std::mutex>& lock) {
  const bool wasEmpty = items_.empty();
  items_.push_back(std::move(cb));
  stats_.highWater = std::max(stats_.highWater, items_.size());
  lock.unlock();
  if (wasEmpty && wake_) wake_();
}

std::vector<CallbackQueue::Callback> CallbackQueue::Take(size_t max) {
  std::vector<Callback> out;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const size_t count = std::min(max, items_.size());
    out.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      out.push_back(std::move(items_.front()));
      items_.pop_front();
    }
    // A drained deque keeps its blocks; give them back, so memory goes after a burst.
    if (items_.empty()) items_.shrink_to_fit();
  }
  if (!out.empty()) roomMade_.notify_all();
  return out;
}

bool CallbackQueue::Empty() {
  std::lock_guard<std::mutex> lock(mutex_);
  return items_.empty();
}

CallbackQueue::Stats CallbackQueue::stats() {
  std::lock_guard<std::mutex> lock(mutex_);
  Stats out = stats_;
  out.queued = items_.size();
  return out;
}

void CallbackQueue::Clear() {
  std::deque<Callback> dropped;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    dropped.swap(items_);
  }
  roomMade_.notify_all();
  // Destroyed outside the lock: a callback's captures may own objects whose destructors post.
}

}  // namespace sdk
