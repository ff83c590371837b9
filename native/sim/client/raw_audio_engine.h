// The simulated voice engine's audio thread: it makes the PCM frames of a client's raw-audio calls
// (StartCallWithAudioCallbacks) and hands them over as the real engine does, on a thread of its
// own that never waits for JS: each frame is copied into the call's ring (sdk/raw_audio.h),
// which drops and counts what does not fit. A received frame's playback is then muted or played
// as the ring's mute settings say (outShouldMute), and counted.
//
// Time is the world's virtual clock: the client's service thread works out which frames are due
// (one every kFrameMs since the call connected) and what the microphones pick up then, and
// submits them as a job; the thread makes the samples. Each job counts in the service pool's
// flight until the thread has pushed its frames, so after sim.advance() and settle() every due
// frame is in its ring. The thread runs while the client has a raw-audio call: the last one
// ending stops and joins it (a later call starts another).
//
// Every simulated client has an engine and few ever make raw audio: the thread's state (its lock,
// wake-up, job list and scratch frame, 150 bytes) is allocated with the first job and freed when
// the thread is joined, so an engine that never ran is its counters and a pointer.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "sdk/raw_audio.h"
#include "sdk/types.h"

namespace sim {

class ServicePool;

class RawAudioEngine {
 public:
  // The engine's format (our choice, the rate and frame length of a WebRTC voice engine): 10 ms
  // frames at 48 kHz, the microphone mono, each remote user's audio stereo.
  static constexpr uint64_t kFrameMs = 10;
  static constexpr int32_t kSampleRate = 48000;
  static constexpr uint32_t kCapturedChannels = 1;
  static constexpr uint32_t kReceivedChannels = 2;
  static constexpr uint64_t kSamplesPerChannel = kSampleRate * kFrameMs / 1000;
  // The tone every simulated voice is (a microphone at `level` dBFS picks up a sine of this pitch
  // at that level; silence at -100 dBFS, sdk::kMinDecibels).
  static constexpr double kToneHz = 440;

  static constexpr const char* kThreadName = "social-voice";

  // A remote participant whose voice reaches this client, and its microphone's level.
  struct Voice {
    sdk::Snowflake userId = 0;
    float level = 0;
  };
  // Frames firstFrame .. firstFrame + frames - 1 of one call (numbered from its connection).
  struct Job {
    std::shared_ptr<sdk::RawAudioRing> ring;
    uint64_t firstFrame = 0;
    uint64_t frames = 0;
    float microphoneLevel = 0;
    std::vector<Voice> voices;
  };

  explicit RawAudioEngine(ServicePool& pool) : pool_(pool) {}
  ~RawAudioEngine() { Stop(); }
  RawAudioEngine(const RawAudioEngine&) = delete;
  RawAudioEngine& operator=(const RawAudioEngine&) = delete;

  // Queues a job, starting the thread if it is not running.
  void Submit(Job job);
  // Stops and joins the thread; jobs not yet made are dropped. Never from the engine's own thread.
  // Submit and Stop are called by one thread at a time (the client's service thread, then Close
  // once the service queue has stopped): they make and free the thread's state.
  void Stop();

  // Received frames the machine's speakers played, and those the game muted (since the client
  // was made).
  uint64_t FramesPlayed() const { return played_.load(std::memory_order_relaxed); }
  uint64_t FramesMuted() const { return muted_.load(std::memory_order_relaxed); }

 private:
  // The running thread's state: made by Submit, freed by Stop once the thread is joined.
  struct Running {
    std::mutex mutex;
    std::condition_variable work;
    // A list, not a deque: libstdc++'s deque allocates 576 bytes when it is made (a job is a
    // tick's frames, not a frame).
    std::list<Job> jobs;  // under mutex
    bool stopping = false;  // under mutex
    std::thread thread;
    std::vector<int16_t> samples;  // the engine thread's scratch frame
  };

  void Run(Running& running);
  void Make(const Job& job, std::vector<int16_t>& samples);

  ServicePool& pool_;
  std::unique_ptr<Running> running_;
  std::atomic<uint64_t> played_{0};
  std::atomic<uint64_t> muted_{0};
};

}  // namespace sim
