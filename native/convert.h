// JS <-> port conversions and the cheap argument guards of the native seam. TypeScript validates
// every public input with exact messages first; these guards only make sure that nothing that
// reaches C++ can crash it.
#pragma once

#include <cstdint>
#include <string>

#include <napi.h>

#include "js_event.h"
#include "sdk/types.h"

// Snowflakes cross the seam as canonical decimal strings (never JS numbers: they lose bits).
uint64_t SnowflakeFromJs(const Napi::Value& value, const char* what);
Napi::String SnowflakeToJs(Napi::Env env, uint64_t id);

Napi::Object UserToJs(Napi::Env env, const sdk::User& user);
Napi::Object FailureToJs(Napi::Env env, const sdk::Result& result);
Napi::Object VersionToJs(Napi::Env env, const sdk::Version& version);
// The payload slot of an event in a batch: the log text, the failure, or undefined.
Napi::Value PayloadToJs(Napi::Env env, const JsEvent& event);

// Argument guards: throw a JS TypeError naming the argument instead of misreading it.
std::string StringArg(const Napi::CallbackInfo& info, size_t index, const char* name);
double NumberArg(const Napi::CallbackInfo& info, size_t index, const char* name);
uint32_t Uint32Arg(const Napi::CallbackInfo& info, size_t index, const char* name);
bool BoolArg(const Napi::CallbackInfo& info, size_t index, const char* name);
Napi::Object ObjectArg(const Napi::CallbackInfo& info, size_t index, const char* name);
