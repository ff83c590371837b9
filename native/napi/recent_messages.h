// The JS objects of the messages the pump converted last, kept from batch to batch. A lobby message
// goes to up to 1,000 clients, and the simulator runs each client's deliveries in a round of its
// own, so one message's deliveries are spread over many batches (a batch holds a client or two's
// worth of messages); converting it once per batch made MessageToJs a tenth of a fan-out's JS
// thread. Every recipient gets the same frozen object, as recipients within one batch always did.
#pragma once

#include <cstddef>
#include <unordered_map>
#include <vector>

#include <napi.h>

#include "sdk/lobby.h"

class RecentMessages {
 public:
  // How many messages are kept: the oldest converted is let go first.
  static constexpr size_t kCapacity = 1024;

  // `message`'s JS object, converted with MessageToJs if it is not among the kept ones. JS thread.
  Napi::Value Get(Napi::Env env, const sdk::MessagePtr& message);
  // Lets every kept object go (environment teardown; references must go while the env lives).
  void Clear();

 private:
  struct Kept {
    // Held so that the address, the key of index_, cannot be reused by another message meanwhile.
    sdk::MessagePtr message;
    Napi::ObjectReference object;
  };
  std::unordered_map<const sdk::Message*, size_t> index_;  // into kept_
  std::vector<Kept> kept_;  // a ring: next_ is the slot to fill next, the oldest once full
  size_t next_ = 0;
};
