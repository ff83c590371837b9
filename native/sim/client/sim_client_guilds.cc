// The simulated client's guild calls: round trips to the world, run on the client's service thread
// after the injected latency, unless a planned fault answers first.
#include "sim/client/sim_client.h"

namespace sim {

void SimClient::GetUserGuilds(GuildsCallback done) {
  const uint64_t op = BeginValueOperation(done);
  Call(CallKind::GetUserGuilds, op, [this, op, done](sdk::Snowflake, sdk::Snowflake user) {
    FinishOperation(op, [done, guilds = world_->GuildsOf(user)] { done(sdk::Result::Success(), guilds); });
  });
}

void SimClient::GetGuildChannels(sdk::Snowflake guildId, GuildChannelsCallback done) {
  const uint64_t op = BeginValueOperation(done);
  Call(CallKind::GetGuildChannels, op, [this, op, done, guildId](sdk::Snowflake app, sdk::Snowflake user) {
    std::vector<sdk::GuildChannel> channels;
    sdk::Result result = world_->ReadGuildChannels(app, user, guildId, &channels);
    if (!result.ok()) return CompleteOperation(op, std::move(result));
    FinishOperation(op, [done, channels = std::move(channels)] { done(sdk::Result::Success(), channels); });
  });
}

}  // namespace sim
