// World's messages (sdk/messages_api.h: lobby messages and direct messages), defined in
// world_messages.cc. Included inside class World (world.h), not a header of its own: the
// declarations of one feature, beside its definitions.

 public:
  // Lobby messages of a signed-in client (run on its service thread).
  Lobbies::Outcome SendLobbyMessage(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                    std::string content, sdk::Metadata metadata,
                                    size_t maxContentLength = Lobbies::kMaxContentLength);
  sdk::Result ReadLobbyMessages(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                int32_t limit, std::vector<sdk::MessagePtr>* out) const;
  // The game backend sets a lobby message's moderation metadata (the server API).
  void SetMessageModerationMetadata(sdk::Snowflake lobbyId, sdk::Snowflake messageId, sdk::Metadata metadata);
  // Harness: the author edits or deletes a lobby message in the lobby's linked channel, from
  // their chat client (see Lobbies::EditMessageInLinkedChannel): members get the update or the
  // deletion, the application LOBBY_MESSAGE_UPDATE / _DELETE. Bad input: std::invalid_argument.
  void EditLobbyMessageInLinkedChannel(sdk::Snowflake user, sdk::Snowflake lobbyId, sdk::Snowflake messageId,
                                       std::string content);
  void DeleteLobbyMessageInLinkedChannel(sdk::Snowflake user, sdk::Snowflake lobbyId, sdk::Snowflake messageId);

  // Direct messages of a signed-in client of `app` (run on its service thread). Sending and
  // editing need MayMessageLocked's permission.
  DirectMessages::Outcome SendUserMessage(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake recipient,
                                          std::string content, sdk::Metadata metadata);
  DirectMessages::Outcome EditUserMessage(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake recipient,
                                          sdk::Snowflake messageId, std::string content);
  DirectMessages::Outcome DeleteUserMessage(sdk::Snowflake user, sdk::Snowflake recipient, sdk::Snowflake messageId);
  sdk::Result ReadUserMessages(sdk::Snowflake user, sdk::Snowflake peer, int32_t limit,
                               std::vector<sdk::MessagePtr>* out) const;
  std::vector<sdk::UserMessageSummary> UserMessageSummaries(sdk::Snowflake user) const;
  // The game backend sets a direct message's moderation metadata. Bad input: std::invalid_argument.
  // `application`: the caller's (the server API), which must be the game the message was sent from.
  void SetUserMessageModerationMetadata(sdk::Snowflake messageId, sdk::Metadata metadata,
                                        std::optional<std::pair<sdk::Snowflake, sdk::Snowflake>> participants = {},
                                        std::optional<sdk::Snowflake> application = {});

 private:
  // Whether `user`, signed in to `app`, may message `target` (a direct message, or an activity
  // invite, which is sent as one): 403 50007 unless one of discordpp.h's three cases holds.
  sdk::Result MayMessageLocked(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target) const;
