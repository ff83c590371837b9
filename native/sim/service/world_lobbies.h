// World's lobby operations (sdk/lobbies_api.h and the server API's lobby routes), defined in
// world_lobbies.cc. Included inside class World (world.h), not a header of its own: the
// declarations of one feature, beside its definitions.

 public:
  // Lobby operations of a signed-in client (run on its service thread).
  Lobbies::Outcome CreateOrJoinLobby(sdk::Snowflake app, sdk::Snowflake user, const std::string& secret,
                                     const std::optional<sdk::Metadata>& lobbyMetadata,
                                     const std::optional<sdk::Metadata>& memberMetadata);
  Lobbies::Outcome LeaveLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId);
  std::optional<sdk::Lobby> ViewLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId) const;
  std::vector<sdk::Snowflake> LobbyIdsOf(sdk::Snowflake app, sdk::Snowflake user) const;
  // Link Channel To Lobby and Unlink: the caller is a member with CanLinkLobby, the channel one
  // it may link (see Guilds::LinkableChannel); the members get lobbyUpdated when it changes.
  sdk::Result LinkChannelToLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                 sdk::Snowflake channelId);
  sdk::Result UnlinkChannelFromLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId);
  // Join Linked Lobby Guild: a lobby channel invite for the member itself (see
  // CreateLobbyChannelInvite), as a URL; provisional accounts are refused (merge required).
  sdk::Result JoinLinkedLobbyGuild(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId, std::string* inviteUrl);

  // Lobby operations of the game backend (the server API). A refused request throws ServiceError
  // (status and service code; an invalid_argument) and changes nothing.
  sdk::Snowflake CreateLobby(sdk::Snowflake app, std::optional<std::string> secret, sdk::Metadata metadata,
                             const std::vector<MemberUpdate>& members = {},
                             uint32_t idleTimeoutSeconds = Lobbies::kDefaultIdleTimeoutSeconds);
  // Bulk Update Lobby Members: a user at the lobby cap is dropped silently (Lobbies::AtLobbyCap).
  void BulkUpdateLobbyMembers(sdk::Snowflake lobbyId, const std::vector<MemberUpdate>& updates);
  void ModifyLobby(sdk::Snowflake lobbyId, const LobbyChanges& changes);
  void LinkLobbyChannel(sdk::Snowflake lobbyId, std::optional<sdk::LinkedChannel> channel);
  void DeleteLobby(sdk::Snowflake lobbyId);
  std::optional<ServerLobby> GetServerLobby(sdk::Snowflake lobbyId) const;

 private:
  // Lobbies::UpdateIdle for the lobby, or for every lobby of (app, user), on the world's clock.
  void UpdateLobbyIdleLocked(sdk::Snowflake lobbyId);
  void UpdateLobbiesIdleLocked(sdk::Snowflake app, sdk::Snowflake user);
  // ServiceError 404 Unknown User for the first update that adds a user the service does not know.
  void CheckUsersExistLocked(const std::vector<MemberUpdate>& updates) const;
