// The simulated service's presence rules: what others see of an activity a game published. Pure
// functions; the world holds the state and locks around them.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>

#include "sdk/presence.h"
#include "sdk/types.h"

namespace sim {

struct Application;

// The activity as the service shows it: stamped with the publishing application; its name is the
// application's name unless the game set a custom one; without assets.inviteCoverImage, the
// image uploaded in the developer portal (if any) is the invite cover. Join secrets are shown
// only to the user who published them (others get them through an accepted invite).
sdk::Activity PublishedActivity(sdk::Activity activity, const Application& application, bool withSecrets);

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
