// The simulated HTTP service's provisional-account entries (the game server's token endpoints and
// unmerges, server-api.md §4.5-4.6) and the harness's OIDC issuer configuration, over the World
// rules the SDK clients' GetProvisionalToken / UnmergeIntoProvisionalAccount reach.
#include <optional>
#include <string>
#include <vector>

#include "napi/convert.h"
#include "napi/world_wrap.h"
#include "sim/service/oidc_issuers.h"

namespace sim {

namespace {
// A refusal as the HTTP service answers it: a RangeError with `status` and `code`. Its message
// never holds a token (the World's refusals name none).
void ThrowIfProvisionalRefused(Napi::Env env, const sdk::Result& result) {
  if (result.ok()) return;
  throw ServiceFailureToJs(env, result.status != 0 ? result.status : 400, result.code, result.message);
}

std::string StringField(const Napi::Object& object, const char* key, const std::string& what) {
  Napi::Value value = object.Get(key);
  if (!value.IsString()) throw Napi::TypeError::New(object.Env(), what + "." + key + " must be a string");
  return value.As<Napi::String>().Utf8Value();
}

// { issuer, discovery: { issuer, jwksUri, signingAlgs: string[] }, discoveryRedirects, grandfathered }
OidcConfiguration OidcConfigurationFromJs(const Napi::Value& value) {
  Napi::Env env = value.Env();
  if (!value.IsObject()) throw Napi::TypeError::New(env, "config must be an object or null");
  Napi::Object config = value.As<Napi::Object>();
  OidcConfiguration out;
  out.issuer = StringField(config, "issuer", "config");
  Napi::Value discovery = config.Get("discovery");
  if (!discovery.IsObject()) throw Napi::TypeError::New(env, "config.discovery must be an object");
  Napi::Object document = discovery.As<Napi::Object>();
  out.discovery.issuer = StringField(document, "issuer", "config.discovery");
  out.discovery.jwksUri = StringField(document, "jwksUri", "config.discovery");
  Napi::Value algs = document.Get("signingAlgs");
  if (!algs.IsArray()) throw Napi::TypeError::New(env, "config.discovery.signingAlgs must be an array of strings");
  Napi::Array list = algs.As<Napi::Array>();
  const uint32_t length = list.Length();
  if (length > 64) throw Napi::RangeError::New(env, "config.discovery.signingAlgs has more than 64 entries");
  for (uint32_t i = 0; i < length; ++i) {
    Napi::Value alg = list.Get(i);
    if (!alg.IsString()) throw Napi::TypeError::New(env, "config.discovery.signingAlgs must be an array of strings");
    out.discovery.signingAlgs.push_back(alg.As<Napi::String>().Utf8Value());
  }
  out.discoveryRedirects = config.Get("discoveryRedirects").ToBoolean().Value();
  out.grandfathered = config.Get("grandfathered").ToBoolean().Value();
  return out;
}
}  // namespace

Napi::Value WorldWrap::ExchangeExternalToken(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const sdk::ExternalAuthType type = EnumArg<sdk::ExternalAuthType>(info, 1, "type", sdk::IsExternalAuthType);
  const std::string token = StringArg(info, 2, "externalAuthToken");
  sdk::TokenExchange tokens;
  ThrowIfProvisionalRefused(env, world().ExchangeExternalToken(app, type, token, &tokens));
  return TokenExchangeToJs(env, tokens);
}

Napi::Value WorldWrap::BotProvisionalToken(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const std::string externalUserId = StringArg(info, 1, "externalUserId");
  std::optional<std::string> preferredName;
  if (!ArgOrUndefined(info, 2).IsUndefined()) preferredName = StringArg(info, 2, "preferredGlobalName");
  sdk::TokenExchange tokens;
  ThrowIfProvisionalRefused(env, world().BotProvisionalToken(app, externalUserId, preferredName, &tokens));
  return TokenExchangeToJs(env, tokens);
}

Napi::Value WorldWrap::UnmergeExternalIdentity(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const sdk::ExternalAuthType type = EnumArg<sdk::ExternalAuthType>(info, 1, "type", sdk::IsExternalAuthType);
  const std::string token = StringArg(info, 2, "externalAuthToken");
  ThrowIfProvisionalRefused(env, world().UnmergeProvisional(app, type, token));
  return env.Undefined();
}

Napi::Value WorldWrap::UnmergeBotIdentity(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const std::string externalUserId = StringArg(info, 1, "externalUserId");
  ThrowIfProvisionalRefused(env, world().UnmergeBotIdentity(app, externalUserId));
  return env.Undefined();
}

Napi::Value WorldWrap::ApplicationIdentities(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  return ApplicationIdentitiesToJs(env, Guarded(env, [&] { return world().ApplicationIdentities(app); }));
}

Napi::Value WorldWrap::DeleteApplicationIdentity(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 1), "userId");
  const sdk::ExternalAuthType type = EnumArg<sdk::ExternalAuthType>(info, 2, "type", sdk::IsExternalAuthType);
  const std::string subject = StringArg(info, 3, "subject");
  return Napi::Boolean::New(env, Guarded(env, [&] { return world().DeleteApplicationIdentity(app, user, type, subject); }));
}

Napi::Value WorldWrap::ConfigureOidc(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  Napi::Value given = ArgOrUndefined(info, 1);
  std::optional<OidcConfiguration> config;
  if (!given.IsNull()) config = OidcConfigurationFromJs(given);
  Guarded(env, [&] { world().ConfigureOidc(app, std::move(config)); });
  return env.Undefined();
}

Napi::Value WorldWrap::GetOidcConfiguration(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const std::optional<OidcConfiguration> config = Guarded(env, [&] { return world().OidcConfigurationOf(app); });
  return config ? Napi::Value(OidcConfigurationToJs(env, *config)) : env.Null();
}

}  // namespace sim
