// The guild surface of ClientWrap: the user's guilds and a guild's channels.
#include "napi/client_wrap.h"

#include "napi/convert.h"

Napi::Value ClientWrap::GetUserGuilds(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  Live(info).GetUserGuilds(SettleRequest<std::vector<sdk::GuildMinimal>>(requestId));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::GetGuildChannels(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 1), "guildId");
  Live(info).GetGuildChannels(guildId, SettleRequest<std::vector<sdk::GuildChannel>>(requestId));
  return info.Env().Undefined();
}
