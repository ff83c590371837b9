// A thread-safe FIFO of callbacks that run later on the pump thread. Backends post from any thread;
// the pump drains on the JS thread. This is how the RunCallbacks contract of sdk/client.h is kept
// by backends that do not have a queue of their own.
#pragma once

#include <functional>
#include <mutex>
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
  // Moves out everything queued so far, in order. Called on the pump thread.
  std::vector<Callback> TakeAll();
  // Drops every queued callback without running it (environment teardown).
  void Clear();

 private:
  WakeFn wake_;
  std::mutex mutex_;
  std::vector<Callback> items_;
};

}  // namespace sdk
