#include "sim/service/channel_invites.h"

#include <utility>

#include "sim/service/http_failure.h"

namespace sim {

ChannelInvite ChannelInvites::Create(std::string code, sdk::Snowflake guildId, sdk::Snowflake channelId,
                                     sdk::Snowflake lobbyId, sdk::Snowflake targetUserId, uint64_t nowMs) {
  ChannelInvite invite{std::move(code), guildId, channelId, lobbyId, targetUserId, nowMs + kLifetimeMs};
  // Expired invites are dropped as new ones are made, so the map holds at most an hour's worth.
  for (auto it = invites_.begin(); it != invites_.end();) {
    it = it->second.expiresAtMs <= nowMs ? invites_.erase(it) : std::next(it);
  }
  invites_[invite.code] = invite;
  return invite;
}

ChannelInvite ChannelInvites::Use(const std::string& code, sdk::Snowflake userId, uint64_t nowMs) {
  auto it = invites_.find(code);
  if (it == invites_.end() || it->second.expiresAtMs <= nowMs) {
    throw NotFound(kUnknownInvite, "Unknown Invite: the invite does not exist, was used already or expired");
  }
  if (it->second.targetUserId != userId) {
    throw ServiceError(403, kMissingAccess, "Missing Access: the invite was made for another user");
  }
  ChannelInvite used = it->second;
  invites_.erase(it);
  return used;
}

}  // namespace sim
