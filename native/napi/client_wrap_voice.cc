// The voice methods of ClientWrap the seam description marks custom: starting a call answers
// synchronously with a failure or null, and ending calls reports completion without a result.
#include "napi/client_wrap.h"

#include "napi/convert.h"

Napi::Value ClientWrap::StartCall(const Napi::CallbackInfo& info) {
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  if (!client_) return FailureToJs(info.Env(), sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "the client was closed"));
  const sdk::Result result = client_->Voice().StartCall(lobbyId);
  return result.ok() ? info.Env().Null() : Napi::Value(FailureToJs(info.Env(), result));
}

Napi::Value ClientWrap::EndCall(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 1), "lobbyId");
  auto settle = SettleRequest<>(requestId);
  Live(info).Voice().EndCall(lobbyId, [settle] { settle(sdk::Result::Success()); });
  return info.Env().Undefined();
}

Napi::Value ClientWrap::EndCalls(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  auto settle = SettleRequest<>(requestId);
  Live(info).Voice().EndCalls([settle] { settle(sdk::Result::Success()); });
  return info.Env().Undefined();
}
