#include "napi/convert_auth.h"

Napi::Object CodeVerifierToJs(Napi::Env env, const sdk::AuthorizationCodeVerifier& pair) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("verifier", pair.verifier);
  out.Set("challenge", pair.challenge);
  return out;
}
