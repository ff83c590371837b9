// The port's guilds and channels (discordpp GetUserGuilds, GetGuildChannels).
#pragma once

#include <functional>
#include <vector>

#include "sdk/callbacks.h"
#include "sdk/guilds.h"

namespace sdk {

class GuildsApi : public CallbackTypes {
 public:
  using GuildsCallback = std::function<void(const Result&, std::vector<GuildMinimal> guilds)>;
  using GuildChannelsCallback = std::function<void(const Result&, std::vector<GuildChannel> channels)>;

  virtual void GetUserGuilds(GuildsCallback done) = 0;
  // Channels come ordered by position, ties by id; channels the user cannot view are left out.
  virtual void GetGuildChannels(Snowflake guildId, GuildChannelsCallback done) = 0;

 protected:
  ~GuildsApi() = default;
};

}  // namespace sdk
