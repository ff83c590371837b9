// A backend compiled into the addon besides the simulator, as the N-API layer registers it
// (napi/addon.cc, RegisterBackendModule): the backend gives plain functions and knows nothing of
// N-API; the N-API layer turns them into exports and into a backend source of NativeClient.
#pragma once

#include <memory>

#include "sdk/backend.h"
#include "sdk/callback_queue.h"

namespace sdk {

struct BackendModule {
  // The backend source a client names (`new NativeClient("vendor", ...)`), and the prefix of the
  // module's exports (`<name>Version`, `<name>Features`).
  const char* name;
  // The version of the library this process loaded, read before a client is made (the support
  // check).
  Version (*libraryVersion)();
  // What the header this addon was built against declares (the same for every client).
  bool (*compiled)(Feature feature);
  // The environment's backend, made on its first use and kept as long as the environment;
  // `queue` is the environment's pump's.
  std::shared_ptr<Backend> (*create)(CallbackQueue& queue);
};

}  // namespace sdk

// Built only when the build is given SOCIAL_SDK_DIR (it defines SOCIAL_SDK_WITH_VENDOR=1):
// vendor/module.cc.
namespace vendor {
const sdk::BackendModule& Module();
}  // namespace vendor
