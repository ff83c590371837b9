// The simulated service's activity invites: every invite and join request sent, by its message,
// with what the service needs to decide later whether it can still be accepted (the sender's
// party and join secret when it was sent), and the joins waiting for the game the chat client
// launched. No lock of its own: every member is called with World::mutex_ held.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sdk/invites.h"
#include "sdk/types.h"

namespace sim {

struct SentInvite {
  sdk::ActivityInvite invite;  // as its recipient sees it
  sdk::Snowflake recipient = 0;
  std::string content;         // the message the sender wrote with it
  std::string joinSecret;      // Join invites: the sender's join secret when it was sent (a secret)
};

class ActivityInvites {
 public:
  // The service keeps the newest invites only; an older one is then unknown (404).
  static constexpr size_t kKept = 10000;

  // Records an invite (its messageId set by the caller) and returns it.
  const SentInvite& Add(SentInvite sent);
  // The invite of `messageId`, or nullptr.
  SentInvite* Find(sdk::Snowflake messageId);
  // The still valid Join invites `sender` sent in `app` that `acceptable` refuses now, marked
  // invalid; returned for their recipients' invite-updated notices.
  template <typename Acceptable>
  std::vector<SentInvite> Invalidate(sdk::Snowflake sender, Acceptable acceptable) {
    std::vector<SentInvite> changed;
    for (auto& [id, sent] : byMessage_) {
      if (sent.invite.senderId != sender || !sent.invite.isValid) continue;
      if (sent.invite.type != sdk::ActivityActionType::Join || acceptable(sent)) continue;
      sent.invite.isValid = false;
      changed.push_back(sent);
    }
    return changed;
  }
  // The Join invites `recipient` received, oldest first (what its chat client shows).
  std::vector<SentInvite> ReceivedBy(sdk::Snowflake recipient) const;

  // Joins accepted in the chat client that wait for a session of (app, user) (the chat client
  // launched the game); taken, in order, when the game's first session is ready.
  void AwaitSession(sdk::Snowflake app, sdk::Snowflake user, sdk::ActivityJoin join) {
    awaitingSession_[{app, user}].push_back(std::move(join));
  }
  std::vector<sdk::ActivityJoin> TakeAwaiting(sdk::Snowflake app, sdk::Snowflake user);

  // Whether an invite or join request went between the two users: it is "sent as a message"
  // (discordpp.h, Client::SendActivityInvite), so they have DM'd each other.
  bool HaveTalked(sdk::Snowflake a, sdk::Snowflake b) const {
    return channels_.count(a < b ? std::make_pair(a, b) : std::make_pair(b, a)) > 0;
  }
  // The direct-message channel of two users the invites travel in (`mint` gives a new id when
  // they have none yet).
  template <typename Mint>
  sdk::Snowflake ChannelOf(sdk::Snowflake a, sdk::Snowflake b, Mint mint) {
    auto key = a < b ? std::make_pair(a, b) : std::make_pair(b, a);
    auto found = channels_.find(key);
    if (found != channels_.end()) return found->second;
    return channels_[key] = mint();
  }

 private:
  std::map<sdk::Snowflake, SentInvite> byMessage_;
  std::deque<sdk::Snowflake> order_;  // message ids, oldest first
  std::map<std::pair<sdk::Snowflake, sdk::Snowflake>, sdk::Snowflake> channels_;
  std::map<std::pair<sdk::Snowflake, sdk::Snowflake>, std::vector<sdk::ActivityJoin>> awaitingSession_;  // (app, user)
};

}  // namespace sim
