// PublishedCallback (native/sim/client/published_callback.h): a reader thread keeps reading the
// callback and calls it, also later through pointers it read before the callback was replaced,
// while the main thread replaces it many times; then TakeAll hands over every callback ever set,
// and nothing is published after it. Run under ThreadSanitizer (the publication) and ASan (a pointer
// read before a replacement must still be valid). Prints "ok", or the first failure.
#include <atomic>
#include <cstdio>
#include <functional>
#include <thread>
#include <vector>

#include "sim/client/published_callback.h"

namespace {

int failures = 0;

void Check(bool condition, const char* what) {
  if (!condition && failures++ == 0) std::printf("failed: %s\n", what);
}

}  // namespace

int main() {
  using Callback = std::function<int()>;
  constexpr int kSets = 2000;
  sim::PublishedCallback<Callback> published;
  Check(published.Get() == nullptr, "no callback before the first Set");

  std::atomic<bool> done{false};
  std::atomic<long> calls{0};
  std::thread reader([&] {
    std::vector<const Callback*> seen;  // called again after they may have been replaced
    while (!done.load()) {
      if (const Callback* cb = published.Get()) {
        calls += (*cb)();
        seen.push_back(cb);
      }
    }
    for (const Callback* cb : seen) calls += (*cb)();
  });
  published.Set([] { return 1; });
  while (calls.load() == 0) std::this_thread::yield();  // the reader is reading before the replacements
  for (int i = 2; i <= kSets; ++i) published.Set([i] { return i > 0 ? 1 : 0; });
  published.Set(nullptr);  // none: the earlier ones are still kept
  Check(published.Get() == nullptr, "an empty Set publishes no callback");
  published.Set([] { return 1; });
  done = true;
  reader.join();

  auto kept = published.TakeAll();
  Check(kept->size() == kSets + 1, "TakeAll hands over every callback ever set");
  Check(published.Get() == nullptr, "nothing is published after TakeAll");
  Check(published.TakeAll() == nullptr, "a second TakeAll has nothing left");
  for (const auto& cb : *kept) Check((*cb)() == 1, "a kept callback still works");

  if (failures == 0) std::printf("ok\n");
  return failures == 0 ? 0 : 1;
}
