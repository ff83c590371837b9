// The fake library's key to the private state the shape header gives every class (see
// VENDOR_SHAPE_STATE in test/vendor-shape/discordpp.h). One definition for every file of the fake.
#pragma once

#include <discordpp.h>

namespace discordpp {

struct ShapeAccess {
  // An object only the library may create (private default constructor), with no state.
  template <typename T>
  static T Make() {
    return T();
  }
  // The object's state slot, as a pointer to the fake's own state type.
  template <typename State, typename T>
  static State*& Of(T& object) {
    return reinterpret_cast<State*&>(object.impl_);
  }
  template <typename State, typename T>
  static const State* Of(const T& object) {
    return static_cast<const State*>(object.impl_);
  }
  template <typename T>
  static bool HasState(const T& object) {
    return object.impl_ != nullptr;
  }
};

}  // namespace discordpp
