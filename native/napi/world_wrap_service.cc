// The simulated HTTP service's way into the world (lib/sim/http/): the server API as the bot of
// an application or as a user holding an access token. Every refusal reaches JS as a RangeError
// with the HTTP status and the service's JSON error code, which the HTTP service answers with.
// Operations a user makes go through the same World methods the simulated SDK clients call, so
// a rule is written once for both.
#include "napi/convert.h"
#include "napi/world_wrap.h"

namespace sim {

Napi::Error ServiceFailureToJs(Napi::Env env, int32_t status, int32_t code, const std::string& message) {
  Napi::Error error = Napi::RangeError::New(env, message);
  error.Set("status", Napi::Number::New(env, status));
  error.Set("code", Napi::Number::New(env, code));
  return error;
}

namespace {
// A failed Result of a user's operation, thrown as the service's refusal.
void ThrowIfFailed(Napi::Env env, const sdk::Result& result) {
  if (result.ok()) return;
  throw ServiceFailureToJs(env, result.status != 0 ? result.status : 400, result.code, result.message);
}

std::optional<std::string> OptionalStringArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  Napi::Value value = ArgOrUndefined(info, index);
  if (value.IsUndefined() || value.IsNull()) return std::nullopt;
  return StringArg(info, index, name);
}

struct Caller {
  sdk::Snowflake app;
  sdk::Snowflake user;
};
Caller CallerArgs(const Napi::CallbackInfo& info) {
  return {SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId"), SnowflakeFromJs(ArgOrUndefined(info, 1), "userId")};
}
}  // namespace

Napi::Value WorldWrap::GetLatency(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<double>(world().Latency()));
}

Napi::Value WorldWrap::GetApplication(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake id = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  Application app;
  try {
    app = world().ApplicationOf(id);
  } catch (const ServiceError&) {
    return env.Null();
  }
  return ApplicationToJs(env, app);
}

Napi::Value WorldWrap::Authenticate(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  sdk::User user;
  sdk::Snowflake app = 0;
  std::string scopes;
  uint64_t expiresAt = 0;
  const AuthFailure failure = world().Authenticate(StringArg(info, 0, "token"), 0, &user, &app, &scopes, &expiresAt);
  Napi::Object out = Napi::Object::New(env);
  if (failure != AuthFailure::None) {
    out.Set("failure", AuthFailureText(failure));
    return out;
  }
  out.Set("userId", SnowflakeToJs(env, user.id));
  out.Set("applicationId", SnowflakeToJs(env, app));
  out.Set("scopes", scopes);
  out.Set("expiresAt", static_cast<double>(expiresAt));
  return out;
}

Napi::Value WorldWrap::ModifyLobby(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  Napi::Object spec = ObjectArg(info, 1, "changes");
  LobbyChanges changes;
  changes.metadata = OptionalMetadataFromJs(spec.Get("metadata"), "metadata");
  if (!spec.Get("members").IsUndefined()) changes.members = MemberUpdatesFromJs(spec.Get("members"), "members");
  Napi::Value idle = spec.Get("idleTimeoutSeconds");
  if (!idle.IsUndefined()) {
    if (!idle.IsNumber()) throw Napi::TypeError::New(env, "idleTimeoutSeconds must be a number");
    const double seconds = idle.As<Napi::Number>().DoubleValue();
    if (!(seconds >= 0 && seconds <= 4294967295.0)) throw Napi::RangeError::New(env, "idleTimeoutSeconds is out of range");
    changes.idleTimeoutSeconds = static_cast<uint32_t>(seconds);
  }
  Guarded(env, [&] { world().ModifyLobby(lobbyId, changes); });
  return env.Undefined();
}

Napi::Value WorldWrap::UserCreateOrJoinLobby(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const Caller caller = CallerArgs(info);
  const std::string secret = StringArg(info, 2, "secret");
  std::optional<sdk::Metadata> lobbyMetadata = OptionalMetadataFromJs(ArgOrUndefined(info, 3), "lobbyMetadata");
  std::optional<sdk::Metadata> memberMetadata = OptionalMetadataFromJs(ArgOrUndefined(info, 4), "memberMetadata");
  Lobbies::Outcome outcome = world().CreateOrJoinLobby(caller.app, caller.user, secret, lobbyMetadata, memberMetadata);
  ThrowIfFailed(env, outcome.result);
  return SnowflakeToJs(env, outcome.id);
}

Napi::Value WorldWrap::UserLeaveLobby(const Napi::CallbackInfo& info) {
  const Caller caller = CallerArgs(info);
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 2), "lobbyId");
  ThrowIfFailed(info.Env(), world().LeaveLobby(caller.app, caller.user, lobbyId).result);
  return info.Env().Undefined();
}

Napi::Value WorldWrap::UserSendLobbyMessage(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const Caller caller = CallerArgs(info);
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 2), "lobbyId");
  std::string content = StringArg(info, 3, "content");
  sdk::Metadata metadata = MetadataFromJs(ArgOrUndefined(info, 4), "metadata");
  // The HTTP route's content limit (the route table's): not the SDK's.
  const uint32_t maxContentLength = Uint32Arg(info, 5, "maxContentLength");
  Lobbies::Outcome outcome = world().SendLobbyMessage(caller.app, caller.user, lobbyId, std::move(content),
                                                      std::move(metadata), maxContentLength);
  ThrowIfFailed(env, outcome.result);
  // The message as its members got it (the notice carries the one shared copy).
  for (const Notice& notice : outcome.notices) {
    if (notice.message && notice.message->id == outcome.id) return MessageToJs(env, *notice.message);
  }
  std::vector<sdk::MessagePtr> recent;
  ThrowIfFailed(env, world().ReadLobbyMessages(caller.app, caller.user, lobbyId, 1, &recent));
  if (recent.empty()) throw ServiceFailureToJs(env, 500, 0, "the sent message is gone");
  return MessageToJs(env, *recent.back());
}

Napi::Value WorldWrap::UserReadLobbyMessages(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const Caller caller = CallerArgs(info);
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 2), "lobbyId");
  const int32_t limit = LimitArg(info, 3, "limit");
  std::vector<sdk::MessagePtr> messages;
  ThrowIfFailed(env, world().ReadLobbyMessages(caller.app, caller.user, lobbyId, limit, &messages));
  Napi::Array out = Napi::Array::New(env, messages.size());
  for (size_t i = 0; i < messages.size(); ++i) out.Set(static_cast<uint32_t>(i), MessageToJs(env, *messages[i]));
  return out;
}

Napi::Value WorldWrap::UserLinkChannel(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const Caller caller = CallerArgs(info);
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 2), "lobbyId");
  Napi::Value channel = ArgOrUndefined(info, 3);
  const sdk::Result result =
      channel.IsNull() ? world().UnlinkChannelFromLobby(caller.app, caller.user, lobbyId)
                       : world().LinkChannelToLobby(caller.app, caller.user, lobbyId, SnowflakeFromJs(channel, "channelId"));
  ThrowIfFailed(env, result);
  return env.Undefined();
}

Napi::Value WorldWrap::CreateLobbyChannelInvite(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 1), "lobbyId");
  const sdk::Snowflake target = SnowflakeFromJs(ArgOrUndefined(info, 2), "userId");
  return ChannelInviteToJs(env, Guarded(env, [&] { return world().CreateLobbyChannelInvite(app, lobbyId, target); }));
}

Napi::Value WorldWrap::AcceptChannelInvite(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const std::string code = StringArg(info, 0, "code");
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 1), "userId");
  return ChannelInviteToJs(env, Guarded(env, [&] { return world().AcceptChannelInvite(code, user); }));
}

Napi::Value WorldWrap::SetVoiceChannelStatus(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const sdk::Snowflake channelId = SnowflakeFromJs(ArgOrUndefined(info, 1), "channelId");
  std::optional<std::string> status = OptionalStringArg(info, 2, "status");
  std::optional<std::string> reason = OptionalStringArg(info, 3, "reason");
  Guarded(env, [&] { world().SetVoiceChannelStatus(app, channelId, std::move(status), std::move(reason)); });
  return env.Undefined();
}

Napi::Value WorldWrap::GetVoiceChannelStatus(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake channelId = SnowflakeFromJs(ArgOrUndefined(info, 0), "channelId");
  std::optional<std::string> status = Guarded(env, [&] { return world().VoiceChannelStatus(channelId); });
  return status ? Napi::Value(Napi::String::New(env, *status)) : env.Null();
}

Napi::Value WorldWrap::GetGuildChannel(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake channelId = SnowflakeFromJs(ArgOrUndefined(info, 0), "channelId");
  std::optional<sdk::GuildChannel> channel = Guarded(env, [&] { return world().GuildChannel(channelId); });
  return channel ? Napi::Value(ServerGuildChannelToJs(env, *channel)) : env.Null();
}

Napi::Value WorldWrap::GetAuditLog(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  return AuditLogToJs(env, Guarded(env, [&] { return world().AuditLog(guildId); }));
}

}  // namespace sim
