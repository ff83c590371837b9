// Move-only callables with inline storage. A backend posts a callback per event, so a
// std::function (which heap-allocates any capture bigger than two pointers) cost a malloc on the
// posting thread and a free of that memory on the JS thread for every event; with the two on
// different threads, glibc's arena lock was then contended on every event. Captures of up to
// `InlineSize` bytes live in the callable itself; bigger ones still go to the heap.
//
//   Task: what the callback queue and the service queues hold, `void()`, room for a callback's
//         shared_ptr plus a std::string (a log line), or a few ids and a shared_ptr.
//   InlineFunction<R(Args...), N>: the same for other signatures (a simulated client's pending
//         operation keeps its failure callback in one).
#pragma once

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace sdk {

template <typename Signature, size_t InlineSize>
class InlineFunction;

template <typename R, typename... Args, size_t InlineSize>
class InlineFunction<R(Args...), InlineSize> {
 public:
  static constexpr size_t kInlineSize = InlineSize;

  InlineFunction() noexcept = default;
  InlineFunction(std::nullptr_t) noexcept {}  // NOLINT(google-explicit-constructor): like std::function

  template <typename Fn, typename = std::enable_if_t<!std::is_same_v<std::decay_t<Fn>, InlineFunction> &&
                                                     !std::is_same_v<std::decay_t<Fn>, std::nullptr_t>>>
  InlineFunction(Fn&& fn) {  // NOLINT(google-explicit-constructor): posts pass lambdas as they are
    using F = std::decay_t<Fn>;
    static_assert(std::is_invocable_r_v<R, F&, Args...>, "the callable does not match the signature");
    if constexpr (FitsInline<F>()) {
      ::new (static_cast<void*>(storage_)) F(std::forward<Fn>(fn));
      ops_ = &kInlineOps<F>;
    } else {
      ::new (static_cast<void*>(storage_)) F*(new F(std::forward<Fn>(fn)));
      ops_ = &kHeapOps<F>;
    }
  }

  InlineFunction(InlineFunction&& other) noexcept : ops_(other.ops_) {
    if (ops_) ops_->relocate(other.storage_, storage_);
    other.ops_ = nullptr;
  }

  InlineFunction& operator=(InlineFunction&& other) noexcept {
    if (this != &other) {
      Reset();
      ops_ = other.ops_;
      if (ops_) ops_->relocate(other.storage_, storage_);
      other.ops_ = nullptr;
    }
    return *this;
  }

  InlineFunction& operator=(std::nullptr_t) noexcept {
    Reset();
    return *this;
  }

  InlineFunction(const InlineFunction&) = delete;
  InlineFunction& operator=(const InlineFunction&) = delete;

  ~InlineFunction() { Reset(); }

  explicit operator bool() const noexcept { return ops_ != nullptr; }

  // Calls the callable; it must not be empty (a Task, below, may be). It stays alive until the
  // function is destroyed or reassigned. Const, as std::function's: the callable itself may change.
  R operator()(Args... args) const { return ops_->invoke(storage_, std::forward<Args>(args)...); }

 private:
  struct Ops {
    R (*invoke)(void* storage, Args&&... args);
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
      [](void* storage, Args&&... args) -> R { return (*Inline<F>(storage))(std::forward<Args>(args)...); },
      [](void* from, void* to) noexcept {
        F* source = Inline<F>(from);
        ::new (to) F(std::move(*source));
        source->~F();
      },
      [](void* storage) noexcept { Inline<F>(storage)->~F(); },
  };

  template <typename F>
  static constexpr Ops kHeapOps{
      [](void* storage, Args&&... args) -> R { return (*Boxed<F>(storage))(std::forward<Args>(args)...); },
      [](void* from, void* to) noexcept { ::new (to) F*(Boxed<F>(from)); },
      [](void* storage) noexcept { delete Boxed<F>(storage); },
  };

  void Reset() noexcept {
    if (ops_) ops_->destroy(storage_);
    ops_ = nullptr;
  }

  alignas(std::max_align_t) mutable unsigned char storage_[kInlineSize];
  const Ops* ops_ = nullptr;
};

// A queued callback. Calling an empty task does nothing.
class Task : public InlineFunction<void(), 64> {
 public:
  using InlineFunction::InlineFunction;

  void operator()() const {
    if (*this) InlineFunction::operator()();
  }
};

}  // namespace sdk
