// World's activity invites (sdk/invites_api.h has the rules), defined in world_invites.cc.
// Included inside class World (world.h), not a header of its own: the declarations of one
// feature, beside its definitions.

 public:
  // Client operations answer with a Result; the recipient's signed-in sessions in the application
  // get the invite.
  sdk::Result SendActivityInvite(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target, std::string content);
  sdk::Result SendActivityJoinRequest(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target);
  sdk::Result ReplyToJoinRequest(sdk::Snowflake app, sdk::Snowflake user, const sdk::ActivityInvite& request);
  sdk::Result AcceptActivityInvite(sdk::Snowflake user, const sdk::ActivityInvite& invite, std::string* joinSecret);
  // The launch command a game registered (Client::RegisterLaunchCommand) on the user's chat client.
  void RegisterLaunchCommand(sdk::Snowflake user, sdk::Snowflake app, std::string command);
  // Harness, the user's chat client: the Join invites it shows (oldest first); the launch commands
  // registered, by application; the commands it ran. Bad input: std::invalid_argument.
  std::vector<SentInvite> ActivityInvitesOf(sdk::Snowflake user) const;
  std::map<sdk::Snowflake, std::string> LaunchCommandsOf(sdk::Snowflake user) const;
  std::vector<std::string> LaunchesOf(sdk::Snowflake user) const;
  // The user accepts invite `messageId` in the chat client: the user's sessions in its application
  // get the join (SetActivityJoinCallback); with none signed in, the chat client runs the
  // registered launch command and the join waits for the game's first session. Refused (the
  // invite is unknown, not the user's, no longer valid; no session and no command; the chat
  // client not running): std::invalid_argument.
  void AcceptActivityInviteInChatClient(sdk::Snowflake user, sdk::Snowflake messageId);

 private:
  // Whether a Join invite can still be accepted: the sender still shows, in its application, the
  // party and join secret it had when sending, and the party is not full.
  bool InviteAcceptableLocked(const SentInvite& sent) const;
  // Refused for an unknown user, oneself, or a user `user` may not message (MayMessageLocked).
  sdk::Result CheckInviteTargetLocked(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target) const;
  // Sends a Join invite from `user` (its published activity in `app`) to `target`.
  sdk::Result SendJoinInviteLocked(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target, std::string content);
  void DeliverInviteLocked(const SentInvite& sent, bool created);
  // The user's presence changed: the invites it sent that are no longer acceptable are updated.
  void ActivityInvitesChangedLocked(sdk::Snowflake userId);
  // Delivers the joins waiting for a session of (app, user) (the chat client launched the game);
  // called in SessionReady.
  void DeliverPendingJoinsLocked(sdk::Snowflake app, sdk::Snowflake user);
