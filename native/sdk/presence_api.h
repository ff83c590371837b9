// The port's presence and users (discordpp UpdateRichPresence, ClearRichPresence, GetUser,
// SetUserUpdatedCallback).
#pragma once

#include <functional>
#include <optional>

#include "sdk/callbacks.h"
#include "sdk/presence.h"
#include "sdk/types.h"

namespace sdk {

class PresenceApi : public CallbackTypes {
 public:
  using UserUpdatedCallback = std::function<void(Snowflake userId)>;

  // Needs a Ready client: otherwise the result is ClientNotReady. ClearRichPresence reports
  // nothing (vendor: void).
  virtual void UpdateRichPresence(Activity activity, ResultCallback done) = 0;
  virtual void ClearRichPresence() = 0;
  // discordpp SetOnlineStatus: the status others see (Invisible shows as Offline to them). Only
  // Online, Idle, Dnd and Invisible can be set: anything else is a ValidationError.
  virtual void SetOnlineStatus(StatusType status, ResultCallback done) = 0;
  // A user this client knows (itself, and the members of its lobbies), from its cache; nullopt
  // otherwise or when not ready.
  virtual std::optional<User> GetUser(Snowflake userId) const = 0;
  // A known user's data (e.g. its activity) changed.
  virtual void SetUserUpdatedCallback(UserUpdatedCallback cb) = 0;

 protected:
  ~PresenceApi() = default;
};

}  // namespace sdk
