// The direct-message surface of ClientWrap: send, edit, delete, read, summaries, and the
// message-deleted event (created and updated share the lobby messages' event).
#include <algorithm>

#include "napi/client_wrap.h"

#include "napi/convert.h"

void ClientWrap::SetUserMessageCallbacks() {
  Pump* pump = &addon_->pump;
  const uint32_t id = id_;
  client_->SetMessageDeletedCallback([pump, id](sdk::Snowflake messageId, sdk::Snowflake channelId) {
    JsEvent event{JsEventKind::MessageDeleted, id};
    event.payload = IdPair{messageId, channelId};
    pump->Emit(std::move(event));
  });
}

Napi::Value ClientWrap::SendUserMessage(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const sdk::Snowflake recipientId = SnowflakeFromJs(ArgOrUndefined(info, 1), "recipientId");
  std::string content = StringArg(info, 2, "content");
  sdk::Metadata metadata = MetadataFromJs(ArgOrUndefined(info, 3), "metadata");
  Live(info).SendUserMessage(recipientId, std::move(content), std::move(metadata),
                             SettleRequest<sdk::Snowflake>(requestId));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::EditUserMessage(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const sdk::Snowflake recipientId = SnowflakeFromJs(ArgOrUndefined(info, 1), "recipientId");
  const sdk::Snowflake messageId = SnowflakeFromJs(ArgOrUndefined(info, 2), "messageId");
  std::string content = StringArg(info, 3, "content");
  Live(info).EditUserMessage(recipientId, messageId, std::move(content), SettleRequest<>(requestId));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::DeleteUserMessage(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const sdk::Snowflake recipientId = SnowflakeFromJs(ArgOrUndefined(info, 1), "recipientId");
  const sdk::Snowflake messageId = SnowflakeFromJs(ArgOrUndefined(info, 2), "messageId");
  Live(info).DeleteUserMessage(recipientId, messageId, SettleRequest<>(requestId));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::GetUserMessages(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const sdk::Snowflake recipientId = SnowflakeFromJs(ArgOrUndefined(info, 1), "recipientId");
  const uint32_t limit = Uint32Arg(info, 2, "limit");  // 0: the most (vendor: limit <= 0)
  Live(info).GetUserMessages(recipientId, static_cast<int32_t>(std::min<uint32_t>(limit, INT32_MAX)),
                             SettleRequest<std::vector<sdk::MessagePtr>>(requestId));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::GetUserMessageSummaries(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  Live(info).GetUserMessageSummaries(SettleRequest<std::vector<sdk::UserMessageSummary>>(requestId));
  return info.Env().Undefined();
}
