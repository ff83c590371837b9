// JS <-> port conversions and the cheap argument guards of the native seam. TypeScript validates
// every public input with exact messages first; these guards only make sure that nothing that
// reaches C++ can crash it. The payload converters (port struct -> JS object) are generated from
// seam/payloads.json into generated/payload_converters.h, included here.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <napi.h>

#include "generated/payload_builders.h"
#include "generated/payload_converters.h"
#include "generated/sdk_enums.h"
#include "napi/js_event.h"
#include "sdk/guilds.h"
#include "sdk/lobby.h"
#include "sdk/types.h"
#include "sdk/voice.h"

// Snowflakes cross the seam as canonical decimal strings (never JS numbers: they lose bits).
// A Napi::Value, not a Napi::String, on purpose: node-addon-api's Object::Set converts a
// Napi::String argument through std::string, reading the new string back and creating it again.
uint64_t SnowflakeFromJs(const Napi::Value& value, const char* what);
Napi::Value SnowflakeToJs(Napi::Env env, uint64_t id);

// Metadata maps are plain objects of strings. Keys become own properties (defined, not assigned,
// so a key such as "__proto__" is data, not a prototype change).
sdk::Metadata MetadataFromJs(const Napi::Value& value, const char* what);
Napi::Object MetadataToJs(Napi::Env env, const sdk::Metadata& metadata);
// Calls the message factory lib/addon/native.ts handed the addon (setMessageFactory) with a message's
// fields, in the order of seam/payloads.json (MessageToJs, generated/payload_converters.cc). A JS
// Error when none was set.
Napi::Object CallMessageFactory(Napi::Env env, std::initializer_list<napi_value> fields);
// Calls one of the payload builders lib/addon/native.ts handed the addon (setPayloadBuilders) with
// a payload's fields, in the order of seam/payloads.json (the `build: literal` converters). A JS
// Error when none were set.
Napi::Value CallPayloadBuilder(Napi::Env env, PayloadBuilder builder, std::initializer_list<napi_value> fields);

// The last key converted and its JS value, reused while the next key is equal: a fan-out gives
// every recipient the same message or ids one after another, and a log flood repeats its line.
template <typename Key>
class LastConverted {
 public:
  template <typename Convert>
  Napi::Value Get(const Key& key, const Convert& convert) {
    if (!last_ || !(last_->first == key)) last_.emplace(key, convert());
    return last_->second;
  }

 private:
  std::optional<std::pair<Key, Napi::Value>> last_;
};

class RecentMessages;

// Converts the payloads of one batch. A message fanned out to many clients is converted once while
// `recent` keeps it (napi/recent_messages.h).
class PayloadConverter {
 public:
  PayloadConverter(Napi::Env env, RecentMessages& recent) : env_(env), recent_(recent) {}
  // The payload slot of an event: text, failure, id, message(s), id pair, or undefined.
  Napi::Value Convert(const JsEvent& event);

 private:
  Napi::Value Message(const sdk::MessagePtr& message);
  Napi::Value Ids(const IdPair& ids);
  Napi::Value Id(sdk::Snowflake id);
  Napi::Value Text(const std::string& text);

  Napi::Env env_;
  RecentMessages& recent_;
  // A fan-out gives every recipient the same message or ids (a member left: the lobby and the
  // member; a user changed: the user). Shared only inside the batch: the decoder copies the id
  // strings out into each event, and JS strings are values, so sharing one is invisible. The text
  // views a string of the batch, which outlives the converter.
  LastConverted<const sdk::Message*> lastMessage_;
  LastConverted<IdPair> lastIds_;
  LastConverted<sdk::Snowflake> lastId_;
  LastConverted<std::string_view> lastText_;
};

// Argument `index`, or undefined when the call had fewer.
Napi::Value ArgOrUndefined(const Napi::CallbackInfo& info, size_t index);
// Argument guards: throw a JS TypeError naming the argument instead of misreading it.
std::string StringArg(const Napi::CallbackInfo& info, size_t index, const char* name);
double NumberArg(const Napi::CallbackInfo& info, size_t index, const char* name);
uint32_t Uint32Arg(const Napi::CallbackInfo& info, size_t index, const char* name);
int32_t Int32Arg(const Napi::CallbackInfo& info, size_t index, const char* name);
// A finite number, clamped into float's range.
float FloatArg(const Napi::CallbackInfo& info, size_t index, const char* name);
bool BoolArg(const Napi::CallbackInfo& info, size_t index, const char* name);
Napi::Object ObjectArg(const Napi::CallbackInfo& info, size_t index, const char* name);
// A vendor enum value: a number that `valid` accepts (the generated sdk::Is<Enum>), else a RangeError.
template <typename Enum>
Enum EnumArg(const Napi::CallbackInfo& info, size_t index, const char* name, bool (*valid)(int64_t)) {
  const double number = NumberArg(info, index, name);
  if (number != static_cast<double>(static_cast<int64_t>(number)) || !valid(static_cast<int64_t>(number))) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " is not a value of its enum");
  }
  return static_cast<Enum>(static_cast<int64_t>(number));
}
// A read limit: a 32-bit unsigned integer, clamped to the port's int32.
int32_t LimitArg(const Napi::CallbackInfo& info, size_t index, const char* name);
// Undefined: not given (nullopt); otherwise metadata as MetadataFromJs reads it.
std::optional<sdk::Metadata> OptionalMetadataFromJs(const Napi::Value& value, const char* what);
Napi::Array SnowflakesToJs(Napi::Env env, const std::vector<sdk::Snowflake>& ids);
