#include "sim/service/presence.h"

#include "sim/service/world.h"

namespace sim {

sdk::Activity PublishedActivity(sdk::Activity activity, const Application& application, bool withSecrets) {
  activity.applicationId = application.id;
  if (activity.name.empty()) activity.name = application.name;
  if (application.inviteCoverImage && !(activity.assets && activity.assets->inviteCoverImage)) {
    if (!activity.assets) activity.assets.emplace();
    activity.assets->inviteCoverImage = application.inviteCoverImage;
  }
  if (!withSecrets) activity.secrets.reset();
  return activity;
}

}  // namespace sim
