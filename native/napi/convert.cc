#include "napi/convert.h"

#include "napi/addon.h"
#include "napi/recent_messages.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>

namespace {
// Latin-1 (ASCII included) is copied by V8 as it is, without running its UTF-8 decoder.
Napi::Value Latin1ToJs(Napi::Env env, const char* text, size_t length) {
  napi_value out = nullptr;
  const napi_status status = napi_create_string_latin1(env, text, length, &out);
  NAPI_THROW_IF_FAILED(env, status, Napi::Value());
  return Napi::Value(env, out);
}
}  // namespace

uint64_t SnowflakeFromJs(const Napi::Value& value, const char* what) {
  Napi::Env env = value.Env();
  // Read into a buffer on the stack (Utf8Value allocates for more than 15 characters): a longer
  // string is cut at 21 characters, which is still too long. Latin-1, since any character that is
  // not a digit is refused anyway. A value that is not a string is told by the read itself (a
  // napi_typeof before it cost as much again).
  char text[22];
  size_t length = 0;
  const napi_status status = napi_get_value_string_latin1(env, value, text, sizeof text, &length);
  if (status == napi_string_expected) {
    throw Napi::TypeError::New(env, std::string(what) + " must be a decimal string");
  }
  NAPI_THROW_IF_FAILED(env, status, 0);
  if (length == 0 || length > 20) {
    throw Napi::RangeError::New(env, std::string(what) + " is not a 64-bit snowflake");
  }
  uint64_t id = 0;
  for (const char ch : std::string_view(text, length)) {
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

namespace {
// "00" to "99": the digits of a snowflake are written two at a time. One at a time, its 19
// divisions were the costliest native function of a sendLobbyMessage round trip (a message
// carries up to six ids); by pairs it is half as many, each a table read.
constexpr std::array<char, 200> kDigitPairs = [] {
  std::array<char, 200> pairs{};
  for (size_t n = 0; n < 100; ++n) {
    pairs[2 * n] = static_cast<char>('0' + n / 10);
    pairs[2 * n + 1] = static_cast<char>('0' + n % 10);
  }
  return pairs;
}();
}  // namespace

Napi::Value SnowflakeToJs(Napi::Env env, uint64_t id) {
  // Up to 20 digits, written backwards into a buffer on the stack (std::to_string allocates for
  // more than 15).
  char digits[20];
  size_t at = sizeof digits;
  while (id >= 100) {
    const size_t pair = static_cast<size_t>(id % 100) * 2;
    id /= 100;
    digits[--at] = kDigitPairs[pair + 1];
    digits[--at] = kDigitPairs[pair];
  }
  if (id >= 10) {
    digits[--at] = kDigitPairs[id * 2 + 1];
    digits[--at] = kDigitPairs[id * 2];
  } else {
    digits[--at] = static_cast<char>('0' + id);
  }
  return Latin1ToJs(env, digits + at, sizeof digits - at);
}

sdk::Metadata MetadataFromJs(const Napi::Value& value, const char* what) {
  Napi::Env env = value.Env();
  if (!value.IsObject() || value.IsArray()) {
    throw Napi::TypeError::New(env, std::string(what) + " must be an object of strings");
  }
  Napi::Object object = value.As<Napi::Object>();
  // Own enumerable string keys, as the JS side's check reads them (Object.keys). GetPropertyNames
  // walks the prototype chain too (a for-in): on the empty object a message without metadata
  // sent, that was 1,743 of a sendLobbyMessage round trip's 28,914 instructions (callgrind; such a
  // message now sends none, the seam's 'metadata or none').
  napi_value names = nullptr;
  NAPI_THROW_IF_FAILED(env,
                       napi_get_all_property_names(env, object, napi_key_own_only,
                                                   static_cast<napi_key_filter>(napi_key_enumerable | napi_key_skip_symbols),
                                                   napi_key_numbers_to_strings, &names),
                       sdk::Metadata{});
  const Napi::Array keys(env, names);
  sdk::Metadata metadata;
  for (uint32_t i = 0; i < keys.Length(); ++i) {
    Napi::Value key = keys.Get(i);
    Napi::Value entry = object.Get(key);
    if (!key.IsString() || !entry.IsString()) {
      throw Napi::TypeError::New(env, std::string(what) + " must be an object of strings");
    }
    metadata[key.As<Napi::String>().Utf8Value()] = entry.As<Napi::String>().Utf8Value();
  }
  return metadata;
}

Napi::Object MetadataToJs(Napi::Env env, const sdk::Metadata& metadata) {
  Napi::Object out = Napi::Object::New(env);
  for (const auto& [key, value] : metadata) {
    out.DefineProperty(Napi::PropertyDescriptor::Value(
        key, Napi::String::New(env, value),
        static_cast<napi_property_attributes>(napi_enumerable | napi_writable | napi_configurable)));
  }
  return out;
}

Napi::Object CallMessageFactory(Napi::Env env, std::initializer_list<napi_value> fields) {
  // The factory is JS (lib/generated/payload-factories.ts): a literal built in one call gets its
  // shape at once, where a property set per field through N-API was most of a message's cost.
  Napi::FunctionReference& factory = Addon::Of(env).messageFactory;
  if (factory.IsEmpty()) throw Napi::Error::New(env, "the addon has no message factory: load it through lib/addon/native.ts");
  // Not type-checked (a call per message): a factory given through the raw binding that builds no
  // object hands that value on, and keeping it (RecentMessages) throws; nothing crashes.
  return factory.Value().Call(fields).As<Napi::Object>();
}

Napi::Value CallPayloadBuilder(Napi::Env env, PayloadBuilder builder, std::initializer_list<napi_value> fields) {
  const std::vector<Napi::FunctionReference>& builders = Addon::Of(env).payloadBuilders;
  const auto index = static_cast<uint32_t>(builder);
  if (index >= builders.size()) throw Napi::Error::New(env, "the addon has no payload builders: load it through lib/addon/native.ts");
  return builders[index].Value().Call(fields);
}

Napi::Value PayloadConverter::Message(const sdk::MessagePtr& message) {
  if (!message) return env_.Null();
  // A message's deliveries often come one after another: the last one is checked first, then the
  // messages converted lately (a client's round interleaves many messages' fan-outs).
  return lastMessage_.Get(message.get(), [&] { return recent_.Get(env_, message); });
}

Napi::Value PayloadConverter::Ids(const IdPair& ids) {
  return lastIds_.Get(ids, [&] {
    Napi::Array out = Napi::Array::New(env_, 2);
    out.Set(0u, Id(ids.first));
    out.Set(1u, Id(ids.second));
    return Napi::Value(out);
  });
}

Napi::Value PayloadConverter::Id(sdk::Snowflake id) {
  return lastId_.Get(id, [&] { return SnowflakeToJs(env_, id); });
}

namespace {
// Text payloads (log lines, nearly always ASCII): ASCII is valid Latin-1; anything else goes
// through V8's UTF-8 decoder.
Napi::Value TextToJs(Napi::Env env, const std::string& text) {
  const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (!ascii) return Napi::String::New(env, text);
  return Latin1ToJs(env, text.data(), text.size());
}
}  // namespace

Napi::Value PayloadConverter::Text(const std::string& text) {
  return lastText_.Get(text, [&] { return TextToJs(env_, text); });
}

Napi::Value PayloadConverter::Convert(const JsEvent& event) {
  Napi::Env env = env_;
  struct Visitor {
    PayloadConverter& self;
    Napi::Env env;
    Napi::Value operator()(std::monostate) const { return env.Undefined(); }
    Napi::Value operator()(const std::string& text) const { return self.Text(text); }
    Napi::Value operator()(const sdk::Result& failure) const { return FailureToJs(env, failure); }
    Napi::Value operator()(sdk::Snowflake id) const { return self.Id(id); }
    Napi::Value operator()(const sdk::MessagePtr& message) const { return self.Message(message); }
    Napi::Value operator()(const std::vector<sdk::MessagePtr>& messages) const {
      Napi::Array out = Napi::Array::New(env, messages.size());
      for (size_t i = 0; i < messages.size(); ++i) out.Set(static_cast<uint32_t>(i), self.Message(messages[i]));
      return out;
    }
    Napi::Value operator()(const IdPair& ids) const { return self.Ids(ids); }
    // Every other alternative, by its generated converter (generated/js_payloads.h).
#define CONVERT_PAYLOAD(type, toJs) \
  Napi::Value operator()(const type& value) const { return toJs(env, value); }
    SEAM_CONVERTED_PAYLOADS(CONVERT_PAYLOAD)
#undef CONVERT_PAYLOAD
  };
  return std::visit(Visitor{*this, env}, event.payload);
}

Napi::Value ArgOrUndefined(const Napi::CallbackInfo& info, size_t index) {
  return index < info.Length() ? info[index] : info.Env().Undefined();
}

namespace {
[[noreturn]] void Mistyped(const Napi::CallbackInfo& info, const char* name, const char* type) {
  throw Napi::TypeError::New(info.Env(), std::string(name) + " must be " + type);
}
}  // namespace

std::string StringArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  const napi_env env = info.Env();
  const napi_value value = ArgOrUndefined(info, index);
  // Most strings are short: one read into a buffer on the stack, which also tells a value that is
  // not a string. Utf8Value (a napi_typeof, then one read for the length and one for the text)
  // was 571 instructions of a sendLobbyMessage round trip (301 now).
  char text[256];
  size_t length = 0;
  napi_status status = napi_get_value_string_utf8(env, value, text, sizeof text, &length);
  if (status == napi_string_expected) Mistyped(info, name, "a string");
  NAPI_THROW_IF_FAILED(env, status, std::string());
  // A read stops before a character that does not fit, and none is longer than 4 bytes: with 4
  // bytes to spare the text was whole. Otherwise it is read again at its own length.
  if (length + 4 < sizeof text) return std::string(text, length);
  NAPI_THROW_IF_FAILED(env, napi_get_value_string_utf8(env, value, nullptr, 0, &length), std::string());
  std::string whole(length, '\0');
  NAPI_THROW_IF_FAILED(env, napi_get_value_string_utf8(env, value, whole.data(), length + 1, &length), std::string());
  whole.resize(length);
  return whole;
}

double NumberArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  const napi_env env = info.Env();
  // The read tells a value that is not a number (as StringArg's does): no napi_typeof first.
  double number = 0;
  const napi_status status = napi_get_value_double(env, ArgOrUndefined(info, index), &number);
  if (status == napi_number_expected) Mistyped(info, name, "a number");
  NAPI_THROW_IF_FAILED(env, status, 0);
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

int32_t Int32Arg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  const double number = NumberArg(info, index, name);
  if (number < std::numeric_limits<int32_t>::min() || number > std::numeric_limits<int32_t>::max() ||
      number != std::floor(number)) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " must be a 32-bit integer");
  }
  return static_cast<int32_t>(number);
}

float FloatArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  const double number = NumberArg(info, index, name);
  // A double beyond float's range does not convert (undefined behaviour): clamp it first.
  constexpr double kMax = std::numeric_limits<float>::max();
  return static_cast<float>(std::max(-kMax, std::min(kMax, number)));
}

bool BoolArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  Napi::Value value = ArgOrUndefined(info, index);
  if (!value.IsBoolean()) Mistyped(info, name, "a boolean");
  return value.As<Napi::Boolean>().Value();
}

Napi::Object ObjectArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  Napi::Value value = ArgOrUndefined(info, index);
  if (!value.IsObject()) Mistyped(info, name, "an object");
  return value.As<Napi::Object>();
}

int32_t LimitArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  // The port takes an int32 (the vendor's signature); larger limits mean "as many as there are".
  return static_cast<int32_t>(std::min<uint32_t>(Uint32Arg(info, index, name), INT32_MAX));
}

std::optional<sdk::Metadata> OptionalMetadataFromJs(const Napi::Value& value, const char* what) {
  if (value.IsUndefined()) return std::nullopt;
  return MetadataFromJs(value, what);
}

Napi::Array SnowflakesToJs(Napi::Env env, const std::vector<sdk::Snowflake>& ids) {
  Napi::Array out = Napi::Array::New(env, ids.size());
  for (size_t i = 0; i < ids.size(); ++i) out.Set(static_cast<uint32_t>(i), SnowflakeToJs(env, ids[i]));
  return out;
}
