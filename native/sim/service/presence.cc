#include "sim/service/presence.h"

#include "sim/service/world.h"

namespace sim {

sdk::Activity PublishedActivity(sdk::Activity activity, const Application& application, bool withSecrets) {
  activity.applicationId = application.id;
  // Activity::ParentApplicationId: "always be the application ID of the game's parent or unset if
  // the game has no parent" (set by the service, like applicationId; what a game set is replaced).
  activity.parentApplicationId = application.parentId != 0 ? std::optional<uint64_t>(application.parentId) : std::nullopt;
  if (activity.name.empty()) activity.name = application.name;
  if (application.inviteCoverImage && !(activity.assets && activity.assets->inviteCoverImage)) {
    if (!activity.assets) activity.assets.emplace();
    activity.assets->inviteCoverImage = application.inviteCoverImage;
  }
  if (!withSecrets) activity.secrets.reset();
  return activity;
}

}  // namespace sim
