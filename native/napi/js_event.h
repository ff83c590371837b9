// What the pump hands to JS: one record per backend callback, converted to a JS object only when a
// batch is delivered. Plain data, so backend callbacks never touch JS values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "sdk/auth_api.h"
#include "sdk/guilds.h"
#include "sdk/invites.h"
#include "sdk/lobby.h"
#include "sdk/types.h"
#include "sdk/voice.h"
#include "sdk/user_messages.h"

// JsEventKind and the batch layout, generated from seam/seam.json. Which field sits in which slot
// is known only to the generated constructors (generated/js_events.h) and their TypeScript decoder.
#include "generated/js_event_kinds.h"
#include "generated/js_payloads.h"

struct IdPair {
  sdk::Snowflake first = 0;
  sdk::Snowflake second = 0;

  friend bool operator==(const IdPair& a, const IdPair& b) { return a.first == b.first && a.second == b.second; }
};

// The payload slot: nothing, a text, a failure, an id, a message, a list of messages, two ids (the
// batch's PayloadConverter converts these itself, reusing values across a fan-out), then every
// value a generated converter turns into JS (from the seam's result and event field kinds:
// generated/js_payloads.h).
#define JS_PAYLOAD_ALTERNATIVE(type, toJs) , type
using JsPayload = std::variant<std::monostate, std::string, sdk::Result, sdk::Snowflake, sdk::MessagePtr,
                               std::vector<sdk::MessagePtr>, IdPair SEAM_CONVERTED_PAYLOADS(JS_PAYLOAD_ALTERNATIVE)>;
#undef JS_PAYLOAD_ALTERNATIVE

struct JsEvent {
  JsEvent(JsEventKind k, uint32_t clientId) : kind(k), client(clientId) {}

  JsEventKind kind;
  uint32_t client = 0;
  int32_t a = 0;
  int32_t b = 0;
  int32_t c = 0;
  JsPayload payload;
};
