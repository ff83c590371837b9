// The harness's side of activity invites: what a user's chat client shows (the invites received,
// the launch commands games registered, the commands it ran) and accepting an invite there.
#include "napi/convert.h"
#include "napi/convert_invites.h"
#include "napi/world_wrap.h"

namespace sim {

Napi::Value WorldWrap::GetChatClientInvites(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  // The join secret stays in the world: the chat client shows the invite, not the secret.
  return ChatClientInvitesToJs(env, Guarded(env, [&] { return world().ActivityInvitesOf(user); }));
}

Napi::Value WorldWrap::GetLaunchCommands(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  std::map<sdk::Snowflake, std::string> commands;
  std::vector<std::string> launches;
  Guarded(env, [&] {
    commands = world().LaunchCommandsOf(user);
    launches = world().LaunchesOf(user);
  });
  // Keyed by application id: a map with dynamic keys, not a struct's fields, so built here.
  Napi::Object registered = Napi::Object::New(env);
  for (const auto& [app, command] : commands) registered.Set(SnowflakeToJs(env, app), command);
  Napi::Array ran = Napi::Array::New(env, launches.size());
  for (size_t i = 0; i < launches.size(); ++i) ran.Set(static_cast<uint32_t>(i), launches[i]);
  Napi::Object out = Napi::Object::New(env);
  out.Set("registered", registered);
  out.Set("launched", ran);
  return out;
}

Napi::Value WorldWrap::AcceptActivityInviteInChatClient(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const sdk::Snowflake messageId = SnowflakeFromJs(ArgOrUndefined(info, 1), "messageId");
  Guarded(env, [&] { world().AcceptActivityInviteInChatClient(user, messageId); });
  return env.Undefined();
}

}  // namespace sim
