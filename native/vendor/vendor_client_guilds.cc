// Guilds and channels (sdk/guilds_api.h: GetUserGuilds, GetGuildChannels).
#include <utility>

#include "vendor/translate.h"
#include "vendor/vendor_client.h"

namespace vendor {

void VendorClient::GetUserGuilds(GuildsCallback done) {
  auto settle = Pending<std::vector<sdk::GuildMinimal>>(std::move(done));
  client_->GetUserGuilds([settle](discordpp::ClientResult result, std::vector<discordpp::GuildMinimal> guilds) {
    std::vector<sdk::GuildMinimal> out;
    out.reserve(guilds.size());
    for (const auto& guild : guilds) out.push_back(sdk::GuildMinimal{guild.Id(), std::string(guild.Name())});
    settle(ToResult(result), std::move(out));
  });
}

void VendorClient::GetGuildChannels(sdk::Snowflake guildId, GuildChannelsCallback done) {
  auto settle = Pending<std::vector<sdk::GuildChannel>>(std::move(done));
  client_->GetGuildChannels(
      guildId, [settle](discordpp::ClientResult result, std::vector<discordpp::GuildChannel> channels) {
        // Already ordered as the chat client orders them (by position).
        std::vector<sdk::GuildChannel> out;
        out.reserve(channels.size());
        for (const auto& channel : channels) out.push_back(ToGuildChannel(channel, static_cast<int32_t>(out.size())));
        settle(ToResult(result), std::move(out));
      });
}

}  // namespace vendor
