// The lobby surface of ClientWrap: lobby calls, their results and the lobby and message events.
#include "napi/client_wrap.h"

#include "napi/convert.h"

namespace {
std::optional<sdk::Metadata> OptionalMetadata(const Napi::CallbackInfo& info, size_t index, const char* what) {
  Napi::Value value = ArgOrUndefined(info, index);
  if (value.IsUndefined()) return std::nullopt;
  return MetadataFromJs(value, what);
}
}  // namespace

void ClientWrap::SetLobbyCallbacks() {
  Pump* pump = &addon_->pump;
  const uint32_t id = id_;
  client_->SetLobbyEventCallback([pump, id](sdk::LobbyEvent kind, sdk::Snowflake lobbyId, sdk::Snowflake memberId) {
    JsEvent event{JsEventKind::Lobby, id};
    event.a = static_cast<int32_t>(kind);
    event.payload = IdPair{lobbyId, memberId};
    pump->Emit(std::move(event));
  });
  client_->SetMessageEventCallback([pump, id](sdk::MessageEvent kind, const sdk::MessagePtr& message) {
    JsEvent event{JsEventKind::Message, id};
    event.a = static_cast<int32_t>(kind);
    event.payload = message;
    pump->Emit(std::move(event));
  });
}

Napi::Value ClientWrap::CreateOrJoinLobby(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  std::string secret = StringArg(info, 1, "secret");
  auto lobbyMetadata = OptionalMetadata(info, 2, "lobbyMetadata");
  auto memberMetadata = OptionalMetadata(info, 3, "memberMetadata");
  Live(info).CreateOrJoinLobby(std::move(secret), std::move(lobbyMetadata), std::move(memberMetadata),
                               SettleRequest<sdk::Snowflake>(requestId));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::LeaveLobby(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 1), "lobbyId");
  Live(info).LeaveLobby(lobbyId, SettleRequest<>(requestId));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::GetLobby(const Napi::CallbackInfo& info) {
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  if (!client_) return info.Env().Null();
  auto lobby = client_->GetLobby(lobbyId);
  return lobby ? Napi::Value(LobbyToJs(info.Env(), *lobby)) : info.Env().Null();
}

Napi::Value ClientWrap::GetLobbyIds(const Napi::CallbackInfo& info) {
  std::vector<sdk::Snowflake> ids;
  if (client_) ids = client_->GetLobbyIds();
  Napi::Array out = Napi::Array::New(info.Env(), ids.size());
  for (size_t i = 0; i < ids.size(); ++i) out.Set(static_cast<uint32_t>(i), SnowflakeToJs(info.Env(), ids[i]));
  return out;
}

Napi::Value ClientWrap::SendLobbyMessage(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 1), "lobbyId");
  std::string content = StringArg(info, 2, "content");
  sdk::Metadata metadata = MetadataFromJs(ArgOrUndefined(info, 3), "metadata");
  Live(info).SendLobbyMessage(lobbyId, std::move(content), std::move(metadata),
                              SettleRequest<sdk::Snowflake>(requestId));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::GetLobbyMessages(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 1), "lobbyId");
  const uint32_t limit = Uint32Arg(info, 2, "limit");
  Live(info).GetLobbyMessages(lobbyId, static_cast<int32_t>(std::min<uint32_t>(limit, INT32_MAX)),
                              SettleRequest<std::vector<sdk::MessagePtr>>(requestId));
  return info.Env().Undefined();
}
