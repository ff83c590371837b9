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
  // Client::SetLogDir, as last called: the directory (empty: beside the library) and the lowest
  // severity written to its discord.log (None: no file, the default).
  std::string logDir;
  sdk::LogSeverity logMinSeverity = sdk::LogSeverity::None;
  // Client::SetHttpRequestTimeout; none: the SDK's default (which the header does not give).
  std::optional<int32_t> httpRequestTimeoutMs;
  // Client::SetThreadPriority, per thread; none: the SDK's own.
  std::optional<int32_t> clientThreadPriority;
  std::optional<int32_t> voiceThreadPriority;
  std::optional<int32_t> networkThreadPriority;
  // The experimental audio options of the client's ClientCreateOptions (Client constructor).
  sdk::AudioSystem experimentalAudioSystem = sdk::AudioSystem::Standard;
  bool experimentalAndroidPreventCommsForBluetooth = false;
  // The raw-audio calls' received frames (StartCallWithAudioCallbacks) the machine's speakers
  // played, and those the game muted for playback (outShouldMute), since the client was made.
  uint64_t speakerFramesPlayed = 0;
  uint64_t speakerFramesMuted = 0;
};

}  // namespace sim
