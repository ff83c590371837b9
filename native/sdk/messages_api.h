// The port's messages: lobby messages (SendLobbyMessageWithMetadata, GetLobbyMessagesWithLimit) and
// direct messages (SendUserMessageWithMetadata, EditUserMessage, DeleteUserMessage,
// GetUserMessagesWithLimit, GetUserMessageSummaries), and the message callbacks they share.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "generated/port_methods.h"
#include "sdk/callbacks.h"
#include "sdk/lobby.h"
#include "sdk/user_messages.h"

// Reads come newest first. GetUserMessages is served from the local cache when it holds enough.
// SendUserMessage and EditUserMessage reach a user only when both are online in the game with no
// block, or friends, or share a guild and have messaged before (HTTPError 403, 50007 otherwise).
// SetMessageEventCallback: created and updated messages, lobby and direct alike; registering
// again replaces (as every Set...Callback).
#define SDK_MESSAGES_API_METHODS(X) \
  SDK_MESSAGES_SEAM_METHODS(X) \
  X(void, SetMessageEventCallback, (MessageEventCallback cb), ) \
  X(void, SetMessageDeletedCallback, (MessageDeletedCallback cb), )

namespace sdk {

class MessagesApi : public CallbackTypes {
 public:
  using MessageIdCallback = std::function<void(const Result&, Snowflake messageId)>;
  using MessagesCallback = std::function<void(const Result&, std::vector<MessagePtr> messages)>;
  // The message by value: a backend moves its copy through to the callback, which moves it on. A
  // message fanned out to 1,000 members is one object whose reference count every copy touches
  // from the posting thread and the JS thread alike.
  using MessageEventCallback = std::function<void(MessageEvent, MessagePtr message)>;
  using UserMessageSummariesCallback = std::function<void(const Result&, std::vector<UserMessageSummary> summaries)>;
  using MessageDeletedCallback = std::function<void(Snowflake messageId, Snowflake channelId)>;

  SDK_MESSAGES_API_METHODS(SDK_PURE_VIRTUAL)

 protected:
  ~MessagesApi() = default;
};

}  // namespace sdk
