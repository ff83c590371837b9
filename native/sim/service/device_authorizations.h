// The service's device authorization grant (OAuth2 for limited-input devices: consoles, TVs) and
// the SDK's device authorization screens. Pure state; the world locks around it.
//
// Sources: discord-api-docs, discord-social-sdk/development-guides/account-linking-on-consoles.mdx
// (POST /oauth2/device/authorize answers device_code, user_code, verification_uri,
// verification_uri_complete, expires_in 300, interval 5; the game polls POST /oauth2/token with
// grant_type urn:ietf:params:oauth:grant-type:device_code every `interval` until the user
// approves at discord.com/activate or the code expires). The docs name no error codes of the
// polls: ours are RFC 8628 §3.5's (authorization_pending, slow_down, access_denied,
// expired_token), and so is the user code's form (§6.1: 8 characters of a base-20 alphabet).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sdk/types.h"

namespace sim {

class Session;

// One device authorization request. The device code is a secret: never shown to the harness.
struct DeviceAuthorization {
  std::string deviceCode;
  std::string userCode;  // "BCDF-GHJK"
  sdk::Snowflake applicationId = 0;
  std::string scopes;
  uint64_t expiresAtMs = 0;
  uint64_t intervalMs = 0;
  uint64_t lastPollMs = 0;  // the last poll, or the request at first (the interval counts from it)
  uint32_t polls = 0;
  enum class State { Pending, Approved, Denied } state = State::Pending;
  sdk::Snowflake userId = 0;  // who approved
  // For the harness: the verification page (`verification_uri`) and the one that carries the code.
  std::string VerificationUri() const;
  std::string VerificationUriComplete() const;
};

class DeviceAuthorizations {
 public:
  // The docs' example answer: "expires_in": 300, "interval": 5.
  static constexpr uint64_t kExpiresInMs = 300 * 1000;
  static constexpr uint64_t kIntervalMs = 5 * 1000;
  // RFC 8628 §3.5: slow_down adds 5 seconds to the interval.
  static constexpr uint64_t kSlowDownMs = 5 * 1000;
  static constexpr const char* kVerificationUri = "https://discord.com/activate";

  // A new request for (app, scopes), its codes fresh and random.
  const DeviceAuthorization& Issue(sdk::Snowflake app, std::string scopes, uint64_t nowMs);

  // A poll of the token endpoint with `deviceCode`.
  enum class Poll { Pending, SlowDown, Approved, Denied, Expired, Unknown };
  // Pending and SlowDown leave the request as it was (SlowDown lengthens its interval); the
  // other outcomes spend it. Approved fills `out`. Unknown: no such code, or another application's.
  Poll Take(const std::string& deviceCode, sdk::Snowflake app, uint64_t nowMs, DeviceAuthorization* out);
  // The user answers the request showing `userCode` (case and the dash ignored). False when no
  // pending, unexpired request shows it.
  bool Answer(const std::string& userCode, sdk::Snowflake user, bool approve, uint64_t nowMs);
  // Forgets a request (the SDK aborted its flow).
  void Cancel(const std::string& deviceCode);
  // The requests still waiting for the user, oldest first.
  std::vector<DeviceAuthorization> Pending(uint64_t nowMs) const;

 private:
  DeviceAuthorization* FindPending(const std::string& userCode, uint64_t nowMs);
  void DropExpired(uint64_t nowMs);

  uint64_t next_ = 0;
  // By issue order (the key), so the listing is oldest first.
  std::map<uint64_t, DeviceAuthorization> requests_;
};

// A client's device authorization screen (Client::OpenAuthorizeDeviceScreen, and the one
// GetTokenFromDevice shows): the user code over the game's window. One per client.
struct DeviceScreen {
  Session* owner = nullptr;
  uint64_t id = 0;
  sdk::Snowflake applicationId = 0;
  std::string userCode;
  uint32_t windowPid = 0;
  // Enqueued on the owner when the screen closes (SetAuthorizeDeviceScreenClosedCallback).
  std::function<void()> closed;
};

class DeviceScreens {
 public:
  // Shows `screen` for its owner, replacing the one it showed (no closed notice: a screen stays).
  void Open(DeviceScreen screen);
  // Closes the owner's screen; returns it (nullopt when none was open).
  std::optional<DeviceScreen> Close(Session* owner);
  // Closes the oldest screen showing `userCode` (the player dismissed it); nullopt when none.
  std::optional<DeviceScreen> Dismiss(const std::string& userCode);
  // The open screens, oldest first.
  std::vector<DeviceScreen> Shown() const;
  // A detached session's screen goes with it, unannounced.
  void ForgetOwner(Session* owner) { Close(owner); }

 private:
  uint64_t next_ = 0;
  std::map<uint64_t, DeviceScreen> screens_;
};

}  // namespace sim
