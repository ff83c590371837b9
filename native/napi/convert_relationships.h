// Port -> JS conversions of relationships (discordpp::RelationshipHandle) and user lists. Enums
// cross as the vendor's integer values; TypeScript maps them to names.
#pragma once

#include <vector>

#include <napi.h>

#include "sdk/relationships.h"

Napi::Object RelationshipToJs(Napi::Env env, const sdk::Relationship& relationship);
Napi::Array RelationshipsToJs(Napi::Env env, const std::vector<sdk::Relationship>& relationships);
Napi::Array UsersToJs(Napi::Env env, const std::vector<sdk::User>& users);
