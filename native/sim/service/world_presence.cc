// The world's presence and game-identity operations: activities published by signed-in sessions,
// the developer portal's invite cover image per application, and application profiles per user.
// Every change is announced (Session::OnUserUpdated) to the signed-in sessions that know the user.
#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "sim/service/presence.h"
#include "sim/service/world.h"

namespace sim {

void World::SetApplicationInviteCoverImage(sdk::Snowflake app, std::optional<std::string> image) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = applications_.find(app);
  if (found == applications_.end()) throw std::invalid_argument("no application with id " + std::to_string(app));
  found->second.inviteCoverImage = std::move(image);
  // Activities are resolved when read: those of this application now show the new fallback.
  for (sdk::Snowflake user : presences_.PublishersIn(app)) UserUpdatedLocked(user);
}

sdk::User World::SetApplicationProfiles(sdk::Snowflake userId, std::vector<sdk::UserApplicationProfile> profiles) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto user = users_.find(userId);
  if (user == users_.end()) throw std::invalid_argument("no user with id " + std::to_string(userId));
  std::set<sdk::Snowflake> seen;
  for (const auto& profile : profiles) {
    if (applications_.count(profile.applicationId) == 0) {
      throw std::invalid_argument("no application with id " + std::to_string(profile.applicationId));
    }
    if (!seen.insert(profile.applicationId).second) {
      throw std::invalid_argument("a user has at most one application profile per application");
    }
  }
  user->second.applicationProfiles = std::move(profiles);
  UserUpdatedLocked(userId);
  return ShownUserLocked(user->second, true);
}

void World::UpdateRichPresence(sdk::Snowflake app, sdk::Snowflake user, sdk::Activity activity) {
  std::lock_guard<std::mutex> lock(mutex_);
  activity.applicationId = app;
  presences_.Publish(user, std::move(activity));
  UserUpdatedLocked(user);
}

sdk::Result World::SetOnlineStatus(sdk::Snowflake user, sdk::StatusType status) {
  switch (status) {
    case sdk::StatusType::Online:
    case sdk::StatusType::Idle:
    case sdk::StatusType::Dnd:
    case sdk::StatusType::Invisible:
      break;
    default:
      return sdk::Result::Failure(sdk::ErrorType::ValidationError, "only online, idle, dnd and invisible can be set");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  presences_.ChooseStatus(user, status);
  UserUpdatedLocked(user);
  return sdk::Result::Success();
}

void World::SetProfilePrivacy(sdk::Snowflake user, ProfilePrivacy privacy) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("no user with id " + std::to_string(user));
  presences_.SetPrivacy(user, privacy);
  UserUpdatedLocked(user);
}

void World::ClearRichPresence(sdk::Snowflake app, sdk::Snowflake user) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Only the application that published the activity can clear it.
  if (presences_.Clear(app, user)) UserUpdatedLocked(user);
}

std::optional<sdk::User> World::ViewUser(sdk::Snowflake app, sdk::Snowflake viewer, sdk::Snowflake userId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto user = users_.find(userId);
  if (user == users_.end()) return std::nullopt;
  // Known: itself, the members of its lobbies, and the users it has a relationship with.
  if (userId != viewer && !lobbies_.ShareLobby(app, viewer, userId) && relationships_.Of(viewer, userId).none()) {
    return std::nullopt;
  }
  return ViewUserLocked(app, viewer, user->second);
}

sdk::User World::ViewUserLocked(sdk::Snowflake app, sdk::Snowflake viewer, const sdk::User& user) const {
  sdk::User shown = ViewUserPresenceLocked(app, viewer, user);
  // UserHandle::Relationship: "the RelationshipHandle between the currently authenticated user and
  // this user, if any" (none with itself).
  if (user.id != viewer) {
    const Relationships::Types types = relationships_.Of(viewer, user.id);
    shown.relationship = sdk::UserRelationship{types.discord, types.game, false};
  }
  return shown;
}

sdk::User World::ViewUserPresenceLocked(sdk::Snowflake app, sdk::Snowflake viewer, const sdk::User& user) const {
  if (user.id == viewer) return ShownUserLocked(user, true);
  const bool sees = !relationships_.BlockedEitherWay(viewer, user.id) &&
                    (relationships_.AreFriends(viewer, user.id) || lobbies_.ShareLobby(app, viewer, user.id));
  if (sees) {
    sdk::User shown = ShownUserLocked(user, false);
    // Friends Only: a custom status shows to friends only (spec: Presence Update).
    if (shown.gameActivity && shown.gameActivity->type == sdk::ActivityType::CustomStatus &&
        presences_.PrivacyOf(user.id) == ProfilePrivacy::FriendsOnly &&
        !relationships_.AreFriends(viewer, user.id)) {
      shown.gameActivity.reset();
    }
    return shown;
  }
  sdk::User hidden = user;
  hidden.status = sdk::StatusType::Offline;
  hidden.gameActivity.reset();
  return hidden;
}

sdk::User World::ShownUserLocked(sdk::User user, bool self) const {
  // Online status: Offline without a connected client; Invisible shows as Offline to others.
  const bool connected = UserConnectedLocked(user.id);
  const sdk::StatusType status = presences_.ChosenStatus(user.id);
  user.status = !connected || (status == sdk::StatusType::Invisible && !self) ? sdk::StatusType::Offline : status;
  user.gameActivity.reset();
  const sdk::Activity* activity = presences_.ActivityOf(user.id);
  if (activity == nullptr) return user;
  auto app = applications_.find(activity->applicationId.value_or(0));
  if (app == applications_.end()) return user;
  user.gameActivity = PublishedActivity(*activity, app->second, self);
  return user;
}

std::vector<sdk::Snowflake> World::TakePresenceChanges() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<sdk::Snowflake> changed(presenceChanged_.begin(), presenceChanged_.end());
  presenceChanged_.clear();
  return changed;
}

void World::UserUpdatedLocked(sdk::Snowflake userId) {
  presenceChanged_.insert(userId);
  ServicePool::DeferPosts defer;  // one lock of the pool for every viewer's notice
  RelationshipGroupsChangedLocked(userId);
  ActivityInvitesChangedLocked(userId);
  // The user's co-members in the lobbies of the application being looked at (ready_ is ordered by
  // application): one lookup per application instead of a ShareLobby per connected client.
  std::optional<std::pair<sdk::Snowflake, std::vector<sdk::Snowflake>>> coMembers;
  for (const auto& [key, sessions] : ready_) {
    const auto& [app, viewer] = key;
    if (!coMembers || coMembers->first != app) coMembers.emplace(app, lobbies_.CoMembers(app, userId));
    const bool sharesLobby = std::binary_search(coMembers->second.begin(), coMembers->second.end(), viewer);
    // Those who see the user's presence: its friends and the members of its lobbies, not across a block.
    if (viewer != userId && (relationships_.BlockedEitherWay(viewer, userId) ||
                             !(sharesLobby || relationships_.AreFriends(viewer, userId)))) {
      continue;
    }
    for (Session* session : sessions) session->OnUserUpdated(userId);
  }
}

}  // namespace sim
