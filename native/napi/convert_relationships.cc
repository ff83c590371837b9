#include "napi/convert_relationships.h"

#include "napi/convert.h"

Napi::Object RelationshipToJs(Napi::Env env, const sdk::Relationship& relationship) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("id", SnowflakeToJs(env, relationship.id));
  out.Set("discordType", Napi::Number::New(env, static_cast<int32_t>(relationship.discordType)));
  out.Set("gameType", Napi::Number::New(env, static_cast<int32_t>(relationship.gameType)));
  out.Set("isSpamRequest", Napi::Boolean::New(env, relationship.isSpamRequest));
  out.Set("user", relationship.user ? Napi::Value(UserToJs(env, *relationship.user)) : env.Null());
  return out;
}

Napi::Array RelationshipsToJs(Napi::Env env, const std::vector<sdk::Relationship>& relationships) {
  Napi::Array out = Napi::Array::New(env, relationships.size());
  for (uint32_t i = 0; i < relationships.size(); ++i) out.Set(i, RelationshipToJs(env, relationships[i]));
  return out;
}

Napi::Array UsersToJs(Napi::Env env, const std::vector<sdk::User>& users) {
  Napi::Array out = Napi::Array::New(env, users.size());
  for (uint32_t i = 0; i < users.size(); ++i) out.Set(i, UserToJs(env, users[i]));
  return out;
}
