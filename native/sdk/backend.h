// A backend makes clients. The simulator provides one per simulated world; the vendor adapter
// provides one over the real library. The N-API layer only ever sees this interface.
#pragma once

#include "generated/sdk_enums.h"  // the vendor enums, generated from seam/seam.json

#include <memory>

#include "sdk/client.h"
#include "sdk/types.h"

namespace sdk {

class Backend {
 public:
  virtual ~Backend() = default;
  // "sim" or "vendor".
  virtual const char* Name() const = 0;
  // The SDK version this backend implements (the simulator reports a configurable one).
  virtual Version SdkVersion() const = 0;
  virtual bool Supports(Feature feature) const = 0;
  virtual std::unique_ptr<Client> CreateClient(const ClientOptions& options) = 0;
};

}  // namespace sdk
