// The simulated service's relationships: for each pair of users, how each one sees the other, with
// the Discord relationship and the game relationship kept apart (friend, blocked, pending
// incoming/outgoing, none). No lock of its own: every member is called with World::mutex_ held.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sdk/relationships.h"
#include "sdk/types.h"

namespace sim {

// One side of a relationship changed type: `recipient` sees its relationship with `other` created
// or changed (created true) or removed, in its Discord or its game type.
struct RelationshipNotice {
  sdk::Snowflake recipient = 0;
  sdk::Snowflake other = 0;
  bool isDiscord = false;
  bool created = false;
};
using RelationshipNotices = std::vector<RelationshipNotice>;

// What others can see of a user's presence, for the friends list's groups: online, and the
// application of the activity it shows.
struct ShownPresence {
  bool online = false;
  sdk::Snowflake activityApp = 0;
  bool operator==(const ShownPresence& other) const { return online == other.online && activityApp == other.activityApp; }
};
// The group a friend showing `presence` is in for a client of `app`.
sdk::RelationshipGroupType GroupOf(const ShownPresence& presence, sdk::Snowflake app, bool discordFriend);

class Relationships {
 public:
  // The two types `viewer` has with `other` (None/None when nothing).
  struct Types {
    sdk::RelationshipType discord = sdk::RelationshipType::None;
    sdk::RelationshipType game = sdk::RelationshipType::None;
    bool none() const { return discord == sdk::RelationshipType::None && game == sdk::RelationshipType::None; }
  };
  // What the world knows of a user the rules need.
  struct Party {
    sdk::Snowflake id = 0;
    bool provisional = false;
  };
  struct Outcome {
    sdk::Result result;
    RelationshipNotices notices;
  };

  Types Of(sdk::Snowflake viewer, sdk::Snowflake other) const;
  // Every user `viewer` has a relationship with, by id.
  std::vector<std::pair<sdk::Snowflake, Types>> All(sdk::Snowflake viewer) const;
  // Friends in either type.
  bool AreFriends(sdk::Snowflake a, sdk::Snowflake b) const;
  bool AreDiscordFriends(sdk::Snowflake a, sdk::Snowflake b) const;
  // Either blocked the other.
  bool BlockedEitherWay(sdk::Snowflake a, sdk::Snowflake b) const;
  // Every friend (either type) of `user`.
  std::vector<sdk::Snowflake> FriendsOf(sdk::Snowflake user) const;

  // A friend request (Discord or game). Refused: to oneself (400, 80003); a Discord request from
  // or to a provisional account (400, 80000); across a block (400, 80001); to a friend (400,
  // 80007). A request to someone whose request is pending accepts it; one already sent is a no-op.
  Outcome SendRequest(const Party& from, const Party& to, bool discord);
  // Accept / reject a pending incoming request from `other`; cancel one's own pending outgoing
  // request to `other`. Nothing pending: 404 (10013 Unknown User).
  Outcome Accept(sdk::Snowflake user, sdk::Snowflake other, bool discord);
  Outcome Reject(sdk::Snowflake user, sdk::Snowflake other, bool discord);
  Outcome Cancel(sdk::Snowflake user, sdk::Snowflake other, bool discord);
  // Removes the game relationship (friend or pending), or both the Discord and the game one, on
  // both sides. Nothing to remove: 404.
  Outcome RemoveGameFriend(sdk::Snowflake user, sdk::Snowflake other);
  Outcome RemoveDiscordAndGameFriend(sdk::Snowflake user, sdk::Snowflake other);
  // Blocking removes every friendship and request between the two; the blocker sees Blocked (its
  // Discord type), the blocked user sees nothing. Unblock: 404 unless blocked.
  Outcome Block(sdk::Snowflake user, sdk::Snowflake other);
  Outcome Unblock(sdk::Snowflake user, sdk::Snowflake other);

  // SearchFriendsByUsername's matching. discordpp.h 1.9.16441: it "Searches all of your friends by
  // both username and display name [...] Under the hood uses the Levenshtein distance algorithm".
  // The header gives no threshold; our choices: the distance is the fewest single-character edits
  // (insert, delete, substitute; characters are code points, ASCII letters compared
  // case-insensitively) that turn `query` into some part of `name`, so a name containing the
  // query is at distance 0 (a search box finds "amy" from "am"); a friend matches when it is at
  // most one edit per four characters of the query (SearchEditsAllowed: "amyy" finds "amy").
  static size_t SearchDistance(const std::string& query, const std::string& name);
  static size_t SearchEditsAllowed(const std::string& query);

  // Harness: makes the two friends at once in the types asked for (provisional: no Discord).
  // Throws std::invalid_argument for a friendship the rules refuse.
  RelationshipNotices SetFriends(const Party& a, const Party& b, bool discord, bool game);

  // Records the presence the user's friends are told of now; returns the one they were told of
  // before (offline when none), so that only the friends whose group of it changed are told.
  ShownPresence ReplaceShownPresence(sdk::Snowflake user, const ShownPresence& now);

 private:
  Types& Edge(sdk::Snowflake viewer, sdk::Snowflake other);
  // Sets one type of viewer's view of other, recording the notice if it changed.
  void Set(sdk::Snowflake viewer, sdk::Snowflake other, bool discord, sdk::RelationshipType type,
           RelationshipNotices* notices);
  void Prune(sdk::Snowflake viewer, sdk::Snowflake other);

  std::map<sdk::Snowflake, std::map<sdk::Snowflake, Types>> edges_;  // edges_[viewer][other]
  std::map<sdk::Snowflake, ShownPresence> shownPresence_;  // by user; absent: offline
};

}  // namespace sim
