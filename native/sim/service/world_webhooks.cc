// The world's webhook events: the notices it keeps for the simulated HTTP service (see
// webhook_outbox.h), made where an authorization is granted or removed and where lobby and
// direct messages are created, edited or deleted. Names and payload fields follow the service's
// webhook events documentation (server API reference §5.5).
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include "sim/service/world.h"

namespace sim {

void World::SetWebhookSubscribed(sdk::Snowflake app, bool subscribed) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) throw std::invalid_argument("no application with id " + std::to_string(app));
  webhooks_.Subscribe(app, subscribed);
}

WebhookOutbox::Taken World::TakeWebhookNotices() {
  std::lock_guard<std::mutex> lock(mutex_);
  return webhooks_.Take();
}

void World::NoteAuthorizationLocked(bool authorized, sdk::Snowflake app, sdk::Snowflake user, const std::string& scopes) {
  WebhookNotice notice;
  notice.type = authorized ? "APPLICATION_AUTHORIZED" : "APPLICATION_DEAUTHORIZED";
  notice.applicationId = app;
  notice.userId = user;
  notice.scopes = scopes;
  notice.atMs = nowMs_;
  webhooks_.Add(std::move(notice));
}

void World::NoteLobbyMessageLocked(const Lobbies::Outcome& outcome) {
  if (!outcome.result.ok()) return;
  for (const Notice& sent : outcome.notices) {
    if (!sent.message || sent.messageEvent != sdk::MessageEvent::Created) continue;
    WebhookNotice notice;
    notice.type = "LOBBY_MESSAGE_CREATE";
    notice.applicationId = sent.applicationId;
    notice.message = sent.message;
    notice.lobbyId = sent.lobbyId;
    notice.atMs = nowMs_;
    webhooks_.Add(std::move(notice));
    return;
  }
}

void World::NoteLobbyMessageChangeLocked(const Notices& notices) {
  for (const Notice& changed : notices) {
    WebhookNotice notice;
    notice.applicationId = changed.applicationId;
    notice.lobbyId = changed.lobbyId;
    notice.atMs = nowMs_;
    if (changed.deletedMessageId != 0) {
      notice.type = "LOBBY_MESSAGE_DELETE";
      notice.messageId = changed.deletedMessageId;
    } else if (changed.message && changed.messageEvent == sdk::MessageEvent::Updated) {
      notice.type = "LOBBY_MESSAGE_UPDATE";
      notice.message = changed.message;
    } else {
      continue;
    }
    webhooks_.Add(std::move(notice));
  }
}

void World::NoteDirectMessageLocked(const DirectMessages::Outcome& outcome) {
  if (!outcome.result.ok()) return;
  for (const UserNotice& sent : outcome.notices) {
    // Sent while at least one participant has an active SDK session: to the applications of
    // those sessions.
    std::set<sdk::Snowflake> apps;
    for (const auto& entry : ready_) {
      const sdk::Snowflake user = entry.first.second;
      for (sdk::Snowflake participant : sent.recipients) {
        if (participant == user && !entry.second.empty()) apps.insert(entry.first.first);
      }
    }
    for (sdk::Snowflake app : apps) {
      WebhookNotice notice;
      notice.applicationId = app;
      notice.atMs = nowMs_;
      if (!sent.messageEvent) {
        notice.type = "GAME_DIRECT_MESSAGE_DELETE";
        notice.messageId = sent.messageId;
        notice.channelId = sent.channelId;
      } else {
        notice.type = *sent.messageEvent == sdk::MessageEvent::Created ? "GAME_DIRECT_MESSAGE_CREATE" : "GAME_DIRECT_MESSAGE_UPDATE";
        notice.message = sent.message;
      }
      webhooks_.Add(std::move(notice));
    }
    return;  // one event per change, whatever the number of recipients' notices
  }
}

}  // namespace sim
