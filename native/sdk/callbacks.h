// Callback types every feature interface of the port shares. Each interface derives from
// CallbackTypes, so a class implementing several of them sees one ResultCallback, not an ambiguity.
#pragma once

#include <functional>
#include <string>

#include "sdk/types.h"

namespace sdk {

struct CallbackTypes {
  using ResultCallback = std::function<void(const Result&)>;
  using LogCallback = std::function<void(const std::string& message, LogSeverity)>;
};

}  // namespace sdk
