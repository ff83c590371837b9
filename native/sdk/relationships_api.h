// The port's relationships (discordpp GetRelationships, GetRelationshipsByGroup,
// GetRelationshipHandle, SearchFriendsByUsername, the friend-request operations and the
// relationship callbacks).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "generated/port_methods.h"
#include "sdk/callbacks.h"
#include "sdk/relationships.h"
#include "sdk/types.h"

// Reads (cache only; empty, or a relationship of type None, when not ready):
// GetRelationships: every user the current user has a relationship with (friend, pending, blocked).
// GetRelationshipsByGroup: the friends (Discord or game) in one group: online and playing this
// game, online elsewhere (Discord friends only: game friends show only in game; those who have
// played the game before first), offline; each group (part) ordered by display name
// (case-insensitive), then id.
// GetRelationshipHandle: the relationship with one user (types None when there is none).
// SearchFriendsByUsername: the friends whose username or display name is close to the text by
// Levenshtein distance (the simulator's threshold: sim/service/relationships.h), the closest first.
// Operations (need a Ready client, otherwise ClientNotReady): Discord and game friend requests by
// username or id, accept, reject, cancel, remove, block, unblock. A provisional account has game
// friends only: a Discord request from or to one is refused (HTTPError 400).
// Callbacks: a relationship was created or changed type / was removed (isDiscordRelationshipUpdate
// tells which of the two types); a friend moved to another group.
#define SDK_RELATIONSHIPS_API_METHODS(X) \
  SDK_RELATIONSHIPS_SEAM_METHODS(X) \
  X(void, SetRelationshipCreatedCallback, (RelationshipCallback cb), ) \
  X(void, SetRelationshipDeletedCallback, (RelationshipCallback cb), ) \
  X(void, SetRelationshipGroupsUpdatedCallback, (RelationshipGroupsCallback cb), )

namespace sdk {

class RelationshipsApi : public CallbackTypes {
 public:
  using RelationshipCallback = std::function<void(Snowflake userId, bool isDiscordRelationshipUpdate)>;
  using RelationshipGroupsCallback = std::function<void(Snowflake userId)>;

  SDK_RELATIONSHIPS_API_METHODS(SDK_PURE_VIRTUAL)

 protected:
  ~RelationshipsApi() = default;
};

}  // namespace sdk
