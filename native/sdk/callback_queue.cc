#include "sdk/callback_queue.h"

#include <algorithm>
#include <chrono>
#include <utility>

namespace sdk {

namespace {
// Empty blocks kept for reuse: enough for a steady flood (the pump hands back a turn's worth while
// producers fill and stage the next), few enough that a burst's memory goes once it is over.
constexpr size_t kMaxSpareBlocks = 16;

// What a thread has staged (see CallbackQueue::Staging).
struct StagedPosts {
  CallbackQueue* queue = nullptr;
  CallbackQueue::Block tasks;
  CallbackQueue::StopFlags stops;                    // the stop flags the posts came with
  const CallbackQueue::StopFlags* roundStops = nullptr;  // the outermost Staging's
  int open = 0;                                      // Stagings open on this thread
};
thread_local StagedPosts staged;
}  // namespace

CallbackQueue::CallbackQueue(WakeFn wake) : wake_(std::move(wake)), consumer_(std::this_thread::get_id()) {}

void CallbackQueue::Post(Callback&& cb) {
  std::unique_lock<std::mutex> lock(mutex_);
  PushLocked(std::move(cb), lock);
}

void CallbackQueue::PostWaiting(Callback&& cb, const std::atomic<bool>& stop) {
  // One TLS lookup: in a shared library each use of a thread_local is a call (__tls_get_addr),
  // which the compiler does not merge across the calls in between (24 of them in this function).
  StagedPosts& mine = staged;
  if (mine.open > 0 && std::this_thread::get_id() != consumer_) {
    if (mine.queue != this) {
      Staging::Flush();
      mine.queue = this;
    }
    if (mine.stops.empty() || mine.stops.back() != &stop) mine.stops.push_back(&stop);
    if (mine.tasks.capacity() == 0) mine.tasks.reserve(kBlockSize);
    mine.tasks.push_back(std::move(cb));
    if (mine.tasks.size() >= kBlockSize) Staging::Flush();
    return;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  WaitForRoomLocked(lock, 1, [&stop] { return stop.load(std::memory_order_relaxed); });
  PushLocked(std::move(cb), lock);
}

template <typename Stopped>
void CallbackQueue::WaitForRoomLocked(std::unique_lock<std::mutex>& lock, size_t count, const Stopped& stopped) {
  if (queued_.load(std::memory_order_relaxed) + count <= kCapacity || std::this_thread::get_id() == consumer_) return;
  ++stats_.producerWaits;
  // The stop flags are set by threads that know nothing of this queue, so they are polled; the
  // pump's Take notifies at once when it makes room.
  while (queued_.load(std::memory_order_relaxed) + count > kCapacity && !stopped()) {
    roomMade_.wait_for(lock, std::chrono::milliseconds(2));
  }
}

void CallbackQueue::HandOver(Block& tasks, const StopFlags& stops, const StopFlags* roundStops) {
  const auto anySet = [](const StopFlags& flags) {
    return std::any_of(flags.begin(), flags.end(), [](const std::atomic<bool>* flag) { return flag->load(std::memory_order_relaxed); });
  };
  std::unique_lock<std::mutex> lock(mutex_);
  WaitForRoomLocked(lock, tasks.size(), [&] { return anySet(stops) || (roundStops != nullptr && anySet(*roundStops)); });
  const size_t count = tasks.size();
  if (count <= kBlockSize / 4 && !blocks_.empty() && blocks_.back().size() + count <= kBlockSize) {
    // A round of a few callbacks (a 2-member lobby's message): moved into the last block, and the
    // staged block, its capacity kept, goes back to the producer. Appended whole, every round cost
    // a block of 512 for a handful of callbacks, and a busy pump's queue held thousands of them
    // (35 MB at its peak, which the workers' malloc arenas then kept).
    Block& last = blocks_.back();
    for (Task& task : tasks) last.push_back(std::move(task));
    tasks.clear();
  } else {
    blocks_.push_back(std::move(tasks));
    tasks = Block();
    if (!spare_.empty()) {
      tasks = std::move(spare_.back());
      spare_.pop_back();
    }
  }
  AddedLocked(count, lock);
}

void CallbackQueue::AddedLocked(size_t count, std::unique_lock<std::mutex>& lock) {
  const size_t before = queued_.load(std::memory_order_relaxed);
  queued_.store(before + count, std::memory_order_release);
  stats_.highWater = std::max(stats_.highWater, before + count);
  lock.unlock();
  if (before == 0 && wake_) wake_();
}

void CallbackQueue::WakeProducers() {
  // Under the lock: a producer checks its flags and starts waiting without releasing it.
  std::lock_guard<std::mutex> lock(mutex_);
  roomMade_.notify_all();
}

CallbackQueue::Staging::Staging(const StopFlags* stops) {
  if (staged.open++ == 0) staged.roundStops = stops;
}

CallbackQueue::Staging::~Staging() {
  if (--staged.open > 0) return;
  Flush();
  staged.roundStops = nullptr;
}

void CallbackQueue::Staging::Flush() {
  StagedPosts& mine = staged;
  if (mine.tasks.empty()) return;
  mine.queue->HandOver(mine.tasks, mine.stops, mine.roundStops);
  mine.stops.clear();
  mine.queue = nullptr;
}

void CallbackQueue::PushLocked(Callback&& cb, std::unique_lock<std::mutex>& lock) {
  if (blocks_.empty() || blocks_.back().size() >= kBlockSize) {
    if (spare_.empty()) {
      blocks_.emplace_back().reserve(kBlockSize);
    } else {
      blocks_.push_back(std::move(spare_.back()));
      spare_.pop_back();
    }
  }
  blocks_.back().push_back(std::move(cb));
  AddedLocked(1, lock);
}

std::vector<CallbackQueue::Block> CallbackQueue::Take(size_t max, std::vector<Block> done) {
  for (Block& block : done) block.clear();  // outside the lock: a capture's destructor may post
  std::vector<Block> out;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Block& block : done) KeepSpareLocked(std::move(block));
    size_t taken = 0;
    while (!blocks_.empty() && (out.empty() || taken + blocks_.front().size() <= max)) {
      taken += blocks_.front().size();
      out.push_back(std::move(blocks_.front()));
      blocks_.pop_front();
    }
    queued_.store(queued_.load(std::memory_order_relaxed) - taken, std::memory_order_release);
    // A drained deque keeps its map; give it back, so memory goes after a burst.
    if (blocks_.empty()) blocks_.shrink_to_fit();
  }
  if (!out.empty()) roomMade_.notify_all();
  return out;
}

void CallbackQueue::KeepSpareLocked(Block&& block) {
  if (spare_.size() < kMaxSpareBlocks && block.capacity() >= kBlockSize) spare_.push_back(std::move(block));
}

CallbackQueue::Stats CallbackQueue::stats() {
  std::lock_guard<std::mutex> lock(mutex_);
  Stats out = stats_;
  out.queued = queued_.load(std::memory_order_relaxed);
  return out;
}

void CallbackQueue::Clear() {
  std::deque<Block> dropped;
  std::vector<Block> spare;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    dropped.swap(blocks_);
    spare.swap(spare_);
    queued_.store(0, std::memory_order_release);
  }
  roomMade_.notify_all();
  // Destroyed outside the lock: a callback's captures may own objects whose destructors post.
}

}  // namespace sdk
