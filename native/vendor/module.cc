// Module init of the vendor backend: the "vendor" backend source for NativeClient, and the
// library's version for the support check that runs before a client is made.

#include <memory>
#include <utility>

#include <napi.h>

#include "napi/addon.h"
#include "napi/backends.h"
#include "napi/convert.h"
#include "vendor/vendor_backend.h"

namespace vendor {

namespace {
Napi::Value Version(const Napi::CallbackInfo& info) {
  return VersionToJs(info.Env(), VendorBackend::LibraryVersion());
}

// What the header this addon was built against declares (the same for every vendor client).
Napi::Value Features(const Napi::CallbackInfo& info) {
  return FeaturesToJs(info.Env(), VendorBackend::Compiled);
}
}  // namespace

void InitModule(Napi::Env env, Napi::Object exports, Addon& addon) {
  exports.Set("vendorVersion", Napi::Function::New(env, Version, "vendorVersion"));
  exports.Set("vendorFeatures", Napi::Function::New(env, Features, "vendorFeatures"));
  // One backend per environment, made on first use; it lives as long as the environment's Addon.
  auto previous = std::move(addon.resolveBackend);
  std::shared_ptr<VendorBackend> backend;
  sdk::CallbackQueue* queue = &addon.pump.queue();
  addon.resolveBackend = [previous = std::move(previous), backend, queue](Napi::Value source) mutable
      -> std::shared_ptr<sdk::Backend> {
    if (source.IsString() && source.As<Napi::String>().Utf8Value() == "vendor") {
      if (!backend) backend = std::make_shared<VendorBackend>(*queue);
      return backend;
    }
    if (previous) return previous(source);
    throw Napi::TypeError::New(source.Env(), "unknown backend source");
  };
}

}  // namespace vendor
