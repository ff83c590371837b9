// The simulated service: applications, users, access tokens and a virtual clock, shared by every
// simulated client attached to it. Thread-safe: clients call in from their service threads, the
// harness from the JS thread.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "sdk/types.h"
#include "sim/snowflake.h"

namespace sim {

// What the world needs from a connected simulated client. Calls arrive on the caller's thread
// (JS thread for harness operations) and must only post work to the client's service thread.
class Session {
 public:
  virtual ~Session() = default;
  virtual sdk::Snowflake SessionUserId() const = 0;
  virtual void OnTokenRevoked(const std::string& token) = 0;
  virtual void OnConnectionDropped() = 0;
  virtual void OnLoadLogs(uint32_t count, sdk::LogSeverity severity, std::string message) = 0;
};

// Why an access token was refused.
enum class AuthFailure { None, UnknownToken, Revoked, Expired, WrongApplication, UnknownUser };
const char* AuthFailureText(AuthFailure failure);

struct Application {
  sdk::Snowflake id = 0;
  std::string name;
};

struct TokenGrant {
  std::string accessToken;
  sdk::Snowflake userId = 0;
  sdk::Snowflake applicationId = 0;
  uint64_t expiresAtMs = 0;  // world clock
};

class World {
 public:
  struct UserSpec {
    std::optional<sdk::Snowflake> id;  // minted when absent
    std::string username;
    std::optional<std::string> globalName;
    bool provisional = false;
  };

  explicit World(sdk::Version version);

  const sdk::Version& version() const { return version_; }

  // Virtual clock, in milliseconds since the Unix epoch. Starts at the host's wall clock and only
  // moves when advanced, so time-based behaviour (token expiry) is deterministic in tests.
  uint64_t Now() const;
  void Advance(uint64_t ms);

  Application CreateApplication(std::string name);
  // Throws std::invalid_argument for a duplicate or zero id.
  sdk::User CreateUser(const UserSpec& spec);
  std::optional<sdk::User> FindUser(sdk::Snowflake id) const;
  // Throws std::invalid_argument for an unknown user or application.
  TokenGrant IssueToken(sdk::Snowflake userId, sdk::Snowflake applicationId, uint64_t ttlMs);
  // Returns false when the token is unknown or already revoked. Sessions using it are closed.
  bool RevokeToken(const std::string& token);

  // Checks a token as the gateway does at identify time. `applicationId` 0 accepts any.
  AuthFailure Authenticate(const std::string& token, sdk::Snowflake applicationId,
                           sdk::User* userOut) const;

  // Harness faults and load: affect every attached session of the user; return how many.
  size_t DropConnections(sdk::Snowflake userId);
  size_t EmitLogs(sdk::Snowflake userId, uint32_t count, sdk::LogSeverity severity,
                  const std::string& message);

  void Attach(Session* session);
  void Detach(Session* session);

 private:
  struct TokenRecord {
    TokenGrant grant;
    bool revoked = false;
  };

  std::string NewTokenValue();

  const sdk::Version version_;
  SnowflakeMinter minter_;
  mutable std::mutex mutex_;
  uint64_t nowMs_;
  std::mt19937_64 random_;
  std::map<sdk::Snowflake, Application> applications_;
  std::map<sdk::Snowflake, sdk::User> users_;
  std::unordered_map<std::string, TokenRecord> tokens_;
  std::set<Session*> sessions_;
};

}  // namespace sim
