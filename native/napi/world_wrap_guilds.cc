// The harness's guilds (guilds, members, channels with positions and permission overwrites, the
// bot user's voice connection) and the game backend's moderation metadata on direct messages.
#include "napi/convert.h"
#include "napi/world_wrap.h"

namespace sim {

namespace {
bool IsChannelType(int32_t type) {
  return (type >= 0 && type <= 6) || (type >= 10 && type <= 18);
}

// [{ userId ('0': @everyone), allow, deny, role? (userId is a role's id) }]
std::vector<Overwrite> OverwritesFromJs(const Napi::Value& value) {
  Napi::Env env = value.Env();
  if (!value.IsArray()) throw Napi::TypeError::New(env, "overwrites must be an array");
  Napi::Array list = value.As<Napi::Array>();
  std::vector<Overwrite> out;
  for (uint32_t i = 0; i < list.Length(); ++i) {
    Napi::Value entry = list.Get(i);
    if (!entry.IsObject()) throw Napi::TypeError::New(env, "overwrites[] must be objects");
    Napi::Object spec = entry.As<Napi::Object>();
    out.push_back(Overwrite{SnowflakeFromJs(spec.Get("userId"), "overwrites[].userId"),
                            PermissionsFromJs(spec.Get("allow"), "overwrites[].allow"),
                            PermissionsFromJs(spec.Get("deny"), "overwrites[].deny"),
                            spec.Get("role").ToBoolean().Value()});
  }
  return out;
}

int32_t PositionFromJs(const Napi::Value& value) {
  if (!value.IsNumber()) throw Napi::TypeError::New(value.Env(), "position must be a number");
  const double position = value.As<Napi::Number>().DoubleValue();
  if (!(position >= 0 && position <= 2147483647.0) || position != static_cast<double>(static_cast<int32_t>(position))) {
    throw Napi::RangeError::New(value.Env(), "position must be an integer from 0 to 2147483647");
  }
  return static_cast<int32_t>(position);
}
}  // namespace

uint64_t PermissionsFromJs(const Napi::Value& value, const char* what) {
  if (!value.IsNumber()) throw Napi::TypeError::New(value.Env(), std::string(what) + " must be a number");
  const double bits = value.As<Napi::Number>().DoubleValue();
  // Bits up to 2^53 (BYPASS_SLOWMODE is 1 << 52): every one a double holds exactly.
  if (!(bits >= 0 && bits <= 9007199254740991.0) || bits != static_cast<double>(static_cast<uint64_t>(bits))) {
    throw Napi::RangeError::New(value.Env(), std::string(what) + " must be an unsigned integer below 2^53");
  }
  return static_cast<uint64_t>(bits);
}

Napi::Value WorldWrap::CreateGuild(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string name = StringArg(info, 0, "name");
  const sdk::Snowflake owner = SnowflakeFromJs(ArgOrUndefined(info, 1), "ownerId");
  return SnowflakeToJs(env, Guarded(env, [&] { return world().CreateGuild(std::move(name), owner); }));
}

Napi::Value WorldWrap::AddGuildMember(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 1), "userId");
  const uint64_t permissions = PermissionsFromJs(ArgOrUndefined(info, 2), "permissions");
  Guarded(env, [&] { world().AddGuildMember(guildId, userId, permissions); });
  return env.Undefined();
}

Napi::Value WorldWrap::RemoveGuildMember(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 1), "userId");
  Guarded(env, [&] { world().RemoveGuildMember(guildId, userId); });
  return env.Undefined();
}

Napi::Value WorldWrap::CreateGuildChannel(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  Napi::Object spec = ObjectArg(info, 1, "channel");
  ChannelSpec channel;
  Napi::Value name = spec.Get("name");
  if (!name.IsString()) throw Napi::TypeError::New(env, "channel.name must be a string");
  channel.name = name.As<Napi::String>().Utf8Value();
  Napi::Value type = spec.Get("type");
  if (!type.IsNumber() || !IsChannelType(type.As<Napi::Number>().Int32Value())) {
    throw Napi::RangeError::New(env, "channel.type is not a channel type");
  }
  channel.type = static_cast<sdk::ChannelType>(type.As<Napi::Number>().Int32Value());
  channel.position = PositionFromJs(spec.Get("position"));
  Napi::Value parent = spec.Get("parentId");
  if (!parent.IsUndefined()) channel.parentId = SnowflakeFromJs(parent, "channel.parentId");
  Napi::Value overwrites = spec.Get("overwrites");
  if (!overwrites.IsUndefined()) channel.overwrites = OverwritesFromJs(overwrites);
  return SnowflakeToJs(env, Guarded(env, [&] { return world().CreateGuildChannel(guildId, std::move(channel)); }));
}

Napi::Value WorldWrap::UpdateGuildChannel(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake channelId = SnowflakeFromJs(ArgOrUndefined(info, 0), "channelId");
  Napi::Object spec = ObjectArg(info, 1, "changes");
  ChannelUpdate update;
  Napi::Value name = spec.Get("name");
  if (!name.IsUndefined()) {
    if (!name.IsString()) throw Napi::TypeError::New(env, "changes.name must be a string");
    update.name = name.As<Napi::String>().Utf8Value();
  }
  Napi::Value position = spec.Get("position");
  if (!position.IsUndefined()) update.position = PositionFromJs(position);
  Napi::Value parent = spec.Get("parentId");
  if (parent.IsNull()) {
    update.parentId = std::optional<sdk::Snowflake>();
  } else if (!parent.IsUndefined()) {
    update.parentId = std::optional<sdk::Snowflake>(SnowflakeFromJs(parent, "changes.parentId"));
  }
  Napi::Value overwrites = spec.Get("overwrites");
  if (overwrites.IsNull()) {
    update.overwrites = Overwrites();
  } else if (!overwrites.IsUndefined()) {
    update.overwrites = Overwrites(OverwritesFromJs(overwrites));
  }
  Guarded(env, [&] { world().UpdateGuildChannel(channelId, update); });
  return env.Undefined();
}

Napi::Value WorldWrap::SetBotVoiceConnection(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const sdk::Snowflake channelId = SnowflakeFromJs(ArgOrUndefined(info, 1), "channelId");
  const bool connected = BoolArg(info, 2, "connected");
  Guarded(env, [&] { world().SetBotVoiceConnection(app, channelId, connected); });
  return env.Undefined();
}

Napi::Value WorldWrap::SetUserMessageModeration(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake messageId = SnowflakeFromJs(ArgOrUndefined(info, 0), "messageId");
  sdk::Metadata metadata = MetadataFromJs(ArgOrUndefined(info, 1), "metadata");
  // The server API's path names the two participants; the harness may leave them out.
  std::optional<std::pair<sdk::Snowflake, sdk::Snowflake>> participants;
  if (!ArgOrUndefined(info, 2).IsUndefined()) {
    participants = std::make_pair(SnowflakeFromJs(info[2], "userId1"), SnowflakeFromJs(ArgOrUndefined(info, 3), "userId2"));
  }
  // The server API's caller: only the game the message was sent from may moderate it.
  std::optional<sdk::Snowflake> application;
  if (!ArgOrUndefined(info, 4).IsUndefined()) application = SnowflakeFromJs(info[4], "applicationId");
  Guarded(env, [&] { world().SetUserMessageModerationMetadata(messageId, std::move(metadata), participants, application); });
  return env.Undefined();
}

}  // namespace sim
