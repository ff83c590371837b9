#include "sim/service/machine_audio.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace sim {

namespace {
Machine BuiltIn() {
  Machine machine;
  machine.inputDevices.push_back(sdk::AudioDevice{"builtin-microphone", "Built-in Microphone", true});
  machine.outputDevices.push_back(sdk::AudioDevice{"builtin-speakers", "Built-in Speakers", true});
  return machine;
}

bool Has(const std::vector<sdk::AudioDevice>& devices, const std::string& id) {
  return std::any_of(devices.begin(), devices.end(), [&](const sdk::AudioDevice& d) { return d.id == id; });
}
}  // namespace

Machine MachineAudio::Of(sdk::Snowflake user) const {
  auto it = machines_.find(user);
  return it == machines_.end() ? BuiltIn() : it->second;
}

Machine& MachineAudio::Mutable(sdk::Snowflake user) {
  auto it = machines_.find(user);
  if (it == machines_.end()) it = machines_.emplace(user, BuiltIn()).first;
  return it->second;
}

void MachineAudio::Plug(sdk::Snowflake user, bool input, sdk::AudioDevice device, bool makeDefault) {
  if (device.id.empty()) throw std::invalid_argument("a device needs an id");
  if (device.name.empty()) throw std::invalid_argument("a device needs a name");
  Machine& machine = Mutable(user);
  if (Has(machine.inputDevices, device.id) || Has(machine.outputDevices, device.id)) {
    // Never the id itself: an error must not echo what the caller passed (it could be a secret).
    throw std::invalid_argument("a device with that id is already plugged in");
  }
  auto& devices = input ? machine.inputDevices : machine.outputDevices;
  device.isDefault = makeDefault || devices.empty();
  if (device.isDefault) {
    for (sdk::AudioDevice& other : devices) other.isDefault = false;
  }
  devices.push_back(std::move(device));
}

bool MachineAudio::Unplug(sdk::Snowflake user, const std::string& deviceId) {
  Machine& machine = Mutable(user);
  for (bool input : {true, false}) {
    auto& devices = input ? machine.inputDevices : machine.outputDevices;
    auto it = std::find_if(devices.begin(), devices.end(), [&](const sdk::AudioDevice& d) { return d.id == deviceId; });
    if (it == devices.end()) continue;
    const bool wasDefault = it->isDefault;
    devices.erase(it);
    if (wasDefault && !devices.empty()) devices.front().isDefault = true;
    return input;
  }
  throw std::invalid_argument("no device with that id is plugged in");
}

void MachineAudio::SetInputLevel(sdk::Snowflake user, float level) {
  if (!(level >= sdk::kMinDecibels && level <= 0)) throw std::invalid_argument("the input level must be -100 to 0 dBFS");
  Mutable(user).inputLevel = level;
}

sdk::AudioDevice MachineAudio::DefaultOf(const std::vector<sdk::AudioDevice>& devices) {
  for (const sdk::AudioDevice& device : devices) {
    if (device.isDefault) return device;
  }
  return devices.empty() ? sdk::AudioDevice{} : devices.front();
}

}  // namespace sim
