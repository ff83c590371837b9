// World's relationships (sdk/relationships_api.h; rules in relationships.h), defined in
// world_relationships.cc. Included inside class World (world.h), not a header of its own: the
// declarations of one feature, beside its definitions.

 public:
  // Client operations answer with a Result; both users' signed-in sessions get relationship
  // created/deleted.
  enum class RelationshipOp {
    AcceptDiscord, AcceptGame, RejectDiscord, RejectGame, CancelDiscord, CancelGame,
    RemoveGame, RemoveDiscordAndGame, Block, Unblock,
  };
  sdk::Result SendFriendRequest(sdk::Snowflake user, sdk::Snowflake target, bool discord);
  // By username (case-insensitive); an unknown one is 400 80004.
  sdk::Result SendFriendRequestByName(sdk::Snowflake user, const std::string& username, bool discord);
  sdk::Result UpdateRelationship(sdk::Snowflake user, sdk::Snowflake other, RelationshipOp op);
  // What a client of (app, viewer) reads: every relationship; the friends of one group, ordered
  // by display name (case-insensitive) then id, in OnlineElsewhere those who have played `app`
  // first; one relationship (None types when none); the friends whose username or display name
  // matches `text` (Relationships::SearchDistance), the closest first.
  std::vector<sdk::Relationship> RelationshipsOf(sdk::Snowflake app, sdk::Snowflake viewer) const;
  std::vector<sdk::Relationship> RelationshipsByGroup(sdk::Snowflake app, sdk::Snowflake viewer,
                                                      sdk::RelationshipGroupType group) const;
  sdk::Relationship RelationshipOf(sdk::Snowflake app, sdk::Snowflake viewer, sdk::Snowflake other) const;
  std::vector<sdk::User> SearchFriends(sdk::Snowflake app, sdk::Snowflake viewer, const std::string& text) const;
  // Harness: makes two users friends at once. Bad input (unknown user, oneself, a provisional
  // account as a Discord friend, a block between them): std::invalid_argument.
  void SetFriends(sdk::Snowflake a, sdk::Snowflake b, bool discord, bool game);

 private:
  // What the user's friends see of its presence now (their groups of it follow it).
  ShownPresence ShownPresenceLocked(sdk::Snowflake userId) const;
  // Tells the sessions of `userId`'s friends whose group of it changed (relationshipGroupsUpdated).
  void RelationshipGroupsChangedLocked(sdk::Snowflake userId);
  void DispatchRelationshipsLocked(const RelationshipNotices& notices);
  sdk::Relationship RelationshipLocked(sdk::Snowflake app, sdk::Snowflake viewer, sdk::Snowflake other) const;
