// The rich presence surface of ClientWrap: UpdateRichPresence/ClearRichPresence, the user cache
// (GetUser), the userUpdated event, and the creation options read back.
#include "napi/client_wrap.h"

#include "napi/convert.h"
#include "napi/convert_presence.h"

void ClientWrap::SetPresenceCallbacks() {
  Pump* pump = &addon_->pump;
  const uint32_t id = id_;
  client_->SetUserUpdatedCallback([pump, id](sdk::Snowflake userId) {
    JsEvent event{JsEventKind::UserUpdated, id};
    event.payload = userId;
    pump->Emit(std::move(event));
  });
}

Napi::Value ClientWrap::UpdateRichPresence(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  sdk::Activity activity = ActivityFromJs(ArgOrUndefined(info, 1));
  Live(info).UpdateRichPresence(std::move(activity), SettleRequest<>(requestId));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::ClearRichPresence(const Napi::CallbackInfo& info) {
  Live(info).ClearRichPresence();
  return info.Env().Undefined();
}

Napi::Value ClientWrap::GetUser(const Napi::CallbackInfo& info) {
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  if (!client_) return info.Env().Null();
  auto user = client_->GetUser(userId);
  return user ? Napi::Value(UserToJs(info.Env(), *user)) : info.Env().Null();
}

Napi::Value ClientWrap::GetCpuAffinityMask(const Napi::CallbackInfo& info) {
  if (!client_) return info.Env().Null();
  auto mask = client_->GetCpuAffinityMask();
  return mask ? Napi::Value(Napi::BigInt::New(info.Env(), *mask)) : info.Env().Null();
}
