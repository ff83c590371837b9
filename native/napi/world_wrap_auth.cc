// The harness's side of sign-in: the consent prompts the local chat clients show.
#include "napi/convert.h"
#include "napi/world_wrap.h"

namespace sim {

Napi::Value WorldWrap::GetConsentPrompts(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const std::vector<ConsentPrompt> prompts = world().ConsentPromptsOf(user);
  Napi::Array out = Napi::Array::New(env, prompts.size());
  for (size_t i = 0; i < prompts.size(); ++i) {
    Napi::Object prompt = Napi::Object::New(env);
    prompt.Set("applicationId", SnowflakeToJs(env, prompts[i].applicationId));
    prompt.Set("scopes", prompts[i].scopes);
    out.Set(static_cast<uint32_t>(i), prompt);
  }
  return out;
}

Napi::Value WorldWrap::AnswerConsent(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const bool approve = BoolArg(info, 1, "approve");
  Guarded(env, [&] { world().AnswerConsent(user, approve); });
  return env.Undefined();
}

Napi::Value WorldWrap::RemoveAuthorization(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 1), "applicationId");
  size_t removed = 0;
  Guarded(env, [&] { removed = world().RemoveAuthorization(user, app); });
  return Napi::Number::New(env, static_cast<double>(removed));
}

Napi::Value WorldWrap::RequestAccountLink(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 1), "applicationId");
  size_t notified = 0;
  Guarded(env, [&] { notified = world().RequestAccountLink(user, app); });
  return Napi::Number::New(env, static_cast<double>(notified));
}

}  // namespace sim
