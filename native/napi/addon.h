// Per-environment state (N-API instance data). Each main thread or worker that loads the addon
// gets its own Addon; nothing JS-related is static.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <vector>

#include <napi.h>

#include "napi/pump.h"
#include "sdk/backend.h"

// A native object that must be closed when its environment goes away (worker exit, process exit),
// if its own close() or finalizer has not done it first.
class Closable {
 public:
  virtual void CloseNative() = 0;
  // The environment is gone: forget the Addon, do not call back into it.
  virtual void DetachFromAddon() = 0;

 protected:
  ~Closable() = default;
};

class Addon {
 public:
  explicit Addon(Napi::Env env) : pump(env) {}
  Addon(const Addon&) = delete;
  Addon& operator=(const Addon&) = delete;

  static Addon& Of(Napi::Env env) { return *env.GetInstanceData<Addon>(); }

  Pump pump;

  // Turns the JS value a client names as its backend (a simulator World, or "vendor") into a
  // backend. Installed by each compiled-in backend's module init, each handling its own kind of
  // value and handing anything else to the one installed before it; throws a JS TypeError for a
  // value none of them takes.
  std::function<std::shared_ptr<sdk::Backend>(Napi::Value)> resolveBackend;

  // Builds message objects (MessageToJs through CallMessageFactory, napi/convert.cc): the JS
  // function lib/addon/native.ts hands over with setMessageFactory when it loads the addon.
  Napi::FunctionReference messageFactory;
  // The builders of the payloads built in JS (`build: literal`, generated/payload_builders.h's
  // order): lib/generated/payload-builders.ts, handed over with setPayloadBuilders at load.
  std::vector<Napi::FunctionReference> payloadBuilders;

  void Track(Closable* object) { live_.insert(object); }
  void Untrack(Closable* object) { live_.erase(object); }

  // Closes every live object (joining its threads). Used at process.exit(), where Node runs no
  // environment cleanup hook on the main thread.
  void CloseAll();
  // Environment cleanup hook: CloseAll(), then stop the pump.
  void TearDown();

 private:
  std::set<Closable*> live_;
};
