// The audio side of each simulated user's machine: its microphones and output devices (one of
// each kind is the default) and the level its microphone picks up, which the harness changes to
// plug, unplug or make the user speak. Pure state: no locking, no threads; bad input is
// std::invalid_argument and changes nothing.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sdk/types.h"
#include "sdk/voice.h"

namespace sim {

struct Machine {
  std::vector<sdk::AudioDevice> inputDevices;   // in the order they were plugged
  std::vector<sdk::AudioDevice> outputDevices;
  // What the microphone picks up, in dBFS (kMinDecibels: silence, 0: full scale).
  float inputLevel = sdk::kMinDecibels;
};

class MachineAudio {
 public:
  // The level MakeSpeak(true) sets: plain speech, well above any default threshold.
  static constexpr float kSpeechLevel = -20;

  // A machine nobody changed has one built-in microphone and one built-in speaker, both default.
  Machine Of(sdk::Snowflake user) const;
  // Plugs a device in. `makeDefault`, or the first device of its kind: it becomes the default.
  // Refused: an empty id or name, an id already plugged in (of either kind).
  void Plug(sdk::Snowflake user, bool input, sdk::AudioDevice device, bool makeDefault);
  // Unplugs a device; when it was the default, the first remaining one of its kind is. Returns
  // whether it was an input. Refused: no such device.
  bool Unplug(sdk::Snowflake user, const std::string& deviceId);
  // Refused: a level outside kMinDecibels..0.
  void SetInputLevel(sdk::Snowflake user, float level);

  // The default device of a list; none (empty id) when it is empty.
  static sdk::AudioDevice DefaultOf(const std::vector<sdk::AudioDevice>& devices);

 private:
  Machine& Mutable(sdk::Snowflake user);
  std::map<sdk::Snowflake, Machine> machines_;  // absent: as nobody changed it
};

}  // namespace sim
