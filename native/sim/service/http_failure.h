// How the simulated service reports a refused request: an HTTPError with the HTTP status and the
// service's JSON error code, as discordpp::ClientResult carries them. Shared by the pure rule
// classes (lobbies, guilds, direct messages).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "sdk/types.h"

namespace sim {

// The service's JSON error code for "Missing Access".
constexpr int32_t kMissingAccess = 50001;
// "Missing Permissions": the user lacks a permission (or a lobby member flag) the action needs.
constexpr int32_t kMissingPermissions = 50013;
// "Unknown Channel".
constexpr int32_t kUnknownChannel = 10003;
// "Unknown Guild", "Unknown Message", "Unknown User", "Unknown Lobby", "Unknown Invite".
constexpr int32_t kUnknownGuild = 10004;
constexpr int32_t kUnknownInvite = 10006;
constexpr int32_t kUnknownMessage = 10008;
constexpr int32_t kUnknownUser = 10013;
constexpr int32_t kUnknownLobby = 10031;
// "Unknown Application".
constexpr int32_t kUnknownApplication = 10002;
// "Invalid Form Body": a request the service refuses for its content.
constexpr int32_t kInvalidFormBody = 50035;
// "The user is banned from this guild."
constexpr int32_t kBannedFromGuild = 40007;
// "Cannot execute action on this channel type".
constexpr int32_t kWrongChannelType = 50024;

inline sdk::Result HttpFailure(int32_t status, int32_t code, std::string message) {
  sdk::Result result = sdk::Result::Failure(sdk::ErrorType::HTTPError, std::move(message), code);
  result.status = status;
  return result;
}

// A refused game-backend (server API) request, thrown by the rule classes' server operations.
// It is an invalid_argument, so the harness reports it as before (a RangeError); the simulated
// HTTP service reads the status and the service code from it.
class ServiceError : public std::invalid_argument {
 public:
  ServiceError(int32_t status, int32_t code, const std::string& message)
      : std::invalid_argument(message), status_(status), code_(code) {}
  int32_t status() const { return status_; }
  int32_t code() const { return code_; }

 private:
  int32_t status_;
  int32_t code_;
};

// The usual kinds of refusal.
inline ServiceError InvalidForm(const std::string& message) { return ServiceError(400, kInvalidFormBody, message); }
inline ServiceError NotFound(int32_t code, const std::string& message) { return ServiceError(404, code, message); }

// An id as it appears in an error message.
inline std::string IdText(sdk::Snowflake id) { return std::to_string(id); }

}  // namespace sim
