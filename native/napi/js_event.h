// What the pump hands to JS: one record per backend callback, converted to a JS object only when a
// batch is delivered. Plain data, so backend callbacks never touch JS values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "sdk/guilds.h"
#include "sdk/lobby.h"
#include "sdk/types.h"
#include "sdk/voice.h"
#include "sdk/user_messages.h"

// Kind numbers and the batch layout are part of the native seam; lib/native.ts mirrors them.
// In a batch each event is kJsEventInts int32s [kind, client, a, b, c] plus an optional payload.
constexpr size_t kJsEventInts = 5;

enum class JsEventKind : uint8_t {
  StatusChanged = 1,  // a = status, b = connection error, c = error detail
  Log = 2,            // a = severity, b = source (0 SDK, 1 voice engine), payload = message
  Result = 3,         // a = request id, b = 1 when failed; payload = the failure, or the value
  Closed = 4,         // the native client is closed; nothing else follows for it
  Lobby = 5,          // a = sdk::LobbyEvent, payload = [lobbyId, memberId] ("0": none)
  Message = 6,        // a = sdk::MessageEvent, payload = the message (frozen, shared in a batch)
  UserUpdated = 7,    // payload = the user id (SetUserUpdatedCallback)
  // Voice (helper B's range, 10-19).
  CallStatus = 10,           // a = sdk::CallStatus, b = sdk::CallError, c = error detail, payload = lobbyId
  VoiceParticipant = 11,     // a = 1 added / 0 removed, payload = [lobbyId, userId]
  VoiceState = 12,           // payload = [lobbyId, userId]
  VoiceSettingsUpdated = 13, // payload = the voice settings
  MessageDeleted = 20,  // payload = [messageId, channelId]
};

struct IdPair {
  sdk::Snowflake first = 0;
  sdk::Snowflake second = 0;
};

// The payload slot: nothing, a text, a failure, an id, a message, a list of messages, two ids,
// voice settings, guilds, guild channels, direct-message summaries.
using JsPayload = std::variant<std::monostate, std::string, sdk::Result, sdk::Snowflake,
                               sdk::MessagePtr, std::vector<sdk::MessagePtr>, IdPair,
                               sdk::VoiceSettings, std::vector<sdk::GuildMinimal>,
                               std::vector<sdk::GuildChannel>, std::vector<sdk::UserMessageSummary>>;

struct JsEvent {
  JsEvent(JsEventKind k, uint32_t clientId) : kind(k), client(clientId) {}

  JsEventKind kind;
  uint32_t client = 0;
  int32_t a = 0;
  int32_t b = 0;
  int32_t c = 0;
  JsPayload payload;
};

// The Result event of request `requestId`: the failure, or `value` on success.
inline JsEvent ResultEvent(uint32_t client, uint32_t requestId, const sdk::Result& result,
                           JsPayload value = {}) {
  JsEvent event{JsEventKind::Result, client};
  event.a = static_cast<int32_t>(requestId);
  if (result.ok()) {
    event.payload = std::move(value);
  } else {
    event.b = 1;
    event.payload = result;
  }
  return event;
}
