// Module init of the vendor backend: the "vendor" backend source for NativeClient, and the
// library's version for the support check that runs before a client is made.

#include <memory>
#include <utility>

#include <napi.h>

#include "addon.h"
#include "backends.h"
#include "convert.h"
#include "vendor/vendor_backend.h"

namespace vendor {

namespace {
Napi::Value Version(const Napi::CallbackInfo& info) {
  return VersionToJs(info.Env(), VendorBackend::LibraryVersion());
}
}  // namespace

void InitModule(Napi::Env env, Napi::Object exports, Addon& addon) {
  exports.Set("vendorVersion", Napi::Function::New(env, Version, "vendorVersion"));
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
