// The simulated service's presence: what each user published and chose (Presences), what others
// see of an activity a game published (PublishedActivity), and who has played which game
// (PlayHistory). No lock of their own: every member is called with World::mutex_ held.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sdk/presence.h"
#include "sdk/types.h"

namespace sim {

struct Application;

// The activity as the service shows it: stamped with the publishing application; its name is the
// application's name unless the game set a custom one; without assets.inviteCoverImage, the
// image uploaded in the developer portal (if any) is the invite cover. Join secrets are shown
// only to the user who published them (others get them through an accepted invite).
sdk::Activity PublishedActivity(sdk::Activity activity, const Application& application, bool withSecrets);

// The profile privacy a user chose in its chat client (spec: Presence Update); see
// World::SetProfilePrivacy for what each shows.
enum class ProfilePrivacy { Everyone = 0, FriendsAndSmallServers = 1, FriendsOnly = 2 };

// What each user published and chose: the activity a signed-in session published (stamped with
// the publishing application), the online status it chose (Client::SetOnlineStatus) and its
// profile privacy. Read on every user view, so the reads are inline lookups.
class Presences {
 public:
  // `activity.applicationId` is the publishing application.
  void Publish(sdk::Snowflake user, sdk::Activity activity) { activities_[user] = std::move(activity); }
  // Clears the user's activity when `app` published it (only the publisher can); returns whether
  // there was one.
  bool Clear(sdk::Snowflake app, sdk::Snowflake user) {
    auto found = activities_.find(user);
    if (found == activities_.end() || found->second.applicationId != app) return false;
    activities_.erase(found);
    return true;
  }
  // The user's activity as published (unresolved: see PublishedActivity), or nullptr.
  const sdk::Activity* ActivityOf(sdk::Snowflake user) const {
    auto found = activities_.find(user);
    return found == activities_.end() ? nullptr : &found->second;
  }
  // The users whose activity `app` published.
  std::vector<sdk::Snowflake> PublishersIn(sdk::Snowflake app) const {
    std::vector<sdk::Snowflake> users;
    for (const auto& [user, activity] : activities_) {
      if (activity.applicationId == app) users.push_back(user);
    }
    return users;
  }

  void ChooseStatus(sdk::Snowflake user, sdk::StatusType status) { chosenStatus_[user] = status; }
  // Online until the user chooses another.
  sdk::StatusType ChosenStatus(sdk::Snowflake user) const {
    auto chosen = chosenStatus_.find(user);
    return chosen == chosenStatus_.end() ? sdk::StatusType::Online : chosen->second;
  }

  void SetPrivacy(sdk::Snowflake user, ProfilePrivacy privacy) { privacy_[user] = privacy; }
  // Everyone until the user chooses another.
  ProfilePrivacy PrivacyOf(sdk::Snowflake user) const {
    auto found = privacy_.find(user);
    return found == privacy_.end() ? ProfilePrivacy::Everyone : found->second;
  }

 private:
  std::map<sdk::Snowflake, sdk::Activity> activities_;       // by user
  std::map<sdk::Snowflake, sdk::StatusType> chosenStatus_;   // by user
  std::map<sdk::Snowflake, ProfilePrivacy> privacy_;         // by user
};

// Which users have played which games: a user has played a game once a client of theirs signed in
// to it. GetRelationshipsByGroup sorts them first in OnlineElsewhere (discordpp.h).
class PlayHistory {
 public:
  void Note(sdk::Snowflake app, sdk::Snowflake user) { played_.insert({app, user}); }
  bool HasPlayed(sdk::Snowflake app, sdk::Snowflake user) const { return played_.count({app, user}) > 0; }

 private:
  std::set<std::pair<sdk::Snowflake, sdk::Snowflake>> played_;  // (application, user)
};

}  // namespace sim
