// The world's guilds: what the harness builds (guilds, members, channels, overwrites) and what a
// signed-in client reads, with the lobbies linked to channels.
#include <stdexcept>

#include "sim/service/http_failure.h"
#include "sim/service/world.h"

namespace sim {

sdk::Snowflake World::CreateGuild(std::string name, sdk::Snowflake ownerId) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(ownerId) == 0) throw std::invalid_argument("no user with id " + std::to_string(ownerId));
  const sdk::Snowflake id = NewIdLocked();
  guilds_.CreateGuild(id, std::move(name), ownerId, nowMs_);
  return id;
}

void World::AddGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId, uint64_t permissions) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(userId) == 0) throw std::invalid_argument("no user with id " + std::to_string(userId));
  guilds_.AddMember(guildId, userId, permissions, nowMs_);
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

sdk::Snowflake World::CreateGuildRole(sdk::Snowflake guildId, Role role, bool positioned) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!guilds_.HasGuild(guildId)) throw std::invalid_argument("no guild with id " + std::to_string(guildId));
  const sdk::Snowflake id = NewIdLocked();
  guilds_.CreateRole(guildId, id, std::move(role), positioned);
  return id;
}

void World::UpdateGuildRole(sdk::Snowflake guildId, sdk::Snowflake roleId, const RoleUpdate& update) {
  std::lock_guard<std::mutex> lock(mutex_);
  guilds_.UpdateRole(guildId, roleId, update);
}

void World::SetGuildMemberRoles(sdk::Snowflake guildId, sdk::Snowflake userId, const std::vector<sdk::Snowflake>& roleIds) {
  std::lock_guard<std::mutex> lock(mutex_);
  guilds_.SetMemberRoles(guildId, userId, roleIds);
}

void World::SetGuildFeatures(sdk::Snowflake guildId, std::vector<std::string> features) {
  std::lock_guard<std::mutex> lock(mutex_);
  guilds_.SetFeatures(guildId, std::move(features));
}

uint64_t World::GuildPermissions(sdk::Snowflake guildId, sdk::Snowflake userId, std::optional<sdk::Snowflake> channelId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return guilds_.PermissionsOf(guildId, userId, channelId);
}

std::optional<GuildView> World::DescribeGuild(sdk::Snowflake guildId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<GuildView> view = guilds_.DescribeGuild(guildId);
  if (view) {
    const LinkedLobbies linked = LinkedLobbiesLocked();
    for (GuildChannelView& channel : view->channels) {
      auto link = linked.find(channel.id);
      if (link != linked.end()) channel.linkedLobbyId = link->second.lobbyId;
    }
  }
  return view;
}

std::optional<GuildChannelPlace> World::DescribeGuildChannel(sdk::Snowflake channelId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto described = guilds_.DescribeChannel(channelId);
  if (!described) return std::nullopt;
  GuildChannelPlace place{described->first, std::move(described->second), {}};
  for (const auto& [channel, applicationId, lobbyId] : lobbies_.LinkedChannels()) {
    if (channel == channelId) place.channel.linkedLobbyId = lobbyId;
  }
  for (const auto& [id, application] : applications_) {
    if (guilds_.IsMember(place.guildId, application.botUserId)) place.botUserIds.push_back(application.botUserId);
  }
  return place;
}

void World::BanGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId, std::optional<std::string> reason) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(userId) == 0) throw std::invalid_argument("no user with id " + std::to_string(userId));
  guilds_.Ban(guildId, userId, std::move(reason));
}

bool World::UnbanGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId) {
  std::lock_guard<std::mutex> lock(mutex_);
  return guilds_.Unban(guildId, userId);
}

std::vector<sdk::Snowflake> World::PruneGuild(sdk::Snowflake guildId, int32_t days, const std::set<sdk::Snowflake>& includeRoles,
                                              bool apply) {
  std::lock_guard<std::mutex> lock(mutex_);
  return guilds_.Prune(guildId, days, includeRoles, nowMs_, apply);
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

LinkedLobbies World::LinkedLobbiesLocked() const {
  LinkedLobbies linked;
  for (const auto& [channelId, applicationId, lobbyId] : lobbies_.LinkedChannels()) {
    linked[channelId] = sdk::LinkedLobby{applicationId, lobbyId};
  }
  return linked;
}

}  // namespace sim
