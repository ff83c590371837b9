// JS <-> port conversions of activity invites and joins. The action type crosses as the vendor's
// integer value; TypeScript maps it to a name. A join secret is only moved, never put in an error.
#pragma once

#include <napi.h>

#include "sdk/invites.h"

// An invite as lib/features/invites.ts hands it back (one the client received, checked there);
// throws a JS TypeError/RangeError for anything malformed instead of misreading it.
sdk::ActivityInvite ActivityInviteFromJs(const Napi::Value& value, const char* what);
// { senderId, channelId, messageId, applicationId, parentApplicationId, type, partyId, sessionId, isValid }
Napi::Object ActivityInviteToJs(Napi::Env env, const sdk::ActivityInvite& invite);
// { applicationId, joinSecret } (the secret is a secret).
Napi::Object ActivityJoinToJs(Napi::Env env, const sdk::ActivityJoin& join);
