#include "sim/service/device_authorizations.h"

#include <iterator>
#include <random>
#include <utility>

#include "sim/service/pkce.h"

namespace sim {

namespace {
// RFC 8628 §6.1: "BCDFGHJKLMNPQRSTVWXZ" (no vowels, no look-alikes), 8 characters shown as
// XXXX-XXXX. The Discord docs show only "<user code>": the form is our choice.
constexpr char kUserCodeAlphabet[] = "BCDFGHJKLMNPQRSTVWXZ";

std::string NewUserCode() {
  std::random_device device;
  std::string code;
  for (int i = 0; i < 8; ++i) {
    if (i == 4) code += '-';
    code += kUserCodeAlphabet[device() % 20];
  }
  return code;
}

// What the user types: case and dashes do not count (RFC 8628 §6.1).
std::string NormalizeUserCode(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '-') continue;
    out += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  }
  return out;
}
}  // namespace

std::string DeviceAuthorization::VerificationUri() const { return DeviceAuthorizations::kVerificationUri; }

std::string DeviceAuthorization::VerificationUriComplete() const {
  return std::string(DeviceAuthorizations::kVerificationUri) + "?user_code=" + userCode;
}

const DeviceAuthorization& DeviceAuthorizations::Issue(sdk::Snowflake app, std::string scopes, uint64_t nowMs) {
  DropExpired(nowMs);
  DeviceAuthorization request;
  request.deviceCode = "simd." + RandomBase64Url(32);
  do {
    request.userCode = NewUserCode();
  } while (FindPending(request.userCode, nowMs) != nullptr);
  request.applicationId = app;
  request.scopes = std::move(scopes);
  request.expiresAtMs = nowMs + kExpiresInMs;
  request.intervalMs = kIntervalMs;
  request.lastPollMs = nowMs;
  return requests_.emplace(++next_, std::move(request)).first->second;
}

DeviceAuthorizations::Poll DeviceAuthorizations::Take(const std::string& deviceCode, sdk::Snowflake app,
                                                      uint64_t nowMs, DeviceAuthorization* out) {
  auto it = requests_.begin();
  while (it != requests_.end() && it->second.deviceCode != deviceCode) ++it;
  if (it == requests_.end() || it->second.applicationId != app) return Poll::Unknown;
  DeviceAuthorization& request = it->second;
  if (nowMs >= request.expiresAtMs) {
    requests_.erase(it);
    return Poll::Expired;
  }
  ++request.polls;
  const uint64_t last = request.lastPollMs;
  request.lastPollMs = nowMs;
  if (request.state == DeviceAuthorization::State::Denied) {
    requests_.erase(it);
    return Poll::Denied;
  }
  if (request.state == DeviceAuthorization::State::Approved) {
    *out = request;
    requests_.erase(it);
    return Poll::Approved;
  }
  // RFC 8628 §3.5: a client polling faster than the interval is told to slow down, and the
  // interval grows by 5 seconds for this and later polls.
  if (nowMs - last < request.intervalMs) {
    request.intervalMs += kSlowDownMs;
    return Poll::SlowDown;
  }
  return Poll::Pending;
}

bool DeviceAuthorizations::Answer(const std::string& userCode, sdk::Snowflake user, bool approve, uint64_t nowMs) {
  DeviceAuthorization* request = FindPending(userCode, nowMs);
  if (request == nullptr) return false;
  request->state = approve ? DeviceAuthorization::State::Approved : DeviceAuthorization::State::Denied;
  request->userId = approve ? user : 0;
  return true;
}

void DeviceAuthorizations::Cancel(const std::string& deviceCode) {
  for (auto it = requests_.begin(); it != requests_.end(); ++it) {
    if (it->second.deviceCode == deviceCode) {
      requests_.erase(it);
      return;
    }
  }
}

std::vector<DeviceAuthorization> DeviceAuthorizations::Pending(uint64_t nowMs) const {
  std::vector<DeviceAuthorization> out;
  for (const auto& entry : requests_) {
    const DeviceAuthorization& request = entry.second;
    if (request.state == DeviceAuthorization::State::Pending && nowMs < request.expiresAtMs) out.push_back(request);
  }
  return out;
}

DeviceAuthorization* DeviceAuthorizations::FindPending(const std::string& userCode, uint64_t nowMs) {
  const std::string wanted = NormalizeUserCode(userCode);
  for (auto& entry : requests_) {
    DeviceAuthorization& request = entry.second;
    if (request.state == DeviceAuthorization::State::Pending && nowMs < request.expiresAtMs &&
        NormalizeUserCode(request.userCode) == wanted) {
      return &request;
    }
  }
  return nullptr;
}

void DeviceAuthorizations::DropExpired(uint64_t nowMs) {
  // An expired request no poll took (its client closed) would stay for ever otherwise.
  for (auto it = requests_.begin(); it != requests_.end();) {
    it = nowMs >= it->second.expiresAtMs ? requests_.erase(it) : std::next(it);
  }
}

void DeviceScreens::Open(DeviceScreen screen) {
  Close(screen.owner);
  screen.id = ++next_;
  screens_.emplace(screen.id, std::move(screen));
}

std::optional<DeviceScreen> DeviceScreens::Close(Session* owner) {
  for (auto it = screens_.begin(); it != screens_.end(); ++it) {
    if (it->second.owner != owner) continue;
    DeviceScreen screen = std::move(it->second);
    screens_.erase(it);
    return screen;
  }
  return std::nullopt;
}

std::optional<DeviceScreen> DeviceScreens::Dismiss(const std::string& userCode) {
  for (auto it = screens_.begin(); it != screens_.end(); ++it) {
    if (it->second.userCode != userCode) continue;
    DeviceScreen screen = std::move(it->second);
    screens_.erase(it);
    return screen;
  }
  return std::nullopt;
}

std::vector<DeviceScreen> DeviceScreens::Shown() const {
  std::vector<DeviceScreen> out;
  for (const auto& entry : screens_) {
    DeviceScreen shown = entry.second;
    shown.owner = nullptr;
    shown.closed = nullptr;
    out.push_back(std::move(shown));
  }
  return out;
}

}  // namespace sim
