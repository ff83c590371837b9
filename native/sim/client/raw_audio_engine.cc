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
  std::lock_guard<std::mutex> lock(mutex_);
  jobs_.push_back(std::move(job));
  if (!thread_.joinable()) {
    stopping_ = false;
    thread_ = std::thread([this] { Run(); });
  }
  work_.notify_one();
}

void RawAudioEngine::Stop() {
  std::thread thread;
  size_t dropped = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    dropped = jobs_.size();
    jobs_.clear();
    thread.swap(thread_);
  }
  work_.notify_one();
  if (thread.joinable()) thread.join();
  for (size_t i = 0; i < dropped; ++i) pool_.EndOutside();
}

void RawAudioEngine::Run() {
  sdk::NameThisThread(kThreadName);
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (stopping_) return;
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    Make(job);
    // The ring may be the last reference: released before the job counts as done.
    job = Job{};
    pool_.EndOutside();
    lock.lock();
  }
}

void RawAudioEngine::Make(const Job& job) {
  const double captured = Amplitude(job.microphoneLevel);
  for (uint64_t frame = job.firstFrame; frame < job.firstFrame + job.frames; ++frame) {
    if (job.ring->closed()) return;  // the call ended meanwhile
    // The tone's phase follows the call's sample count, so frames join up and are the same in
    // every run.
    const uint64_t first = frame * kSamplesPerChannel;
    auto tone = [&](double amplitude, uint32_t channels) {
      samples_.resize(kSamplesPerChannel * channels);
      for (uint64_t i = 0; i < kSamplesPerChannel; ++i) {
        const double t = static_cast<double>(first + i) / kSampleRate;
        const auto sample = static_cast<int16_t>(std::lround(amplitude * std::sin(2 * kPi * kToneHz * t)));
        for (uint32_t c = 0; c < channels; ++c) samples_[i * channels + c] = sample;
      }
    };
    // The microphone first (UserAudioCapturedCallback), then each remote voice
    // (UserAudioReceivedCallback) in the order the participants joined.
    tone(captured, kCapturedChannels);
    job.ring->Push(true, 0, samples_.data(), kSamplesPerChannel, kSampleRate, kCapturedChannels);
    for (const Voice& voice : job.voices) {
      tone(Amplitude(voice.level), kReceivedChannels);
      job.ring->Push(false, voice.userId, samples_.data(), kSamplesPerChannel, kSampleRate, kReceivedChannels);
      // outShouldMute: the game plays it itself, or not at all.
      (job.ring->PlaybackMuted(voice.userId) ? muted_ : played_).fetch_add(1, std::memory_order_relaxed);
    }
  }
}

}  // namespace sim
