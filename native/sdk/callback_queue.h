// A thread-safe FIFO of callbacks that run later on the pump thread. Backends post from any thread;
// the pump drains on the JS thread. This is how the RunCallbacks contract of sdk/client.h is kept
// by backends that do not have a queue of their own.
//
// The queue is bounded for the threads that produce into it: a backend thread posting with
// PostWaiting waits while kCapacity callbacks are queued, until the pump has taken some (or the
// producer is told to stop). A flood (a million log lines) so costs a bounded amount of memory
// and slows its producer down to the pace at which JS consumes, instead of queueing without end.
// Posts from the JS thread itself (and Post) never wait: the JS thread is the consumer.
//
// Callbacks are Tasks (inline storage: no allocation per post) kept in blocks of kBlockSize. The
// pump takes whole blocks and hands them back once it has run them (in the same lock acquisition
// as its next take), so a turn costs one lock acquisition and no per-callback move, and the
// blocks' memory is reused rather than allocated on one thread and freed on another.
//
// A producer thread that runs many small jobs in a row (the simulator's workers: a lobby message
// to 1,000 members is 1,000 tasks) opens a Staging: its PostWaiting calls then collect callbacks
// on that thread, and hand them over as one block (one lock, one wake) when the Staging closes or
// a block's worth is collected. Posting once per callback instead made the producer and the pump
// contend for the lock on every callback: with the two on different cores, the pump then woke
// for a few dozen callbacks at a time and the whole pipeline ran 4x slower.
//
// A backend that does have a queue of its own, and no way to signal it (the vendor library, which
// must be polled with discordpp::RunCallbacks), installs a poll function: the pump calls it on the
// JS thread at the start of every turn, and the backend wakes the pump (Wake) on a timer.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "sdk/task.h"

namespace sdk {

class CallbackQueue {
 public:
  using Callback = Task;
  using StopFlags = std::vector<const std::atomic<bool>*>;
  class Staging;
  using Block = std::vector<Task>;
  using WakeFn = std::function<void()>;
  using PollFn = std::function<void()>;

  // Most callbacks queued before PostWaiting makes its producer wait: two pump turns' worth.
  static constexpr size_t kCapacity = 16384;
  // Callbacks per block: what the pump takes at once (Take takes whole blocks).
  static constexpr size_t kBlockSize = 512;
  static_assert(kBlockSize <= kCapacity, "a staged block must fit in the bound it waits for room under");

  struct Stats {
    size_t queued = 0;
    size_t highWater = 0;  // the most ever queued at once
    uint64_t producerWaits = 0;  // how often a producer waited for room
  };

  // `wake` is called (from the posting thread, outside the lock) when the queue goes from empty
  // to non-empty, so a sleeping pump is woken once per burst rather than once per callback.
  // The constructing thread is the consumer (the JS thread of the pump's environment).
  explicit CallbackQueue(WakeFn wake);

  // Never waits (the consumer's own posts, and posts made while holding a lock).
  void Post(Callback&& cb);
  // From a backend thread that holds no lock: waits while the queue is full, until the pump has
  // taken some or `*stop` becomes true (then the callback is queued anyway, so nothing is lost
  // while a producer shuts down). From the consumer thread it does not wait.
  void PostWaiting(Callback&& cb, const std::atomic<bool>& stop);
  // Wakes the producers waiting for room, to look at their stop flags again: call after setting
  // one (they poll every 2 ms otherwise).
  void WakeProducers();
  // Asks the pump for a turn even though nothing was posted (a timer tick of a polled backend).
  void Wake() {
    if (wake_) wake_();
  }
  // The poll function (empty: none). Set and cleared on the JS thread only.
  void SetPoll(PollFn poll) { poll_ = std::move(poll); }
  // Runs the poll function, if any. Called by the pump on the JS thread.
  void Poll() {
    if (poll_) poll_();
  }
  // Moves out the oldest whole blocks, in order, holding at most `max` callbacks (at least one
  // block if any is queued, so `max` should be at least kBlockSize), and lets waiting producers
  // go on. `done` are the blocks the previous Take handed out, their callbacks run: they are
  // cleared (the callbacks destroyed here, on the pump thread) and kept for reuse. Called on the
  // pump thread.
  std::vector<Block> Take(size_t max, std::vector<Block> done = {});
  // Whether nothing is queued. Lock-free: the pump asks after every turn.
  bool Empty() const { return queued_.load(std::memory_order_acquire) == 0; }
  Stats stats();
  // Drops every queued callback without running it (environment teardown).
  void Clear();

 private:
  void PushLocked(Callback&& cb, std::unique_lock<std::mutex>& lock);
  // Waits while the queue has no room for `count` more (not on the consumer thread), until the
  // pump makes room or `stopped()` says a producer is being stopped. Room for all of them: a
  // staged block let in while the queue held one less than its bound went over it by the block.
  template <typename Stopped>
  void WaitForRoomLocked(std::unique_lock<std::mutex>& lock, size_t count, const Stopped& stopped);
  // Appends a Staging's block as it is (one lock for all of it); gives the producer back an
  // empty block to stage into. Waits for room unless one of `stops` or `roundStops` is set.
  void HandOver(Block& staged, const StopFlags& stops, const StopFlags* roundStops);
  void KeepSpareLocked(Block&& block);
  // Counts `count` callbacks just queued, unlocks, and wakes the pump if the queue was empty (once
  // per burst, from the posting thread, outside the lock).
  void AddedLocked(size_t count, std::unique_lock<std::mutex>& lock);

  WakeFn wake_;
  PollFn poll_;  // JS thread only
  const std::thread::id consumer_;
  std::mutex mutex_;
  std::condition_variable roomMade_;
  std::deque<Block> blocks_;  // producers append to the last one
  std::vector<Block> spare_;  // empty blocks with their capacity, for producers to fill
  std::atomic<size_t> queued_{0};  // written under mutex_
  Stats stats_;
};

// While a Staging is open on a thread, that thread's PostWaiting calls are collected there and
// handed over together: when it closes, when kBlockSize are collected, or when it posts to
// another queue. Whoever opens one promises that nothing waits for those callbacks to be queued
// before the Staging closes (the simulator's workers close theirs before a task counts as ended,
// so settle() and Stop() see every callback the task posted). Nests; the outermost one hands over.
// Never opened on a consumer thread: posts from the pump's own thread are not staged.
class CallbackQueue::Staging {
 public:
  // `stops`: more stop flags that end a wait for room while this is open, besides those the posts
  // came with (a worker's round: every queue in it, since stopping any of them waits for the
  // round). They must outlive this Staging.
  explicit Staging(const StopFlags* stops = nullptr);
  ~Staging();
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;

  // Hands over what this thread has staged now, without closing.
  static void Flush();
};

}  // namespace sdk
