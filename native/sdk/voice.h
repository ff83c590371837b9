// The port's voice values: what discordpp's Call, VoiceStateHandle and VoiceSettings expose, as
// plain data both backends can produce.
#pragma once

#include "generated/sdk_enums.h"  // the vendor enums, generated from seam/seam.json

#include <cstdint>
#include <string>
#include <vector>

#include "sdk/types.h"

namespace sdk {

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
