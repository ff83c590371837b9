// PendingOperations (native/sim/client/pending_operations): every operation's callback is taken
// exactly once, in any completion order; TakeAll hands over what is left in id order; and done
// entries do not pile up behind one operation left pending. Prints "ok", or the first failure.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "sim/client/pending_operations.h"

namespace {

int failures = 0;

void Check(bool condition, const char* what) {
  if (!condition && failures++ == 0) std::printf("failed: %s\n", what);
}

// A callback that records which operation it belongs to when called.
sim::PendingOperations::Callback Recorder(std::vector<int>* calls, int op) {
  return [calls, op](const sdk::Result&) { calls->push_back(op); };
}

}  // namespace

int main() {
  const sdk::Result failure = sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "closed");
  std::vector<int> calls;

  {  // in order, then out of order; a second take of the same id finds nothing
    sim::PendingOperations ops;
    for (int id = 1; id <= 5; ++id) ops.Add(id, Recorder(&calls, id));
    for (int id : {1, 2, 5, 3}) {
      auto taken = ops.Take(id);
      Check(taken.has_value(), "a pending operation is found");
      if (taken) (*taken)(failure);
    }
    Check(!ops.Take(3), "a completed operation is not found again");
    Check(!ops.Take(9), "an id never added is not found");
    Check(ops.pending() == 1, "one left pending");
    Check(calls == std::vector<int>({1, 2, 5, 3}), "each callback is the one added with its id");
    auto rest = ops.TakeAll();
    Check(rest.size() == 1 && ops.pending() == 0 && ops.held() == 0, "TakeAll hands over the last one");
    calls.clear();
    for (auto& callback : rest) callback(failure);
    Check(calls == std::vector<int>({4}), "the one left is operation 4");
  }

  {  // one operation pending for long while 100,000 later ones come and go
    sim::PendingOperations ops;
    ops.Add(1, Recorder(&calls, 1));
    size_t mostHeld = 0;
    for (uint64_t id = 2; id < 100'002; id += 2) {  // two in flight, the later one done first
      ops.Add(id, nullptr);
      ops.Add(id + 1, nullptr);
      Check(ops.Take(id + 1).has_value() && ops.Take(id).has_value(), "later ones complete");
      if (ops.held() > mostHeld) mostHeld = ops.held();
    }
    Check(ops.pending() == 1, "only the first is still pending");
    Check(mostHeld <= 64, "done entries are dropped behind a long-pending one");
    Check(ops.Take(1).has_value() && ops.held() == 0, "the first completes last");
  }

  {  // TakeAll with many pending, in id order
    sim::PendingOperations ops;
    calls.clear();
    for (int id = 10; id < 110; ++id) ops.Add(id, Recorder(&calls, id));
    for (int id = 10; id < 110; id += 2) Check(ops.Take(id).has_value(), "even ones complete");
    for (auto& callback : ops.TakeAll()) callback(failure);
    std::vector<int> odd;
    for (int id = 11; id < 110; id += 2) odd.push_back(id);
    Check(calls == odd, "TakeAll gives the odd ones in id order");
  }

  if (failures == 0) std::printf("ok\n");
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
