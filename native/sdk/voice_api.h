// The port's voice: calls in lobbies (discordpp StartCall, EndCall, EndCalls, GetCall,
// Call::SetSelfMute/Deaf, SetSelfMuteAll/DeafAll), the local chat client's voice settings over RPC,
// and the voice engine's logs.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "generated/port_methods.h"
#include "sdk/callbacks.h"
#include "sdk/raw_audio.h"
#include "sdk/voice.h"

// StartCall fails (ClientNotReady, or ValidationError when this client is already in the lobby's
// call: the vendor then returns a null Call); otherwise progress and the outcome (e.g.
// CallError::Forbidden for a non-member) arrive through the call status callback.
// StartCallWithAudio: StartCall with the call's raw audio (StartCallWithAudioCallbacks): the
// backend's voice thread pushes each captured and received frame into `ring` (never waiting on it)
// and asks it whether to mute a received frame's playback; the backend closes the ring when the
// call ends (EndCall, leaving the lobby, a disconnection, Close).
// SetSelfMute, SetSelfDeaf: false when there is no call in that lobby.
// GetVoiceSettings, SetVoiceSettingsUpdatedCallback: the local chat client's voice settings over
// RPC (SDK 1.10). RPCError when the chat client is not running or not connected; the updated
// callback fires again once it is back.
// SetVoiceLogCallback: voice engine logs (discordpp AddVoiceLogCallback); the client's
// SetLogCallback excludes them.
// The voice engine's controls (devices, volumes, input mode, speaking, audio processing).
// Devices: the lists and the current device read asynchronously (the vendor's device callbacks);
// SetInputDevice/SetOutputDevice fail with ValidationError for a device the machine does not have;
// the devices-changed callback reports plugs and unplugs, and which devices are now current (the
// one in use unplugged: the default). Volumes are clamped to their ranges (TypeScript refuses
// out-of-range values first). The per-call setters (participant volume, local mute, audio mode,
// VAD threshold, push-to-talk) return false when there is no call in that lobby; GetCall reads
// them back. Speaking changes arrive as VoiceEvent::SpeakingStarted/Stopped through the voice event
// callback. The no-audio-input callback reports when the microphone's level falls below the
// threshold (false) or comes back (true). SetNoiseCancellation is Krisp (SDK 1.9+): a backend
// without Feature::NoiseCancellation ignores it and reads false.
#define SDK_VOICE_CONTROLS_METHODS(X) \
  SDK_VOICE_CONTROLS_SEAM_METHODS(X) \
  X(void, SetAudioDevicesChangedCallback, (AudioDevicesChangedCallback cb), ) \
  X(void, SetNoAudioInputCallback, (NoAudioInputCallback cb), )

#define SDK_VOICE_API_METHODS(X) \
  SDK_VOICE_SEAM_METHODS(X) \
  X(sdk::Result, StartCall, (sdk::Snowflake lobbyId), ) \
  X(sdk::Result, StartCallWithAudio, (sdk::Snowflake lobbyId, std::shared_ptr<sdk::RawAudioRing> ring), ) \
  X(void, EndCall, (sdk::Snowflake lobbyId, DoneCallback done), ) \
  X(void, EndCalls, (DoneCallback done), ) \
  X(void, SetCallStatusCallback, (CallStatusCallback cb), ) \
  X(void, SetVoiceEventCallback, (VoiceEventCallback cb), ) \
  X(void, SetVoiceParticipantChangedCallback, (VoiceParticipantChangedCallback cb), ) \
  X(void, SetVoiceSettingsUpdatedCallback, (VoiceSettingsUpdatedCallback cb), ) \
  X(void, SetVoiceLogCallback, (LogCallback cb, sdk::LogSeverity minSeverity), ) \
  SDK_VOICE_CONTROLS_METHODS(X)

namespace sdk {

class VoiceApi : public CallbackTypes {
 public:
  using CallStatusCallback =
      std::function<void(Snowflake lobbyId, CallStatus status, CallError error, int32_t errorDetail)>;
  using VoiceEventCallback = std::function<void(VoiceEvent, Snowflake lobbyId, Snowflake userId)>;
  // Someone joined or left the call of a lobby the user is a member of, in the call or not.
  using VoiceParticipantChangedCallback = std::function<void(Snowflake lobbyId, Snowflake userId, bool added)>;
  using VoiceSettingsCallback = std::function<void(const Result&, VoiceSettings settings)>;
  using VoiceSettingsUpdatedCallback = std::function<void(const VoiceSettings& settings)>;
  using DoneCallback = std::function<void()>;
  using AudioDevicesCallback = std::function<void(const Result&, std::vector<AudioDevice> devices)>;
  using AudioDeviceCallback = std::function<void(const Result&, AudioDevice device)>;
  using AudioDevicesChangedCallback = std::function<void(const AudioDevicesChange& change)>;
  using NoAudioInputCallback = std::function<void(bool inputDetected)>;

  SDK_VOICE_API_METHODS(SDK_PURE_VIRTUAL)

 protected:
  ~VoiceApi() = default;
};

}  // namespace sdk
