// The port's voice values: what discordpp's Call, VoiceStateHandle and VoiceSettings expose, as
// plain data both backends can produce.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sdk/types.h"

namespace sdk {

// Mirrors discordpp::Call::Status; the integer values are the vendor's.
enum class CallStatus : int32_t {
  Disconnected = 0,
  Joining = 1,
  Connecting = 2,
  SignalingConnected = 3,
  Connected = 4,
  Reconnecting = 5,
  Disconnecting = 6,
};

// Mirrors discordpp::Call::Error; reported with call status changes.
enum class CallError : int32_t {
  None = 0,
  SignalingConnectionFailed = 1,
  SignalingUnexpectedClose = 2,
  VoiceConnectionFailed = 3,
  JoinTimeout = 4,
  Forbidden = 5,
};

// A participant's voice state (VoiceStateHandle).
struct VoiceState {
  Snowflake userId = 0;
  bool selfMute = false;
  bool selfDeaf = false;
};

// A call as this client sees it (discordpp::Call: GetStatus, GetParticipants,
// GetVoiceStateHandle, GetSelfMute, GetSelfDeaf). The call's channel is the lobby.
struct CallInfo {
  Snowflake lobbyId = 0;
  CallStatus status = CallStatus::Disconnected;
  std::vector<VoiceState> participants;  // in the order they joined
  bool selfMute = false;
  bool selfDeaf = false;
};

// The vendor's Call::SetParticipantChangedCallback / SetOnVoiceStateChangedCallback (and the
// client's SetVoiceParticipantChangedCallback), as one.
enum class VoiceEvent : int32_t {
  ParticipantAdded = 1,
  ParticipantRemoved = 2,
  VoiceStateChanged = 3,
};

// Mirrors discordpp::VoiceInputModeType (SDK 1.10).
enum class VoiceInputMode : int32_t {
  VoiceActivity = 0,
  PushToTalk = 1,
};

// A read-only snapshot of the local chat client's voice settings (discordpp::VoiceSettings,
// SDK 1.10), read over the local RPC channel. Not the settings of a call.
struct VoiceSettings {
  bool selfMute = false;
  bool selfDeaf = false;
  VoiceInputMode inputMode = VoiceInputMode::VoiceActivity;
  std::string pttKey;         // display text such as "SHIFT + F"; empty when unbound
  float inputVolume = 100;    // 0-100
  float outputVolume = 100;   // 0-200
  bool automaticGainControl = true;
  bool echoCancellation = true;
  bool noiseSuppression = true;
  bool noiseCancellation = false;
};

}  // namespace sdk
