// The world's direct messages: a signed-in client's sends, edits, deletes and reads, the game
// backend's moderation metadata, and delivery of their events to both users' sessions.
#include <algorithm>
#include <stdexcept>

#include "sim/service/world.h"
#include "sim/service/http_failure.h"

namespace sim {


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

DirectMessages::Outcome World::SendUserMessage(sdk::Snowflake user, sdk::Snowflake recipient, std::string content,
                                               sdk::Metadata metadata) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(recipient) == 0) {
    DirectMessages::Outcome out;
    out.result = sdk::Result::Failure(sdk::ErrorType::HTTPError,
                                      "Unknown User: there is no user " + std::to_string(recipient), kUnknownUser);
    out.result.status = 404;
    return out;
  }
  const sdk::Snowflake id = NewIdLocked();
  const sdk::Snowflake channelId = NewIdLocked();
  DirectMessages::Outcome outcome =
      directMessages_.Send(user, recipient, std::move(content), std::move(metadata), id, channelId, nowMs_);
  DispatchToUsersLocked(outcome.notices);
  NoteDirectMessageLocked(outcome);
  return outcome;
}

DirectMessages::Outcome World::EditUserMessage(sdk::Snowflake user, sdk::Snowflake recipient,
                                               sdk::Snowflake messageId, std::string content) {
  std::lock_guard<std::mutex> lock(mutex_);
  DirectMessages::Outcome outcome = directMessages_.Edit(user, recipient, messageId, std::move(content), nowMs_);
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
                                             std::optional<std::pair<sdk::Snowflake, sdk::Snowflake>> participants) {
  std::lock_guard<std::mutex> lock(mutex_);
  DispatchToUsersLocked(directMessages_.SetModerationMetadata(messageId, std::move(metadata), participants));
}

}  // namespace sim
