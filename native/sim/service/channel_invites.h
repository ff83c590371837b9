// The simulated service's lobby channel invites: guild invites to a lobby's linked channel, made
// by Create Lobby Channel Invite (for the calling member, or by the game backend for a member).
// Each is single use, for its target user only, and expires an hour after it was made (spec:
// "A lobby channel invite is a guild invite to the linked channel: single-use, valid one hour").
// Pure state: no locking, no threads, no clients.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "sdk/types.h"

namespace sim {

struct ChannelInvite {
  std::string code;
  sdk::Snowflake guildId = 0;
  sdk::Snowflake channelId = 0;
  sdk::Snowflake lobbyId = 0;
  sdk::Snowflake targetUserId = 0;
  uint64_t expiresAtMs = 0;  // world clock
};

class ChannelInvites {
 public:
  static constexpr uint64_t kLifetimeMs = 60ull * 60 * 1000;

  // Records a new invite with `code` (unique, made by the world) that expires kLifetimeMs after `nowMs`.
  ChannelInvite Create(std::string code, sdk::Snowflake guildId, sdk::Snowflake channelId, sdk::Snowflake lobbyId,
                       sdk::Snowflake targetUserId, uint64_t nowMs);
  // Uses the invite for `userId`: it is gone afterwards. Throws ServiceError 404 Unknown Invite
  // (10006) for a code never made, already used or expired, and 403 Missing Access (50001) for
  // a user it was not made for (the invite stays usable by its target).
  ChannelInvite Use(const std::string& code, sdk::Snowflake userId, uint64_t nowMs);
  // The invite of `code` (expired or not), or null: a look before it is used.
  const ChannelInvite* Find(const std::string& code) const {
    auto found = invites_.find(code);
    return found == invites_.end() ? nullptr : &found->second;
  }

 private:
  std::map<std::string, ChannelInvite> invites_;
};

}  // namespace sim
