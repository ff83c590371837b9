// World's requests of a game to the Discord app on the user's machine (the simulated chat client,
// chat_clients.h): opening a message or the Connected Games settings in it, telling it the game
// shows chat, asking who is signed into it. Defined in world_discord_app.cc. Included inside
// class World (world.h), not a header of its own.

 public:
  // Whether `message` can be viewed in Discord (Client::CanOpenMessageInDiscord): a direct message
  // when one of its two users is a full Discord account, a lobby message when the lobby is linked
  // to a channel now ("Messages viewable in Discord", sending-direct-messages).
  bool CanOpenMessageInDiscord(sdk::Snowflake app, sdk::Snowflake user, const sdk::Message& message) const;
  // Client::OpenMessageInDiscord for a signed-in `user`: ValidationError when it cannot be viewed
  // there, RPCError when the chat client is not reachable; a provisional user sets
  // `*mergeRequired` (the SDK's provisionalUserMergeRequiredCallback) and nothing opens.
  sdk::Result OpenMessageInDiscord(sdk::Snowflake app, sdk::Snowflake user, const sdk::Message& message,
                                   bool* mergeRequired);
  // Client::OpenConnectedGamesSettingsInDiscord: RPCError when the chat client is not reachable,
  // ValidationError for a provisional account (the header: "does nothing").
  sdk::Result OpenConnectedGamesSettingsInDiscord(sdk::Snowflake user);
  // Client::SetShowingChat of `session`, signed in as `user`.
  void SetShowingChat(const Session* session, sdk::Snowflake user, bool showing);
  // Client::GetDiscordClientConnectedUser: the account the user's chat client is signed into
  // (none when signed out), as `app`'s `user` sees it; RPCError when it is not reachable.
  sdk::Result DiscordClientConnectedUser(sdk::Snowflake app, sdk::Snowflake user, std::optional<sdk::User>* out) const;
  // The harness signs the user's chat client into `account` (0: signs it out). Unknown user or
  // account: std::invalid_argument.
  void SetChatClientAccount(sdk::Snowflake user, sdk::Snowflake account);

 private:
  sdk::Snowflake ChatClientAccountLocked(sdk::Snowflake user, const ChatClient& client) const;
  bool CanOpenMessageInDiscordLocked(sdk::Snowflake app, sdk::Snowflake user, const sdk::Message& message) const;
