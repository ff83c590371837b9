// The compiled values of the seam's tables (event kinds, fault-injectable calls, vendor enums),
// exported as `seamTables()` so a test can compare them with the TypeScript tables generated from
// the same description. The definition is generated (generated/seam_tables.cc).
#pragma once

#include <napi.h>

Napi::Object SeamTablesToJs(Napi::Env env);
