// The harness's guild roles, member roles and features, and what the bot-side HTTP routes read and
// change: computed permissions, one guild's view, bans, prune (sim/service/guild_roles.cc).
#include "napi/convert.h"
#include "napi/world_wrap.h"

namespace sim {

namespace {
std::vector<sdk::Snowflake> SnowflakeListFromJs(const Napi::Value& value, const char* what) {
  if (!value.IsArray()) throw Napi::TypeError::New(value.Env(), std::string(what) + " must be an array");
  Napi::Array list = value.As<Napi::Array>();
  std::vector<sdk::Snowflake> out;
  for (uint32_t i = 0; i < list.Length(); ++i) out.push_back(SnowflakeFromJs(list.Get(i), what));
  return out;
}

int32_t IntFromJs(const Napi::Value& value, const char* what, double min, double max) {
  if (!value.IsNumber()) throw Napi::TypeError::New(value.Env(), std::string(what) + " must be a number");
  const double number = value.As<Napi::Number>().DoubleValue();
  if (!(number >= min && number <= max) || number != static_cast<double>(static_cast<int32_t>(number))) {
    throw Napi::RangeError::New(value.Env(), std::string(what) + " is out of range");
  }
  return static_cast<int32_t>(number);
}

std::optional<bool> OptionalBool(const Napi::Object& spec, const char* key) {
  Napi::Value value = spec.Get(key);
  if (value.IsUndefined()) return std::nullopt;
  if (!value.IsBoolean()) throw Napi::TypeError::New(spec.Env(), std::string(key) + " must be a boolean");
  return value.As<Napi::Boolean>().Value();
}

// The role fields a create or an update gives (an update leaves out what it does not change).
RoleUpdate RoleFieldsFromJs(const Napi::Object& spec) {
  RoleUpdate out;
  Napi::Value name = spec.Get("name");
  if (!name.IsUndefined()) {
    if (!name.IsString()) throw Napi::TypeError::New(spec.Env(), "name must be a string");
    out.name = name.As<Napi::String>().Utf8Value();
  }
  Napi::Value position = spec.Get("position");
  if (!position.IsUndefined()) out.position = IntFromJs(position, "position", 0, 2147483647.0);
  Napi::Value color = spec.Get("color");
  if (!color.IsUndefined()) out.color = IntFromJs(color, "color", 0, 0xffffff);
  Napi::Value permissions = spec.Get("permissions");
  if (!permissions.IsUndefined()) out.permissions = PermissionsFromJs(permissions, "permissions");
  out.hoist = OptionalBool(spec, "hoist");
  out.mentionable = OptionalBool(spec, "mentionable");
  return out;
}
}  // namespace

Napi::Value WorldWrap::CreateGuildRole(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  const RoleUpdate fields = RoleFieldsFromJs(ObjectArg(info, 1, "role"));
  Role role;
  role.name = fields.name.value_or("");
  role.position = fields.position.value_or(0);
  role.color = fields.color.value_or(0);
  role.permissions = fields.permissions.value_or(0);
  role.hoist = fields.hoist.value_or(false);
  role.mentionable = fields.mentionable.value_or(false);
  const bool positioned = fields.position.has_value();
  return SnowflakeToJs(env, Guarded(env, [&] { return world().CreateGuildRole(guildId, std::move(role), positioned); }));
}

Napi::Value WorldWrap::UpdateGuildRole(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  const sdk::Snowflake roleId = SnowflakeFromJs(ArgOrUndefined(info, 1), "roleId");
  const RoleUpdate update = RoleFieldsFromJs(ObjectArg(info, 2, "changes"));
  Guarded(env, [&] { world().UpdateGuildRole(guildId, roleId, update); });
  return env.Undefined();
}

Napi::Value WorldWrap::SetGuildMemberRoles(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 1), "userId");
  const std::vector<sdk::Snowflake> roles = SnowflakeListFromJs(ArgOrUndefined(info, 2), "roleIds");
  Guarded(env, [&] { world().SetGuildMemberRoles(guildId, userId, roles); });
  return env.Undefined();
}

Napi::Value WorldWrap::SetGuildFeatures(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  Napi::Value value = ArgOrUndefined(info, 1);
  if (!value.IsArray()) throw Napi::TypeError::New(env, "features must be an array");
  Napi::Array list = value.As<Napi::Array>();
  std::vector<std::string> features;
  for (uint32_t i = 0; i < list.Length(); ++i) {
    Napi::Value feature = list.Get(i);
    if (!feature.IsString()) throw Napi::TypeError::New(env, "features[] must be strings");
    features.push_back(feature.As<Napi::String>().Utf8Value());
  }
  Guarded(env, [&] { world().SetGuildFeatures(guildId, std::move(features)); });
  return env.Undefined();
}

Napi::Value WorldWrap::GuildPermissions(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 1), "userId");
  std::optional<sdk::Snowflake> channelId;
  if (!ArgOrUndefined(info, 2).IsUndefined()) channelId = SnowflakeFromJs(info[2], "channelId");
  const uint64_t bits = Guarded(env, [&] { return world().GuildPermissions(guildId, userId, channelId); });
  return Napi::Number::New(env, static_cast<double>(bits));
}

Napi::Value WorldWrap::GetGuild(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  const std::optional<GuildView> view = world().DescribeGuild(guildId);
  return view ? Napi::Value(WorldGuildToJs(env, *view)) : env.Null();
}

Napi::Value WorldWrap::DescribeGuildChannel(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake channelId = SnowflakeFromJs(ArgOrUndefined(info, 0), "channelId");
  const std::optional<GuildChannelPlace> place = world().DescribeGuildChannel(channelId);
  return place ? Napi::Value(WorldGuildChannelPlaceToJs(env, *place)) : env.Null();
}

Napi::Value WorldWrap::BanGuildMember(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 1), "userId");
  std::optional<std::string> reason;
  Napi::Value given = ArgOrUndefined(info, 2);
  if (given.IsString()) {
    reason = given.As<Napi::String>().Utf8Value();
  } else if (!given.IsNull() && !given.IsUndefined()) {
    throw Napi::TypeError::New(env, "reason must be a string or null");
  }
  Guarded(env, [&] { world().BanGuildMember(guildId, userId, std::move(reason)); });
  return env.Undefined();
}

Napi::Value WorldWrap::UnbanGuildMember(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 1), "userId");
  return Napi::Boolean::New(env, Guarded(env, [&] { return world().UnbanGuildMember(guildId, userId); }));
}

Napi::Value WorldWrap::PruneGuild(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake guildId = SnowflakeFromJs(ArgOrUndefined(info, 0), "guildId");
  const int32_t days = IntFromJs(ArgOrUndefined(info, 1), "days", 1, 2147483647.0);
  const std::vector<sdk::Snowflake> include = SnowflakeListFromJs(ArgOrUndefined(info, 2), "includeRoles");
  const bool apply = BoolArg(info, 3, "apply");
  const std::set<sdk::Snowflake> roles(include.begin(), include.end());
  return SnowflakesToJs(env, Guarded(env, [&] { return world().PruneGuild(guildId, days, roles, apply); }));
}

}  // namespace sim
