// Boxed<T>: an optional value kept on the heap, for a large field most objects leave empty. An
// empty one costs a pointer where std::optional<T> costs sizeof(T): a user's game activity (680
// bytes) is set for the few users playing, and every user the world keeps, and every copy of one,
// carried it. Copies are deep, as std::optional's are; the interface is the part of
// std::optional's the code uses (test, dereference, assign, reset), and Ensure() for state made at
// its first use.
#pragma once

#include <memory>
#include <utility>

namespace sdk {

template <typename T>
class Boxed {
 public:
  Boxed() = default;
  Boxed(const T& value) : value_(std::make_unique<T>(value)) {}         // NOLINT: as std::optional converts
  Boxed(T&& value) : value_(std::make_unique<T>(std::move(value))) {}   // NOLINT
  Boxed(const Boxed& other) : value_(other.value_ ? std::make_unique<T>(*other.value_) : nullptr) {}
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(const Boxed& other) {
    if (this != &other) value_ = other.value_ ? std::make_unique<T>(*other.value_) : nullptr;
    return *this;
  }
  Boxed& operator=(Boxed&&) noexcept = default;
  Boxed& operator=(const T& value) { return *this = Boxed(value); }
  Boxed& operator=(T&& value) {
    value_ = std::make_unique<T>(std::move(value));
    return *this;
  }

  bool has_value() const { return value_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  const T& operator*() const { return *value_; }
  T& operator*() { return *value_; }
  const T* operator->() const { return value_.get(); }
  T* operator->() { return value_.get(); }
  void reset() { value_.reset(); }
  // The value, made (value-initialized) first when there is none: for state made at first use.
  T& Ensure() {
    if (!value_) value_ = std::make_unique<T>();
    return *value_;
  }

 private:
  std::unique_ptr<T> value_;
};

}  // namespace sdk
