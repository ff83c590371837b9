// What the world tells the simulated HTTP service for applications' webhook events
// (APPLICATION_AUTHORIZED, APPLICATION_DEAUTHORIZED, lobby and game direct message events): an
// outbox of notices the JS thread takes. The world adds under its mutex from any thread; it never
// calls into JS, so the threading rules hold (JS pulls on its own thread). Only applications with
// an events URL (subscribed) get notices, so a world without webhooks keeps nothing. Pure state;
// the world locks around it.
#pragma once

#include <cstdint>
#include <deque>
#include <set>
#include <string>
#include <vector>

#include "sdk/lobby.h"
#include "sdk/types.h"

namespace sim {

struct WebhookNotice {
  std::string type;  // the event type name, e.g. "LOBBY_MESSAGE_CREATE"
  sdk::Snowflake applicationId = 0;
  sdk::Snowflake userId = 0;  // the (de)authorized user
  std::string scopes;         // APPLICATION_AUTHORIZED: the granted scopes, space-separated
  sdk::MessagePtr message;    // a created or updated message
  // A deleted message: its id, its channel (a DM's) or its lobby.
  sdk::Snowflake messageId = 0;
  sdk::Snowflake channelId = 0;
  sdk::Snowflake lobbyId = 0;
  uint64_t atMs = 0;  // world clock
};

class WebhookOutbox {
 public:
  // Notices kept while JS has not taken them; beyond it the oldest are dropped and counted, so
  // the harness's delivery log can show that events were lost rather than lose them silently.
  static constexpr size_t kCapacity = 65536;

  void Subscribe(sdk::Snowflake app, bool subscribed);
  bool Subscribed(sdk::Snowflake app) const { return subscribed_.count(app) > 0; }
  // Keeps the notice when its application is subscribed.
  void Add(WebhookNotice notice);

  struct Taken {
    std::vector<WebhookNotice> notices;
    uint64_t dropped = 0;
  };
  // Every notice kept, oldest first, and how many were dropped since the last take.
  Taken Take();

 private:
  std::set<sdk::Snowflake> subscribed_;
  std::deque<WebhookNotice> notices_;
  uint64_t dropped_ = 0;
};

}  // namespace sim
