// The bench's bare ThreadSafeFunction wake (napi/wake_probe.cc).
#pragma once

#include <napi.h>

// exports.WakeProbe: new WakeProbe(callback) -> { trigger(), close() }
void RegisterWakeProbe(Napi::Env env, Napi::Object exports);
