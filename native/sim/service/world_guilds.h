// World's guilds (sdk/guilds_api.h): what the harness builds and a signed-in client reads
// (world_guilds.cc), and the server API's channel operations (world_server_api.cc). Included
// inside class World (world.h), not a header of its own: the declarations of one feature, beside
// its definitions.

 public:
  // Guilds of the game backend's harness. Bad input: std::invalid_argument.
  sdk::Snowflake CreateGuild(std::string name, sdk::Snowflake ownerId);
  void AddGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId, uint64_t permissions);
  void RemoveGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId);
  sdk::Snowflake CreateGuildChannel(sdk::Snowflake guildId, ChannelSpec spec);
  void UpdateGuildChannel(sdk::Snowflake channelId, const ChannelUpdate& update);
  // Roles, member roles, features (guild_roles.cc's rules; bad input: std::invalid_argument).
  sdk::Snowflake CreateGuildRole(sdk::Snowflake guildId, Role role, bool positioned);
  void UpdateGuildRole(sdk::Snowflake guildId, sdk::Snowflake roleId, const RoleUpdate& update);
  void SetGuildMemberRoles(sdk::Snowflake guildId, sdk::Snowflake userId, const std::vector<sdk::Snowflake>& roleIds);
  void SetGuildFeatures(sdk::Snowflake guildId, std::vector<std::string> features);
  // The user's permissions in the guild, or in one of its channels (0 for a non-member).
  uint64_t GuildPermissions(sdk::Snowflake guildId, sdk::Snowflake userId, std::optional<sdk::Snowflake> channelId) const;
  // One guild as describeWorld shows it (linked lobbies included); nullopt when unknown.
  std::optional<GuildView> DescribeGuild(sdk::Snowflake guildId) const;
  // One guild channel as DescribeGuild shows it, with its guild and the applications' bot users
  // in that guild (the gateway's audience for the channel); nullopt when unknown.
  std::optional<GuildChannelPlace> DescribeGuildChannel(sdk::Snowflake channelId) const;
  // Bans (removing the member) and unbans (whether it was banned); a banned user cannot join
  // through an invite (AcceptChannelInvite).
  void BanGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId, std::optional<std::string> reason);
  bool UnbanGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId);
  // Prune on the world clock (Guilds::Prune): the members it would remove, or removed (`apply`).
  std::vector<sdk::Snowflake> PruneGuild(sdk::Snowflake guildId, int32_t days, const std::set<sdk::Snowflake>& includeRoles,
                                         bool apply);
  // Guilds as a signed-in client sees them; channels carry the lobby linked to them.
  std::vector<sdk::GuildMinimal> GuildsOf(sdk::Snowflake user) const;
  sdk::Result ReadGuildChannels(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake guildId,
                                std::vector<sdk::GuildChannel>* out) const;

  // The server API's channel operations (world_server_api.cc). A refused request throws
  // ServiceError and changes nothing.
  // Create Lobby Channel Invite: for `targetUser`, a member of the lobby of `app`, to its linked
  // channel. `byMember`: the member asked for itself (a user token); else the game backend did.
  ChannelInvite CreateLobbyChannelInvite(sdk::Snowflake app, sdk::Snowflake lobbyId, sdk::Snowflake targetUser);
  // Someone uses an invite: its target joins the channel's guild (no grants). Returns the invite.
  ChannelInvite AcceptChannelInvite(const std::string& code, sdk::Snowflake user);
  // Harness: the application's bot user is connected to a voice channel, or no longer is (see
  // Guilds::SetVoiceConnection). std::invalid_argument: unknown application, bad channel.
  void SetBotVoiceConnection(sdk::Snowflake app, sdk::Snowflake channelId, bool connected);
  // Set Voice Channel Status as the application's bot user (see Guilds::SetVoiceStatus).
  void SetVoiceChannelStatus(sdk::Snowflake app, sdk::Snowflake channelId, std::optional<std::string> status,
                             std::optional<std::string> reason);
  std::optional<std::string> VoiceChannelStatus(sdk::Snowflake channelId) const;
  // A guild channel as the server API's channel objects show it; nullopt when unknown.
  std::optional<sdk::GuildChannel> GuildChannel(sdk::Snowflake channelId) const;
  std::vector<AuditLogEntry> AuditLog(sdk::Snowflake guildId) const;

 private:
  // Every guild channel linked to a lobby, with its lobby.
  LinkedLobbies LinkedLobbiesLocked() const;
