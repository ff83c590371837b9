// How the simulated service reports a refused request: an HTTPError with the HTTP status and the
// service's JSON error code, as discordpp::ClientResult carries them. Shared by the pure rule
// classes (lobbies, guilds, direct messages).
#pragma once

#include <cstdint>
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

inline sdk::Result HttpFailure(int32_t status, int32_t code, std::string message) {
  sdk::Result result = sdk::Result::Failure(sdk::ErrorType::HTTPError, std::move(message), code);
  result.status = status;
  return result;
}

// An id as it appears in an error message.
inline std::string IdText(sdk::Snowflake id) { return std::to_string(id); }

}  // namespace sim
