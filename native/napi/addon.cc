// Module init: per-environment state, the pump's JS controls, and the classes.

#include <string>
#include <vector>

#include <napi.h>

#if !defined(NAPI_VERSION) || NAPI_VERSION != 8
#error "Build with NAPI_VERSION=8 (see native/sources.json)"
#endif
#if !defined(NODE_ADDON_API_CPP_EXCEPTIONS)
#error "Build with NODE_ADDON_API_CPP_EXCEPTIONS (see native/sources.json)"
#endif

#include "napi/addon.h"
#include "napi/backends.h"
#include "napi/client_wrap.h"
#include "napi/convert.h"
#include "napi/seam_tables.h"
#include "napi/wake_probe.h"

void Addon::CloseAll() {
  const std::set<Closable*> objects = live_;  // a copy: closing may untrack
  for (Closable* object : objects) object->CloseNative();
}

void Addon::TearDown() {
  CloseAll();
  for (Closable* object : live_) object->DetachFromAddon();
  live_.clear();
  pump.Shutdown();
}

namespace {

Napi::Function FunctionArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  Napi::Value fn = index < info.Length() ? info[index] : info.Env().Undefined();
  if (!fn.IsFunction()) throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a function");
  return fn.As<Napi::Function>();
}

Napi::Value SetDispatcher(const Napi::CallbackInfo& info) {
  Addon::Of(info.Env()).pump.SetDispatcher(FunctionArg(info, 0, "dispatcher"),
                                           FunctionArg(info, 1, "scheduleTurn"));
  return info.Env().Undefined();
}

// The message factory (lib/generated/payload-factories.ts), replacing any set before. Messages
// already kept by the pump (RecentMessages) keep the objects they were built as.
Napi::Value SetMessageFactory(const Napi::CallbackInfo& info) {
  Addon::Of(info.Env()).messageFactory = Napi::Persistent(FunctionArg(info, 0, "factory"));
  return info.Env().Undefined();
}

// The payload builders (lib/generated/payload-builders.ts), exactly kPayloadBuilderCount functions
// in generated/payload_builders.h's order; a bad list changes nothing.
Napi::Value SetPayloadBuilders(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Value given = info.Length() > 0 ? info[0] : env.Undefined();
  if (!given.IsArray() || given.As<Napi::Array>().Length() != kPayloadBuilderCount) {
    throw Napi::TypeError::New(env, "builders must be an array of " + std::to_string(kPayloadBuilderCount) + " functions");
  }
  Napi::Array list = given.As<Napi::Array>();
  std::vector<Napi::FunctionReference> builders;
  for (uint32_t i = 0; i < kPayloadBuilderCount; ++i) {
    Napi::Value builder = list.Get(i);
    if (!builder.IsFunction()) throw Napi::TypeError::New(env, "builders[" + std::to_string(i) + "] must be a function");
    builders.push_back(Napi::Persistent(builder.As<Napi::Function>()));
  }
  Addon::Of(env).payloadBuilders = std::move(builders);
  return env.Undefined();
}

Napi::Value Drain(const Napi::CallbackInfo& info) {
  Addon::Of(info.Env()).pump.Continue(info.Env());
  return info.Env().Undefined();
}

Napi::Value CloseAll(const Napi::CallbackInfo& info) {
  Addon::Of(info.Env()).CloseAll();
  return info.Env().Undefined();
}

Napi::Value SetKeepAlive(const Napi::CallbackInfo& info) {
  Addon::Of(info.Env()).pump.SetKeepAlive(info.Env(), BoolArg(info, 0, "keepAlive"));
  return info.Env().Undefined();
}

Napi::Value SetSlicedTurns(const Napi::CallbackInfo& info) {
  Addon::Of(info.Env()).pump.SetSliced(BoolArg(info, 0, "sliced"));
  return info.Env().Undefined();
}

Napi::Value SetPerEventDelivery(const Napi::CallbackInfo& info) {
  Addon::Of(info.Env()).pump.SetPerEventDelivery(BoolArg(info, 0, "perEvent"));
  return info.Env().Undefined();
}

// The pump queue's bound and how it was used: what the flood test and the benchmark check.
Napi::Value PumpStats(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Pump& pump = Addon::Of(env).pump;
  const sdk::CallbackQueue::Stats stats = pump.queue().stats();
  Napi::Object out = Napi::Object::New(env);
  out.Set("capacity", static_cast<double>(sdk::CallbackQueue::kCapacity));
  out.Set("queued", static_cast<double>(stats.queued));
  out.Set("highWater", static_cast<double>(stats.highWater));
  out.Set("producerWaits", static_cast<double>(stats.producerWaits));
  out.Set("turns", static_cast<double>(pump.turns()));
  out.Set("batches", static_cast<double>(pump.batches()));
  return out;
}

Napi::Value SeamTables(const Napi::CallbackInfo& info) { return SeamTablesToJs(info.Env()); }

// The cheapest possible native call: the baseline the benchmark compares real calls against.
Napi::Value Noop(const Napi::CallbackInfo& info) { return info.Env().Undefined(); }

// A backend module (sdk/backend_module.h): its version and features as `<name>Version` and
// `<name>Features`, and its name as a backend source, resolved before the sources registered
// earlier. One backend per environment, made on first use; it lives as long as the environment's
// Addon.
[[maybe_unused]] void RegisterBackendModule(Napi::Env env, Napi::Object exports, Addon& addon, const sdk::BackendModule& module) {
  const std::string name = module.name;
  exports.Set(name + "Version", Napi::Function::New(env, [&module](const Napi::CallbackInfo& info) -> Napi::Value {
    return VersionToJs(info.Env(), module.libraryVersion());
  }, name + "Version"));
  exports.Set(name + "Features", Napi::Function::New(env, [&module](const Napi::CallbackInfo& info) -> Napi::Value {
    return FeaturesToJs(info.Env(), module.compiled);
  }, name + "Features"));
  auto previous = std::move(addon.resolveBackend);
  std::shared_ptr<sdk::Backend> backend;
  sdk::CallbackQueue* queue = &addon.pump.queue();
  addon.resolveBackend = [previous = std::move(previous), backend, queue, &module, name](Napi::Value source) mutable
      -> std::shared_ptr<sdk::Backend> {
    if (source.IsString() && source.As<Napi::String>().Utf8Value() == name) {
      if (!backend) backend = module.create(*queue);
      return backend;
    }
    if (previous) return previous(source);
    throw Napi::TypeError::New(source.Env(), "unknown backend source");
  };
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  auto* addon = new Addon(env);
  env.SetInstanceData<Addon>(addon);
  // Registered after the pump's thread-safe function, so it runs before Node finalizes it
  // (cleanup hooks run in reverse order): threads are joined while their wake target still exists.
  env.AddCleanupHook([addon] { addon->TearDown(); });

  exports.Set("setDispatcher", Napi::Function::New(env, SetDispatcher, "setDispatcher"));
  exports.Set("setMessageFactory", Napi::Function::New(env, SetMessageFactory, "setMessageFactory"));
  exports.Set("setPayloadBuilders", Napi::Function::New(env, SetPayloadBuilders, "setPayloadBuilders"));
  exports.Set("drain", Napi::Function::New(env, Drain, "drain"));
  exports.Set("closeAll", Napi::Function::New(env, CloseAll, "closeAll"));
  exports.Set("setKeepAlive", Napi::Function::New(env, SetKeepAlive, "setKeepAlive"));
  exports.Set("setSlicedTurns", Napi::Function::New(env, SetSlicedTurns, "setSlicedTurns"));
  exports.Set("setPerEventDelivery",
              Napi::Function::New(env, SetPerEventDelivery, "setPerEventDelivery"));
  exports.Set("noop", Napi::Function::New(env, Noop, "noop"));
  RegisterWakeProbe(env, exports);
  exports.Set("pumpStats", Napi::Function::New(env, PumpStats, "pumpStats"));
  exports.Set("seamTables", Napi::Function::New(env, SeamTables, "seamTables"));
  Napi::Array backends = Napi::Array::New(env);
  backends.Set(0u, "sim");
#if SOCIAL_SDK_WITH_VENDOR
  backends.Set(1u, "vendor");
#endif
  exports.Set("backends", backends);

  ClientWrap::Init(env, exports);
  sim::InitModule(env, exports, *addon);
#if SOCIAL_SDK_WITH_VENDOR
  RegisterBackendModule(env, exports, *addon, vendor::Module());
#endif
  return exports;
}

}  // namespace

NODE_API_MODULE(social_sdk_node, Init)
