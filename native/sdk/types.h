// The port's plain value types. Both backends (the built-in simulator and the vendor adapter) speak
// these; the N-API layer converts only these. No JS and no vendor types may appear here.
#pragma once

#include "generated/sdk_enums.h"  // the vendor enums, generated from seam/seam.json

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sdk/boxed.h"
#include "sdk/presence.h"

namespace sdk {

// A snowflake ID. Always carried as uint64 in C++; decimal strings in JS (see convert.h).
using Snowflake = uint64_t;

// The outcome of an asynchronous operation (discordpp::ClientResult, as plain data).
struct Result {
  ErrorType type = ErrorType::None;
  int32_t code = 0;        // the service's numeric error code (HTTPError) or gateway close code
  int32_t status = 0;      // HTTP status (HTTPError only)
  bool retryable = false;
  float retryAfter = 0;    // seconds, when rate limited
  std::string message;     // never contains a token

  bool ok() const { return type == ErrorType::None; }

  static Result Success() { return Result{}; }
  static Result Failure(ErrorType type, std::string message, int32_t code = 0) {
    Result r;
    r.type = type;
    r.message = std::move(message);
    r.code = code;
    return r;
  }
};

// How the viewing user relates to a user (UserHandle::Relationship, without its user: that is the
// user it is read from). Both types None when there is no relationship.
struct UserRelationship {
  RelationshipType discordType = RelationshipType::None;
  RelationshipType gameType = RelationshipType::None;
  bool isSpamRequest = false;
};

struct User {
  Snowflake id = 0;
  std::string username;
  std::optional<std::string> globalName;
  // UserHandle::Avatar(): the hash of the profile avatar, if one is set.
  std::optional<std::string> avatar;
  bool isProvisional = false;
  // UserHandle::Status(): Offline while the user has no connected client (or is Invisible, as
  // others see it).
  StatusType status = StatusType::Offline;
  // UserHandle::GameActivity(): the rich presence others see (set by UpdateRichPresence). Boxed:
  // most users have none, and it is most of a user's size.
  Boxed<Activity> gameActivity;
  // UserHandle::UserApplicationProfiles(): at most one per application.
  std::vector<UserApplicationProfile> applicationProfiles;
  // UserHandle::Relationship(): the viewer's relationship with this user.
  UserRelationship relationship;

  // The vendor's DisplayName(): the global name when set, else the username.
  const std::string& displayName() const { return globalName ? *globalName : username; }
};

struct Version {
  int32_t major = 0;
  int32_t minor = 0;
  int32_t build = 0;
  std::string hash;
};

}  // namespace sdk
