// Where a simulated client keeps the callbacks the game registers. The JS face registers about
// twenty when it makes a client (one per event kind), each held by a shared_ptr so that a queued
// delivery keeps it alive: with make_shared each was an allocation of its own (48 bytes, a 64-byte
// block with malloc's header), about 1.3 KB per client. Here the first kSlots callbacks share one
// block, and each shared_ptr handed out aliases it: the block goes when the client and the last
// delivery holding one of its callbacks are done.
//
// A slot is written once and never changed: a callback that is replaced goes to a new slot (or,
// once the block is full, to an allocation of its own), so a delivery still running the old one
// reads memory nobody writes. Share() is called under the client's mutex, as the setters are.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>

namespace sim {

class CallbackArena {
 public:
  // The callbacks a client gets from the JS face (client_wrap_events.cc registers 20), and a few
  // more for those the game sets again.
  static constexpr size_t kSlots = 24;
  // Every callback type is a std::function (32 bytes in libstdc++ and libc++).
  static constexpr size_t kSlotSize = 32;

  // `fn` shared: in the block while it has room, else in an allocation of its own. Empty: none.
  template <typename Fn>
  std::shared_ptr<const Fn> Share(Fn fn) {
    if (!fn) return nullptr;
    if constexpr (sizeof(Fn) <= kSlotSize && alignof(Fn) <= alignof(std::max_align_t)) {
      if (!block_) block_ = std::make_shared<Block>();
      if (block_->used < kSlots) {
        const size_t slot = block_->used;
        const Fn* placed = ::new (static_cast<void*>(block_->slots[slot].bytes)) Fn(std::move(fn));
        block_->destroy[slot] = [](void* storage) { std::launder(static_cast<Fn*>(storage))->~Fn(); };
        block_->used = slot + 1;
        return std::shared_ptr<const Fn>(block_, placed);
      }
    }
    return std::make_shared<const Fn>(std::move(fn));
  }

 private:
  struct Block {
    struct alignas(std::max_align_t) Slot {
      unsigned char bytes[kSlotSize];
    };
    Slot slots[kSlots];
    void (*destroy[kSlots])(void*) = {};
    size_t used = 0;

    Block() = default;
    Block(const Block&) = delete;
    Block& operator=(const Block&) = delete;
    ~Block() {
      for (size_t i = used; i-- > 0;) destroy[i](slots[i].bytes);
    }
  };
  std::shared_ptr<Block> block_;
};

}  // namespace sim
