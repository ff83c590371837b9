// The port's activity invites (discordpp::ActivityInvite) as plain data both backends produce, and
// what an accepted invite hands the game. Enum values are the vendor's (ActivityActionType; generated).
#pragma once

#include <string>

#include "sdk/types.h"

namespace sdk {

// An invite to join the sender's party (Join), or a request from the sender to join the
// recipient's party (JoinRequest). The service identifies it by its message.
struct ActivityInvite {
  Snowflake senderId = 0;
  Snowflake channelId = 0;  // the direct-message channel it was sent in
  Snowflake messageId = 0;
  Snowflake applicationId = 0;
  Snowflake parentApplicationId = 0;
  ActivityActionType type = ActivityActionType::Invalid;
  std::string partyId;
  std::string sessionId;
  // False once it can no longer be accepted (the party is full, or the sender's presence changed).
  bool isValid = false;
};

// SetActivityJoinWithApplicationCallback's values: the invite's application and the join secret
// (a secret: never logged).
struct ActivityJoin {
  Snowflake applicationId = 0;
  std::string joinSecret;
};

}  // namespace sdk
