#include "napi/convert_auth.h"

#include "napi/convert.h"

Napi::Object CodeVerifierToJs(Napi::Env env, const sdk::AuthorizationCodeVerifier& pair) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("verifier", pair.verifier);
  out.Set("challenge", pair.challenge);
  return out;
}

Napi::Object AuthorizationToJs(Napi::Env env, const sdk::Authorization& authorization) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("code", authorization.code);
  out.Set("redirectUri", authorization.redirectUri);
  return out;
}

Napi::Object TokenExchangeToJs(Napi::Env env, const sdk::TokenExchange& tokens) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("accessToken", tokens.accessToken);
  out.Set("refreshToken", tokens.refreshToken);
  out.Set("tokenType", static_cast<int32_t>(tokens.tokenType));
  out.Set("expiresIn", tokens.expiresIn);
  out.Set("scopes", tokens.scopes);
  return out;
}

Napi::Object CurrentUserToJs(Napi::Env env, const sdk::CurrentUser& user) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("id", SnowflakeToJs(env, user.id));
  out.Set("name", user.name);
  return out;
}
