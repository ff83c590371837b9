// Module-init entry points of the compiled-in backends. addon.cc calls them without knowing their
// internals; each one registers its classes and installs Addon::resolveBackend.
#pragma once

#include <napi.h>

class Addon;

namespace sim {
void InitModule(Napi::Env env, Napi::Object exports, Addon& addon);
}

// Built only when the build is given SOCIAL_SDK_DIR (it defines SOCIAL_SDK_WITH_VENDOR=1).
#if SOCIAL_SDK_WITH_VENDOR
namespace vendor {
// Must run after sim::InitModule: it chains Addon::resolveBackend.
void InitModule(Napi::Env env, Napi::Object exports, Addon& addon);
}
#endif
