// A client callback that service threads read without a lock or a reference count, and hand to the
// pump by plain pointer. A fan-out delivers a message to up to 1,000 clients, each through its own
// callback: with a shared_ptr copy per delivery, the count went up on a service thread and down on
// the JS thread, and the cache line bouncing between the cores was a tenth of a fan-out's time.
//
// The rule that makes the plain pointer safe: a callback that is replaced is not freed but kept
// (retired) until the client closes; Close() then hands everything ever set to
// SimClient::ReleaseAfterDelivery, which frees it after every callback the client queued has run.
#pragma once

#include <atomic>
#include <memory>
#include <utility>
#include <vector>

namespace sim {

template <typename Fn>
class PublishedCallback {
 public:
  using Kept = std::unique_ptr<std::vector<std::unique_ptr<const Fn>>>;

  // Replaces the callback (an empty `fn`: none). Under the client's mutex.
  void Set(Fn fn) {
    Retire();
    if (fn) current_ = std::make_unique<const Fn>(std::move(fn));
    published_.store(current_.get(), std::memory_order_release);
  }
  // The callback now, or nullptr. Any thread; valid until TakeAll.
  const Fn* Get() const { return published_.load(std::memory_order_acquire); }
  // Everything ever set, in one owner (for ReleaseAfterDelivery; null when nothing was set), which
  // the caller must keep until whatever was queued with Get()'s pointers has run; afterwards there
  // is no callback. Under the client's mutex.
  Kept TakeAll() {
    published_.store(nullptr, std::memory_order_release);
    Retire();
    return std::move(kept_);
  }

 private:
  // The current callback joins the kept ones.
  void Retire() {
    if (!current_) return;
    if (!kept_) kept_ = std::make_unique<std::vector<std::unique_ptr<const Fn>>>();
    kept_->push_back(std::move(current_));
  }

  std::atomic<const Fn*> published_{nullptr};
  std::unique_ptr<const Fn> current_;
  // Made when a callback is first replaced: the JS face sets each once, so most clients never
  // replace one (a vector is 24 bytes, a pointer 8, in each of a client's three).
  Kept kept_;
};

}  // namespace sim
