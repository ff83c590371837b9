// The simulated service's direct messages: one conversation (DM channel) per pair of users, made
// by the first message between them, with its history. Conversations are not tied to an
// application: both users' clients of any game see the messages. Pure state: no locking, no
// threads, no clients. Every change reports the events it causes.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sdk/lobby.h"
#include "sdk/types.h"
#include "sdk/user_messages.h"

namespace sim {

// An event for some users (every signed-in client of theirs, whatever the application).
struct UserNotice {
  std::vector<sdk::Snowflake> recipients;
  // Created or Updated with `message`; or, when nullopt, the message `messageId` of `channelId`
  // was deleted.
  std::optional<sdk::MessageEvent> messageEvent;
  sdk::MessagePtr message;
  sdk::Snowflake messageId = 0;
  sdk::Snowflake channelId = 0;
};
using UserNotices = std::vector<UserNotice>;

class DirectMessages {
 public:
  // Messages a read returns at most, and what the simulator keeps per conversation (as lobbies).
  static constexpr size_t kMessagesReturned = 200;
  static constexpr uint64_t kMessageReadWindowMs = 72ull * 60 * 60 * 1000;
  static constexpr size_t kMaxContentLength = 2000;  // characters (code points)
  // The service's JSON error code "Cannot send messages to this user" (discord-api-docs,
  // opcodes-and-status-codes).
  static constexpr int32_t kCannotSendToUser = 50007;

  struct Outcome {
    sdk::Result result;
    sdk::Snowflake id = 0;  // the message id, on success
    UserNotices notices;
  };

  // Client operations: failures are service errors, nothing changes. `newChannelId` is used when
  // this is the first message between the two users. The recipient must exist (checked by the
  // world).
  // `application`: the game the message was sent from (0: none known), whose backend alone may
  // set its moderation metadata.
  Outcome Send(sdk::Snowflake author, sdk::Snowflake recipient, std::string content, sdk::Metadata metadata,
               sdk::Snowflake newId, sdk::Snowflake newChannelId, uint64_t nowMs, sdk::Snowflake application = 0);
  // Only the author may edit or delete a message.
  Outcome Edit(sdk::Snowflake user, sdk::Snowflake recipient, sdk::Snowflake messageId, std::string content,
               uint64_t nowMs);
  Outcome Delete(sdk::Snowflake user, sdk::Snowflake recipient, sdk::Snowflake messageId);
  // Newest first; limit <= 0 means the most. 404 when the users have no conversation.
  sdk::Result Read(sdk::Snowflake user, sdk::Snowflake peer, int32_t limit, uint64_t nowMs,
                   std::vector<sdk::MessagePtr>* out) const;
  // Whether the two users have a conversation: a direct message went between them once (deleted
  // or not), which SendUserMessage's third case asks for ("have previously DM'd each other").
  bool HaveTalked(sdk::Snowflake a, sdk::Snowflake b) const { return a != b && conversations_.count(PairOf(a, b)) > 0; }
  // The user's conversations that still hold a message, the most recently active first.
  std::vector<sdk::UserMessageSummary> Summaries(sdk::Snowflake user) const;

  // Game backend: replaces a message's moderation metadata. Throws ServiceError 404 Unknown
  // Message for a message the simulator does not hold, or (when `participants` is given, as the
  // server API's path names them, in either order) one of another conversation, or (when
  // `application` is given, as the server API's bot token names it) one sent from another game.
  UserNotices SetModerationMetadata(sdk::Snowflake messageId, sdk::Metadata metadata,
                                    std::optional<std::pair<sdk::Snowflake, sdk::Snowflake>> participants = {},
                                    std::optional<sdk::Snowflake> application = {});

 private:
  using Pair = std::pair<sdk::Snowflake, sdk::Snowflake>;  // (lower, higher) user id
  struct Conversation {
    sdk::Snowflake channelId = 0;
    std::deque<sdk::MessagePtr> history;  // oldest first, at most kMessagesReturned
  };

  static Pair PairOf(sdk::Snowflake a, sdk::Snowflake b) { return a < b ? Pair{a, b} : Pair{b, a}; }
  // The author's message `messageId` in its conversation with `recipient`, or the failure.
  std::deque<sdk::MessagePtr>::iterator FindOwn(sdk::Snowflake user, sdk::Snowflake recipient,
                                                sdk::Snowflake messageId, Conversation** conversation,
                                                sdk::Result* failure);
  static UserNotice MessageNotice(const Pair& pair, sdk::MessageEvent event, sdk::MessagePtr message);

  std::map<Pair, Conversation> conversations_;
  struct Held {
    Pair conversation;
    sdk::Snowflake application = 0;  // the game it was sent from
  };
  std::map<sdk::Snowflake, Held> byMessage_;  // every message held -> its conversation and game
  std::map<sdk::Snowflake, std::set<sdk::Snowflake>> peersOf_;
};

}  // namespace sim
