// The world's device sign-in (DeviceAuthorizations, DeviceScreens): the device authorization
// grant of limited-input devices (POST /oauth2/device/authorize, then the token endpoint's
// device_code grant), the user's answer at the verification page, and the SDK's screens that
// show the user code. See device_authorizations.h for the sources.
#include <stdexcept>
#include <string>
#include <utility>

#include "sim/service/http_failure.h"
#include "sim/service/world.h"

namespace sim {

namespace {
// An OAuth2 error of the token endpoint: HTTP 400, the message starting with the error code
// (RFC 6749 §5.2, RFC 8628 §3.5), as invalid_grant is reported (world_auth.cc).
sdk::Result OAuthError(const char* error, const std::string& description) {
  return HttpFailure(400, 0, std::string(error) + ": " + description);
}
}  // namespace

sdk::Result World::RequestDeviceAuthorization(sdk::Snowflake app, const std::string& scopes, DeviceAuthorization* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) return HttpFailure(400, kInvalidFormBody, "unknown application " + std::to_string(app));
  if (sdk::Result refused = RefuseChildApplicationLocked(app); !refused.ok()) return refused;
  *out = deviceAuthorizations_.Issue(app, scopes, nowMs_);
  return sdk::Result::Success();
}

sdk::Result World::PollDeviceAuthorization(sdk::Snowflake app, const std::string& deviceCode,
                                           const std::optional<ExternalAuth>& merge, sdk::TokenExchange* out,
                                           uint64_t* retryInMs) {
  std::lock_guard<std::mutex> lock(mutex_);
  *retryInMs = 0;
  // A merge checks the identity before the device code is spent, as GetTokenFromProvisionalMerge
  // checks it before the authorization code is.
  ExternalToken identity;
  std::optional<sdk::Snowflake> source;
  if (merge) {
    if (sdk::Result refused = MergeSourceLocked(app, merge->type, merge->token, &identity, &source); !refused.ok()) {
      deviceAuthorizations_.Cancel(deviceCode);
      return refused;
    }
  }
  DeviceAuthorization approved;
  switch (const DeviceAuthorizations::Poll poll = deviceAuthorizations_.Take(deviceCode, app, nowMs_, &approved)) {
    case DeviceAuthorizations::Poll::Pending:
    case DeviceAuthorizations::Poll::SlowDown: {
      const std::vector<DeviceAuthorization> pending = deviceAuthorizations_.Pending(nowMs_);
      *retryInMs = DeviceAuthorizations::kIntervalMs;
      for (const DeviceAuthorization& request : pending) {
        if (request.deviceCode == deviceCode) *retryInMs = request.intervalMs;
      }
      // RFC 8628 §3.5: a poll sooner than the interval is told to slow down (the interval grew).
      if (poll == DeviceAuthorizations::Poll::SlowDown) {
        return OAuthError("slow_down", "polled sooner than the interval: wait " + std::to_string(*retryInMs / 1000) + " seconds between polls");
      }
      return OAuthError("authorization_pending", "the user has not answered the device authorization request yet");
    }
    case DeviceAuthorizations::Poll::Denied:
      return OAuthError("access_denied", "the user denied the device authorization request");
    case DeviceAuthorizations::Poll::Expired:
      return OAuthError("expired_token", "the device code expired before the user answered: start a new request");
    case DeviceAuthorizations::Poll::Unknown:
      return OAuthError("invalid_grant", "the device code is unknown, was already used, or was issued to another application");
    case DeviceAuthorizations::Poll::Approved:
      break;
  }
  if (users_.count(approved.userId) == 0) return OAuthError("invalid_grant", "the user no longer exists");
  if (merge) {
    *out = MergeIntoLocked(identity, source, approved.userId, approved.scopes);
  } else {
    *out = IssueTokenSetLocked(app, approved.userId, approved.scopes);
    NoteAuthorizationLocked(true, app, approved.userId, approved.scopes);
  }
  return sdk::Result::Success();
}

void World::CancelDeviceAuthorization(const std::string& deviceCode) {
  std::lock_guard<std::mutex> lock(mutex_);
  deviceAuthorizations_.Cancel(deviceCode);
}

std::vector<DeviceAuthorization> World::PendingDeviceAuthorizations() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return deviceAuthorizations_.Pending(nowMs_);
}

void World::AnswerDeviceAuthorization(const std::string& userCode, sdk::Snowflake user, bool approve) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = users_.find(user);
  if (it == users_.end()) throw std::invalid_argument("unknown user " + std::to_string(user));
  // Our choice: a provisional account has no Discord sign-in to approve with (it signs in
  // through its identity provider, not at the verification page).
  if (it->second.isProvisional) {
    throw std::invalid_argument("user " + std::to_string(user) + " is a provisional account: it cannot sign in at the verification page");
  }
  if (!deviceAuthorizations_.Answer(userCode, user, approve, nowMs_)) {
    // The code is not echoed: a caller may pass anything there (a secret by mistake).
    throw std::invalid_argument("no pending device authorization request shows this user code");
  }
}

void World::OpenDeviceScreen(Session* session, sdk::Snowflake app, std::string userCode, uint32_t windowPid,
                             std::function<void()> closed) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!IsAttachedLocked(session)) return;
  DeviceScreen screen;
  screen.owner = session;
  screen.applicationId = app;
  screen.userCode = std::move(userCode);
  screen.windowPid = windowPid;
  // Runs under mutex_: the session is attached, since Detach forgets its screen.
  screen.closed = [session, closed = std::move(closed)] {
    if (closed) session->Enqueue(closed);
  };
  deviceScreens_.Open(std::move(screen));
}

void World::CloseDeviceScreen(Session* session) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<DeviceScreen> screen = deviceScreens_.Close(session);
  if (screen && screen->closed) screen->closed();
}

void World::DismissDeviceScreen(const std::string& userCode) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<DeviceScreen> screen = deviceScreens_.Dismiss(userCode);
  if (!screen) throw std::invalid_argument("no device authorization screen shows this user code");
  if (screen->closed) screen->closed();
}

std::vector<DeviceScreen> World::DeviceScreensShown() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return deviceScreens_.Shown();
}

}  // namespace sim
