// The port's relationships (discordpp::RelationshipHandle) as plain data both backends produce.
// Enum values are the vendor's (RelationshipType, RelationshipGroupType; generated).
#pragma once

#include <optional>

#include "sdk/types.h"

namespace sdk {

// How the current user relates to another user. The Discord relationship and the game
// relationship are separate: two users can be game friends without being Discord friends.
struct Relationship {
  Snowflake id = 0;  // the other user
  RelationshipType discordType = RelationshipType::None;
  RelationshipType gameType = RelationshipType::None;
  bool isSpamRequest = false;
  // The other user as the current user sees it (presence only for friends, never across a block).
  std::optional<User> user;
};

}  // namespace sdk
