// The vendor backend as the addon registers it (sdk/backend_module.h): the "vendor" backend
// source for NativeClient, and the library's version and compiled features for the support check
// that runs before a client is made. No N-API here: napi/addon.cc makes the exports.

#include "sdk/backend_module.h"

#include <memory>

#include "vendor/vendor_backend.h"

namespace vendor {

namespace {
std::shared_ptr<sdk::Backend> Create(sdk::CallbackQueue& queue) { return std::make_shared<VendorBackend>(queue); }
}  // namespace

const sdk::BackendModule& Module() {
  static const sdk::BackendModule module{"vendor", &VendorBackend::LibraryVersion, &VendorBackend::Compiled, &Create};
  return module;
}

}  // namespace vendor
