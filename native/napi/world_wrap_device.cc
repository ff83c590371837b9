// The harness's side of device sign-in: the device authorization requests waiting for the user
// (never their device codes), the user's answer at the verification page (the player approving
// on their phone or computer), and the device authorization screens the SDK clients show.
#include <string>

#include "napi/convert.h"
#include "napi/world_wrap.h"

namespace sim {

Napi::Value WorldWrap::GetDeviceAuthorizations(const Napi::CallbackInfo& info) {
  return DeviceAuthorizationsToJs(info.Env(), world().PendingDeviceAuthorizations());
}

Napi::Value WorldWrap::AnswerDeviceAuthorization(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const std::string userCode = StringArg(info, 0, "userCode");
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 1), "userId");
  const bool approve = BoolArg(info, 2, "approve");
  Guarded(env, [&] { world().AnswerDeviceAuthorization(userCode, user, approve); });
  return env.Undefined();
}

Napi::Value WorldWrap::GetDeviceScreens(const Napi::CallbackInfo& info) {
  return DeviceScreensToJs(info.Env(), world().DeviceScreensShown());
}

Napi::Value WorldWrap::DismissDeviceScreen(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const std::string userCode = StringArg(info, 0, "userCode");
  Guarded(env, [&] { world().DismissDeviceScreen(userCode); });
  return env.Undefined();
}

}  // namespace sim
