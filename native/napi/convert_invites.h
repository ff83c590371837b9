// JS -> port conversion of activity invites (port -> JS is generated: generated/payload_converters.h).
// The action type crosses as the vendor's integer value; TypeScript maps it to a name. A join
// secret is only moved, never put in an error.
#pragma once

#include <napi.h>

#include "sdk/invites.h"

// An invite as lib/features/invites.ts hands it back (one the client received, checked there);
// throws a JS TypeError/RangeError for anything malformed instead of misreading it.
sdk::ActivityInvite ActivityInviteFromJs(const Napi::Value& value, const char* what);
