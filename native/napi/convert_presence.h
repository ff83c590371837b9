// JS -> port conversions of presence and game identity: activities and application profiles (the
// other way is generated: generated/payload_converters.h). Enums cross the seam as the vendor's
// integer values; TypeScript maps them to names.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <napi.h>

#include "sdk/presence.h"

// An activity as lib/presence.ts hands it over (already validated there); throws a JS
// TypeError/RangeError for anything malformed instead of misreading it.
sdk::Activity ActivityFromJs(const Napi::Value& value);
std::vector<sdk::UserApplicationProfile> ProfilesFromJs(const Napi::Value& value);
// options.cpuAffinityMask of the client constructor (ClientCreateOptions::SetCpuAffinityMask):
// undefined (not set) or a BigInt of 0 to 2^64-1.
std::optional<uint64_t> CpuAffinityMaskFromJs(const Napi::Value& value);
