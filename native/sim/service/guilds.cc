#include "sim/service/guilds.h"

#include <algorithm>
#include <stdexcept>

#include "sim/service/http_failure.h"
#include "sim/service/lobbies.h"  // CountCodePoints

namespace sim {

namespace {
// The service's JSON error codes are in http_failure.h. The code for a channel another lobby has
// is not documented: the simulator answers with the generic Invalid Form Body.

}  // namespace

Guilds::Guild& Guilds::FindGuild(sdk::Snowflake guildId) {
  auto it = guilds_.find(guildId);
  if (it == guilds_.end()) throw std::invalid_argument("no guild with id " + IdText(guildId));
  return it->second;
}

const Guilds::Guild& Guilds::FindGuild(sdk::Snowflake guildId) const {
  return const_cast<Guilds*>(this)->FindGuild(guildId);
}

void Guilds::CreateGuild(sdk::Snowflake id, std::string name, sdk::Snowflake ownerId, uint64_t nowMs) {
  Guild guild;
  guild.id = id;
  guild.name = std::move(name);
  guild.ownerId = ownerId;
  guild.members[ownerId].joinedAtMs = nowMs;
  Role everyone;
  everyone.id = id;
  everyone.name = "@everyone";
  everyone.permissions = kEveryonePermissions;
  guild.roles.emplace(id, std::move(everyone));
  guilds_.emplace(id, std::move(guild));
}

void Guilds::AddMember(sdk::Snowflake guildId, sdk::Snowflake userId, uint64_t permissions, uint64_t nowMs) {
  Guild& guild = FindGuild(guildId);
  auto [member, added] = guild.members.try_emplace(userId);
  if (added) member->second.joinedAtMs = nowMs;
  member->second.grants = permissions & kAllPermissions;
}

void Guilds::RemoveMember(sdk::Snowflake guildId, sdk::Snowflake userId) {
  Guild& guild = FindGuild(guildId);
  if (userId == guild.ownerId) throw std::invalid_argument("the owner of guild " + IdText(guildId) + " cannot leave it");
  guild.members.erase(userId);
  guild.voiceChannelOf.erase(userId);
}

void Guilds::CheckSpec(const Guild& guild, sdk::Snowflake channelId, const ChannelSpec& spec) const {
  if (spec.name.empty()) throw std::invalid_argument("a channel name must not be empty");
  if (spec.parentId) {
    auto parent = channels_.find(*spec.parentId);
    if (parent == channels_.end() || parent->second.guildId != guild.id ||
        parent->second.spec.type != sdk::ChannelType::GuildCategory) {
      throw std::invalid_argument("parent " + IdText(*spec.parentId) + " is not a category of guild " + IdText(guild.id));
    }
    if (spec.type == sdk::ChannelType::GuildCategory) {
      throw std::invalid_argument("a category cannot be in another category");
    }
    if (*spec.parentId == channelId) throw std::invalid_argument("a channel cannot be its own parent");
  }
  if (spec.overwrites) {
    std::set<sdk::Snowflake> targets;
    for (const Overwrite& overwrite : *spec.overwrites) {
      // @everyone's overwrite is written either way (0, or as the role with the guild's id).
      const bool everyone = overwrite.userId == 0 || (overwrite.role && overwrite.userId == guild.id);
      if (overwrite.role && !guild.roles.count(overwrite.userId)) {
        throw std::invalid_argument("no role " + IdText(overwrite.userId) + " in guild " + IdText(guild.id));
      }
      if (!targets.insert(everyone ? 0 : overwrite.userId).second) {
        throw std::invalid_argument("two overwrites for the same target (" +
                                    (everyone ? std::string("everyone")
                                              : (overwrite.role ? "role " : "user ") + IdText(overwrite.userId)) + ")");
      }
    }
  }
}

void Guilds::CreateChannel(sdk::Snowflake guildId, sdk::Snowflake id, ChannelSpec spec) {
  Guild& guild = FindGuild(guildId);
  CheckSpec(guild, id, spec);
  guild.channels.insert(id);
  channels_.emplace(id, Channel{id, guildId, std::move(spec), std::nullopt});
}

void Guilds::UpdateChannel(sdk::Snowflake channelId, const ChannelUpdate& update) {
  auto it = channels_.find(channelId);
  if (it == channels_.end()) throw std::invalid_argument("no guild channel with id " + IdText(channelId));
  Channel& channel = it->second;
  ChannelSpec changed = channel.spec;
  if (update.name) changed.name = *update.name;
  if (update.position) changed.position = *update.position;
  if (update.parentId) changed.parentId = *update.parentId;
  if (update.overwrites) changed.overwrites = *update.overwrites;
  CheckSpec(FindGuild(channel.guildId), channelId, changed);
  channel.spec = std::move(changed);
}

std::vector<sdk::GuildMinimal> Guilds::GuildsOf(sdk::Snowflake userId) const {
  std::vector<sdk::GuildMinimal> out;
  for (const auto& [id, guild] : guilds_) {
    if (guild.members.count(userId)) out.push_back(sdk::GuildMinimal{id, guild.name});
  }
  return out;
}

const std::vector<Overwrite>* Guilds::EffectiveOverwrites(const Channel& channel) const {
  if (channel.spec.overwrites) return &*channel.spec.overwrites;
  if (!channel.spec.parentId) return nullptr;
  const Channel& parent = channels_.at(*channel.spec.parentId);
  return parent.spec.overwrites ? &*parent.spec.overwrites : nullptr;
}

PermissionSubject Guilds::SubjectOf(const Guild& guild, sdk::Snowflake userId) const {
  PermissionSubject subject;
  subject.guildId = guild.id;
  subject.userId = userId;
  subject.owner = userId == guild.ownerId;
  subject.everyone = guild.roles.at(guild.id).permissions;
  const Member& member = guild.members.at(userId);
  subject.rolesAndGrants = member.grants;
  for (sdk::Snowflake role : member.roles) subject.rolesAndGrants |= guild.roles.at(role).permissions;
  subject.roleIds = &member.roles;
  return subject;
}

uint64_t Guilds::PermissionsIn(const Guild& guild, const Channel& channel, sdk::Snowflake userId) const {
  if (!guild.members.count(userId)) return 0;
  return ChannelPermissions(SubjectOf(guild, userId), EffectiveOverwrites(channel));
}

bool Guilds::EveryMemberCan(const Guild& guild, const Channel& channel, uint64_t permissions) const {
  for (const auto& [userId, member] : guild.members) {
    if ((PermissionsIn(guild, channel, userId) & permissions) != permissions) return false;
  }
  return true;
}

sdk::Result Guilds::Channels(sdk::Snowflake app, sdk::Snowflake userId, sdk::Snowflake guildId,
                             const LinkedLobbies& linked, std::vector<sdk::GuildChannel>* out) const {
  out->clear();
  auto found = guilds_.find(guildId);
  if (found == guilds_.end()) {
    return HttpFailure(404, kUnknownGuild, "Unknown Guild: there is no guild " + IdText(guildId));
  }
  const Guild& guild = found->second;
  if (!guild.members.count(userId)) {
    return HttpFailure(403, kMissingAccess, "Missing Access: the current user is not a member of guild " + IdText(guildId));
  }
  for (sdk::Snowflake id : guild.channels) {
    const Channel& channel = channels_.at(id);
    const uint64_t permissions = PermissionsIn(guild, channel, userId);
    if (!(permissions & kViewChannel)) continue;  // omitted, not obfuscated
    sdk::GuildChannel view;
    view.id = id;
    view.name = channel.spec.name;
    view.type = channel.spec.type;
    view.position = channel.spec.position;
    view.parentId = channel.spec.parentId;
    auto link = linked.find(id);
    if (link != linked.end()) view.linkedLobby = link->second;
    // Linking needs a text channel not linked to another game's lobby, and the rights to manage it.
    view.isLinkable = channel.spec.type == sdk::ChannelType::GuildText &&
                      (permissions & kLinkChannelPermissions) == kLinkChannelPermissions &&
                      (!view.linkedLobby || view.linkedLobby->applicationId == app);
    view.isViewableAndWriteableByAllMembers = EveryMemberCan(guild, channel, kViewChannel | kSendMessages);
    out->push_back(std::move(view));
  }
  // As the chat client lists them: by position; equal positions by id, that is by age.
  std::sort(out->begin(), out->end(), [](const sdk::GuildChannel& a, const sdk::GuildChannel& b) {
    return a.position != b.position ? a.position < b.position : a.id < b.id;
  });
  return sdk::Result::Success();
}

sdk::Result Guilds::LinkableChannel(sdk::Snowflake userId, sdk::Snowflake channelId, sdk::Snowflake lobbyId,
                                    const LinkedLobbies& linked, sdk::LinkedChannel* out) const {
  auto found = channels_.find(channelId);
  const Guild* guild = found == channels_.end() ? nullptr : &guilds_.at(found->second.guildId);
  const uint64_t permissions =
      guild && guild->members.count(userId) ? PermissionsIn(*guild, found->second, userId) : 0;
  // A channel the user cannot view is one it does not know of.
  if (!(permissions & kViewChannel)) {
    return HttpFailure(404, kUnknownChannel, "Unknown Channel: the current user can see no channel " + IdText(channelId));
  }
  const Channel& channel = found->second;
  if (channel.spec.type != sdk::ChannelType::GuildText) {
    return HttpFailure(400, kWrongChannelType, "Cannot execute action on this channel type: only a guild text channel can be linked to a lobby");
  }
  if ((permissions & kLinkChannelPermissions) != kLinkChannelPermissions) {
    return HttpFailure(403, kMissingPermissions,
                       "Missing Permissions: linking channel " + IdText(channelId) +
                           " needs View Channel, Send Messages and Manage Channels");
  }
  auto link = linked.find(channelId);
  if (link != linked.end() && link->second.lobbyId != lobbyId) {
    return HttpFailure(400, kInvalidFormBody, "Invalid Form Body: channel " + IdText(channelId) + " is already linked to another lobby");
  }
  *out = sdk::LinkedChannel{channelId, channel.spec.name, channel.guildId};
  return sdk::Result::Success();
}

void Guilds::SetVoiceStatus(sdk::Snowflake channelId, sdk::Snowflake actor, std::optional<std::string> status,
                            std::optional<std::string> reason, uint64_t nowMs) {
  auto found = channels_.find(channelId);
  Guild* guild = found == channels_.end() ? nullptr : &guilds_.at(found->second.guildId);
  const uint64_t permissions = guild && guild->members.count(actor) ? PermissionsIn(*guild, found->second, actor) : 0;
  if (!(permissions & kViewChannel)) {
    throw NotFound(kUnknownChannel, "Unknown Channel: the bot can see no channel " + IdText(channelId));
  }
  Channel& channel = found->second;
  if (channel.spec.type != sdk::ChannelType::GuildVoice && channel.spec.type != sdk::ChannelType::GuildStageVoice) {
    throw ServiceError(400, kWrongChannelType,
                       "Cannot execute action on this channel type: a voice status is set on a voice channel");
  }
  // Spec, Endpoints, Set Voice Channel Status: "Requires SET_VOICE_CHANNEL_STATUS; additionally
  // MANAGE_CHANNELS when the bot user is not connected to the voice channel".
  auto voice = guild->voiceChannelOf.find(actor);
  const bool connected = voice != guild->voiceChannelOf.end() && voice->second == channelId;
  const uint64_t needed = kSetVoiceChannelStatus | (connected ? 0 : kManageChannels);
  if ((permissions & needed) != needed) {
    throw ServiceError(403, kMissingPermissions,
                       "Missing Permissions: setting the status of voice channel " + IdText(channelId) +
                           " needs Set Voice Channel Status, and Manage Channels when the bot is not connected to it");
  }
  if (status && CountCodePoints(*status) > kMaxVoiceStatusLength) {
    throw InvalidForm("Invalid Form Body: status must be at most " + std::to_string(kMaxVoiceStatusLength) +
                      " characters, got " + std::to_string(CountCodePoints(*status)));
  }
  if (status && status->empty()) status.reset();
  channel.voiceStatus = status;
  AuditLogEntry entry;
  entry.actionType = status ? kAuditVoiceChannelStatusUpdate : kAuditVoiceChannelStatusDelete;
  entry.userId = actor;
  entry.targetId = channelId;
  entry.status = std::move(status);
  entry.reason = std::move(reason);
  entry.atMs = nowMs;
  guild->auditLog.push_back(std::move(entry));
}

void Guilds::SetVoiceConnection(sdk::Snowflake channelId, sdk::Snowflake userId, bool connected) {
  auto found = channels_.find(channelId);
  if (found == channels_.end()) throw std::invalid_argument("no channel with id " + IdText(channelId));
  const Channel& channel = found->second;
  if (channel.spec.type != sdk::ChannelType::GuildVoice && channel.spec.type != sdk::ChannelType::GuildStageVoice) {
    throw std::invalid_argument("channel " + IdText(channelId) + " is not a voice channel");
  }
  Guild& guild = guilds_.at(channel.guildId);
  if (guild.members.count(userId) == 0) {
    throw std::invalid_argument("user " + IdText(userId) + " is not a member of guild " + IdText(guild.id));
  }
  if (connected) {
    guild.voiceChannelOf[userId] = channelId;
  } else {
    auto voice = guild.voiceChannelOf.find(userId);
    if (voice != guild.voiceChannelOf.end() && voice->second == channelId) guild.voiceChannelOf.erase(voice);
  }
}

std::optional<std::string> Guilds::VoiceStatusOf(sdk::Snowflake channelId) const {
  auto found = channels_.find(channelId);
  if (found == channels_.end()) throw std::invalid_argument("no channel with id " + IdText(channelId));
  return found->second.voiceStatus;
}

std::vector<AuditLogEntry> Guilds::AuditLogOf(sdk::Snowflake guildId) const {
  auto found = guilds_.find(guildId);
  if (found == guilds_.end()) throw std::invalid_argument("no guild with id " + IdText(guildId));
  return found->second.auditLog;
}

bool Guilds::IsMember(sdk::Snowflake guildId, sdk::Snowflake userId) const {
  auto found = guilds_.find(guildId);
  return found != guilds_.end() && found->second.members.count(userId) > 0;
}

std::optional<sdk::GuildChannel> Guilds::ChannelOf(sdk::Snowflake channelId) const {
  auto found = channels_.find(channelId);
  if (found == channels_.end()) return std::nullopt;
  sdk::GuildChannel view;
  view.id = channelId;
  view.name = found->second.spec.name;
  view.type = found->second.spec.type;
  view.position = found->second.spec.position;
  view.parentId = found->second.spec.parentId;
  return view;
}

bool Guilds::ShareGuild(sdk::Snowflake a, sdk::Snowflake b) const {
  for (const auto& [id, guild] : guilds_) {
    if (guild.members.count(a) > 0 && guild.members.count(b) > 0) return true;
  }
  return false;
}

GuildChannelView Guilds::ChannelViewOf(const Channel& channel) {
  return {channel.id, channel.spec.name, channel.spec.type, channel.spec.position, channel.spec.parentId, channel.voiceStatus, std::nullopt};
}

std::optional<std::pair<sdk::Snowflake, GuildChannelView>> Guilds::DescribeChannel(sdk::Snowflake channelId) const {
  auto found = channels_.find(channelId);
  if (found == channels_.end()) return std::nullopt;
  return std::make_pair(found->second.guildId, ChannelViewOf(found->second));
}

GuildView Guilds::ViewOf(const Guild& guild) const {
  GuildView view;
  view.id = guild.id;
  view.name = guild.name;
  view.ownerId = guild.ownerId;
  for (const auto& [userId, member] : guild.members) {
    auto voice = guild.voiceChannelOf.find(userId);
    GuildMemberView m;
    m.userId = userId;
    if (voice != guild.voiceChannelOf.end()) m.voiceChannelId = voice->second;
    m.permissions = member.grants;
    m.roleIds.assign(member.roles.begin(), member.roles.end());
    m.joinedAtMs = member.joinedAtMs;
    view.members.push_back(std::move(m));
  }
  for (sdk::Snowflake channelId : guild.channels) view.channels.push_back(ChannelViewOf(channels_.at(channelId)));
  std::sort(view.channels.begin(), view.channels.end(), [](const GuildChannelView& a, const GuildChannelView& b) {
    return a.position != b.position ? a.position < b.position : a.id < b.id;
  });
  for (const auto& [id, role] : guild.roles) view.roles.push_back(role);
  // As the service orders roles: by position, ties by id; @everyone (position 0, the oldest id) first.
  std::sort(view.roles.begin(), view.roles.end(), [](const Role& a, const Role& b) {
    return a.position != b.position ? a.position < b.position : a.id < b.id;
  });
  view.features.assign(guild.features.begin(), guild.features.end());
  for (const auto& [userId, reason] : guild.bans) view.bans.push_back({userId, reason});
  return view;
}

std::vector<GuildView> Guilds::Describe() const {
  std::vector<GuildView> out;
  out.reserve(guilds_.size());
  for (const auto& [id, guild] : guilds_) out.push_back(ViewOf(guild));
  return out;
}

std::optional<GuildView> Guilds::DescribeGuild(sdk::Snowflake guildId) const {
  auto found = guilds_.find(guildId);
  if (found == guilds_.end()) return std::nullopt;
  return ViewOf(found->second);
}

}  // namespace sim
