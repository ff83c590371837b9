// A simulated client's pending operations: each one's failure callback, by operation id, until
// the operation completes or the client closes. Ids are handed out in increasing order, so the
// entries sit in a vector in id order: a start appends, a completion finds its entry by binary
// search and marks it done, and done entries are dropped in bulk once they are at least half
// (so one operation left pending for long, an authorization waiting for the user, does not hold
// every later one). A std::map cost a node allocation per operation, made on the JS thread and
// freed on a service worker: glibc's arena lock was then contended between the two on every call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "sdk/task.h"
#include "sdk/types.h"

namespace sim {

class PendingOperations {
 public:
  // Room for a std::function (the caller's callback) and a little more, so starting an
  // operation allocates nothing for it.
  using Callback = sdk::InlineFunction<void(const sdk::Result&), 48>;

  // `id` must be greater than every id added before.
  void Add(uint64_t id, Callback onFailure);

  // The operation's callback, taken out; none if it already completed (or was never added).
  std::optional<Callback> Take(uint64_t id);

  // Every pending operation's callback, in id order; none are left.
  std::vector<Callback> TakeAll();

  size_t pending() const { return pending_; }
  // Entries held, pending or done but not yet dropped (bounded by twice pending() plus a few).
  size_t held() const { return entries_.size(); }

 private:
  struct Entry {
    uint64_t id;
    bool pending;
    Callback onFailure;
  };
  // Done entries are dropped once there are this many and at least as many as pending ones.
  static constexpr size_t kDropAfter = 32;

  std::vector<Entry> entries_;
  size_t pending_ = 0;
};

}  // namespace sim
