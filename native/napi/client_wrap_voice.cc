// The voice surface of ClientWrap: lobby calls, self mute/deaf, the chat client's voice settings,
// and the call, participant, voice state, settings and voice log events.
#include "napi/client_wrap.h"

#include "napi/convert.h"

void ClientWrap::SetVoiceCallbacks(sdk::LogSeverity minSeverity) {
  Pump* pump = &addon_->pump;
  const uint32_t id = id_;
  client_->SetCallStatusCallback(
      [pump, id](sdk::Snowflake lobbyId, sdk::CallStatus status, sdk::CallError error, int32_t detail) {
        JsEvent event{JsEventKind::CallStatus, id};
        event.a = static_cast<int32_t>(status);
        event.b = static_cast<int32_t>(error);
        event.c = detail;
        event.payload = lobbyId;
        pump->Emit(std::move(event));
      });
  client_->SetVoiceEventCallback([pump, id](sdk::VoiceEvent kind, sdk::Snowflake lobbyId, sdk::Snowflake userId) {
    JsEvent event{kind == sdk::VoiceEvent::VoiceStateChanged ? JsEventKind::VoiceState : JsEventKind::VoiceParticipant, id};
    event.a = kind == sdk::VoiceEvent::ParticipantAdded ? 1 : 0;
    event.payload = IdPair{lobbyId, userId};
    pump->Emit(std::move(event));
  });
  client_->SetVoiceSettingsUpdatedCallback([pump, id](const sdk::VoiceSettings& settings) {
    JsEvent event{JsEventKind::VoiceSettingsUpdated, id};
    event.payload = settings;
    pump->Emit(std::move(event));
  });
  // Voice engine lines are Log events too, marked with their source.
  client_->SetVoiceLogCallback(
      [pump, id](const std::string& message, sdk::LogSeverity level) {
        JsEvent event{JsEventKind::Log, id};
        event.a = static_cast<int32_t>(level);
        event.b = 1;
        event.payload = message;
        pump->Emit(std::move(event));
      },
      minSeverity);
}

Napi::Value ClientWrap::StartCall(const Napi::CallbackInfo& info) {
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  if (!client_) return FailureToJs(info.Env(), sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "the client was closed"));
  const sdk::Result result = client_->StartCall(lobbyId);
  return result.ok() ? info.Env().Null() : Napi::Value(FailureToJs(info.Env(), result));
}

Napi::Value ClientWrap::EndCall(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 1), "lobbyId");
  auto settle = SettleRequest<>(requestId);
  Live(info).EndCall(lobbyId, [settle] { settle(sdk::Result::Success()); });
  return info.Env().Undefined();
}

Napi::Value ClientWrap::EndCalls(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  auto settle = SettleRequest<>(requestId);
  Live(info).EndCalls([settle] { settle(sdk::Result::Success()); });
  return info.Env().Undefined();
}

Napi::Value ClientWrap::GetCall(const Napi::CallbackInfo& info) {
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  if (!client_) return info.Env().Null();
  auto call = client_->GetCall(lobbyId);
  return call ? Napi::Value(CallToJs(info.Env(), *call)) : info.Env().Null();
}

Napi::Value ClientWrap::SetSelfMute(const Napi::CallbackInfo& info) {
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  const bool mute = BoolArg(info, 1, "mute");
  return Napi::Boolean::New(info.Env(), client_ && client_->SetSelfMute(lobbyId, mute));
}

Napi::Value ClientWrap::SetSelfDeaf(const Napi::CallbackInfo& info) {
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  const bool deaf = BoolArg(info, 1, "deaf");
  return Napi::Boolean::New(info.Env(), client_ && client_->SetSelfDeaf(lobbyId, deaf));
}

Napi::Value ClientWrap::SetSelfMuteAll(const Napi::CallbackInfo& info) {
  const bool mute = BoolArg(info, 0, "mute");
  if (client_) client_->SetSelfMuteAll(mute);
  return info.Env().Undefined();
}

Napi::Value ClientWrap::SetSelfDeafAll(const Napi::CallbackInfo& info) {
  const bool deaf = BoolArg(info, 0, "deaf");
  if (client_) client_->SetSelfDeafAll(deaf);
  return info.Env().Undefined();
}

Napi::Value ClientWrap::GetSelfMuteAll(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), client_ && client_->GetSelfMuteAll());
}

Napi::Value ClientWrap::GetSelfDeafAll(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), client_ && client_->GetSelfDeafAll());
}

Napi::Value ClientWrap::GetVoiceSettings(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  Live(info).GetVoiceSettings(SettleRequest<sdk::VoiceSettings>(requestId));
  return info.Env().Undefined();
}
