// The port's guilds and channels (discordpp GetUserGuilds, GetGuildChannels).
#pragma once

#include <functional>
#include <vector>

#include "generated/port_methods.h"
#include "sdk/callbacks.h"
#include "sdk/guilds.h"

// GetGuildChannels: ordered by position, ties by id; channels the user cannot view are left out.
#define SDK_GUILDS_API_METHODS(X) \
  SDK_GUILDS_SEAM_METHODS(X)

namespace sdk {

class GuildsApi : public CallbackTypes {
 public:
  using GuildsCallback = std::function<void(const Result&, std::vector<GuildMinimal> guilds)>;
  using GuildChannelsCallback = std::function<void(const Result&, std::vector<GuildChannel> channels)>;

  SDK_GUILDS_API_METHODS(SDK_PURE_VIRTUAL)

 protected:
  ~GuildsApi() = default;
};

}  // namespace sdk
