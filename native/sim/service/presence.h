// The simulated service's presence rules: what others see of an activity a game published. Pure
// functions; the world holds the state and locks around them.
#pragma once

#include <optional>
#include <string>

#include "sdk/presence.h"
#include "sdk/types.h"

namespace sim {

struct Application;

// The activity as the service shows it: stamped with the publishing application; its name is the
// application's name unless the game set a custom one; without assets.inviteCoverImage, the
// image uploaded in the developer portal (if any) is the invite cover. Join secrets are shown
// only to the user who published them (others get them through an accepted invite).
sdk::Activity PublishedActivity(sdk::Activity activity, const Application& application, bool withSecrets);

}  // namespace sim
