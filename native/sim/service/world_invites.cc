// The world's activity invites: a player invites a friend into its party (the invite carries the
// party, and the service keeps the join secret it had), asks a friend to be invited (a join
// request), answers a request, accepts an invite for the join secret; an invite stops being valid
// when the sender's party fills up or its presence no longer shows that party. The chat client
// side: the invites it shows, the launch commands games registered, and accepting there.
#include <stdexcept>

#include "sim/service/http_failure.h"
#include "sim/service/world.h"

namespace sim {

namespace {

sdk::Result InvalidInvite(const std::string& message) { return HttpFailure(400, kInvalidFormBody, message); }

}  // namespace

sdk::Result World::CheckInviteTargetLocked(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target) const {
  if (users_.count(target) == 0) return HttpFailure(404, kUnknownUser, "Unknown User: there is no user " + IdText(target));
  if (target == user) return InvalidInvite("cannot invite oneself");
  // discordpp.h, Client::SendActivityInvite: "The invite is sent as a message on Discord, which
  // means it can be sent if any of the following are true" (the three cases of SendUserMessage).
  // A join request is answered with such an invite and arrives as one: the same rule (our choice).
  return MayMessageLocked(app, user, target);
}

bool World::InviteAcceptableLocked(const SentInvite& sent) const {
  const sdk::Activity* found = presences_.ActivityOf(sent.invite.senderId);
  if (found == nullptr || found->applicationId != sent.invite.applicationId) return false;
  const sdk::Activity& activity = *found;
  if (!activity.party || !activity.secrets) return false;
  if (activity.party->id != sent.invite.partyId || activity.secrets->join != sent.joinSecret) return false;
  return activity.party->maxSize <= 0 || activity.party->currentSize < activity.party->maxSize;
}

sdk::Result World::SendJoinInviteLocked(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target, std::string content) {
  sdk::Result refused = CheckInviteTargetLocked(app, user, target);
  if (!refused.ok()) return refused;
  const sdk::Activity* found = presences_.ActivityOf(user);
  if (found == nullptr || found->applicationId != app || !found->party || !found->secrets || found->secrets->join.empty()) {
    return InvalidInvite("an activity invite needs the sender's rich presence to have a party and a join secret");
  }
  const sdk::Activity& activity = *found;
  if (activity.party->maxSize > 0 && activity.party->currentSize >= activity.party->maxSize) {
    return InvalidInvite("the party is full");
  }
  SentInvite sent;
  sent.recipient = target;
  sent.content = std::move(content);
  sent.joinSecret = activity.secrets->join;
  sent.invite.senderId = user;
  sent.invite.applicationId = app;
  sent.invite.type = sdk::ActivityActionType::Join;
  sent.invite.partyId = activity.party->id;
  sent.invite.channelId = activityInvites_.ChannelOf(user, target, [this] { return NewIdLocked(); });
  sent.invite.messageId = NewIdLocked();
  sent.invite.isValid = true;
  DeliverInviteLocked(activityInvites_.Add(std::move(sent)), true);
  return sdk::Result::Success();
}

sdk::Result World::SendActivityInvite(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target, std::string content) {
  std::lock_guard<std::mutex> lock(mutex_);
  return SendJoinInviteLocked(app, user, target, std::move(content));
}

sdk::Result World::SendActivityJoinRequest(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target) {
  std::lock_guard<std::mutex> lock(mutex_);
  sdk::Result refused = CheckInviteTargetLocked(app, user, target);
  if (!refused.ok()) return refused;
  SentInvite sent;
  sent.recipient = target;
  sent.invite.senderId = user;
  sent.invite.applicationId = app;
  sent.invite.type = sdk::ActivityActionType::JoinRequest;
  sent.invite.channelId = activityInvites_.ChannelOf(user, target, [this] { return NewIdLocked(); });
  sent.invite.messageId = NewIdLocked();
  sent.invite.isValid = true;
  DeliverInviteLocked(activityInvites_.Add(std::move(sent)), true);
  return sdk::Result::Success();
}

sdk::Result World::ReplyToJoinRequest(sdk::Snowflake app, sdk::Snowflake user, const sdk::ActivityInvite& request) {
  std::lock_guard<std::mutex> lock(mutex_);
  const SentInvite* found = activityInvites_.Find(request.messageId);
  if (found == nullptr || found->recipient != user || found->invite.type != sdk::ActivityActionType::JoinRequest) {
    return HttpFailure(404, kUnknownMessage, "Unknown Message: no join request " + IdText(request.messageId) + " for this user");
  }
  return SendJoinInviteLocked(app, user, found->invite.senderId, std::string());
}

sdk::Result World::AcceptActivityInvite(sdk::Snowflake user, const sdk::ActivityInvite& invite, std::string* joinSecret) {
  std::lock_guard<std::mutex> lock(mutex_);
  const SentInvite* found = activityInvites_.Find(invite.messageId);
  if (found == nullptr || found->recipient != user || found->invite.type != sdk::ActivityActionType::Join) {
    return HttpFailure(404, kUnknownMessage, "Unknown Message: no activity invite " + IdText(invite.messageId) + " for this user");
  }
  if (!found->invite.isValid || !InviteAcceptableLocked(*found)) {
    return InvalidInvite("the activity invite is no longer valid (the party is full or the sender's presence changed)");
  }
  *joinSecret = found->joinSecret;
  return sdk::Result::Success();
}

void World::DeliverInviteLocked(const SentInvite& sent, bool created) {
  const std::set<Session*>* sessions = ReadySessionsLocked(sent.invite.applicationId, sent.recipient);
  if (sessions == nullptr) return;
  for (Session* session : *sessions) session->OnActivityInvite(sent.invite, created);
}

void World::ActivityInvitesChangedLocked(sdk::Snowflake userId) {
  for (const SentInvite& sent : activityInvites_.Invalidate(userId, [this](const SentInvite& s) { return InviteAcceptableLocked(s); })) {
    DeliverInviteLocked(sent, false);
  }
}

void World::RegisterLaunchCommand(sdk::Snowflake user, sdk::Snowflake app, std::string command) {
  std::lock_guard<std::mutex> lock(mutex_);
  chatClients_.RegisterLaunchCommand(user, app, std::move(command));
}

std::vector<SentInvite> World::ActivityInvitesOf(sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("no user with id " + IdText(user));
  return activityInvites_.ReceivedBy(user);
}

std::map<sdk::Snowflake, std::string> World::LaunchCommandsOf(sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("no user with id " + IdText(user));
  return chatClients_.LaunchCommandsOf(user);
}

std::vector<std::string> World::LaunchesOf(sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("no user with id " + IdText(user));
  return chatClients_.LaunchesOf(user);
}

void World::AcceptActivityInviteInChatClient(sdk::Snowflake user, sdk::Snowflake messageId) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("no user with id " + IdText(user));
  if (!chatClients_.Of(user).running) throw std::invalid_argument("the chat client is not running");
  const SentInvite* found = activityInvites_.Find(messageId);
  if (found == nullptr || found->recipient != user || found->invite.type != sdk::ActivityActionType::Join) {
    throw std::invalid_argument("no activity invite " + IdText(messageId) + " for this user");
  }
  if (!found->invite.isValid || !InviteAcceptableLocked(*found)) {
    throw std::invalid_argument("the activity invite is no longer valid (the party is full or the sender's presence changed)");
  }
  const sdk::Snowflake app = found->invite.applicationId;
  const sdk::ActivityJoin join{app, found->joinSecret};
  const std::set<Session*>* sessions = ReadySessionsLocked(app, user);
  if (sessions != nullptr && !sessions->empty()) {
    for (Session* session : *sessions) session->OnActivityJoin(join);
    return;
  }
  if (!chatClients_.Launch(user, app)) {
    throw std::invalid_argument("the game is not running and registered no launch command for application " + IdText(app));
  }
  activityInvites_.AwaitSession(app, user, join);
}

void World::DeliverPendingJoinsLocked(sdk::Snowflake app, sdk::Snowflake user) {
  const std::vector<sdk::ActivityJoin> joins = activityInvites_.TakeAwaiting(app, user);
  if (joins.empty()) return;
  const std::set<Session*>* sessions = ReadySessionsLocked(app, user);
  if (sessions == nullptr) return;
  for (Session* session : *sessions) {
    for (const sdk::ActivityJoin& join : joins) session->OnActivityJoin(join);
  }
}

}  // namespace sim
