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
  // This client's own settings for the participant (Call::GetParticipantVolume, GetLocalMute):
  // how loud it plays them (0-200), and whether it plays them at all.
  float volume = 100;
  bool localMute = false;
};

// The voice controls' defaults and bounds (discordpp Client and Call; 0-100, 0-200 and -100..0 dB
// are the vendor's documented ranges, the push-to-talk delay bound is this project's).
constexpr float kMaxInputVolume = 100;
constexpr float kMaxOutputVolume = 200;
constexpr float kMaxParticipantVolume = 200;
constexpr float kMinDecibels = -100;
constexpr float kDefaultVadThreshold = -60;
constexpr uint32_t kDefaultPttReleaseDelayMs = 20;
constexpr uint32_t kMaxPttReleaseDelayMs = 2000;

// A call as this client sees it (discordpp::Call: GetStatus, GetParticipants,
// GetVoiceStateHandle, GetSelfMute, GetSelfDeaf). The call's channel is the lobby.
struct CallInfo {
  Snowflake lobbyId = 0;
  Snowflake channelId = 0;  // Call::GetChannelId: the lobby
  Snowflake guildId = 0;    // Call::GetGuildId; 0: none
  CallStatus status = CallStatus::Disconnected;
  std::vector<VoiceState> participants;  // in the order they joined
  bool selfMute = false;
  bool selfDeaf = false;
  // How this client sends its voice in the call (Call::GetAudioMode, GetVADThreshold,
  // GetPTTActive, GetPTTReleaseDelay).
  AudioMode audioMode = AudioMode::VoiceActivity;
  bool vadAutomatic = true;
  float vadThreshold = kDefaultVadThreshold;  // dB, -100..0
  bool pttActive = false;
  uint32_t pttReleaseDelayMs = kDefaultPttReleaseDelayMs;
};

// An audio device of the machine (discordpp::AudioDevice).
struct AudioDevice {
  std::string id;  // empty: no device
  std::string name;
  bool isDefault = false;
};

// The machine's devices after a plug or unplug (SetDeviceChangeCallback), with the ids of the
// devices this client now uses (empty: none). When the device in use went, the client fell back
// to the default one.
struct AudioDevicesChange {
  std::vector<AudioDevice> inputDevices;
  std::vector<AudioDevice> outputDevices;
  std::string currentInputId;
  std::string currentOutputId;
  // The device this client had chosen went away: it now uses the default one.
  bool inputFellBack = false;
  bool outputFellBack = false;
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
