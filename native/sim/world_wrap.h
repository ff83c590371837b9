// The harness's JS face of one simulated world (sim::World), and the simulator's module init.
// Lives beside the simulator (not in native/) because it is the one N-API file that knows sim/.
#pragma once

#include <memory>

#include <napi.h>

#include "addon.h"
#include "sim/backend.h"

namespace sim {

class WorldWrap final : public Napi::ObjectWrap<WorldWrap> {
 public:
  static void Init(Napi::Env env, Napi::Object exports);
  // Throws a JS TypeError unless `value` is a NativeWorld.
  static std::shared_ptr<sdk::Backend> BackendOf(Napi::Value value);

  // new NativeWorld({ major, minor, build, hash })
  explicit WorldWrap(const Napi::CallbackInfo& info);

 private:
  Napi::Value Now(const Napi::CallbackInfo& info);
  Napi::Value Advance(const Napi::CallbackInfo& info);                  // (ms)
  Napi::Value CreateApplication(const Napi::CallbackInfo& info);        // (name)
  Napi::Value CreateUser(const Napi::CallbackInfo& info);               // ({ id?, username, globalName?, provisional })
  Napi::Value GetUser(const Napi::CallbackInfo& info);                  // (id)
  Napi::Value IssueToken(const Napi::CallbackInfo& info);               // (userId, applicationId, ttlMs)
  Napi::Value RevokeToken(const Napi::CallbackInfo& info);              // (token)
  Napi::Value DropConnections(const Napi::CallbackInfo& info);          // (userId)
  Napi::Value EmitLogs(const Napi::CallbackInfo& info);                 // (userId, count, severity, message)
  Napi::Value GetVersion(const Napi::CallbackInfo& info);

  World& world() { return *backend_->world(); }

  std::shared_ptr<WorldBackend> backend_;
};

}  // namespace sim
