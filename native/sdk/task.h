// A move-only `void()` callable with inline storage: what the callback queue holds. A backend posts
// one per event, so a std::function (which heap-allocates any capture bigger than two pointers)
// cost a malloc on the posting thread and a free of that memory on the JS thread for every event.
// Captures of up to kInlineSize bytes (a callback's shared_ptr, a few ids, a std::string) live in
// the task itself; bigger ones still go to the heap.
#pragma once

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace sdk {

class Task {
 public:
  // Fits the common captures: a shared_ptr to the registered callback plus a std::string (a log
  // line), or plus a few ids and a shared_ptr (a message event).
  static constexpr size_t kInlineSize = 64;

  Task() noexcept = default;

  template <typename Fn, typename = std::enable_if_t<!std::is_same_v<std::decay_t<Fn>, Task>>>
  Task(Fn&& fn) {  // NOLINT(google-explicit-constructor): posts pass lambdas as they are
    using F = std::decay_t<Fn>;
    static_assert(std::is_invocable_v<F&>, "a Task is called with no arguments");
    if constexpr (FitsInline<F>()) {
      ::new (static_cast<void*>(storage_)) F(std::forward<Fn>(fn));
      ops_ = &kInlineOps<F>;
    } else {
      ::new (static_cast<void*>(storage_)) F*(new F(std::forward<Fn>(fn)));
      ops_ = &kHeapOps<F>;
    }
  }

  Task(Task&& other) noexcept : ops_(other.ops_) {
    if (ops_) ops_->relocate(other.storage_, storage_);
    other.ops_ = nullptr;
  }

  Task& operator=(Task&& other) noexcept {
    if (this != &other) {
      Reset();
      ops_ = other.ops_;
      if (ops_) ops_->relocate(other.storage_, storage_);
      other.ops_ = nullptr;
    }
    return *this;
  }

  Task(const Task&) = delete;
  Task& operator=(const Task&) = delete;

  ~Task() { Reset(); }

  explicit operator bool() const noexcept { return ops_ != nullptr; }

  // Calls the callable (an empty task does nothing). It stays alive until the task is destroyed.
  void operator()() {
    if (ops_) ops_->invoke(storage_);
  }

 private:
  struct Ops {
    void (*invoke)(void* storage);
    // Moves the callable from `from` into the raw `to`, and destroys what is left in `from`.
    void (*relocate)(void* from, void* to) noexcept;
    void (*destroy)(void* storage) noexcept;
  };

  template <typename F>
  static constexpr bool FitsInline() {
    return sizeof(F) <= kInlineSize && alignof(F) <= alignof(std::max_align_t) &&
           std::is_nothrow_move_constructible_v<F>;
  }

  template <typename F>
  static F* Inline(void* storage) {
    return std::launder(static_cast<F*>(storage));
  }

  template <typename F>
  static F*& Boxed(void* storage) {
    return *std::launder(static_cast<F**>(storage));
  }

  template <typename F>
  static constexpr Ops kInlineOps{
      [](void* storage) { (*Inline<F>(storage))(); },
      [](void* from, void* to) noexcept {
        F* source = Inline<F>(from);
        ::new (to) F(std::move(*source));
        source->~F();
      },
      [](void* storage) noexcept { Inline<F>(storage)->~F(); },
  };

  template <typename F>
  static constexpr Ops kHeapOps{
      [](void* storage) { (*Boxed<F>(storage))(); },
      [](void* from, void* to) noexcept { ::new (to) F*(Boxed<F>(from)); },
      [](void* storage) noexcept { delete Boxed<F>(storage); },
  };

  void Reset() noexcept {
    if (ops_) ops_->destroy(storage_);
    ops_ = nullptr;
  }

  alignas(std::max_align_t) unsigned char storage_[kInlineSize];
  const Ops* ops_ = nullptr;
};

}  // namespace sdk
