// What the pump hands to JS: one record per backend callback, converted to a JS object only when a
// batch is delivered. Plain data, so backend callbacks never touch JS values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "sdk/types.h"

// Kind numbers and the batch layout are part of the native seam; lib/native.ts mirrors them.
// In a batch each event is kJsEventInts int32s [kind, client, a, b, c] plus an optional payload.
constexpr size_t kJsEventInts = 5;

enum class JsEventKind : uint8_t {
  StatusChanged = 1,  // a = status, b = connection error, c = error detail
  Log = 2,            // a = severity, payload = message
  Result = 3,         // a = request id, payload = failure (absent on success)
  Closed = 4,         // the native client is closed; nothing else follows for it
};

struct JsEvent {
  JsEvent(JsEventKind k, uint32_t clientId) : kind(k), client(clientId) {}

  JsEventKind kind;
  uint32_t client = 0;
  int32_t a = 0;
  int32_t b = 0;
  int32_t c = 0;
  std::string text;
  std::optional<sdk::Result> failure;
};
