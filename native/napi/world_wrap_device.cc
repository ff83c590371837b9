// The harness's side of device sign-in: the device authorization requests waiting for the user
// (never their device codes), the user's answer at the verification page (the player approving
// on their phone or computer), and the device authorization screens the SDK clients show.
#include <string>

#include "generated/harness_converters.h"
#include "generated/payload_converters.h"
#include "napi/convert.h"
#include "napi/world_wrap.h"

namespace sim {

// POST /oauth2/device/authorize (the route has checked the client credentials and the scopes).
Napi::Value WorldWrap::RequestDeviceAuthorization(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const std::string scopes = StringArg(info, 1, "scopes");
  DeviceAuthorization request;
  ThrowIfRefused(env, world().RequestDeviceAuthorization(app, scopes, &request));
  return DeviceCodesToJs(env, request);
}

// POST /oauth2/token with grant_type urn:ietf:params:oauth:grant-type:device_code.
Napi::Value WorldWrap::PollDeviceAuthorization(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const std::string deviceCode = StringArg(info, 1, "deviceCode");
  std::optional<World::ExternalAuth> merge;
  Napi::Value given = ArgOrUndefined(info, 2);
  if (!given.IsNull() && !given.IsUndefined()) {
    if (!given.IsObject()) throw Napi::TypeError::New(env, "merge must be an object or null");
    Napi::Object object = given.As<Napi::Object>();
    Napi::Value type = object.Get("type");
    Napi::Value token = object.Get("token");
    if (!type.IsNumber() || !sdk::IsExternalAuthType(type.As<Napi::Number>().Int64Value())) {
      throw Napi::TypeError::New(env, "merge.type must be an ExternalAuthType value");
    }
    if (!token.IsString()) throw Napi::TypeError::New(env, "merge.token must be a string");
    merge = World::ExternalAuth{static_cast<sdk::ExternalAuthType>(type.As<Napi::Number>().Int64Value()),
                                token.As<Napi::String>().Utf8Value()};
  }
  sdk::TokenExchange tokens;
  uint64_t retryInMs = 0;
  ThrowIfRefused(env, world().PollDeviceAuthorization(app, deviceCode, merge, &tokens, &retryInMs));
  return TokenExchangeToJs(env, tokens);
}

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
