// CallbackSet (native/sim/client/client_callbacks.h): a delivery thread takes callbacks under the
// client's mutex, as the client's service thread does, and calls them outside it, also later
// (as a queued delivery does), while the main thread sets, replaces and clears them under the
// mutex; every callback taken must stay valid and unchanged after it was replaced or taken out.
// Then the fields are independent, an empty one is none, and TakeAll leaves none. Run under
// ThreadSanitizer (a field written while a delivery reads another) and ASan (a replaced callback
// freed under a delivery). Prints "ok", or the first failure.
#include <atomic>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "sim/client/client_callbacks.h"

namespace {

int failures = 0;

void Check(bool condition, const char* what) {
  if (!condition && failures++ == 0) std::printf("failed: %s\n", what);
}

using sim::ClientCallbacks;

}  // namespace

int main() {
  constexpr int kSets = 2000;
  std::mutex mutex;  // the client's
  sim::CallbackSet set;
  Check(set.Get(&ClientCallbacks::relationshipGroups) == nullptr, "no callback before the first Set");

  // Each callback reports the value it was made with, through `seen`.
  std::atomic<long> seen{0};
  std::atomic<bool> done{false};
  std::thread delivery([&] {
    std::vector<std::shared_ptr<const sdk::RelationshipsApi::RelationshipGroupsCallback>> held;
    while (!done.load()) {
      std::shared_ptr<const sdk::RelationshipsApi::RelationshipGroupsCallback> cb;
      {
        std::lock_guard<std::mutex> lock(mutex);
        cb = set.Get(&ClientCallbacks::relationshipGroups);
      }
      if (!cb) continue;
      (*cb)(1);
      held.push_back(std::move(cb));
    }
    for (const auto& cb : held) (*cb)(1);  // queued deliveries, run after the replacements
  });
  {
    std::lock_guard<std::mutex> lock(mutex);
    set.Set(&ClientCallbacks::relationshipGroups, [&seen](sdk::Snowflake n) { seen += static_cast<long>(n); });
  }
  while (seen.load() == 0) std::this_thread::yield();  // the delivery thread is calling it
  for (int i = 2; i <= kSets; ++i) {
    std::lock_guard<std::mutex> lock(mutex);
    // A replacement, an empty field set in place beside it, and a clearing now and then.
    set.Set(&ClientCallbacks::relationshipGroups, [&seen, i](sdk::Snowflake n) { seen += i > 0 ? static_cast<long>(n) : 0; });
    set.Set(&ClientCallbacks::join, i % 2 == 0 ? sdk::InvitesApi::ActivityJoinCallback([](const std::string&) {}) : nullptr);
    if (i % 100 == 0) set.Set(&ClientCallbacks::relationshipGroups, nullptr);
  }
  done = true;
  delivery.join();

  long joins = 0;
  {
    std::lock_guard<std::mutex> lock(mutex);
    set.Set(&ClientCallbacks::inviteCreated, nullptr);  // none on none: nothing made
    set.Set(&ClientCallbacks::joinWithApplication, [&joins](const sdk::ActivityJoin&) { ++joins; });
    auto withApplication = set.Get(&ClientCallbacks::joinWithApplication);
    set.Set(&ClientCallbacks::relationshipCreated, [](sdk::Snowflake, bool) {});
    Check(set.Get(&ClientCallbacks::joinWithApplication) == withApplication, "setting another field keeps this one");
    Check(set.Get(&ClientCallbacks::join) != nullptr, "the last join set is there");
    Check(set.Get(&ClientCallbacks::inviteCreated) == nullptr, "an empty field is none");
    set.Set(&ClientCallbacks::joinWithApplication, nullptr);
    Check(set.Get(&ClientCallbacks::joinWithApplication) == nullptr, "a cleared field is none");
    (*withApplication)(sdk::ActivityJoin{});  // still valid after it was cleared
    Check(joins == 1, "a callback taken before it was cleared still runs");
    Check(set.Get(&ClientCallbacks::relationshipCreated) != nullptr, "a field set beside a clearing stays");
  }
  auto all = set.TakeAll();
  Check(all != nullptr && all->relationshipCreated, "TakeAll hands over the callbacks");
  Check(set.Get(&ClientCallbacks::relationshipCreated) == nullptr, "nothing is left after TakeAll");

  if (failures == 0) std::printf("ok\n");
  return failures == 0 ? 0 : 1;
}
