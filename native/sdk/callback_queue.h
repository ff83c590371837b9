// A thread-safe FIFO of callbacks that run later on the pump thread. Backends post from any thread;
// the pump drains on the JS thread. This is how the RunCallbacks contract of sdk/client.h is kept
// by backends that do not have a queue of their own.
//
// A backend that does have a queue of its own, and no way to signal it (the vendor library, which
// must be polled with discordpp::RunCallbacks), installs a poll function: the pump calls it on the
// JS thread at the start of every turn, and the backend wakes the pump (Wake) on a timer.
#pragma once

#include <functional>
#include <mutex>
#include <utility>
#include <vector>

namespace sdk {

class CallbackQueue {
 public:
  using Callback = std::function<void()>;
  using WakeFn = std::function<void()>;

  // `wake` is called (from the posting thread, outside the lock) when the queue goes from empty
  // to non-empty, so a sleeping pump is woken once per burst rather than once per callback.
  explicit CallbackQueue(WakeFn wake);

  void Post(Callback cb);
  // Asks the pump for a turn even though nothing was posted (a timer tick of a polled backend).
  void Wake() {
    if (wake_) wake_();
  }
  // The poll function (empty: none). Set and cleared on the JS thread only.
  void SetPoll(Callback poll) { poll_ = std::move(poll); }
  // Runs the poll function, if any. Called by the pump on the JS thread.
  void Poll() {
    if (poll_) poll_();
  }
  // Moves out everything queued so far, in order. Called on the pump thread.
  std::vector<Callback> TakeAll();
  // Drops every queued callback without running it (environment teardown).
  void Clear();

 private:
  WakeFn wake_;
  Callback poll_;  // JS thread only
  std::mutex mutex_;
  std::vector<Callback> items_;
};

}  // namespace sdk
