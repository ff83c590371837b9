// The simulated service's guilds: members with their roles, roles, channels and categories with
// positions, bans, features, and the permission model (permissions.h) that decides what a member
// may do in each channel. Pure state: no locking, no threads, no clients.
//
// Permissions (a member's, in one channel), computed as the service does (permissions.h):
//   1. The guild owner has every permission, whatever the overwrites say.
//   2. Base: @everyone's permissions (the role whose id is the guild's; VIEW_CHANNEL and
//      SEND_MESSAGES until the harness changes them), the member's roles' and its own guild-level
//      grants (the harness's shortcut, as a role of its own). ADMINISTRATOR: every permission.
//   3. The overwrites that apply: the channel's own, or, when it has none of its own (it is
//      "synced"), its category's. @everyone's overwrite, then the member's roles' (their denies
//      combined, then their allows), then the member's own; without VIEW_CHANNEL, nothing.
// A category is judged by its own overwrites. An SDK client's guild channels leave out a channel
// the member cannot view, even when its category is visible; a visible channel in a hidden
// category keeps its parent id.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sdk/guilds.h"
#include "sdk/lobby.h"
#include "sdk/types.h"
#include "sim/service/permissions.h"

namespace sim {

// Audit log action types the simulator records (the service's numbers).
constexpr int32_t kAuditVoiceChannelStatusUpdate = 192;
constexpr int32_t kAuditVoiceChannelStatusDelete = 193;

struct AuditLogEntry {
  int32_t actionType = 0;
  sdk::Snowflake userId = 0;    // who did it
  sdk::Snowflake targetId = 0;  // the channel
  std::optional<std::string> status;
  std::optional<std::string> reason;  // X-Audit-Log-Reason
  uint64_t atMs = 0;
};

// A channel's own overwrites; nullopt: none of its own, it follows its category.
using Overwrites = std::optional<std::vector<Overwrite>>;

struct ChannelSpec {
  std::string name;
  sdk::ChannelType type = sdk::ChannelType::GuildText;
  int32_t position = 0;
  std::optional<sdk::Snowflake> parentId;
  Overwrites overwrites;
};

// What a harness update changes; absent fields stay as they are.
struct ChannelUpdate {
  std::optional<std::string> name;
  std::optional<int32_t> position;
  std::optional<std::optional<sdk::Snowflake>> parentId;
  std::optional<Overwrites> overwrites;
};

// What the inspector shows of a guild (Guilds::Describe): its members, each with the voice
// channel it is connected to, and its channels in the guild's order (position, then id), each
// with its voice status and the lobby linked to it.
struct GuildMemberView {
  sdk::Snowflake userId = 0;
  std::optional<sdk::Snowflake> voiceChannelId;
  uint64_t permissions = 0;  // its guild-level grants (bits), on top of @everyone's
  std::vector<sdk::Snowflake> roleIds;  // its roles (never @everyone), oldest first
  uint64_t joinedAtMs = 0;
};
struct GuildBanView {
  sdk::Snowflake userId = 0;
  std::optional<std::string> reason;
};
// What a harness role update changes; absent fields stay as they are.
struct RoleUpdate {
  std::optional<std::string> name;
  std::optional<int32_t> position;
  std::optional<int32_t> color;
  std::optional<uint64_t> permissions;
  std::optional<bool> hoist;
  std::optional<bool> mentionable;
};
struct GuildChannelView {
  sdk::Snowflake id = 0;
  std::string name;
  sdk::ChannelType type = sdk::ChannelType::GuildText;
  int32_t position = 0;
  std::optional<sdk::Snowflake> parentId;
  std::optional<std::string> voiceStatus;
  std::optional<sdk::Snowflake> linkedLobbyId;
};
// A guild channel with its guild's id and the applications' bot users that are members of the
// guild: what the gateway needs to dispatch one channel's change without the whole guild.
struct GuildChannelPlace {
  sdk::Snowflake guildId = 0;
  GuildChannelView channel;
  std::vector<sdk::Snowflake> botUserIds;
};
struct GuildView {
  sdk::Snowflake id = 0;
  std::string name;
  sdk::Snowflake ownerId = 0;
  std::vector<GuildMemberView> members;
  std::vector<GuildChannelView> channels;
  std::vector<Role> roles;  // by position, then id; @everyone first
  std::vector<std::string> features;
  std::vector<GuildBanView> bans;  // by user id
};

// Guild channel id -> the lobby linked to it.
using LinkedLobbies = std::map<sdk::Snowflake, sdk::LinkedLobby>;

class Guilds {
 public:
  // What @everyone may do in every channel before overwrites, until the harness changes it (our
  // choice: the service's default for a new guild is wider; the simulator's guilds start small).
  static constexpr uint64_t kEveryonePermissions = kViewChannel | kSendMessages;

  // Harness (server) operations: bad input throws std::invalid_argument, nothing changes.
  void CreateGuild(sdk::Snowflake id, std::string name, sdk::Snowflake ownerId, uint64_t nowMs);
  // Adds the user (joined at `nowMs`), or replaces its guild-level grants when it is already a member.
  void AddMember(sdk::Snowflake guildId, sdk::Snowflake userId, uint64_t permissions, uint64_t nowMs);
  void RemoveMember(sdk::Snowflake guildId, sdk::Snowflake userId);

  // Roles, features, bans and prune (guild_roles.cc). Harness: bad input throws
  // std::invalid_argument. A new role goes above every other unless `role.position` is given.
  void CreateRole(sdk::Snowflake guildId, sdk::Snowflake id, Role role, bool positioned);
  // @everyone (the guild's id) takes a permissions change only.
  void UpdateRole(sdk::Snowflake guildId, sdk::Snowflake roleId, const RoleUpdate& update);
  // The member's roles, replaced (not @everyone, each a role of the guild).
  void SetMemberRoles(sdk::Snowflake guildId, sdk::Snowflake userId, const std::vector<sdk::Snowflake>& roleIds);
  void SetFeatures(sdk::Snowflake guildId, std::vector<std::string> features);
  bool HasFeature(sdk::Snowflake guildId, const std::string& feature) const;
  // The user's permissions in the guild (no channel) or in one of its channels; 0 for a non-member.
  uint64_t PermissionsOf(sdk::Snowflake guildId, sdk::Snowflake userId, std::optional<sdk::Snowflake> channelId) const;
  // Bans the user (removing it when a member: out of its voice channel too); a ban replaces an
  // earlier one's reason. Unban: whether it was banned. The owner cannot be banned.
  void Ban(sdk::Snowflake guildId, sdk::Snowflake userId, std::optional<std::string> reason);
  bool Unban(sdk::Snowflake guildId, sdk::Snowflake userId);
  bool IsBanned(sdk::Snowflake guildId, sdk::Snowflake userId) const;
  // The members a prune of `days` days would remove (`apply`: removes them): every member but the
  // owner that holds no role, or only roles of `includeRoles`, and joined at least `days` days
  // before `nowMs` (our choice: the simulator records no member activity, so a member's last
  // activity is its joining).
  std::vector<sdk::Snowflake> Prune(sdk::Snowflake guildId, int32_t days, const std::set<sdk::Snowflake>& includeRoles,
                                    uint64_t nowMs, bool apply);
  void CreateChannel(sdk::Snowflake guildId, sdk::Snowflake id, ChannelSpec spec);
  void UpdateChannel(sdk::Snowflake channelId, const ChannelUpdate& update);
  bool HasGuild(sdk::Snowflake guildId) const { return guilds_.count(guildId) > 0; }

  // Client operations. Guilds of the user, by id (oldest first).
  std::vector<sdk::GuildMinimal> GuildsOf(sdk::Snowflake userId) const;
  // The channels `userId` can view, ordered by position, ties by id (the older channel first).
  // Failures: 404 Unknown Guild (10004), 403 Missing Access (50001) for a non-member.
  sdk::Result Channels(sdk::Snowflake app, sdk::Snowflake userId, sdk::Snowflake guildId,
                       const LinkedLobbies& linked, std::vector<sdk::GuildChannel>* out) const;
  // The channel `userId` may link to lobby `lobbyId` (Link Channel To Lobby): a guild text channel
  // it can view, send messages in and manage, not linked to another lobby. Failures: 404 Unknown
  // Channel (10003) for a channel it cannot see, 400 (50024) for another channel type, 403
  // Missing Permissions (50013), 400 (50035) when another lobby has it.
  sdk::Result LinkableChannel(sdk::Snowflake userId, sdk::Snowflake channelId, sdk::Snowflake lobbyId,
                              const LinkedLobbies& linked, sdk::LinkedChannel* out) const;

  // Harness, until a simulated gateway exists: `userId`, a member of the channel's guild, is
  // connected to voice channel `channelId` (`connected`; out of any other channel of that guild:
  // one voice channel per guild, our choice) or no longer is (a no-op when it was not). Leaving
  // the guild disconnects it. std::invalid_argument: unknown channel, a channel that is not a
  // voice channel, a user that is not a member.
  void SetVoiceConnection(sdk::Snowflake channelId, sdk::Snowflake userId, bool connected);

  // Set Voice Channel Status by `actor` (an application's bot user). It needs
  // SET_VOICE_CHANNEL_STATUS in the channel, and MANAGE_CHANNELS too unless it is connected to
  // it (SetVoiceConnection). An empty or absent status clears it. Records audit log entry 192 (set) or 193 (cleared).
  // Throws ServiceError: 404 Unknown Channel (10003) for a channel it cannot see, 400 (50024)
  // for a channel that is not a voice channel, 403 Missing Permissions (50013), 400 (50035) for
  // a status over kMaxVoiceStatusLength characters.
  void SetVoiceStatus(sdk::Snowflake channelId, sdk::Snowflake actor, std::optional<std::string> status,
                      std::optional<std::string> reason, uint64_t nowMs);
  static constexpr size_t kMaxVoiceStatusLength = 500;  // characters (code points)
  // Harness reads: the channel's voice status (nullopt: none; std::invalid_argument for an
  // unknown channel) and the guild's audit log, oldest first.
  std::optional<std::string> VoiceStatusOf(sdk::Snowflake channelId) const;
  std::vector<AuditLogEntry> AuditLogOf(sdk::Snowflake guildId) const;
  // One guild as Describe shows it; nullopt when unknown.
  std::optional<GuildView> DescribeGuild(sdk::Snowflake guildId) const;
  // One channel as DescribeGuild shows it (linkedLobbyId left empty), with its guild's id;
  // nullopt for an unknown channel.
  std::optional<std::pair<sdk::Snowflake, GuildChannelView>> DescribeChannel(sdk::Snowflake channelId) const;
  // Whether `userId` is a member of the guild (false for an unknown guild).
  bool IsMember(sdk::Snowflake guildId, sdk::Snowflake userId) const;
  // Whether the two users are members of one guild at least (a "mutual Discord server").
  bool ShareGuild(sdk::Snowflake a, sdk::Snowflake b) const;
  // A channel as the service's channel object shows it to the game backend (the lobby's linked
  // channel): type, position, category. nullopt for an unknown channel.
  std::optional<sdk::GuildChannel> ChannelOf(sdk::Snowflake channelId) const;
  // Every guild, oldest first, as the inspector shows it (linkedLobbyId left empty: the world
  // knows the links).
  std::vector<GuildView> Describe() const;

 private:
  struct Channel {
    sdk::Snowflake id = 0;
    sdk::Snowflake guildId = 0;
    ChannelSpec spec;
    std::optional<std::string> voiceStatus;
  };
  struct Member {
    uint64_t grants = 0;  // guild-level grants, on top of @everyone's and its roles'
    std::set<sdk::Snowflake> roles;
    uint64_t joinedAtMs = 0;
  };
  struct Guild {
    sdk::Snowflake id = 0;
    std::string name;
    sdk::Snowflake ownerId = 0;
    std::map<sdk::Snowflake, Member> members;
    std::map<sdk::Snowflake, sdk::Snowflake> voiceChannelOf;  // member -> the voice channel it is in
    std::set<sdk::Snowflake> channels;
    std::vector<AuditLogEntry> auditLog;
    std::map<sdk::Snowflake, Role> roles;  // @everyone included, under the guild's id
    std::set<std::string> features;
    std::map<sdk::Snowflake, std::optional<std::string>> bans;  // user -> reason
  };

  Guild& FindGuild(sdk::Snowflake guildId);
  const Guild& FindGuild(sdk::Snowflake guildId) const;
  PermissionSubject SubjectOf(const Guild& guild, sdk::Snowflake userId) const;
  GuildView ViewOf(const Guild& guild) const;
  static GuildChannelView ChannelViewOf(const Channel& channel);
  // Checks a channel spec against its guild: parent is a category of it, overwrites are sane.
  void CheckSpec(const Guild& guild, sdk::Snowflake channelId, const ChannelSpec& spec) const;
  uint64_t PermissionsIn(const Guild& guild, const Channel& channel, sdk::Snowflake userId) const;
  const std::vector<Overwrite>* EffectiveOverwrites(const Channel& channel) const;
  bool EveryMemberCan(const Guild& guild, const Channel& channel, uint64_t permissions) const;

  std::map<sdk::Snowflake, Guild> guilds_;
  std::map<sdk::Snowflake, Channel> channels_;
};

}  // namespace sim
