// The harness half of NativeWorld: what the game backend does to lobbies (the server API), latency
// and fault injection, and settle().
#include <algorithm>
#include <cmath>

#include "generated/js_events.h"
#include "napi/convert.h"
#include "napi/world_wrap.h"

namespace sim {

namespace {
sdk::Result FailureFromJs(const Napi::Object& spec) {
  Napi::Env env = spec.Env();
  auto integer = [&](const char* key) -> int32_t {
    Napi::Value v = spec.Get(key);
    if (!v.IsNumber()) throw Napi::TypeError::New(env, std::string("failure.") + key + " must be a number");
    return v.As<Napi::Number>().Int32Value();
  };
  const int32_t type = integer("type");
  if (type < 1 || type > static_cast<int32_t>(sdk::ErrorType::RPCError)) {
    throw Napi::RangeError::New(env, "failure.type is not an error type");
  }
  Napi::Value message = spec.Get("message");
  if (!message.IsString()) throw Napi::TypeError::New(env, "failure.message must be a string");
  sdk::Result failure = sdk::Result::Failure(static_cast<sdk::ErrorType>(type),
                                             message.As<Napi::String>().Utf8Value(), integer("code"));
  failure.status = integer("status");
  failure.retryable = spec.Get("retryable").ToBoolean().Value();
  Napi::Value retryAfter = spec.Get("retryAfter");
  failure.retryAfter = retryAfter.IsNumber() ? retryAfter.As<Napi::Number>().FloatValue() : 0;
  return failure;
}
}  // namespace

Napi::Value WorldWrap::CreateLobby(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  std::optional<std::string> secret;
  if (!ArgOrUndefined(info, 1).IsUndefined()) secret = StringArg(info, 1, "secret");
  sdk::Metadata metadata = MetadataFromJs(ArgOrUndefined(info, 2), "metadata");
  std::vector<MemberUpdate> members;
  if (!ArgOrUndefined(info, 3).IsUndefined()) members = MemberUpdatesFromJs(info[3], "members");
  uint32_t idleTimeoutSeconds = Lobbies::kDefaultIdleTimeoutSeconds;
  if (!ArgOrUndefined(info, 4).IsUndefined()) idleTimeoutSeconds = Uint32Arg(info, 4, "idleTimeoutSeconds");
  return SnowflakeToJs(env, Guarded(env, [&] {
                         return world().CreateLobby(app, std::move(secret), std::move(metadata), members,
                                                    idleTimeoutSeconds);
                       }));
}

std::vector<MemberUpdate> MemberUpdatesFromJs(const Napi::Value& list, const char* what) {
  Napi::Env env = list.Env();
  const std::string name(what);
  if (!list.IsArray()) throw Napi::TypeError::New(env, name + " must be an array");
  Napi::Array entries = list.As<Napi::Array>();
  std::vector<MemberUpdate> updates;
  for (uint32_t i = 0; i < entries.Length(); ++i) {
    Napi::Value entry = entries.Get(i);
    if (!entry.IsObject()) throw Napi::TypeError::New(env, name + "[] must be objects");
    Napi::Object spec = entry.As<Napi::Object>();
    MemberUpdate update;
    update.userId = SnowflakeFromJs(spec.Get("userId"), "members[].userId");
    update.remove = spec.Get("remove").ToBoolean().Value();
    Napi::Value metadata = spec.Get("metadata");
    if (!metadata.IsUndefined()) update.metadata = MetadataFromJs(metadata, "members[].metadata");
    Napi::Value additionalName = spec.Get("additionalName");
    if (additionalName.IsNull()) {
      update.additionalName = std::optional<std::string>();
    } else if (additionalName.IsString()) {
      update.additionalName = std::optional<std::string>(additionalName.As<Napi::String>().Utf8Value());
    } else if (!additionalName.IsUndefined()) {
      throw Napi::TypeError::New(env, name + "[].additionalName must be a string or null");
    }
    Napi::Value flags = spec.Get("flags");
    if (!flags.IsUndefined()) {
      const double value = flags.IsNumber() ? flags.As<Napi::Number>().DoubleValue() : -1;
      // NaN fails every comparison, so it is refused too.
      if (!(value >= 0 && value <= 4294967295.0) || value != std::floor(value)) {
        throw Napi::TypeError::New(env, name + "[].flags must be an integer from 0 to 2^32 - 1");
      }
      update.flags = static_cast<uint32_t>(value);
    }
    updates.push_back(std::move(update));
  }
  return updates;
}

Napi::Value WorldWrap::BulkUpdateLobbyMembers(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  std::vector<MemberUpdate> updates = MemberUpdatesFromJs(ArgOrUndefined(info, 1), "members");
  Guarded(env, [&] { world().BulkUpdateLobbyMembers(lobbyId, updates); });
  return env.Undefined();
}

Napi::Value WorldWrap::SetMessageModeration(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  const sdk::Snowflake messageId = SnowflakeFromJs(ArgOrUndefined(info, 1), "messageId");
  sdk::Metadata metadata = MetadataFromJs(ArgOrUndefined(info, 2), "metadata");
  Guarded(env, [&] { world().SetMessageModerationMetadata(lobbyId, messageId, std::move(metadata)); });
  return env.Undefined();
}

Napi::Value WorldWrap::LinkLobbyChannel(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  std::optional<sdk::LinkedChannel> channel;
  if (!ArgOrUndefined(info, 1).IsNull()) {
    Napi::Object spec = ObjectArg(info, 1, "channel");
    Napi::Value name = spec.Get("name");
    if (!name.IsString()) throw Napi::TypeError::New(env, "channel.name must be a string");
    channel = sdk::LinkedChannel{SnowflakeFromJs(spec.Get("id"), "channel.id"),
                                 name.As<Napi::String>().Utf8Value(),
                                 SnowflakeFromJs(spec.Get("guildId"), "channel.guildId")};
  }
  Guarded(env, [&] { world().LinkLobbyChannel(lobbyId, std::move(channel)); });
  return env.Undefined();
}

Napi::Value WorldWrap::DeleteLobby(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  Guarded(env, [&] { world().DeleteLobby(lobbyId); });
  return env.Undefined();
}

Napi::Value WorldWrap::EditLobbyMessageInLinkedChannel(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 1), "lobbyId");
  const sdk::Snowflake messageId = SnowflakeFromJs(ArgOrUndefined(info, 2), "messageId");
  std::string content = StringArg(info, 3, "content");
  Guarded(env, [&] { world().EditLobbyMessageInLinkedChannel(user, lobbyId, messageId, std::move(content)); });
  return env.Undefined();
}

Napi::Value WorldWrap::DeleteLobbyMessageInLinkedChannel(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 1), "lobbyId");
  const sdk::Snowflake messageId = SnowflakeFromJs(ArgOrUndefined(info, 2), "messageId");
  Guarded(env, [&] { world().DeleteLobbyMessageInLinkedChannel(user, lobbyId, messageId); });
  return env.Undefined();
}

Napi::Value WorldWrap::GetLobby(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  auto found = world().GetServerLobby(SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId"));
  return found ? Napi::Value(ServerLobbyToJs(env, *found)) : env.Null();
}

std::vector<ServerLobbyMember> ServerLobbyMembersOf(const ServerLobby& lobby) {
  std::vector<ServerLobbyMember> members;
  members.reserve(lobby.lobby.members.size());
  for (const sdk::LobbyMember& member : lobby.lobby.members) {
    ServerLobbyMember view{member, std::nullopt, 0};
    if (auto name = lobby.additionalNames.find(member.id); name != lobby.additionalNames.end()) view.additionalName = name->second;
    if (auto flags = lobby.flags.find(member.id); flags != lobby.flags.end()) view.flags = flags->second;
    members.push_back(std::move(view));
  }
  return members;
}

Napi::Value WorldWrap::SetLatency(const Napi::CallbackInfo& info) {
  const double ms = NumberArg(info, 0, "ms");
  if (ms < 0 || ms > 9007199254740991.0) throw Napi::RangeError::New(info.Env(), "ms must be >= 0");
  world().SetLatency(static_cast<uint64_t>(ms));
  return info.Env().Undefined();
}

Napi::Value WorldWrap::FailNext(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const uint32_t kind = Uint32Arg(info, 0, "kind");
  if (kind >= static_cast<uint32_t>(kCallKinds)) throw Napi::RangeError::New(env, "kind is not a call kind");
  const uint32_t count = Uint32Arg(info, 1, "count");
  sdk::Result failure = FailureFromJs(ObjectArg(info, 2, "failure"));
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 3), "userId");
  world().FailNext(static_cast<CallKind>(kind), count, std::move(failure), userId);
  return env.Undefined();
}

Napi::Value WorldWrap::ClearFailures(const Napi::CallbackInfo& info) {
  world().ClearFailures();
  return info.Env().Undefined();
}

Napi::Value WorldWrap::Settle(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  Pump* pump = &Addon::Of(info.Env()).pump;
  // Queued behind every callback the settled work produced, so JS sees them all first. Client id
  // 0 is the world's own.
  world().WhenSettled([pump, requestId](uint64_t generation) {
    pump->queue().Post([pump, requestId, generation] {
      EmitResultEvent(*pump, 0, requestId, sdk::Result::Success(), sdk::Snowflake{generation});
    });
  });
  return info.Env().Undefined();
}

Napi::Value WorldWrap::Generation(const Napi::CallbackInfo& info) {
  return SnowflakeToJs(info.Env(), world().generation());
}

}  // namespace sim
