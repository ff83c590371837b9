// The harness's JS face of one simulated world (sim::World), and the simulator's module init.
// Lives beside the simulator (not in native/) because it is the one N-API file that knows sim/.
#pragma once

#include <memory>
#include <stdexcept>

#include <napi.h>

#include "generated/harness_converters.h"
#include "napi/addon.h"
#include "sim/client/backend.h"
#include "sim/service/http_failure.h"

namespace sim {

// A request the simulated service refused, as JS sees it: a RangeError with the HTTP `status`
// and the service's JSON error `code` (the simulated HTTP service answers with them).
Napi::Error ServiceFailureToJs(Napi::Env env, int32_t status, int32_t code, const std::string& message);
// A refused grant or device poll, as the HTTP service answers it: a RangeError with status 400
// (unless the result has its own) whose message starts with the OAuth2 error (`invalid_grant:
// ...`). The description never holds a secret (world_wrap_auth.cc).
void ThrowIfRefused(Napi::Env env, const sdk::Result& result);

// World operations report bad harness input as std::invalid_argument and refused server-API
// requests as ServiceError (an invalid_argument); JS gets a RangeError, with status and code for
// the latter.
template <typename Fn>
auto Guarded(Napi::Env env, Fn&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const ServiceError& error) {
    throw ServiceFailureToJs(env, error.status(), error.code(), error.what());
  } catch (const std::invalid_argument& error) {
    throw Napi::RangeError::New(env, error.what());
  }
}

// Permission bits from JS: an unsigned integer below 2^53 (world_wrap_guilds.cc).
uint64_t PermissionsFromJs(const Napi::Value& value, const char* what);

// [{ userId, remove?, metadata?, additionalName? (string | null), flags? }], as the harness and
// the simulated HTTP service hand member updates over.
std::vector<MemberUpdate> MemberUpdatesFromJs(const Napi::Value& list, const char* what);

class WorldWrap final : public Napi::ObjectWrap<WorldWrap> {
 public:
  static void Init(Napi::Env env, Napi::Object exports);
  // Throws a JS TypeError unless `value` is a NativeWorld.
  static std::shared_ptr<sdk::Backend> BackendOf(Napi::Value value);

  // new NativeWorld({ major, minor, build, hash })
  explicit WorldWrap(const Napi::CallbackInfo& info);

 private:
  // The JS methods, declared from seam/world.json (npm run seam); each is defined in the
  // napi/world_wrap*.cc file its room of the description names.
#include "generated/world_wrap_members.inc"

  World& world() { return *backend_->world(); }

  std::shared_ptr<WorldBackend> backend_;
};

}  // namespace sim
