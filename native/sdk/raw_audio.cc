#include "sdk/raw_audio.h"

#include <algorithm>
#include <utility>

namespace sdk {

RawAudioRing::RawAudioRing(size_t capacity, bool mutePlayback, std::function<void()> wake)
    : slots_(std::max<size_t>(1, std::min(capacity, kMaxCapacity))), muteAll_(mutePlayback), wake_(std::move(wake)) {}

bool RawAudioRing::Push(bool captured, Snowflake userId, const int16_t* data, uint64_t samplesPerChannel,
                        int32_t sampleRate, uint64_t channels) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_) return false;
  const uint64_t index = nextIndex_++;
  // A frame the engine never hands (no samples, more than 8 channels, larger than 100 ms) is
  // dropped rather than trusted: the copy below must stay small.
  const bool sane = data != nullptr && channels > 0 && channels <= 8 && samplesPerChannel > 0 &&
                    samplesPerChannel <= kMaxSamplesPerFrame / channels && sampleRate > 0;
  const bool kept = sane && count_ < slots_.size();
  if (!kept) {
    // Full: the new frame is dropped, the frames JS has not read yet are kept (our choice: they
    // came first, and a consumer that catches up reads them in order, the gap shown by `index`).
    ++dropped_;
    ++droppedTotal_;
  } else {
    AudioFrame& slot = slots_[(head_ + count_) % slots_.size()];
    slot.captured = captured;
    slot.userId = userId;
    slot.index = index;
    slot.sampleRate = sampleRate;
    slot.channels = static_cast<uint32_t>(channels);
    // assign() reuses the slot's buffer: no allocation once it has grown to the frame size.
    slot.samples.assign(data, data + samplesPerChannel * channels);
    ++count_;
  }
  // A drop is news too: JS learns of it at the next Take.
  if (!wakePending_ && wake_) {
    wakePending_ = true;
    wake_();
  }
  return kept;
}

bool RawAudioRing::PlaybackMuted(Snowflake userId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = muted_.find(userId);
  return it != muted_.end() ? it->second : muteAll_;
}

uint64_t RawAudioRing::Take(std::vector<AudioFrame>& out, size_t max) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Frames pushed from now on wake JS again.
  wakePending_ = false;
  const size_t n = std::min(max, count_);
  out.resize(n);
  for (size_t i = 0; i < n; ++i) {
    // A swap: the frame moves out, `out`'s old buffer (from the previous Take) moves in for reuse.
    std::swap(out[i], slots_[head_]);
    head_ = (head_ + 1) % slots_.size();
  }
  count_ -= n;
  const uint64_t dropped = dropped_;
  dropped_ = 0;
  return dropped;
}

uint64_t RawAudioRing::DroppedTotal() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return droppedTotal_;
}

void RawAudioRing::SetPlaybackMuted(Snowflake userId, bool muted) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (userId == 0) {
    muteAll_ = muted;
    muted_.clear();
  } else {
    muted_[userId] = muted;
  }
}

void RawAudioRing::Close(bool wake) {
  std::function<void()> released;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_) return;
    closed_ = true;
    if (wake && !wakePending_ && wake_) {
      wakePending_ = true;
      wake_();
    }
    released.swap(wake_);
  }
  // Destroyed outside the lock: what the wake captured is not the ring's business.
}

bool RawAudioRing::closed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return closed_;
}

}  // namespace sdk
