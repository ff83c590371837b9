// The port's presence and users (discordpp UpdateRichPresence, ClearRichPresence, SetOnlineStatus,
// GetUser, SetUserUpdatedCallback).
#pragma once

#include <functional>
#include <optional>

#include "generated/port_methods.h"
#include "sdk/callbacks.h"
#include "sdk/presence.h"
#include "sdk/types.h"

// UpdateRichPresence, SetOnlineStatus: need a Ready client, otherwise ClientNotReady.
// ClearRichPresence reports nothing (vendor: void).
// SetOnlineStatus: the status others see (Invisible shows as Offline to them). Only Online, Idle,
// Dnd and Invisible can be set: anything else is a ValidationError.
// GetUser: a user this client knows (itself, and the members of its lobbies), from its cache;
// nullopt otherwise or when not ready.
// SetUserUpdatedCallback: a known user's data (e.g. its activity or status) changed.
#define SDK_PRESENCE_API_METHODS(X) \
  SDK_PRESENCE_SEAM_METHODS(X) \
  X(void, SetUserUpdatedCallback, (UserUpdatedCallback cb), )

namespace sdk {

class PresenceApi : public CallbackTypes {
 public:
  using UserUpdatedCallback = std::function<void(Snowflake userId)>;

  SDK_PRESENCE_API_METHODS(SDK_PURE_VIRTUAL)

 protected:
  ~PresenceApi() = default;
};

}  // namespace sdk
