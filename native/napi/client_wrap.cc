#include "napi/client_wrap.h"

#include <exception>
#include <optional>
#include <string>

#include "napi/convert.h"
#include "napi/convert_presence.h"

void ClientWrap::Init(Napi::Env env, Napi::Object exports) {
  // Everything is a method, not an accessor: V8 checks a method's receiver against the class
  // ("Illegal invocation"), which it does not do for accessors. napi_define_class gives the raw
  // methods (plain N-API callbacks) the same check.
  Napi::Function ctor = DefineClass(env, "NativeClient", MethodTable());
  exports.Set("NativeClient", ctor);
}

ClientWrap::ClientWrap(const Napi::CallbackInfo& info)
    : Napi::ObjectWrap<ClientWrap>(info), addon_(&Addon::Of(info.Env())) {
  Napi::Env env = info.Env();
  if (!addon_->resolveBackend) throw Napi::Error::New(env, "no backend is compiled in");
  backend_ = addon_->resolveBackend(info.Length() > 0 ? info[0] : env.Undefined());
  id_ = Uint32Arg(info, 1, "clientId");
  applicationId_ = SnowflakeFromJs(info.Length() > 2 ? info[2] : env.Undefined(), "applicationId");
  const uint32_t severity = Uint32Arg(info, 3, "minLogSeverity");
  if (severity < static_cast<uint32_t>(sdk::LogSeverity::Verbose) ||
      severity > static_cast<uint32_t>(sdk::LogSeverity::None)) {
    throw Napi::RangeError::New(env, "minLogSeverity must be between 1 and 5");
  }

  sdk::ClientOptions options;
  options.applicationId = applicationId_;
  if (info.Length() > 4 && !info[4].IsUndefined()) ReadBackendOptions(ObjectArg(info, 4, "options"), options);
  try {
    client_ = backend_->CreateClient(options);
  } catch (const std::exception& error) {
    // e.g. the vendor library is owned by another environment: a JS error, not a crash.
    throw Napi::Error::New(env, error.what());
  }
  backendName_ = backend_->Name();
  for (int32_t i = 0; i < kFeatureCount; ++i) features_[i] = backend_->Supports(static_cast<sdk::Feature>(i));

  SetEventCallbacks(static_cast<sdk::LogSeverity>(severity));

  addon_->Track(this);
}

ClientWrap::~ClientWrap() {
  statusLink_->wrap = nullptr;  // readers still held answer Disconnected
  CloseNative();
  if (addon_) addon_->Untrack(this);
}

void ClientWrap::CloseNative() {
  if (!client_) return;
  client_->Close();  // joins the backend's threads; queues ClientDestroyed for pending operations
  // No voice thread pushes any more: the rings close (waking JS, while the pump is there to wake it).
  CloseRings(addon_ != nullptr);
  client_.reset();
  closedSdkVersion_ = backend_->SdkVersion();
  backend_.reset();
  if (!addon_) return;
  // Queued after those results, so JS learns "closed" only once every operation has settled.
  Pump* pump = &addon_->pump;
  const uint32_t id = id_;
  pump->queue().Post([pump, id] { EmitClosedEvent(*pump, id); });
}

sdk::Client& ClientWrap::Live(const Napi::CallbackInfo& info) {
  if (!client_) throw Napi::Error::New(info.Env(), "the client is closed");
  return *client_;
}

Napi::Value ClientWrap::UpdateToken(const Napi::CallbackInfo& info) {
  const uint32_t requestId = Uint32Arg(info, 0, "requestId");
  const uint32_t tokenType = Uint32Arg(info, 1, "tokenType");
  if (tokenType > static_cast<uint32_t>(sdk::TokenType::Bearer)) {
    throw Napi::RangeError::New(info.Env(), "tokenType must be 0 (User) or 1 (Bearer)");
  }
  std::string token = StringArg(info, 2, "token");
  Live(info).UpdateToken(static_cast<sdk::TokenType>(tokenType), std::move(token), SettleRequest<>(requestId));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::Connect(const Napi::CallbackInfo& info) {
  Live(info).Connect();
  return info.Env().Undefined();
}

Napi::Value ClientWrap::Disconnect(const Napi::CallbackInfo& info) {
  Live(info).Disconnect();
  return info.Env().Undefined();
}

Napi::Value ClientWrap::Close(const Napi::CallbackInfo& info) {
  CloseNative();
  return info.Env().Undefined();
}

// Raw (see the description): the hottest synchronous read, without node-addon-api's wrapper.
napi_value ClientWrap::Status(napi_env env, napi_callback_info info) {
  napi_value self = nullptr;
  ClientWrap* wrap = nullptr;
  if (napi_get_cb_info(env, info, nullptr, nullptr, &self, nullptr) != napi_ok ||
      napi_unwrap(env, self, reinterpret_cast<void**>(&wrap)) != napi_ok || wrap == nullptr) {
    napi_throw_type_error(env, nullptr, "status() needs a NativeClient");
    return nullptr;
  }
  napi_value out = nullptr;
  napi_create_int32(env, static_cast<int32_t>(wrap->LiveStatus()), &out);
  return out;
}

// The status getter's path: a function per client whose data leads to the client. Reading it costs
// no napi_unwrap (a private-symbol lookup on the receiver, most of status()'s cost). All of it runs
// on the environment's JS thread (readers, the wrapper's finalizer, close), so the link needs no lock.
Napi::Value ClientWrap::StatusReader(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  using Share = std::shared_ptr<StatusLink>;
  auto share = std::make_unique<Share>(statusLink_);
  napi_value reader = nullptr;
  NAPI_THROW_IF_FAILED(env, napi_create_function(env, "status", NAPI_AUTO_LENGTH, ReadStatus, share.get(), &reader),
                       Napi::Value());
  NAPI_THROW_IF_FAILED(env,
                       napi_add_finalizer(
                           env, reader, share.get(),
                           [](napi_env, void* data, void*) { delete static_cast<Share*>(data); }, nullptr, nullptr),
                       Napi::Value());
  share.release();  // the reader's finalizer owns it now
  return Napi::Value(env, reader);
}

napi_value ClientWrap::ReadStatus(napi_env env, napi_callback_info info) {
  void* data = nullptr;
  napi_get_cb_info(env, info, nullptr, nullptr, nullptr, &data);
  const ClientWrap* wrap = data ? (*static_cast<std::shared_ptr<StatusLink>*>(data))->wrap : nullptr;
  napi_value out = nullptr;
  napi_create_int32(env, static_cast<int32_t>(wrap ? wrap->LiveStatus() : sdk::Status::Disconnected), &out);
  return out;
}

Napi::Value ClientWrap::ApplicationId(const Napi::CallbackInfo& info) {
  return SnowflakeToJs(info.Env(), applicationId_);
}

Napi::Value ClientWrap::Backend(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), backendName_);
}

Napi::Value ClientWrap::SdkVersion(const Napi::CallbackInfo& info) {
  if (backend_) return VersionToJs(info.Env(), backend_->SdkVersion());
  return VersionToJs(info.Env(), closedSdkVersion_ ? *closedSdkVersion_ : sdk::Version{});
}

Napi::Value ClientWrap::Features(const Napi::CallbackInfo& info) {
  return FeaturesToJs(info.Env(), [this](sdk::Feature feature) { return features_[static_cast<size_t>(feature)]; });
}

void ClientWrap::ReadBackendOptions(Napi::Object from, sdk::ClientOptions& options) {
  Napi::Env env = from.Env();
  auto text = [&](const char* key, std::optional<std::string>& into) {
    Napi::Value value = from.Get(key);
    if (value.IsUndefined()) return;
    if (!value.IsString()) throw Napi::TypeError::New(env, std::string("options.") + key + " must be a string");
    into = value.As<Napi::String>().Utf8Value();
  };
  text("apiBase", options.apiBase);
  text("webBase", options.webBase);
  Napi::Value interval = from.Get("runCallbacksIntervalMs");
  if (!interval.IsUndefined()) {
    if (!interval.IsNumber()) throw Napi::TypeError::New(env, "options.runCallbacksIntervalMs must be a number");
    const double ms = interval.As<Napi::Number>().DoubleValue();
    if (!(ms >= 1 && ms <= 1000)) throw Napi::RangeError::New(env, "options.runCallbacksIntervalMs must be between 1 and 1000");
    options.runCallbacksIntervalMs = static_cast<uint32_t>(ms);
  }
  options.cpuAffinityMask = CpuAffinityMaskFromJs(from.Get("cpuAffinityMask"));
  Napi::Value audioSystem = from.Get("experimentalAudioSystem");
  if (!audioSystem.IsUndefined()) {
    if (!audioSystem.IsNumber()) throw Napi::TypeError::New(env, "options.experimentalAudioSystem must be a number");
    const int64_t value = audioSystem.As<Napi::Number>().Int64Value();
    if (!sdk::IsAudioSystem(value)) throw Napi::RangeError::New(env, "options.experimentalAudioSystem is not an AudioSystem value");
    options.experimentalAudioSystem = static_cast<sdk::AudioSystem>(value);
  }
  Napi::Value preventComms = from.Get("experimentalAndroidPreventCommsForBluetooth");
  if (!preventComms.IsUndefined()) {
    if (!preventComms.IsBoolean()) {
      throw Napi::TypeError::New(env, "options.experimentalAndroidPreventCommsForBluetooth must be a boolean");
    }
    options.experimentalAndroidPreventCommsForBluetooth = preventComms.As<Napi::Boolean>().Value();
  }
}

Napi::Value ClientWrap::CpuAffinityMask(const Napi::CallbackInfo& info) {
  if (!client_) return info.Env().Null();
  auto mask = client_->GetCpuAffinityMask();
  return mask ? Napi::Value(Napi::BigInt::New(info.Env(), *mask)) : info.Env().Null();
}
