#include "sim/service/activity_invites.h"

namespace sim {

const SentInvite& ActivityInvites::Add(SentInvite sent) {
  const sdk::Snowflake id = sent.invite.messageId;
  order_.push_back(id);
  while (order_.size() > kKept) {
    byMessage_.erase(order_.front());
    order_.pop_front();
  }
  return byMessage_[id] = std::move(sent);
}

SentInvite* ActivityInvites::Find(sdk::Snowflake messageId) {
  auto found = byMessage_.find(messageId);
  return found == byMessage_.end() ? nullptr : &found->second;
}

std::vector<SentInvite> ActivityInvites::ReceivedBy(sdk::Snowflake recipient) const {
  std::vector<SentInvite> out;
  for (sdk::Snowflake id : order_) {
    auto found = byMessage_.find(id);
    if (found == byMessage_.end()) continue;
    const SentInvite& sent = found->second;
    if (sent.recipient == recipient && sent.invite.type == sdk::ActivityActionType::Join) out.push_back(sent);
  }
  return out;
}

std::vector<sdk::ActivityJoin> ActivityInvites::TakeAwaiting(sdk::Snowflake app, sdk::Snowflake user) {
  auto pending = awaitingSession_.find({app, user});
  if (pending == awaitingSession_.end()) return {};
  std::vector<sdk::ActivityJoin> joins = std::move(pending->second);
  awaitingSession_.erase(pending);
  return joins;
}

}  // namespace sim
