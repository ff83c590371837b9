// Latency and fault injection for the harness: every simulated call of a kind can be delayed on the
// world's virtual clock, and the next N calls of a kind can fail with a given result. Pure data;
// the world locks around it, except for Quiet(), which may be read without the lock.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "generated/sim_calls.h"  // CallKind, generated from seam/seam.json
#include "sdk/task.h"
#include "sdk/types.h"

namespace sim {

class Session;


class Interference {
 public:
  using Task = sdk::Task;

  void SetLatency(uint64_t ms) {
    latencyMs_ = ms;
    Changed();
  }
  uint64_t latency() const { return latencyMs_; }

  // The next `count` calls of `kind` (by `userId`, or by anyone when 0) fail with `failure`.
  void FailNext(CallKind kind, uint32_t count, sdk::Result failure, sdk::Snowflake userId);
  // Consumes one planned failure for this call, if any applies.
  std::optional<sdk::Result> TakeFailure(CallKind kind, sdk::Snowflake userId);
  void ClearFailures();

  // Nothing injected: no latency, no planned failure left. Without the lock (the world's fast path
  // for calls); kept up to date by every change made under it.
  bool Quiet() const { return quiet_.load(); }

  // Calls waiting for the clock: run, in due order, once the clock reaches `dueMs`.
  void Delay(uint64_t dueMs, Session* session, Task task);
  std::vector<std::pair<Session*, Task>> TakeDue(uint64_t nowMs);
  // A session going away takes its delayed calls with it.
  void Forget(Session* session);
  size_t delayedCount() const { return delayed_.size(); }

 private:
  struct Rule {
    uint32_t left;
    sdk::Result failure;
    sdk::Snowflake userId;
  };
  void Changed() { quiet_.store(latencyMs_ == 0 && failures_.empty()); }

  uint64_t latencyMs_ = 0;
  std::map<CallKind, std::deque<Rule>> failures_;  // no empty deque: Quiet() looks at the map
  std::atomic<bool> quiet_{true};
  uint64_t nextSequence_ = 0;
  std::map<std::pair<uint64_t, uint64_t>, std::pair<Session*, Task>> delayed_;  // (due, seq)
};

}  // namespace sim
