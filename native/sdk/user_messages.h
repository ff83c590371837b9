// The port's direct-message values (discordpp::UserMessageSummary). Direct messages themselves are
// sdk::Message values (sdk/lobby.h) whose recipientId is set.
#pragma once

#include "sdk/types.h"

namespace sdk {

// One direct-message conversation of the current user: the other user and the newest message.
struct UserMessageSummary {
  Snowflake userId = 0;
  Snowflake lastMessageId = 0;
};

}  // namespace sdk
