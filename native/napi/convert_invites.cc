#include "napi/convert_invites.h"

#include <string>

#include "napi/convert.h"

namespace {

[[noreturn]] void Bad(Napi::Env env, const std::string& what, const char* expected) {
  throw Napi::TypeError::New(env, what + " must be " + expected);
}

std::string StringField(const Napi::Object& object, const char* key, const std::string& what) {
  Napi::Value value = object.Get(key);
  if (!value.IsString()) Bad(object.Env(), what + "." + key, "a string");
  return value.As<Napi::String>().Utf8Value();
}

sdk::Snowflake IdField(const Napi::Object& object, const char* key, const std::string& what) {
  const std::string name = what + "." + key;
  return SnowflakeFromJs(object.Get(key), name.c_str());
}

}  // namespace

sdk::ActivityInvite ActivityInviteFromJs(const Napi::Value& value, const char* what) {
  Napi::Env env = value.Env();
  if (!value.IsObject()) Bad(env, what, "an object");
  Napi::Object in = value.As<Napi::Object>();
  sdk::ActivityInvite invite;
  invite.senderId = IdField(in, "senderId", what);
  invite.channelId = IdField(in, "channelId", what);
  invite.messageId = IdField(in, "messageId", what);
  invite.applicationId = IdField(in, "applicationId", what);
  invite.parentApplicationId = IdField(in, "parentApplicationId", what);
  Napi::Value type = in.Get("type");
  if (!type.IsNumber()) Bad(env, std::string(what) + ".type", "a number");
  const int64_t typeValue = type.As<Napi::Number>().Int64Value();
  if (!sdk::IsActivityActionType(typeValue)) throw Napi::RangeError::New(env, std::string(what) + ".type is out of range");
  invite.type = static_cast<sdk::ActivityActionType>(typeValue);
  invite.partyId = StringField(in, "partyId", what);
  invite.sessionId = StringField(in, "sessionId", what);
  Napi::Value valid = in.Get("isValid");
  if (!valid.IsBoolean()) Bad(env, std::string(what) + ".isValid", "a boolean");
  invite.isValid = valid.As<Napi::Boolean>().Value();
  return invite;
}
