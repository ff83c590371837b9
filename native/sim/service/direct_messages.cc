#include "sim/service/direct_messages.h"

#include <algorithm>
#include <stdexcept>

#include "sim/service/http_failure.h"
#include "sim/service/lobbies.h"  // CountCodePoints

namespace sim {

namespace {
// The service's JSON error codes (the rest are in http_failure.h).
constexpr int32_t kNotTheAuthor = 50005;  // "Cannot edit a message authored by another user"

sdk::Result CheckContent(const std::string& content) {
  const size_t length = CountCodePoints(content);
  if (length > 0 && length <= DirectMessages::kMaxContentLength) return sdk::Result::Success();
  return sdk::Result::Failure(sdk::ErrorType::ValidationError,
                              "message content must be 1 to " + std::to_string(DirectMessages::kMaxContentLength) +
                                  " characters, got " + std::to_string(length));
}
}  // namespace

UserNotice DirectMessages::MessageNotice(const Pair& pair, sdk::MessageEvent event, sdk::MessagePtr message) {
  UserNotice notice;
  notice.recipients = {pair.first, pair.second};  // the author too
  notice.messageEvent = event;
  notice.messageId = message->id;
  notice.channelId = message->channelId;
  notice.message = std::move(message);
  return notice;
}

DirectMessages::Outcome DirectMessages::Send(sdk::Snowflake author, sdk::Snowflake recipient, std::string content,
                                             sdk::Metadata metadata, sdk::Snowflake newId,
                                             sdk::Snowflake newChannelId, uint64_t nowMs, sdk::Snowflake application) {
  Outcome out;
  out.result = CheckContent(content);
  if (!out.result.ok()) return out;
  if (author == recipient) {
    out.result = HttpFailure(400, kCannotSendToUser, "Cannot send messages to this user: a user cannot message itself");
    return out;
  }
  const Pair pair = PairOf(author, recipient);
  Conversation& conversation = conversations_[pair];
  if (conversation.channelId == 0) {
    conversation.channelId = newChannelId;
    peersOf_[author].insert(recipient);
    peersOf_[recipient].insert(author);
  }
  auto message = std::make_shared<sdk::Message>();
  message->sentFromGame = true;  // every message of the simulated service comes from an SDK client
  message->id = newId;
  message->content = std::move(content);
  // As a lobby message's (Lobbies::SendMessage): no markup replaced, sent from `application`.
  message->rawContent = message->content;
  if (application != 0) message->applicationId = application;
  message->authorId = author;
  message->recipientId = recipient;
  message->channelId = conversation.channelId;
  message->sentAtMs = nowMs;
  message->metadata = std::move(metadata);
  conversation.history.push_back(message);
  byMessage_[newId] = Held{pair, application};
  if (conversation.history.size() > kMessagesReturned) {
    byMessage_.erase(conversation.history.front()->id);
    conversation.history.pop_front();
  }
  out.notices.push_back(MessageNotice(pair, sdk::MessageEvent::Created, std::move(message)));
  out.id = newId;
  return out;
}

std::deque<sdk::MessagePtr>::iterator DirectMessages::FindOwn(sdk::Snowflake user, sdk::Snowflake recipient,
                                                              sdk::Snowflake messageId,
                                                              Conversation** conversation, sdk::Result* failure) {
  auto found = conversations_.find(PairOf(user, recipient));
  if (found == conversations_.end() || user == recipient) {
    *failure = HttpFailure(404, kUnknownChannel, "Unknown Channel: there are no direct messages with user " + IdText(recipient));
    return {};
  }
  *conversation = &found->second;
  auto& history = found->second.history;
  auto it = std::find_if(history.begin(), history.end(),
                         [messageId](const sdk::MessagePtr& m) { return m->id == messageId; });
  if (it == history.end()) {
    *failure = HttpFailure(404, kUnknownMessage,
                           "Unknown Message: " + IdText(messageId) + " is not a direct message with user " + IdText(recipient));
  } else if ((*it)->authorId != user) {
    *failure = HttpFailure(403, kNotTheAuthor,
                           "message " + IdText(messageId) + " was written by another user: only its author may change it");
  }
  return it;
}

DirectMessages::Outcome DirectMessages::Edit(sdk::Snowflake user, sdk::Snowflake recipient, sdk::Snowflake messageId,
                                             std::string content, uint64_t nowMs) {
  Outcome out;
  out.result = CheckContent(content);
  if (!out.result.ok()) return out;
  Conversation* conversation = nullptr;
  auto it = FindOwn(user, recipient, messageId, &conversation, &out.result);
  if (!out.result.ok()) return out;
  auto updated = std::make_shared<sdk::Message>(**it);
  updated->content = std::move(content);
  updated->rawContent = updated->content;
  updated->editedAtMs = nowMs;
  *it = updated;
  out.notices.push_back(MessageNotice(PairOf(user, recipient), sdk::MessageEvent::Updated, std::move(updated)));
  out.id = messageId;
  return out;
}

DirectMessages::Outcome DirectMessages::Delete(sdk::Snowflake user, sdk::Snowflake recipient,
                                               sdk::Snowflake messageId) {
  Outcome out;
  Conversation* conversation = nullptr;
  auto it = FindOwn(user, recipient, messageId, &conversation, &out.result);
  if (!out.result.ok()) return out;
  UserNotice notice;
  const Pair pair = PairOf(user, recipient);
  notice.recipients = {pair.first, pair.second};
  notice.messageId = messageId;
  notice.channelId = conversation->channelId;
  conversation->history.erase(it);
  byMessage_.erase(messageId);
  out.notices.push_back(std::move(notice));
  out.id = messageId;
  return out;
}

sdk::Result DirectMessages::Read(sdk::Snowflake user, sdk::Snowflake peer, int32_t limit, uint64_t nowMs,
                                 std::vector<sdk::MessagePtr>* out) const {
  out->clear();
  auto found = conversations_.find(PairOf(user, peer));
  if (found == conversations_.end() || user == peer) {
    return HttpFailure(404, kUnknownChannel, "Unknown Channel: there are no direct messages with user " + IdText(peer));
  }
  const size_t wanted = limit <= 0 ? kMessagesReturned : std::min(static_cast<size_t>(limit), kMessagesReturned);
  const uint64_t oldest = nowMs > kMessageReadWindowMs ? nowMs - kMessageReadWindowMs : 0;
  const auto& history = found->second.history;
  for (auto it = history.rbegin(); it != history.rend() && out->size() < wanted; ++it) {
    if ((*it)->sentAtMs < oldest) break;  // history is in time order
    out->push_back(*it);                  // newest first
  }
  return sdk::Result::Success();
}

std::vector<sdk::UserMessageSummary> DirectMessages::Summaries(sdk::Snowflake user) const {
  std::vector<sdk::UserMessageSummary> out;
  auto peers = peersOf_.find(user);
  if (peers == peersOf_.end()) return out;
  for (sdk::Snowflake peer : peers->second) {
    const Conversation& conversation = conversations_.at(PairOf(user, peer));
    if (!conversation.history.empty()) out.push_back({peer, conversation.history.back()->id});
  }
  std::sort(out.begin(), out.end(), [](const sdk::UserMessageSummary& a, const sdk::UserMessageSummary& b) {
    return a.lastMessageId > b.lastMessageId;
  });
  return out;
}

UserNotices DirectMessages::SetModerationMetadata(sdk::Snowflake messageId, sdk::Metadata metadata,
                                                  std::optional<std::pair<sdk::Snowflake, sdk::Snowflake>> participants,
                                                  std::optional<sdk::Snowflake> application) {
  auto held = byMessage_.find(messageId);
  // Another game's message is answered as unknown, as another application's lobby is (our choice:
  // the docs do not say how the service refuses it).
  if (held == byMessage_.end() ||
      (participants && PairOf(participants->first, participants->second) != held->second.conversation) ||
      (application && *application != held->second.application)) {
    throw NotFound(kUnknownMessage, "Unknown Message: no direct message " + IdText(messageId) +
                                        (participants ? " between these users" : "") + " (the simulator keeps the " +
                                        std::to_string(kMessagesReturned) + " most recent messages of a conversation)");
  }
  const Pair pair = held->second.conversation;
  auto& history = conversations_.at(pair).history;
  auto it = std::find_if(history.begin(), history.end(),
                         [messageId](const sdk::MessagePtr& m) { return m->id == messageId; });
  auto updated = std::make_shared<sdk::Message>(**it);
  updated->moderationMetadata = std::move(metadata);
  *it = updated;
  return {MessageNotice(pair, sdk::MessageEvent::Updated, std::move(updated))};
}

}  // namespace sim
