#include "convert.h"

#include <cmath>
#include <limits>

uint64_t SnowflakeFromJs(const Napi::Value& value, const char* what) {
  Napi::Env env = value.Env();
  if (!value.IsString()) {
    throw Napi::TypeError::New(env, std::string(what) + " must be a decimal string");
  }
  const std::string text = value.As<Napi::String>().Utf8Value();
  if (text.empty() || text.size() > 20) {
    throw Napi::RangeError::New(env, std::string(what) + " is not a 64-bit snowflake");
  }
  uint64_t id = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9') {
      throw Napi::RangeError::New(env, std::string(what) + " is not a 64-bit snowflake");
    }
    const uint64_t digit = static_cast<uint64_t>(ch - '0');
    if (id > (std::numeric_limits<uint64_t>::max() - digit) / 10) {
      throw Napi::RangeError::New(env, std::string(what) + " is not a 64-bit snowflake");
    }
    id = id * 10 + digit;
  }
  return id;
}

Napi::String SnowflakeToJs(Napi::Env env, uint64_t id) {
  return Napi::String::New(env, std::to_string(id));
}

Napi::Object UserToJs(Napi::Env env, const sdk::User& user) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("id", SnowflakeToJs(env, user.id));
  out.Set("username", user.username);
  out.Set("displayName", user.displayName());
  out.Set("globalName", user.globalName ? Napi::Value(Napi::String::New(env, *user.globalName))
                                        : env.Null());
  out.Set("isProvisional", user.isProvisional);
  return out;
}

Napi::Object FailureToJs(Napi::Env env, const sdk::Result& result) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("type", static_cast<int32_t>(result.type));
  out.Set("code", result.code);
  out.Set("status", result.status);
  out.Set("retryable", result.retryable);
  out.Set("retryAfter", static_cast<double>(result.retryAfter));
  out.Set("message", result.message);
  return out;
}

Napi::Object VersionToJs(Napi::Env env, const sdk::Version& version) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("major", version.major);
  out.Set("minor", version.minor);
  out.Set("build", version.build);
  out.Set("hash", version.hash);
  return out;
}

Napi::Value PayloadToJs(Napi::Env env, const JsEvent& event) {
  if (event.kind == JsEventKind::Log) return Napi::String::New(env, event.text);
  if (event.failure) return FailureToJs(env, *event.failure);
  return env.Undefined();
}

namespace {
Napi::Value Arg(const Napi::CallbackInfo& info, size_t index) {
  return index < info.Length() ? info[index] : info.Env().Undefined();
}
[[noreturn]] void Mistyped(const Napi::CallbackInfo& info, const char* name, const char* type) {
  throw Napi::TypeError::New(info.Env(), std::string(name) + " must be " + type);
}
}  // namespace

std::string StringArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  Napi::Value value = Arg(info, index);
  if (!value.IsString()) Mistyped(info, name, "a string");
  return value.As<Napi::String>().Utf8Value();
}

double NumberArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  Napi::Value value = Arg(info, index);
  if (!value.IsNumber()) Mistyped(info, name, "a number");
  const double number = value.As<Napi::Number>().DoubleValue();
  if (!std::isfinite(number)) Mistyped(info, name, "a finite number");
  return number;
}

uint32_t Uint32Arg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  const double number = NumberArg(info, index, name);
  if (number < 0 || number > std::numeric_limits<uint32_t>::max() || number != std::floor(number)) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " must be a 32-bit unsigned integer");
  }
  return static_cast<uint32_t>(number);
}

bool BoolArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  Napi::Value value = Arg(info, index);
  if (!value.IsBoolean()) Mistyped(info, name, "a boolean");
  return value.As<Napi::Boolean>().Value();
}

Napi::Object ObjectArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  Napi::Value value = Arg(info, index);
  if (!value.IsObject()) Mistyped(info, name, "an object");
  return value.As<Napi::Object>();
}
