// Module-init entry points of the compiled-in backends. addon.cc calls them without knowing their
// internals.
#pragma once

#include <napi.h>

class Addon;

namespace sim {
// Registers NativeWorld and installs Addon::resolveBackend (napi/world_wrap.cc).
void InitModule(Napi::Env env, Napi::Object exports, Addon& addon);
}

// The vendor backend (built only when the build is given SOCIAL_SDK_DIR, which defines
// SOCIAL_SDK_WITH_VENDOR=1) includes nothing of napi/: it describes itself as an
// sdk::BackendModule (vendor::Module()), which addon.cc registers after sim::InitModule, chaining
// Addon::resolveBackend.
#include "sdk/backend_module.h"
