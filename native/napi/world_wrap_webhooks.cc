// The simulated HTTP service's side of webhook events: it subscribes an application when the
// harness sets its events URL, and takes the world's notices on the JS thread (the world only
// keeps them; see sim/service/webhook_outbox.h).
#include "napi/convert.h"
#include "napi/world_wrap.h"

namespace sim {

Napi::Value WorldWrap::SetWebhookSubscribed(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const bool subscribed = BoolArg(info, 1, "subscribed");
  Guarded(env, [&] { world().SetWebhookSubscribed(app, subscribed); });
  return env.Undefined();
}

Napi::Value WorldWrap::TakeWebhookNotices(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  WebhookOutbox::Taken taken = world().TakeWebhookNotices();
  Napi::Array notices = Napi::Array::New(env, taken.notices.size());
  for (size_t i = 0; i < taken.notices.size(); ++i) {
    const WebhookNotice& notice = taken.notices[i];
    Napi::Object out = Napi::Object::New(env);
    out.Set("type", notice.type);
    out.Set("applicationId", SnowflakeToJs(env, notice.applicationId));
    out.Set("at", Napi::Number::New(env, static_cast<double>(notice.atMs)));
    if (notice.userId != 0) out.Set("userId", SnowflakeToJs(env, notice.userId));
    if (!notice.scopes.empty()) out.Set("scopes", notice.scopes);
    if (notice.message) out.Set("message", MessageToJs(env, *notice.message));
    if (notice.messageId != 0) out.Set("messageId", SnowflakeToJs(env, notice.messageId));
    if (notice.channelId != 0) out.Set("channelId", SnowflakeToJs(env, notice.channelId));
    if (notice.lobbyId != 0) out.Set("lobbyId", SnowflakeToJs(env, notice.lobbyId));
    notices.Set(static_cast<uint32_t>(i), out);
  }
  Napi::Object result = Napi::Object::New(env);
  result.Set("notices", notices);
  result.Set("dropped", Napi::Number::New(env, static_cast<double>(taken.dropped)));
  return result;
}

}  // namespace sim
