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
  return WebhookNoticesToJs(info.Env(), world().TakeWebhookNotices());
}

}  // namespace sim
