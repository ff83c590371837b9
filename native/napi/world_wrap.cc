#include "napi/world_wrap.h"

#include <stdexcept>

#include "napi/backends.h"
#include "napi/convert.h"

namespace sim {

namespace {
// Tells a world handed to a client constructor from any other object (methods get V8's check).
constexpr napi_type_tag kWorldTag = {0x51a1a7ed0a1d0b0eULL, 0x0ddba11cafe5eedULL};
}  // namespace

void InitModule(Napi::Env env, Napi::Object exports, Addon& addon) {
  WorldWrap::Init(env, exports);
  addon.resolveBackend = &WorldWrap::BackendOf;
}

void WorldWrap::Init(Napi::Env env, Napi::Object exports) {
  Napi::Function ctor = DefineClass(
      env, "NativeWorld",
      {
          // The table, from seam/world.json (npm run seam).
#include "generated/world_wrap_methods.inc"
      });
  exports.Set("NativeWorld", ctor);
}

std::shared_ptr<sdk::Backend> WorldWrap::BackendOf(Napi::Value value) {
  if (!value.IsObject() || !value.As<Napi::Object>().CheckTypeTag(&kWorldTag)) {
    throw Napi::TypeError::New(value.Env(), "the simulator backend needs a NativeWorld");
  }
  return Unwrap(value.As<Napi::Object>())->backend_;
}

WorldWrap::WorldWrap(const Napi::CallbackInfo& info) : Napi::ObjectWrap<WorldWrap>(info) {
  Napi::Env env = info.Env();
  Napi::Object spec = ObjectArg(info, 0, "version");
  sdk::Version version;
  auto intField = [&](const char* key) -> int32_t {
    Napi::Value v = spec.Get(key);
    if (!v.IsNumber()) throw Napi::TypeError::New(env, std::string("version.") + key + " must be a number");
    return v.As<Napi::Number>().Int32Value();
  };
  version.major = intField("major");
  version.minor = intField("minor");
  version.build = intField("build");
  Napi::Value hash = spec.Get("hash");
  if (!hash.IsString()) throw Napi::TypeError::New(env, "version.hash must be a string");
  version.hash = hash.As<Napi::String>().Utf8Value();
  // Where the clock starts (lib/sim/world-source.ts checked it); the host's time when absent.
  std::optional<uint64_t> startMs;
  Napi::Value start = spec.Get("startMs");
  if (!start.IsUndefined()) {
    const double ms = start.IsNumber() ? start.As<Napi::Number>().DoubleValue() : -1;
    if (!(ms >= 0 && ms <= 9007199254740991.0)) throw Napi::RangeError::New(env, "startMs must be a non-negative safe integer");
    startMs = static_cast<uint64_t>(ms);
  }

  backend_ = std::make_shared<WorldBackend>(std::make_shared<World>(std::move(version), startMs),
                                            Addon::Of(env).pump.queue());
  info.This().As<Napi::Object>().TypeTag(&kWorldTag);
}

Napi::Value WorldWrap::Now(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<double>(world().Now()));
}

Napi::Value WorldWrap::Advance(const Napi::CallbackInfo& info) {
  const double ms = NumberArg(info, 0, "ms");
  if (ms < 0 || ms > 9007199254740991.0) throw Napi::RangeError::New(info.Env(), "ms must be >= 0");
  Guarded(info.Env(), [&] { world().Advance(static_cast<uint64_t>(ms)); });
  return Napi::Number::New(info.Env(), static_cast<double>(world().Now()));
}

// (name, parentId?, publisherLinking?)
Napi::Value WorldWrap::CreateApplication(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const std::string name = StringArg(info, 0, "name");
  const Napi::Value parent = ArgOrUndefined(info, 1);
  const sdk::Snowflake parentId = parent.IsUndefined() || parent.IsNull() ? 0 : SnowflakeFromJs(parent, "parentId");
  const bool publisherLinking = ArgOrUndefined(info, 2).ToBoolean().Value();
  Application app;
  Guarded(env, [&] { app = world().CreateApplication(name, parentId, publisherLinking); });
  return ApplicationToJs(env, app);
}

Napi::Value WorldWrap::CreateUser(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Object spec = ObjectArg(info, 0, "user");
  World::UserSpec user;
  Napi::Value id = spec.Get("id");
  if (!id.IsUndefined()) user.id = SnowflakeFromJs(id, "user.id");
  Napi::Value username = spec.Get("username");
  if (!username.IsString()) throw Napi::TypeError::New(env, "user.username must be a string");
  user.username = username.As<Napi::String>().Utf8Value();
  Napi::Value globalName = spec.Get("globalName");
  if (globalName.IsString()) user.globalName = globalName.As<Napi::String>().Utf8Value();
  Napi::Value avatar = spec.Get("avatar");
  if (avatar.IsString()) user.avatar = avatar.As<Napi::String>().Utf8Value();
  user.provisional = spec.Get("provisional").ToBoolean().Value();
  return UserToJs(env, Guarded(env, [&] { return world().CreateUser(user); }));
}

Napi::Value WorldWrap::GetUser(const Napi::CallbackInfo& info) {
  auto user = world().FindUser(SnowflakeFromJs(info.Length() > 0 ? info[0] : info.Env().Undefined(), "userId"));
  return user ? Napi::Value(UserToJs(info.Env(), *user)) : info.Env().Null();
}

Napi::Value WorldWrap::IssueToken(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const uint64_t userId = SnowflakeFromJs(info.Length() > 0 ? info[0] : env.Undefined(), "userId");
  const uint64_t appId = SnowflakeFromJs(info.Length() > 1 ? info[1] : env.Undefined(), "applicationId");
  const double ttl = NumberArg(info, 2, "ttlMs");
  if (ttl < 0 || ttl > 9007199254740991.0) throw Napi::RangeError::New(env, "ttlMs must be >= 0");
  const std::string scopes = ArgOrUndefined(info, 3).IsUndefined() ? std::string() : StringArg(info, 3, "scopes");
  return GrantToJs(env, Guarded(env, [&] {
                     return world().IssueToken(userId, appId, static_cast<uint64_t>(ttl), scopes);
                   }));
}

Napi::Value WorldWrap::RevokeToken(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), world().RevokeToken(StringArg(info, 0, "token")));
}

Napi::Value WorldWrap::DropConnections(const Napi::CallbackInfo& info) {
  const uint64_t userId = SnowflakeFromJs(info.Length() > 0 ? info[0] : info.Env().Undefined(), "userId");
  return Napi::Number::New(info.Env(), static_cast<double>(world().DropConnections(userId)));
}

Napi::Value WorldWrap::EmitLogs(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const uint64_t userId = SnowflakeFromJs(info.Length() > 0 ? info[0] : env.Undefined(), "userId");
  const uint32_t count = Uint32Arg(info, 1, "count");
  const uint32_t severity = Uint32Arg(info, 2, "severity");
  if (severity < 1 || severity > 4) throw Napi::RangeError::New(env, "severity must be between 1 and 4");
  const bool voice = !ArgOrUndefined(info, 4).IsUndefined() && BoolArg(info, 4, "voice");
  const size_t affected = world().EmitLogs(userId, count, static_cast<sdk::LogSeverity>(severity),
                                           StringArg(info, 3, "message"), voice);
  return Napi::Number::New(env, static_cast<double>(affected));
}

Napi::Value WorldWrap::GetVersion(const Napi::CallbackInfo& info) {
  return VersionToJs(info.Env(), world().version());
}

Napi::Value WorldWrap::DescribeWorld(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const uint32_t messagesPerLobby = Uint32Arg(info, 0, "messagesPerLobby");
  if (messagesPerLobby > Lobbies::kMessagesReturned) throw Napi::RangeError::New(env, "messagesPerLobby must be between 0 and 200");
  const bool lobbySecrets = !ArgOrUndefined(info, 1).IsUndefined() && BoolArg(info, 1, "lobbySecrets");
  return WorldViewToJs(env, world().Describe(messagesPerLobby, lobbySecrets));
}

}  // namespace sim
