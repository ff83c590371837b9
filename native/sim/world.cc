#include "sim/world.h"

#include <chrono>
#include <stdexcept>

namespace sim {

const char* AuthFailureText(AuthFailure failure) {
  switch (failure) {
    case AuthFailure::None: return "ok";
    case AuthFailure::UnknownToken: return "the access token is not known to the service";
    case AuthFailure::Revoked: return "the access token was revoked";
    case AuthFailure::Expired: return "the access token has expired";
    case AuthFailure::WrongApplication: return "the access token was issued for another application";
    case AuthFailure::UnknownUser: return "the token's user no longer exists";
  }
  return "authentication failed";
}

namespace {
uint64_t WallClockMs() {
  using namespace std::chrono;
  return static_cast<uint64_t>(
      duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
}
}  // namespace

World::World(sdk::Version version)
    : version_(std::move(version)), nowMs_(WallClockMs()), random_(std::random_device{}()) {}

uint64_t World::Now() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return nowMs_;
}

void World::Advance(uint64_t ms) {
  std::lock_guard<std::mutex> lock(mutex_);
  nowMs_ += ms;
}

Application World::CreateApplication(std::string name) {
  Application app{minter_.Mint(Now()), std::move(name)};
  std::lock_guard<std::mutex> lock(mutex_);
  applications_.emplace(app.id, app);
  return app;
}

sdk::User World::CreateUser(const UserSpec& spec) {
  sdk::User user;
  user.id = spec.id ? *spec.id : minter_.Mint(Now());
  user.username = spec.username;
  user.globalName = spec.globalName;
  user.isProvisional = spec.provisional;
  if (user.id == 0) throw std::invalid_argument("user id 0 is reserved (it means \"no user\")");
  std::lock_guard<std::mutex> lock(mutex_);
  if (!users_.emplace(user.id, user).second) {
    throw std::invalid_argument("a user with id " + std::to_string(user.id) + " already exists");
  }
  return user;
}

std::optional<sdk::User> World::FindUser(sdk::Snowflake id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = users_.find(id);
  if (it == users_.end()) return std::nullopt;
  return it->second;
}

std::string World::NewTokenValue() {
  static const char kHex[] = "0123456789abcdef";
  std::string value = "sim.";
  for (int i = 0; i < 2; ++i) {
    uint64_t bits = random_();
    for (int n = 0; n < 16; ++n, bits >>= 4) value.push_back(kHex[bits & 0xF]);
  }
  return value;
}

TokenGrant World::IssueToken(sdk::Snowflake userId, sdk::Snowflake applicationId, uint64_t ttlMs) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(userId) == 0) {
    throw std::invalid_argument("no user with id " + std::to_string(userId));
  }
  if (applications_.count(applicationId) == 0) {
    throw std::invalid_argument("no application with id " + std::to_string(applicationId));
  }
  TokenRecord record;
  record.grant.accessToken = NewTokenValue();
  record.grant.userId = userId;
  record.grant.applicationId = applicationId;
  record.grant.expiresAtMs = nowMs_ + ttlMs;
  tokens_.emplace(record.grant.accessToken, record);
  return record.grant;
}

bool World::RevokeToken(const std::string& token) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = tokens_.find(token);
  if (it == tokens_.end() || it->second.revoked) return false;
  it->second.revoked = true;
  for (Session* session : sessions_) session->OnTokenRevoked(token);
  return true;
}

AuthFailure World::Authenticate(const std::string& token, sdk::Snowflake applicationId,
                                sdk::User* userOut) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = tokens_.find(token);
  if (it == tokens_.end()) return AuthFailure::UnknownToken;
  const TokenRecord& record = it->second;
  if (record.revoked) return AuthFailure::Revoked;
  if (nowMs_ >= record.grant.expiresAtMs) return AuthFailure::Expired;
  if (applicationId != 0 && applicationId != record.grant.applicationId) {
    return AuthFailure::WrongApplication;
  }
  auto user = users_.find(record.grant.userId);
  if (user == users_.end()) return AuthFailure::UnknownUser;
  if (userOut) *userOut = user->second;
  return AuthFailure::None;
}

size_t World::DropConnections(sdk::Snowflake userId) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t affected = 0;
  for (Session* session : sessions_) {
    if (session->SessionUserId() != userId) continue;
    session->OnConnectionDropped();
    ++affected;
  }
  return affected;
}

size_t World::EmitLogs(sdk::Snowflake userId, uint32_t count, sdk::LogSeverity severity,
                       const std::string& message) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t affected = 0;
  for (Session* session : sessions_) {
    if (session->SessionUserId() != userId) continue;
    session->OnLoadLogs(count, severity, message);
    ++affected;
  }
  return affected;
}

void World::Attach(Session* session) {
  std::lock_guard<std::mutex> lock(mutex_);
  sessions_.insert(session);
}

void World::Detach(Session* session) {
  std::lock_guard<std::mutex> lock(mutex_);
  sessions_.erase(session);
}

}  // namespace sim
