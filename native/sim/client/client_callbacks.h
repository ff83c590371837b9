// Where a simulated client keeps the callbacks the game registers (all but the fan-outs', which
// are published_callback.h's). The JS face registers one per event kind when it makes a client,
// each is handed out as a shared_ptr so that a queued delivery keeps it alive after it is
// replaced, and every client has them all: so they are the named fields of one struct, in one
// block, and each shared_ptr handed out aliases the block. That is 20 std::functions (640 bytes)
// and one pointer in the client. Before, each was a shared_ptr member of the client (16 bytes)
// pointing into a block of 24 type-erased slots with a destroy pointer each (about 1 KB).
//
// A field handed out is never written again: setting one that is empty writes it in place (no
// delivery can hold an empty callback), and changing one that is set copies the block with the
// change, so a delivery still running the old one keeps the old block and reads memory nobody
// writes. The game sets each callback once, as a rule; a copy costs a block when it does not.
// Get and Set are called under the client's mutex, as its setters are.
#pragma once

#include <memory>
#include <utility>

#include "sdk/client.h"

namespace sim {

struct ClientCallbacks {
  sdk::Client::StatusCallback status;
  sdk::CallbackTypes::LogCallback log;
  sdk::MessagesApi::MessageDeletedCallback messageDeleted;
  sdk::RelationshipsApi::RelationshipCallback relationshipCreated;
  sdk::RelationshipsApi::RelationshipCallback relationshipDeleted;
  sdk::RelationshipsApi::RelationshipGroupsCallback relationshipGroups;
  sdk::VoiceApi::CallStatusCallback callStatus;
  sdk::VoiceApi::VoiceEventCallback voiceEvent;
  sdk::VoiceApi::VoiceParticipantChangedCallback voiceParticipantChanged;
  sdk::VoiceApi::VoiceSettingsUpdatedCallback voiceSettings;
  sdk::CallbackTypes::LogCallback voiceLog;
  sdk::VoiceApi::AudioDevicesChangedCallback audioDevices;
  sdk::VoiceApi::NoAudioInputCallback noAudioInput;
  sdk::AuthApi::TokenExpirationCallback tokenExpiration;
  sdk::AuthApi::AuthorizeRequestCallback authorizeRequest;
  sdk::AuthApi::AuthorizeDeviceScreenClosedCallback deviceScreenClosed;
  sdk::InvitesApi::ActivityInviteCallback inviteCreated;
  sdk::InvitesApi::ActivityInviteCallback inviteUpdated;
  sdk::InvitesApi::ActivityJoinCallback join;
  sdk::InvitesApi::ActivityJoinWithApplicationCallback joinWithApplication;
};

class CallbackSet {
  // The callback's type is the field's: an argument does not take part in the deduction.
  template <typename T>
  struct Same {
    using type = T;
  };

 public:
  // The callback in `field`, kept alive by the pointer; null when none is set.
  template <typename Fn>
  std::shared_ptr<const Fn> Get(Fn ClientCallbacks::*field) const {
    if (!set_ || !((*set_).*field)) return nullptr;
    return std::shared_ptr<const Fn>(set_, &((*set_).*field));
  }

  // Sets `field` to `fn` (an empty `fn`: none).
  template <typename Fn>
  void Set(Fn ClientCallbacks::*field, typename Same<Fn>::type fn) {
    if (!set_) {
      if (!fn) return;
      set_ = std::make_shared<ClientCallbacks>();
    }
    if ((*set_).*field) set_ = std::make_shared<ClientCallbacks>(*set_);  // handed out: not written
    (*set_).*field = std::move(fn);
  }

  // Every callback, taken out (the client closes): the caller lets them go outside the lock.
  std::shared_ptr<const ClientCallbacks> TakeAll() { return std::move(set_); }

 private:
  std::shared_ptr<ClientCallbacks> set_;
};

}  // namespace sim
