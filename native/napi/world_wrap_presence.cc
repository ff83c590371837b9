// The harness half of presence and game identity: the developer portal's invite cover image per
// application, and each user's application profiles.
#include "napi/convert.h"
#include "napi/convert_presence.h"
#include "napi/world_wrap.h"

namespace sim {

Napi::Value WorldWrap::SetApplicationInviteCoverImage(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  std::optional<std::string> image;
  if (!ArgOrUndefined(info, 1).IsNull()) image = StringArg(info, 1, "image");
  Guarded(env, [&] { world().SetApplicationInviteCoverImage(app, std::move(image)); });
  return env.Undefined();
}

Napi::Value WorldWrap::SetApplicationProfiles(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  auto profiles = ProfilesFromJs(ArgOrUndefined(info, 1));
  return UserToJs(env, Guarded(env, [&] { return world().SetApplicationProfiles(userId, std::move(profiles)); }));
}

Napi::Value WorldWrap::SetFriends(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake a = SnowflakeFromJs(ArgOrUndefined(info, 0), "userA");
  const sdk::Snowflake b = SnowflakeFromJs(ArgOrUndefined(info, 1), "userB");
  const bool discord = BoolArg(info, 2, "discord");
  const bool game = BoolArg(info, 3, "game");
  Guarded(env, [&] { world().SetFriends(a, b, discord, game); });
  return env.Undefined();
}

Napi::Value WorldWrap::SetProfilePrivacy(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const uint32_t privacy = Uint32Arg(info, 1, "privacy");
  if (privacy > static_cast<uint32_t>(ProfilePrivacy::FriendsOnly)) {
    throw Napi::RangeError::New(env, "privacy is out of range");
  }
  Guarded(env, [&] { world().SetProfilePrivacy(userId, static_cast<ProfilePrivacy>(privacy)); });
  return env.Undefined();
}

Napi::Value WorldWrap::TakePresenceChanges(const Napi::CallbackInfo& info) {
  return SnowflakesToJs(info.Env(), world().TakePresenceChanges());
}

}  // namespace sim
