// Module-init entry points of the compiled-in backends. addon.cc calls them without knowing their
// internals; each one registers its classes and installs Addon::resolveBackend.
#pragma once

#include <napi.h>

class Addon;

namespace sim {
void InitModule(Napi::Env env, Napi::Object exports, Addon& addon);
}
