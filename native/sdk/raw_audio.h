// Raw audio of one call (discordpp Client::StartCallWithAudioCallbacks): the PCM frames the voice
// engine hands over on its own thread, kept for JS in a bounded ring.
//
// Why a ring of its own and not the callback queue the other events use: the voice thread must
// never wait for JS (a late frame is a glitch in the player's ears), and the callback queue makes
// a backend thread wait while it is full. Here the voice thread only copies a frame into a slot
// under a short lock (no allocation once the slots have grown to the frame size) and, when the
// ring is full, drops the frame and counts it. JS drains the ring in batches on its own thread,
// woken at most once per batch (a wake posted without waiting, coalesced).
//
// Received audio may be muted for playback (outShouldMute): JS cannot answer on the voice thread,
// so the answer is a mute setting held here (all users, and per user) that the voice thread reads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "sdk/types.h"

namespace sdk {

// One frame of PCM: signed 16-bit samples, interleaved by channel.
struct AudioFrame {
  // The local microphone's audio (UserAudioCapturedCallback), or a remote user's
  // (UserAudioReceivedCallback, from `userId`).
  bool captured = false;
  Snowflake userId = 0;
  // Counts every frame the voice engine handed to this call's ring, dropped ones included: a gap
  // in the indexes is where frames were dropped.
  uint64_t index = 0;
  int32_t sampleRate = 0;
  uint32_t channels = 0;
  std::vector<int16_t> samples;  // samplesPerChannel * channels
};

class RawAudioRing {
 public:
  // Frames kept for JS at most, and the default.
  static constexpr size_t kMaxCapacity = 4096;
  static constexpr size_t kDefaultCapacity = 256;
  // The largest frame kept: 100 ms of 48 kHz stereo (a voice engine hands 10 or 20 ms). Larger
  // frames are dropped and counted: a bad frame must not make the voice thread allocate without end.
  static constexpr uint64_t kMaxSamplesPerFrame = 9600;

  // `wake` is called on the voice thread, under this ring's lock, when frames become available and
  // no wake is pending; it must not wait (the N-API layer posts an event without waiting).
  RawAudioRing(size_t capacity, bool mutePlayback, std::function<void()> wake);
  RawAudioRing(const RawAudioRing&) = delete;
  RawAudioRing& operator=(const RawAudioRing&) = delete;

  // ---- the voice thread ----
  // Copies a frame in. Returns false when it was dropped (the ring full, or the frame too large)
  // or the ring is closed (not counted then: the call is over).
  bool Push(bool captured, Snowflake userId, const int16_t* data, uint64_t samplesPerChannel, int32_t sampleRate,
            uint64_t channels);
  // Whether the engine should not play `userId`'s received audio itself (outShouldMute).
  bool PlaybackMuted(Snowflake userId) const;

  // ---- the JS thread ----
  // Moves up to `max` of the oldest frames into `out` (replacing its contents) and returns the
  // frames dropped since the last Take. `out`'s sample buffers go back to the ring for reuse.
  uint64_t Take(std::vector<AudioFrame>& out, size_t max);
  // Every frame dropped since the ring was made.
  uint64_t DroppedTotal() const;
  size_t capacity() const { return slots_.size(); }
  // `userId` 0: the setting of every user without one of their own (that one is then forgotten).
  void SetPlaybackMuted(Snowflake userId, bool muted);
  // No more frames: pushes are ignored, the wake is released. `wake`: wakes JS, unless a wake is
  // pending, so that it learns the ring closed (false when what the wake posts to is going away).
  void Close(bool wake = true);
  bool closed() const;

 private:
  mutable std::mutex mutex_;
  std::vector<AudioFrame> slots_;
  size_t head_ = 0;  // the oldest frame
  size_t count_ = 0;
  uint64_t nextIndex_ = 0;
  uint64_t dropped_ = 0;       // since the last Take
  uint64_t droppedTotal_ = 0;
  bool wakePending_ = false;
  bool closed_ = false;
  bool muteAll_ = false;
  std::unordered_map<Snowflake, bool> muted_;  // users with a setting of their own
  std::function<void()> wake_;
};

}  // namespace sdk
