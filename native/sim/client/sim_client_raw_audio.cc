// The simulated client's raw audio (StartCallWithAudioCallbacks): a call joined as StartCall does,
// whose frames the voice engine's audio thread (raw_audio_engine.h) makes on the world clock, and
// GetDefaultAudioDeviceId.
#include "sim/client/sim_client.h"

namespace sim {

sdk::Result SimClient::StartCallWithAudio(sdk::Snowflake lobbyId, std::shared_ptr<sdk::RawAudioRing> ring) {
  if (!ring) return sdk::Result::Failure(sdk::ErrorType::ValidationError, "no raw audio ring");
  return BeginCall(lobbyId, std::move(ring));
}

void SimClient::StartRawAudio(sdk::Snowflake lobbyId) {
  const uint64_t now = world_->Now();
  std::shared_ptr<sdk::RawAudioRing> ring;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it == calls_.end() || !it->second.ring) return;  // a plain call
    // Frames are counted from the connection: one is due every kFrameMs after it.
    it->second.audioSinceMs = now;
    it->second.audioFrames = 0;
    ring = it->second.ring;
  }
  world_->ScheduleAt(this, now + RawAudioEngine::kFrameMs, [this, lobbyId, ring] { RawAudioTick(lobbyId, ring); });
}

void SimClient::RawAudioTick(sdk::Snowflake lobbyId, std::shared_ptr<sdk::RawAudioRing> ring) {
  const sdk::Snowflake user = sessionUserId_.load();
  const uint64_t now = world_->Now();  // before mutex_: the world's lock is never taken under it
  RawAudioEngine::Job job;
  bool deaf = false;
  uint64_t next = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    // The call ended (its ring closed), or another call of the lobby replaced it: no more ticks.
    if (it == calls_.end() || it->second.ring != ring || ring->closed()) return;
    LocalCall& call = it->second;
    const uint64_t due = (now - call.audioSinceMs) / RawAudioEngine::kFrameMs;
    job.firstFrame = call.audioFrames;
    job.frames = due - call.audioFrames;
    call.audioFrames = due;
    deaf = call.selfDeaf;
    next = call.audioSinceMs + (due + 1) * RawAudioEngine::kFrameMs;
  }
  if (user == 0) return;
  job.ring = ring;
  // What the microphone picks up, whether or not it is sent (the captured callback sees audio
  // "before it is processed and transmitted"); the voices of the others unless deafened (our
  // choice: a deafened user's engine receives nothing).
  job.microphoneLevel = InputLevel(user);
  if (!deaf) {
    for (const auto& [speaker, level] : world_->VoicesHeard(lobbyId, this)) job.voices.push_back({speaker, level});
  }
  rawAudio_.Submit(std::move(job));
  world_->ScheduleAt(this, next, [this, lobbyId, ring] { RawAudioTick(lobbyId, ring); });
}

void SimClient::EndRawAudio(std::shared_ptr<sdk::RawAudioRing> ring) {
  if (!ring) return;
  ring->Close();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& entry : calls_) {
      if (entry.second.ring) return;  // another raw-audio call still needs the engine's thread
    }
  }
  rawAudio_.Stop();
}

std::string SimClient::GetDefaultAudioDeviceId() const {
  // The vendor's is static and asks the system; the simulated system is the signed-in user's
  // machine, whose default microphone answers (our choice: the header names one device, and the
  // microphone is the one a call captures from). None before sign-in.
  const sdk::Snowflake user = sessionUserId_.load();
  if (user == 0) return {};
  return MachineAudio::DefaultOf(world_->MachineOf(user).inputDevices).id;
}

}  // namespace sim
