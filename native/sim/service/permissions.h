// Guild permissions as the service computes them (public docs, topics/permissions.mdx, "Permission
// Hierarchy" and its pseudocode): the bits the simulator checks, roles and overwrites, and the
// computation. Pure functions: no state, no locking.
//
// The bit positions are the service's (discord-api-types' PermissionFlagsBits; the platform
// document names CREATE_GUILD_EXPRESSIONS 1 << 43, CREATE_EVENTS 1 << 44, SET_VOICE_CHANNEL_STATUS
// 1 << 48, PIN_MESSAGES 1 << 51, BYPASS_SLOWMODE 1 << 52). Only the bits a rule here checks are
// named; any bit below 2^53 (what JS hands in exactly) is kept as given.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sdk/types.h"

namespace sim {

constexpr uint64_t kCreateInstantInvite = 1ull << 0;
constexpr uint64_t kKickMembers = 1ull << 1;
constexpr uint64_t kBanMembers = 1ull << 2;
constexpr uint64_t kAdministrator = 1ull << 3;
constexpr uint64_t kManageChannels = 1ull << 4;
constexpr uint64_t kManageGuild = 1ull << 5;
constexpr uint64_t kViewChannel = 1ull << 10;
constexpr uint64_t kSendMessages = 1ull << 11;
constexpr uint64_t kManageMessages = 1ull << 13;
constexpr uint64_t kReadMessageHistory = 1ull << 16;
constexpr uint64_t kManageRoles = 1ull << 28;
constexpr uint64_t kSetVoiceChannelStatus = 1ull << 48;
constexpr uint64_t kPinMessages = 1ull << 51;
// ALL of the docs' pseudocode (the owner, ADMINISTRATOR): every bit the simulator can hold. The
// HTTP layer shows only the bits the service defines (lib/sim/permissions.ts).
constexpr uint64_t kAllPermissions = (1ull << 53) - 1;

// What linking a channel to a lobby needs in that channel.
constexpr uint64_t kLinkChannelPermissions = kManageChannels | kViewChannel | kSendMessages;

// One permission overwrite of a channel or category. Its target: the @everyone role (`userId` 0,
// or `role` with the guild's id: @everyone's id is the guild's), a role (`role`, `userId` is the
// role's id) or a member.
struct Overwrite {
  sdk::Snowflake userId = 0;
  uint64_t allow = 0;
  uint64_t deny = 0;
  bool role = false;
};

// A guild role. @everyone is the role whose id is the guild's.
struct Role {
  sdk::Snowflake id = 0;
  std::string name;
  int32_t position = 0;
  int32_t color = 0;  // RGB; 0: no color
  uint64_t permissions = 0;
  bool hoist = false;
  bool mentionable = false;
};

// Who a permission is computed for: the guild's owner, @everyone's permissions, the member's
// roles' permissions and its own guild-level grants (the harness's shortcut: as a role of its own).
struct PermissionSubject {
  sdk::Snowflake guildId = 0;
  sdk::Snowflake userId = 0;
  bool owner = false;
  uint64_t everyone = 0;
  uint64_t rolesAndGrants = 0;
  const std::set<sdk::Snowflake>* roleIds = nullptr;
};

// compute_base_permissions: the owner and ADMINISTRATOR have ALL.
uint64_t BasePermissions(const PermissionSubject& subject);
// compute_overwrites, then the implicit rule ("Implicit Permissions": without VIEW_CHANNEL the
// channel's other permissions are ignored). `overwrites` null: the channel has none.
uint64_t ChannelPermissions(const PermissionSubject& subject, const std::vector<Overwrite>* overwrites);

}  // namespace sim
