// The world's guilds: what the harness builds (guilds, members, channels, overwrites) and what a
// signed-in client reads, with the lobbies linked to channels.
#include <stdexcept>

#include "sdk/lobbies_api.h"
#include "sim/service/http_failure.h"
#include "sim/service/world.h"

namespace sim {

sdk::Snowflake World::CreateGuild(std::string name, sdk::Snowflake ownerId) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(ownerId) == 0) throw std::invalid_argument("no user with id " + std::to_string(ownerId));
  const sdk::Snowflake id = NewIdLocked();
  guilds_.CreateGuild(id, std::move(name), ownerId);
  return id;
}

void World::AddGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId, uint64_t permissions) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(userId) == 0) throw std::invalid_argument("no user with id " + std::to_string(userId));
  guilds_.AddMember(guildId, userId, permissions);
}

void World::RemoveGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId) {
  std::lock_guard<std::mutex> lock(mutex_);
  guilds_.RemoveMember(guildId, userId);
}

sdk::Snowflake World::CreateGuildChannel(sdk::Snowflake guildId, ChannelSpec spec) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!guilds_.HasGuild(guildId)) throw std::invalid_argument("no guild with id " + std::to_string(guildId));
  const sdk::Snowflake id = NewIdLocked();
  guilds_.CreateChannel(guildId, id, std::move(spec));
  return id;
}

void World::UpdateGuildChannel(sdk::Snowflake channelId, const ChannelUpdate& update) {
  std::lock_guard<std::mutex> lock(mutex_);
  guilds_.UpdateChannel(channelId, update);
}

void World::SetBotVoiceConnection(sdk::Snowflake app, sdk::Snowflake channelId, bool connected) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = applications_.find(app);
  if (found == applications_.end()) throw std::invalid_argument("no application with id " + std::to_string(app));
  guilds_.SetVoiceConnection(channelId, found->second.botUserId, connected);
}

std::vector<sdk::GuildMinimal> World::GuildsOf(sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return guilds_.GuildsOf(user);
}

sdk::Result World::ReadGuildChannels(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake guildId,
                                     std::vector<sdk::GuildChannel>* out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return guilds_.Channels(app, user, guildId, LinkedLobbiesLocked(), out);
}

sdk::Result World::LinkChannelToLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                      sdk::Snowflake channelId) {
  std::lock_guard<std::mutex> lock(mutex_);
  sdk::Result result = lobbies_.MayLinkChannel(app, user, lobbyId);
  if (!result.ok()) return result;
  sdk::LinkedChannel channel;
  result = guilds_.LinkableChannel(user, channelId, lobbyId, LinkedLobbiesLocked(), &channel);
  if (!result.ok()) return result;
  if (lobbies_.LinkedChannelOf(lobbyId) != channelId) DispatchLocked(lobbies_.LinkChannel(lobbyId, std::move(channel)));
  UpdateLobbyIdleLocked(lobbyId);
  return result;
}

sdk::Result World::UnlinkChannelFromLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId) {
  std::lock_guard<std::mutex> lock(mutex_);
  sdk::Result result = lobbies_.MayLinkChannel(app, user, lobbyId);
  // Unlinking a lobby without a channel succeeds and changes nothing (the service answers 200).
  if (result.ok() && lobbies_.LinkedChannelOf(lobbyId)) DispatchLocked(lobbies_.LinkChannel(lobbyId, std::nullopt));
  UpdateLobbyIdleLocked(lobbyId);
  return result;
}

sdk::Result World::JoinLinkedLobbyGuild(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                        std::string* inviteUrl) {
  const std::optional<sdk::User> found = FindUser(user);
  if (found && found->isProvisional) {
    return sdk::Result::Failure(sdk::ErrorType::AuthorizationFailed, sdk::LobbiesApi::kMergeRequiredMessage);
  }
  // A member can see the lobby; anyone else gets what lobby messages answer (unknown lobby).
  if (!ViewLobby(app, user, lobbyId)) {
    return HttpFailure(404, kUnknownLobby, "Unknown Lobby: the user is not a member of lobby " + IdText(lobbyId));
  }
  try {
    const ChannelInvite invite = CreateLobbyChannelInvite(app, lobbyId, user);
    *inviteUrl = "https://discord.gg/" + invite.code;
    return sdk::Result::Success();
  } catch (const ServiceError& refused) {
    return HttpFailure(refused.status(), refused.code(), refused.what());
  }
}

LinkedLobbies World::LinkedLobbiesLocked() const {
  LinkedLobbies linked;
  for (const auto& [channelId, applicationId, lobbyId] : lobbies_.LinkedChannels()) {
    linked[channelId] = sdk::LinkedLobby{applicationId, lobbyId};
  }
  return linked;
}

}  // namespace sim
