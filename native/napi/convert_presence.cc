#include "napi/convert_presence.h"

#include <cmath>
#include <string>

#include "napi/convert.h"

namespace {
[[noreturn]] void Bad(Napi::Env env, const std::string& what, const char* expected) {
  throw Napi::TypeError::New(env, what + " must be " + expected);
}

bool Absent(const Napi::Value& value) { return value.IsUndefined() || value.IsNull(); }

Napi::Object ObjectField(const Napi::Object& object, const char* key, const std::string& what) {
  Napi::Value value = object.Get(key);
  if (!value.IsObject()) Bad(object.Env(), what + "." + key, "an object");
  return value.As<Napi::Object>();
}

std::string StringField(const Napi::Object& object, const char* key, const std::string& what) {
  Napi::Value value = object.Get(key);
  if (!value.IsString()) Bad(object.Env(), what + "." + key, "a string");
  return value.As<Napi::String>().Utf8Value();
}

std::optional<std::string> OptionalStringField(const Napi::Object& object, const char* key, const std::string& what) {
  Napi::Value value = object.Get(key);
  if (Absent(value)) return std::nullopt;
  if (!value.IsString()) Bad(object.Env(), what + "." + key, "a string");
  return value.As<Napi::String>().Utf8Value();
}

// An integer number in [min, max].
double IntegerField(const Napi::Object& object, const char* key, const std::string& what, double min, double max) {
  Napi::Value value = object.Get(key);
  if (!value.IsNumber()) Bad(object.Env(), what + "." + key, "a number");
  const double number = value.As<Napi::Number>().DoubleValue();
  if (!std::isfinite(number) || number != std::floor(number) || number < min || number > max) {
    throw Napi::RangeError::New(object.Env(), what + "." + key + " is out of range");
  }
  return number;
}

constexpr double kMaxSafeInteger = 9007199254740991.0;
}  // namespace

sdk::Activity ActivityFromJs(const Napi::Value& value) {
  Napi::Env env = value.Env();
  if (!value.IsObject()) Bad(env, "activity", "an object");
  Napi::Object in = value.As<Napi::Object>();
  sdk::Activity activity;
  activity.type = static_cast<sdk::ActivityType>(
      IntegerField(in, "type", "activity", 0, static_cast<double>(sdk::ActivityType::Competing)));
  activity.name = StringField(in, "name", "activity");
  activity.details = OptionalStringField(in, "details", "activity");
  activity.detailsUrl = OptionalStringField(in, "detailsUrl", "activity");
  activity.state = OptionalStringField(in, "state", "activity");
  activity.stateUrl = OptionalStringField(in, "stateUrl", "activity");
  // parentApplicationId, like applicationId, is the service's to set: not read.
  if (!Absent(in.Get("statusDisplayType"))) {
    activity.statusDisplayType = static_cast<sdk::StatusDisplayType>(
        IntegerField(in, "statusDisplayType", "activity", 0, static_cast<double>(sdk::StatusDisplayType::Details)));
  }
  if (!Absent(in.Get("supportedPlatforms"))) {
    activity.supportedPlatforms = static_cast<uint32_t>(IntegerField(in, "supportedPlatforms", "activity", 0, 255));
  }
  if (!Absent(in.Get("assets"))) {
    Napi::Object assets = ObjectField(in, "assets", "activity");
    sdk::ActivityAssets& out = activity.assets.emplace();
    out.largeImage = OptionalStringField(assets, "largeImage", "activity.assets");
    out.largeText = OptionalStringField(assets, "largeText", "activity.assets");
    out.largeUrl = OptionalStringField(assets, "largeUrl", "activity.assets");
    out.smallImage = OptionalStringField(assets, "smallImage", "activity.assets");
    out.smallText = OptionalStringField(assets, "smallText", "activity.assets");
    out.smallUrl = OptionalStringField(assets, "smallUrl", "activity.assets");
    out.inviteCoverImage = OptionalStringField(assets, "inviteCoverImage", "activity.assets");
  }
  if (!Absent(in.Get("timestamps"))) {
    Napi::Object timestamps = ObjectField(in, "timestamps", "activity");
    activity.timestamps = sdk::ActivityTimestamps{
        static_cast<uint64_t>(IntegerField(timestamps, "start", "activity.timestamps", 0, kMaxSafeInteger)),
        static_cast<uint64_t>(IntegerField(timestamps, "end", "activity.timestamps", 0, kMaxSafeInteger))};
  }
  if (!Absent(in.Get("party"))) {
    Napi::Object party = ObjectField(in, "party", "activity");
    sdk::ActivityParty& out = activity.party.emplace();
    out.id = StringField(party, "id", "activity.party");
    out.currentSize = static_cast<int32_t>(IntegerField(party, "currentSize", "activity.party", 0, INT32_MAX));
    out.maxSize = static_cast<int32_t>(IntegerField(party, "maxSize", "activity.party", 0, INT32_MAX));
    out.privacy = static_cast<sdk::ActivityPartyPrivacy>(IntegerField(party, "privacy", "activity.party", 0, 1));
  }
  if (!Absent(in.Get("secrets"))) {
    activity.secrets = sdk::ActivitySecrets{StringField(ObjectField(in, "secrets", "activity"), "join", "activity.secrets")};
  }
  Napi::Value buttons = in.Get("buttons");
  if (!Absent(buttons)) {
    if (!buttons.IsArray()) Bad(env, "activity.buttons", "an array");
    Napi::Array list = buttons.As<Napi::Array>();
    // The SDK shows at most 2; more is a guard, not a rule (TypeScript checks the limit).
    if (list.Length() > 2) throw Napi::RangeError::New(env, "activity.buttons holds at most 2 buttons");
    for (uint32_t i = 0; i < list.Length(); ++i) {
      Napi::Value entry = list.Get(i);
      if (!entry.IsObject()) Bad(env, "activity.buttons[]", "an object");
      Napi::Object button = entry.As<Napi::Object>();
      activity.buttons.push_back(
          {StringField(button, "label", "activity.buttons[]"), StringField(button, "url", "activity.buttons[]")});
    }
  }
  return activity;
}

std::vector<sdk::UserApplicationProfile> ProfilesFromJs(const Napi::Value& value) {
  Napi::Env env = value.Env();
  if (!value.IsArray()) Bad(env, "profiles", "an array");
  Napi::Array list = value.As<Napi::Array>();
  std::vector<sdk::UserApplicationProfile> profiles;
  for (uint32_t i = 0; i < list.Length(); ++i) {
    Napi::Value entry = list.Get(i);
    if (!entry.IsObject()) Bad(env, "profiles[]", "an object");
    Napi::Object in = entry.As<Napi::Object>();
    sdk::UserApplicationProfile profile;
    profile.applicationId = SnowflakeFromJs(in.Get("applicationId"), "profiles[].applicationId");
    profile.providerType = static_cast<sdk::ExternalIdentityProviderType>(IntegerField(
        in, "providerType", "profiles[]", 0, static_cast<double>(sdk::ExternalIdentityProviderType::Unknown)));
    profile.providerId = OptionalStringField(in, "providerId", "profiles[]");
    profile.providerIssuedUserId = StringField(in, "providerIssuedUserId", "profiles[]");
    profile.username = StringField(in, "username", "profiles[]");
    profile.avatarHash = StringField(in, "avatarHash", "profiles[]");
    profile.metadata = StringField(in, "metadata", "profiles[]");
    profiles.push_back(std::move(profile));
  }
  return profiles;
}

std::optional<uint64_t> CpuAffinityMaskFromJs(const Napi::Value& value) {
  if (value.IsUndefined()) return std::nullopt;
  if (!value.IsBigInt()) throw Napi::TypeError::New(value.Env(), "cpuAffinityMask must be a bigint");
  bool lossless = false;
  const uint64_t mask = value.As<Napi::BigInt>().Uint64Value(&lossless);
  // Negative or wider than 64 bits does not convert losslessly.
  if (!lossless) throw Napi::RangeError::New(value.Env(), "cpuAffinityMask must fit in 64 unsigned bits");
  return mask;
}
