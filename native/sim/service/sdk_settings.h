// The settings a game gave one SDK client for its own machine-side work (its voice engine's
// diagnostics and threads), which the simulator records instead of acting on: the harness reads
// them through the machine (World::SdkSettingsOf). Plain data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sdk/types.h"

namespace sim {

struct SdkSettings {
  sdk::Snowflake applicationId = 0;
  // Client::SetAecDump: acoustic echo cancellation's diagnostic recording (off by default).
  bool aecDump = false;
  // Client::SetOpusHardwareCoding ("Defaults to on"), as it took effect.
  bool opusHardwareEncode = true;
  bool opusHardwareDecode = true;
  // Client::SetVoiceLogDir, as it took effect: the directory (empty: beside the library) and the
  // lowest severity written (None: no voice log file, the default).
  std::string voiceLogDir;
  sdk::LogSeverity voiceLogMinSeverity = sdk::LogSeverity::None;
  // Client::SetThreadPriority, per thread; none: the SDK's own.
  std::optional<int32_t> clientThreadPriority;
  std::optional<int32_t> voiceThreadPriority;
  std::optional<int32_t> networkThreadPriority;
  // The raw-audio calls' received frames (StartCallWithAudioCallbacks) the machine's speakers
  // played, and those the game muted for playback (outShouldMute), since the client was made.
  uint64_t speakerFramesPlayed = 0;
  uint64_t speakerFramesMuted = 0;
};

}  // namespace sim
