// Guilds' roles, features, bans and prune (guilds.h): the state the bot-side HTTP rules read and
// change. Who may ask is the HTTP layer's to check (lib/sim/http/routes-guilds.ts), with the
// permissions PermissionsOf computes here.
#include <algorithm>
#include <stdexcept>

#include "sim/service/guilds.h"
#include "sim/service/http_failure.h"

namespace sim {

namespace {
constexpr uint64_t kDayMs = 24ull * 60 * 60 * 1000;
}  // namespace

void Guilds::CreateRole(sdk::Snowflake guildId, sdk::Snowflake id, Role role, bool positioned) {
  Guild& guild = FindGuild(guildId);
  if (role.name.empty()) throw std::invalid_argument("a role name must not be empty");
  role.id = id;
  role.permissions &= kAllPermissions;
  if (!positioned) {
    int32_t top = 0;
    for (const auto& [roleId, other] : guild.roles) top = std::max(top, other.position);
    role.position = top + 1;
  } else if (role.position < 1) {
    throw std::invalid_argument("a role's position must be at least 1 (0 is @everyone's)");
  }
  guild.roles.emplace(id, std::move(role));
}

void Guilds::UpdateRole(sdk::Snowflake guildId, sdk::Snowflake roleId, const RoleUpdate& update) {
  Guild& guild = FindGuild(guildId);
  auto found = guild.roles.find(roleId);
  if (found == guild.roles.end()) throw std::invalid_argument("no role " + IdText(roleId) + " in guild " + IdText(guildId));
  if (roleId == guildId && (update.name || update.position || update.color || update.hoist || update.mentionable)) {
    throw std::invalid_argument("only the permissions of @everyone can be changed");
  }
  if (update.name && update.name->empty()) throw std::invalid_argument("a role name must not be empty");
  if (update.position && *update.position < 1) {
    throw std::invalid_argument("a role's position must be at least 1 (0 is @everyone's)");
  }
  Role& role = found->second;
  if (update.name) role.name = *update.name;
  if (update.position) role.position = *update.position;
  if (update.color) role.color = *update.color;
  if (update.permissions) role.permissions = *update.permissions & kAllPermissions;
  if (update.hoist) role.hoist = *update.hoist;
  if (update.mentionable) role.mentionable = *update.mentionable;
}

void Guilds::SetMemberRoles(sdk::Snowflake guildId, sdk::Snowflake userId, const std::vector<sdk::Snowflake>& roleIds) {
  Guild& guild = FindGuild(guildId);
  auto member = guild.members.find(userId);
  if (member == guild.members.end()) {
    throw std::invalid_argument("user " + IdText(userId) + " is not a member of guild " + IdText(guildId));
  }
  std::set<sdk::Snowflake> roles;
  for (sdk::Snowflake roleId : roleIds) {
    if (roleId == guildId) throw std::invalid_argument("every member has @everyone: it is not given");
    if (!guild.roles.count(roleId)) throw std::invalid_argument("no role " + IdText(roleId) + " in guild " + IdText(guildId));
    roles.insert(roleId);
  }
  member->second.roles = std::move(roles);
}

void Guilds::SetFeatures(sdk::Snowflake guildId, std::vector<std::string> features) {
  Guild& guild = FindGuild(guildId);
  guild.features = std::set<std::string>(std::make_move_iterator(features.begin()), std::make_move_iterator(features.end()));
}

bool Guilds::HasFeature(sdk::Snowflake guildId, const std::string& feature) const {
  return FindGuild(guildId).features.count(feature) > 0;
}

uint64_t Guilds::PermissionsOf(sdk::Snowflake guildId, sdk::Snowflake userId, std::optional<sdk::Snowflake> channelId) const {
  const Guild& guild = FindGuild(guildId);
  if (!guild.members.count(userId)) return 0;
  if (!channelId) return BasePermissions(SubjectOf(guild, userId));
  auto channel = channels_.find(*channelId);
  if (channel == channels_.end() || channel->second.guildId != guildId) {
    throw std::invalid_argument("no channel " + IdText(*channelId) + " in guild " + IdText(guildId));
  }
  return PermissionsIn(guild, channel->second, userId);
}

void Guilds::Ban(sdk::Snowflake guildId, sdk::Snowflake userId, std::optional<std::string> reason) {
  Guild& guild = FindGuild(guildId);
  if (userId == guild.ownerId) throw std::invalid_argument("the owner of guild " + IdText(guildId) + " cannot be banned");
  guild.members.erase(userId);
  guild.voiceChannelOf.erase(userId);
  guild.bans[userId] = std::move(reason);
}

bool Guilds::Unban(sdk::Snowflake guildId, sdk::Snowflake userId) {
  return FindGuild(guildId).bans.erase(userId) > 0;
}

bool Guilds::IsBanned(sdk::Snowflake guildId, sdk::Snowflake userId) const {
  auto found = guilds_.find(guildId);
  return found != guilds_.end() && found->second.bans.count(userId) > 0;
}

std::vector<sdk::Snowflake> Guilds::Prune(sdk::Snowflake guildId, int32_t days, const std::set<sdk::Snowflake>& includeRoles,
                                          uint64_t nowMs, bool apply) {
  Guild& guild = FindGuild(guildId);
  if (days < 1) throw std::invalid_argument("days must be at least 1");
  const uint64_t span = static_cast<uint64_t>(days) * kDayMs;
  std::vector<sdk::Snowflake> pruned;
  for (const auto& [userId, member] : guild.members) {
    if (userId == guild.ownerId || nowMs < member.joinedAtMs + span) continue;
    const bool onlyIncluded = std::all_of(member.roles.begin(), member.roles.end(),
                                          [&](sdk::Snowflake role) { return includeRoles.count(role) > 0; });
    if (onlyIncluded) pruned.push_back(userId);
  }
  if (apply) {
    for (sdk::Snowflake userId : pruned) {
      guild.members.erase(userId);
      guild.voiceChannelOf.erase(userId);
    }
  }
  return pruned;
}

}  // namespace sim
