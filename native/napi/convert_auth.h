// The sign-in payloads (PKCE pairs, authorization codes, token exchanges, the current user) are
// converted by generated/payload_converters.h (from seam/payloads.json). Codes, verifiers and
// tokens are secrets: the converters only move them between the port and JS, never into an error
// message. Kept for the harness's token endpoints (world_wrap_auth.cc, world_wrap_provisional.cc),
// which include it.
#pragma once

#include "napi/convert.h"
