// The world's messages (sdk/messages_api.h): lobby messages (a member's sends and reads; the
// author's edits and deletions in the linked channel; the game backend's moderation metadata) and
// direct messages (a signed-in client's sends, edits, deletes and reads, the game backend's
// moderation metadata, and delivery of their events to both users' sessions).
#include <algorithm>
#include <stdexcept>

#include "sim/service/world.h"
#include "sim/service/http_failure.h"

namespace sim {

Lobbies::Outcome World::SendLobbyMessage(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                         std::string content, sdk::Metadata metadata,
                                         size_t maxContentLength) {
  std::lock_guard<std::mutex> lock(mutex_);
  Lobbies::Outcome outcome = lobbies_.Send(app, user, lobbyId, std::move(content), std::move(metadata),
                                           NewIdLocked(), nowMs_, maxContentLength);
  DispatchLocked(outcome.notices);
  NoteLobbyMessageLocked(outcome);
  return outcome;
}

void World::EditLobbyMessageInLinkedChannel(sdk::Snowflake user, sdk::Snowflake lobbyId, sdk::Snowflake messageId,
                                            std::string content) {
  std::lock_guard<std::mutex> lock(mutex_);
  const Notices notices = lobbies_.EditMessageInLinkedChannel(lobbyId, messageId, user, std::move(content), nowMs_);
  DispatchLocked(notices);
  NoteLobbyMessageChangeLocked(notices);
}

void World::DeleteLobbyMessageInLinkedChannel(sdk::Snowflake user, sdk::Snowflake lobbyId, sdk::Snowflake messageId) {
  std::lock_guard<std::mutex> lock(mutex_);
  const Notices notices = lobbies_.DeleteMessageInLinkedChannel(lobbyId, messageId, user);
  DispatchLocked(notices);
  NoteLobbyMessageChangeLocked(notices);
}

sdk::Result World::ReadLobbyMessages(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                     int32_t limit, std::vector<sdk::MessagePtr>* out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return lobbies_.Read(app, user, lobbyId, limit, nowMs_, out);
}

void World::SetMessageModerationMetadata(sdk::Snowflake lobbyId, sdk::Snowflake messageId, sdk::Metadata metadata) {
  std::lock_guard<std::mutex> lock(mutex_);
  DispatchLocked(lobbies_.SetModerationMetadata(lobbyId, messageId, std::move(metadata)));
}

void World::DispatchToUsersLocked(const UserNotices& notices) {
  ServicePool::DeferPosts defer;  // one lock of the pool for every recipient's task
  for (const UserNotice& notice : notices) {
    for (const auto& [session, key] : readyKey_) {
      const sdk::Snowflake user = key.second;
      if (std::find(notice.recipients.begin(), notice.recipients.end(), user) == notice.recipients.end()) continue;
      if (notice.messageEvent) {
        session->OnMessageEvent(*notice.messageEvent, notice.message);
      } else {
        session->OnMessageDeleted(notice.messageId, notice.channelId);
      }
    }
  }
}

sdk::Result World::MayMessageLocked(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target) const {
  // discordpp.h, Client::SendUserMessage: "A message can be sent between two users in the
  // following situations: - Both users are online and in the game and have not blocked each other
  // - Both users are friends with each other - Both users share a mutual Discord server and have
  // previously DM'd each other on Discord". EditUserMessage: "All of the same restrictions apply";
  // SendActivityInvite lists the same three cases. Our choices where the header is silent: "online
  // and in the game" is a signed-in client of the sender's application, not shown offline (an
  // invisible user is not online to others); "previously DM'd" is a direct message, activity
  // invite or join request between the two at any time; a block refuses every case (it already
  // ends a friendship); the refusal is the service's 403 50007 "Cannot send messages to this
  // user" (discord-api-docs, opcodes-and-status-codes: JSON error codes).
  auto online = [&](sdk::Snowflake who) {
    return IsConnectedLocked(app, who) && presences_.ChosenStatus(who) != sdk::StatusType::Invisible;
  };
  if (!relationships_.BlockedEitherWay(user, target)) {
    if (relationships_.AreFriends(user, target)) return sdk::Result::Success();
    if (online(user) && online(target)) return sdk::Result::Success();
    const bool talked = directMessages_.HaveTalked(user, target) || activityInvites_.HaveTalked(user, target);
    if (talked && guilds_.ShareGuild(user, target)) return sdk::Result::Success();
  }
  return HttpFailure(403, DirectMessages::kCannotSendToUser,
                     "Cannot send messages to this user: messages go to friends, to a user online in the game "
                     "with no block between you, or to a user of a shared server you have messaged before");
}

DirectMessages::Outcome World::SendUserMessage(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake recipient,
                                               std::string content, sdk::Metadata metadata) {
  std::lock_guard<std::mutex> lock(mutex_);
  DirectMessages::Outcome out;
  if (users_.count(recipient) == 0) {
    out.result = sdk::Result::Failure(sdk::ErrorType::HTTPError,
                                      "Unknown User: there is no user " + std::to_string(recipient), kUnknownUser);
    out.result.status = 404;
    return out;
  }
  // Oneself: DirectMessages::Send answers (400 50007).
  if (recipient != user) out.result = MayMessageLocked(app, user, recipient);
  if (!out.result.ok()) return out;
  const sdk::Snowflake id = NewIdLocked();
  const sdk::Snowflake channelId = NewIdLocked();
  DirectMessages::Outcome outcome =
      directMessages_.Send(user, recipient, std::move(content), std::move(metadata), id, channelId, nowMs_, app);
  DispatchToUsersLocked(outcome.notices);
  NoteDirectMessageLocked(outcome);
  return outcome;
}

DirectMessages::Outcome World::EditUserMessage(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake recipient,
                                               sdk::Snowflake messageId, std::string content) {
  std::lock_guard<std::mutex> lock(mutex_);
  DirectMessages::Outcome outcome;
  // Only a conversation that exists can hold the message; without one, DirectMessages answers 404.
  if (directMessages_.HaveTalked(user, recipient)) outcome.result = MayMessageLocked(app, user, recipient);
  if (!outcome.result.ok()) return outcome;
  outcome = directMessages_.Edit(user, recipient, messageId, std::move(content), nowMs_);
  DispatchToUsersLocked(outcome.notices);
  NoteDirectMessageLocked(outcome);
  return outcome;
}

DirectMessages::Outcome World::DeleteUserMessage(sdk::Snowflake user, sdk::Snowflake recipient,
                                                 sdk::Snowflake messageId) {
  std::lock_guard<std::mutex> lock(mutex_);
  DirectMessages::Outcome outcome = directMessages_.Delete(user, recipient, messageId);
  DispatchToUsersLocked(outcome.notices);
  NoteDirectMessageLocked(outcome);
  return outcome;
}

sdk::Result World::ReadUserMessages(sdk::Snowflake user, sdk::Snowflake peer, int32_t limit,
                                    std::vector<sdk::MessagePtr>* out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return directMessages_.Read(user, peer, limit, nowMs_, out);
}

std::vector<sdk::UserMessageSummary> World::UserMessageSummaries(sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return directMessages_.Summaries(user);
}

void World::SetUserMessageModerationMetadata(sdk::Snowflake messageId, sdk::Metadata metadata,
                                             std::optional<std::pair<sdk::Snowflake, sdk::Snowflake>> participants,
                                             std::optional<sdk::Snowflake> application) {
  std::lock_guard<std::mutex> lock(mutex_);
  DispatchToUsersLocked(directMessages_.SetModerationMetadata(messageId, std::move(metadata), participants, application));
}

}  // namespace sim
