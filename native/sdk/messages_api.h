// The port's messages: lobby messages (SendLobbyMessageWithMetadata, GetLobbyMessagesWithLimit) and
// direct messages (SendUserMessageWithMetadata, EditUserMessage, DeleteUserMessage,
// GetUserMessagesWithLimit, GetUserMessageSummaries), and the message callbacks they share.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "sdk/callbacks.h"
#include "sdk/lobby.h"
#include "sdk/user_messages.h"

namespace sdk {

class MessagesApi : public CallbackTypes {
 public:
  using MessageIdCallback = std::function<void(const Result&, Snowflake messageId)>;
  using MessagesCallback = std::function<void(const Result&, std::vector<MessagePtr> messages)>;
  using MessageEventCallback = std::function<void(MessageEvent, const MessagePtr& message)>;
  using UserMessageSummariesCallback = std::function<void(const Result&, std::vector<UserMessageSummary> summaries)>;
  using MessageDeletedCallback = std::function<void(Snowflake messageId, Snowflake channelId)>;

  // Lobby messages; reads come newest first.
  virtual void SendLobbyMessage(Snowflake lobbyId, std::string content, Metadata metadata,
                                MessageIdCallback done) = 0;
  virtual void GetLobbyMessages(Snowflake lobbyId, int32_t limit, MessagesCallback done) = 0;

  // Direct messages. GetUserMessages: newest first, served from the local cache when it holds
  // enough.
  virtual void SendUserMessage(Snowflake recipientId, std::string content, Metadata metadata,
                               MessageIdCallback done) = 0;
  virtual void EditUserMessage(Snowflake recipientId, Snowflake messageId, std::string content,
                               ResultCallback done) = 0;
  virtual void DeleteUserMessage(Snowflake recipientId, Snowflake messageId, ResultCallback done) = 0;
  virtual void GetUserMessages(Snowflake recipientId, int32_t limit, MessagesCallback done) = 0;
  virtual void GetUserMessageSummaries(UserMessageSummariesCallback done) = 0;

  // Created and updated messages, lobby and direct alike; registering again replaces.
  virtual void SetMessageEventCallback(MessageEventCallback cb) = 0;
  virtual void SetMessageDeletedCallback(MessageDeletedCallback cb) = 0;

 protected:
  ~MessagesApi() = default;
};

}  // namespace sdk
