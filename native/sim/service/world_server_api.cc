// The World's server-API operations that are neither lobby membership nor messages: lobby
// channel invites and voice channel status (with the audit log they write).
#include <stdexcept>

#include "sim/service/http_failure.h"
#include "sim/service/world.h"

namespace sim {

Application World::ApplicationOf(sdk::Snowflake app) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = applications_.find(app);
  if (it == applications_.end()) throw NotFound(0, "no application with id " + IdText(app));
  return it->second;
}

ChannelInvite World::CreateLobbyChannelInvite(sdk::Snowflake app, sdk::Snowflake lobbyId, sdk::Snowflake targetUser) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto lobby = lobbies_.ServerView(lobbyId, [](sdk::Snowflake, sdk::Snowflake) { return false; });
  if (!lobby || lobby->applicationId != app) {
    throw NotFound(kUnknownLobby, "Unknown Lobby: there is no lobby " + IdText(lobbyId) + " in this application");
  }
  bool member = false;
  for (const sdk::LobbyMember& m : lobby->lobby.members) member = member || m.id == targetUser;
  if (!member) {
    throw ServiceError(403, kMissingAccess,
                       "Missing Access: user " + IdText(targetUser) + " is not a member of lobby " + IdText(lobbyId));
  }
  if (!lobby->lobby.linkedChannel) {
    throw ServiceError(400, kInvalidFormBody,
                       "Invalid Form Body: lobby " + IdText(lobbyId) + " has no linked channel to invite to");
  }
  const sdk::LinkedChannel& channel = *lobby->lobby.linkedChannel;
  // An invite code: eight random characters, as guild invite codes look.
  static const char kAlphabet[] = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  std::string code;
  for (int i = 0; i < 10; ++i) code.push_back(kAlphabet[random_() % (sizeof(kAlphabet) - 1)]);
  return channelInvites_.Create(std::move(code), channel.guildId, channel.id, lobbyId, targetUser, nowMs_);
}

ChannelInvite World::AcceptChannelInvite(const std::string& code, sdk::Snowflake user) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw NotFound(kUnknownUser, "Unknown User: no user with id " + IdText(user));
  // A banned user cannot join the guild again through an invite (public docs, resources/guild.mdx,
  // "Create Guild Ban"): refused before the invite is used up.
  const ChannelInvite* pending = channelInvites_.Find(code);
  if (pending && guilds_.IsBanned(pending->guildId, user)) {
    throw ServiceError(403, kBannedFromGuild, "The user is banned from this guild.");
  }
  ChannelInvite invite = channelInvites_.Use(code, user, nowMs_);
  // The harness may link a channel of a guild it never created; joining one is then a no-op.
  if (guilds_.HasGuild(invite.guildId) && !guilds_.IsMember(invite.guildId, user)) {
    guilds_.AddMember(invite.guildId, user, 0, nowMs_);
  }
  return invite;
}

void World::SetVoiceChannelStatus(sdk::Snowflake app, sdk::Snowflake channelId, std::optional<std::string> status,
                                  std::optional<std::string> reason) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = applications_.find(app);
  if (it == applications_.end()) throw NotFound(0, "no application with id " + IdText(app));
  guilds_.SetVoiceStatus(channelId, it->second.botUserId, std::move(status), std::move(reason), nowMs_);
}

std::optional<std::string> World::VoiceChannelStatus(sdk::Snowflake channelId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return guilds_.VoiceStatusOf(channelId);
}

std::optional<sdk::GuildChannel> World::GuildChannel(sdk::Snowflake channelId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return guilds_.ChannelOf(channelId);
}

std::vector<AuditLogEntry> World::AuditLog(sdk::Snowflake guildId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return guilds_.AuditLogOf(guildId);
}

}  // namespace sim
