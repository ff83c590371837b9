// The simulated service's guilds: members, channels and categories with positions, and a small but
// real permission-overwrite model that decides which channels a member can view. Pure state: no
// locking, no threads, no clients.
//
// Permissions (a member's, in one channel), computed as the service does, without roles:
//   1. The guild owner has every permission, whatever the overwrites say.
//   2. Start from @everyone's guild permissions (VIEW_CHANNEL and SEND_MESSAGES) plus the
//      member's own guild-level grants (e.g. MANAGE_CHANNELS).
//   3. The overwrites that apply: the channel's own, or, when it has none of its own (it is
//      "synced"), its category's. Apply the @everyone overwrite (deny, then allow), then the
//      member's own overwrite (deny, then allow).
// A category is judged by its own overwrites. A channel the member cannot view is left out of
// Get Guild Channels entirely (the 2026-11-16 rule), even when its category is visible; a visible
// channel in a hidden category keeps its parent id.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sdk/guilds.h"
#include "sdk/lobby.h"
#include "sdk/types.h"

namespace sim {

// Permission bits, as the service numbers them.
constexpr uint64_t kManageChannels = 1ull << 4;
constexpr uint64_t kViewChannel = 1ull << 10;
constexpr uint64_t kSendMessages = 1ull << 11;
constexpr uint64_t kSetVoiceChannelStatus = 1ull << 48;
constexpr uint64_t kModeledPermissions = kManageChannels | kViewChannel | kSendMessages | kSetVoiceChannelStatus;
// What linking a channel to a lobby needs in that channel.
constexpr uint64_t kLinkChannelPermissions = kManageChannels | kViewChannel | kSendMessages;

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

// One permission overwrite of a channel or category.
struct Overwrite {
  sdk::Snowflake userId = 0;  // 0: the @everyone role
  uint64_t allow = 0;
  uint64_t deny = 0;
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
struct GuildView {
  sdk::Snowflake id = 0;
  std::string name;
  sdk::Snowflake ownerId = 0;
  std::vector<GuildMemberView> members;
  std::vector<GuildChannelView> channels;
};

// Guild channel id -> the lobby linked to it.
using LinkedLobbies = std::map<sdk::Snowflake, sdk::LinkedLobby>;

class Guilds {
 public:
  // What @everyone may do in every channel before overwrites.
  static constexpr uint64_t kEveryonePermissions = kViewChannel | kSendMessages;

  // Harness (server) operations: bad input throws std::invalid_argument, nothing changes.
  void CreateGuild(sdk::Snowflake id, std::string name, sdk::Snowflake ownerId);
  // Adds the user, or replaces its guild-level grants when it is already a member.
  void AddMember(sdk::Snowflake guildId, sdk::Snowflake userId, uint64_t permissions);
  void RemoveMember(sdk::Snowflake guildId, sdk::Snowflake userId);
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
  struct Guild {
    sdk::Snowflake id = 0;
    std::string name;
    sdk::Snowflake ownerId = 0;
    std::map<sdk::Snowflake, uint64_t> members;  // user -> guild-level grants
    std::map<sdk::Snowflake, sdk::Snowflake> voiceChannelOf;  // member -> the voice channel it is in
    std::set<sdk::Snowflake> channels;
    std::vector<AuditLogEntry> auditLog;
  };

  Guild& FindGuild(sdk::Snowflake guildId);
  // Checks a channel spec against its guild: parent is a category of it, overwrites are sane.
  void CheckSpec(const Guild& guild, sdk::Snowflake channelId, const ChannelSpec& spec) const;
  uint64_t PermissionsIn(const Guild& guild, const Channel& channel, sdk::Snowflake userId) const;
  const std::vector<Overwrite>* EffectiveOverwrites(const Channel& channel) const;
  bool EveryMemberCan(const Guild& guild, const Channel& channel, uint64_t permissions) const;

  std::map<sdk::Snowflake, Guild> guilds_;
  std::map<sdk::Snowflake, Channel> channels_;
};

}  // namespace sim
