// A backend makes clients. The simulator provides one per simulated world; the vendor adapter
// provides one over the real library. The N-API layer only ever sees this interface.
#pragma once

#include <memory>

#include "sdk/client.h"
#include "sdk/types.h"

namespace sdk {

// Features that only some SDK releases have. The simulator has them all; the vendor backend has
// those the header it was built against declares.
enum class Feature : int32_t {
  MessageAdditionalName = 0,  // MessageHandle::AdditionalName (1.10)
  VoiceSettings = 1,          // Client::GetVoiceSettings (1.10)
};

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
