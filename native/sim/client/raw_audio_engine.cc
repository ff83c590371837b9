#include "sim/client/raw_audio_engine.h"

#include <cmath>
#include <utility>

#include "sdk/thread_name.h"
#include "sdk/voice.h"
#include "sim/service/service_pool.h"

namespace sim {

namespace {
constexpr double kPi = 3.14159265358979323846;

// Full scale times the level's amplitude ratio; silence at the floor.
double Amplitude(float level) { return level <= sdk::kMinDecibels ? 0 : 32767.0 * std::pow(10.0, level / 20.0); }
}  // namespace

void RawAudioEngine::Submit(Job job) {
  if (job.frames == 0 || !job.ring) return;
  // Counted before the service task that submits it ends, so settle() cannot slip in between.
  pool_.BeginOutside();
  if (!running_) running_ = std::make_unique<Running>();
  Running& running = *running_;
  std::lock_guard<std::mutex> lock(running.mutex);
  running.jobs.push_back(std::move(job));
  if (!running.thread.joinable()) running.thread = std::thread([this, &running] { Run(running); });
  running.work.notify_one();
}

void RawAudioEngine::Stop() {
  if (!running_) return;
  size_t dropped = 0;
  {
    std::lock_guard<std::mutex> lock(running_->mutex);
    running_->stopping = true;
    dropped = running_->jobs.size();
    running_->jobs.clear();
  }
  running_->work.notify_one();
  if (running_->thread.joinable()) running_->thread.join();
  running_.reset();
  for (size_t i = 0; i < dropped; ++i) pool_.EndOutside();
}

void RawAudioEngine::Run(Running& running) {
  sdk::NameThisThread(kThreadName);
  std::unique_lock<std::mutex> lock(running.mutex);
  for (;;) {
    running.work.wait(lock, [&running] { return running.stopping || !running.jobs.empty(); });
    if (running.stopping) return;
    Job job = std::move(running.jobs.front());
    running.jobs.pop_front();
    lock.unlock();
    Make(job, running.samples);
    // The ring may be the last reference: released before the job counts as done.
    job = Job{};
    pool_.EndOutside();
    lock.lock();
  }
}

void RawAudioEngine::Make(const Job& job, std::vector<int16_t>& samples) {
  const double captured = Amplitude(job.microphoneLevel);
  for (uint64_t frame = job.firstFrame; frame < job.firstFrame + job.frames; ++frame) {
    if (job.ring->closed()) return;  // the call ended meanwhile
    // The tone's phase follows the call's sample count, so frames join up and are the same in
    // every run.
    const uint64_t first = frame * kSamplesPerChannel;
    auto tone = [&](double amplitude, uint32_t channels) {
      samples.resize(kSamplesPerChannel * channels);
      for (uint64_t i = 0; i < kSamplesPerChannel; ++i) {
        const double t = static_cast<double>(first + i) / kSampleRate;
        const auto sample = static_cast<int16_t>(std::lround(amplitude * std::sin(2 * kPi * kToneHz * t)));
        for (uint32_t c = 0; c < channels; ++c) samples[i * channels + c] = sample;
      }
    };
    // The microphone first (UserAudioCapturedCallback), then each remote voice
    // (UserAudioReceivedCallback) in the order the participants joined.
    tone(captured, kCapturedChannels);
    job.ring->Push(true, 0, samples.data(), kSamplesPerChannel, kSampleRate, kCapturedChannels);
    for (const Voice& voice : job.voices) {
      tone(Amplitude(voice.level), kReceivedChannels);
      job.ring->Push(false, voice.userId, samples.data(), kSamplesPerChannel, kSampleRate, kReceivedChannels);
      // outShouldMute: the game plays it itself, or not at all.
      (job.ring->PlaybackMuted(voice.userId) ? muted_ : played_).fetch_add(1, std::memory_order_relaxed);
    }
  }
}

}  // namespace sim
