#include "sdk/callback_queue.h"

#include <algorithm>
#include <chrono>
#include <utility>

namespace sdk {

namespace {
// Empty blocks kept for reuse: enough for a steady flood (the pump hands back a turn's worth while
// producers fill the next), few enough that a burst's memory goes once it is over.
constexpr size_t kMaxSpareBlocks = 8;
}  // namespace

CallbackQueue::CallbackQueue(WakeFn wake) : wake_(std::move(wake)), consumer_(std::this_thread::get_id()) {}

void CallbackQueue::Post(Callback&& cb) {
  std::unique_lock<std::mutex> lock(mutex_);
  PushLocked(std::move(cb), lock);
}

void CallbackQueue::PostWaiting(Callback&& cb, const std::atomic<bool>& stop) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (queued_ >= kCapacity && std::this_thread::get_id() != consumer_) {
    ++stats_.producerWaits;
    // The stop flag is set by a thread that knows nothing of this queue, so it is polled; the
    // pump's Take notifies at once when it makes room.
    while (queued_ >= kCapacity && !stop.load(std::memory_order_relaxed)) {
      roomMade_.wait_for(lock, std::chrono::milliseconds(2));
    }
  }
  PushLocked(std::move(cb), lock);
}

void CallbackQueue::PushLocked(Callback&& cb, std::unique_lock<std::mutex>& lock) {
  const bool wasEmpty = queued_ == 0;
  if (blocks_.empty() || blocks_.back().size() >= kBlockSize) {
    if (spare_.empty()) {
      blocks_.emplace_back().reserve(kBlockSize);
    } else {
      blocks_.push_back(std::move(spare_.back()));
      spare_.pop_back();
    }
  }
  blocks_.back().push_back(std::move(cb));
  ++queued_;
  stats_.highWater = std::max(stats_.highWater, queued_);
  lock.unlock();
  if (wasEmpty && wake_) wake_();
}

std::vector<CallbackQueue::Block> CallbackQueue::Take(size_t max) {
  std::vector<Block> out;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    size_t taken = 0;
    while (!blocks_.empty() && (out.empty() || taken + blocks_.front().size() <= max)) {
      taken += blocks_.front().size();
      out.push_back(std::move(blocks_.front()));
      blocks_.pop_front();
    }
    queued_ -= taken;
    // A drained deque keeps its map; give it back, so memory goes after a burst.
    if (blocks_.empty()) blocks_.shrink_to_fit();
  }
  if (!out.empty()) roomMade_.notify_all();
  return out;
}

void CallbackQueue::Recycle(std::vector<Block> blocks) {
  for (Block& block : blocks) block.clear();  // outside the lock: a capture's destructor may post
  std::lock_guard<std::mutex> lock(mutex_);
  for (Block& block : blocks) {
    if (spare_.size() >= kMaxSpareBlocks) break;
    if (block.capacity() >= kBlockSize) spare_.push_back(std::move(block));
  }
}

bool CallbackQueue::Empty() {
  std::lock_guard<std::mutex> lock(mutex_);
  return queued_ == 0;
}

CallbackQueue::Stats CallbackQueue::stats() {
  std::lock_guard<std::mutex> lock(mutex_);
  Stats out = stats_;
  out.queued = queued_;
  return out;
}

void CallbackQueue::Clear() {
  std::deque<Block> dropped;
  std::vector<Block> spare;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    dropped.swap(blocks_);
    spare.swap(spare_);
    queued_ = 0;
  }
  roomMade_.notify_all();
  // Destroyed outside the lock: a callback's captures may own objects whose destructors post.
}

}  // namespace sdk
