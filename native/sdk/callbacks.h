// Callback types every feature interface of the port shares. Each interface derives from
// CallbackTypes, so a class implementing several of them sees one ResultCallback, not an ambiguity.
#pragma once

#include <functional>
#include <string>

#include "sdk/types.h"

namespace sdk {

// The callback of an asynchronous port method whose success carries a value (the seam's generated
// lists name it so: port_methods.h); a failure passes a default-constructed value.
template <typename T>
using ValueCallback = std::function<void(const Result&, T)>;

struct CallbackTypes {
  using ResultCallback = std::function<void(const Result&)>;
  using LogCallback = std::function<void(const std::string& message, LogSeverity)>;
};

}  // namespace sdk

// Each feature interface lists its methods once, as an X-macro (SDK_<FEATURE>_API_METHODS), one
// entry per method: X(return type, name, (parameters), qualifiers), with types written as from
// outside namespace sdk. The interface expands the list with SDK_PURE_VIRTUAL; a backend that
// implements the feature declares every override with SDK_OVERRIDE and defines them in its
// feature file, so a new method is declared in one place for the port and both backends.
#define SDK_PURE_VIRTUAL(ret, name, params, qualifiers) virtual ret name params qualifiers = 0;
#define SDK_OVERRIDE(ret, name, params, qualifiers) ret name params qualifiers override;
