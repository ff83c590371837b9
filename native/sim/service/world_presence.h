// World's presence and game identity (sdk/presence_api.h), defined in world_presence.cc.
// Included inside class World (world.h), not a header of its own: the declarations of one
// feature, beside its definitions.

 public:
  // Presence and game identity (world_presence.cc). Harness: bad input is std::invalid_argument.
  void SetApplicationInviteCoverImage(sdk::Snowflake app, std::optional<std::string> image);
  // Replaces the user's application profiles (at most one per application); returns the user.
  sdk::User SetApplicationProfiles(sdk::Snowflake userId, std::vector<sdk::UserApplicationProfile> profiles);
  // A signed-in session publishes or clears its user's activity; the users who know it are told.
  void UpdateRichPresence(sdk::Snowflake app, sdk::Snowflake user, sdk::Activity activity);
  // The status the user chose (Client::SetOnlineStatus); ValidationError for a status a user
  // cannot choose (only Online, Idle, Dnd, Invisible). Users who know the user are told.
  sdk::Result SetOnlineStatus(sdk::Snowflake user, sdk::StatusType status);
  void ClearRichPresence(sdk::Snowflake app, sdk::Snowflake user);
  // The profile privacy the user chose in its chat client (spec: Presence Update). Friends Only:
  // its custom status (an activity of type CustomStatus, 4) is shown to its friends only, not to
  // the other users who see its presence (lobby co-members). Friends & Small Servers Only applies
  // the same in guilds of more than 200 members, whose guild presence the simulator does not
  // deliver, so it changes nothing here. Users who know the user are told. Unknown user:
  // std::invalid_argument.
  void SetProfilePrivacy(sdk::Snowflake user, ProfilePrivacy privacy);
  // `userId` as a client of (app, viewer) sees it: only users it knows (itself and the members of
  // its lobbies in `app`), else nullopt.
  std::optional<sdk::User> ViewUser(sdk::Snowflake app, sdk::Snowflake viewer, sdk::Snowflake userId) const;
  // The users whose presence (status, activity, privacy, profiles) changed since the last take,
  // each once, ascending: the simulated gateway follows them (its Presence Update) on the JS
  // thread. At most one entry per user is kept, so an untaken set stays small.
  std::vector<sdk::Snowflake> TakePresenceChanges();

 private:
  // The user as the service shows it to a viewer: its online status (offline without a connected
  // client; invisible shows as offline unless `self`, the viewer is the user) and its published
  // activity (secrets only to itself; see sim/presence.h).
  sdk::User ShownUserLocked(sdk::User user, bool self) const;
  // `user` as (app, viewer) sees it: its presence only to itself, its friends and its lobbies'
  // members, never across a block (then offline, no activity).
  sdk::User ViewUserLocked(sdk::Snowflake app, sdk::Snowflake viewer, const sdk::User& user) const;
  // ViewUserLocked without the relationship: the status and activity the viewer is shown.
  sdk::User ViewUserPresenceLocked(sdk::Snowflake app, sdk::Snowflake viewer, const sdk::User& user) const;
  // Tells every signed-in session that knows `userId` (its own included) that it changed.
  void UserUpdatedLocked(sdk::Snowflake userId);
  std::set<sdk::Snowflake> presenceChanged_;  // since the last TakePresenceChanges
