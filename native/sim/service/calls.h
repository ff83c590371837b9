// The simulated service's voice calls: one call per lobby, shared by the members who joined it,
// with each participant's voice state. Pure state: no locking, no threads. Sessions are only
// identities here (the world delivers the notices to them). Membership of the lobby is checked by
// the caller (the world), which knows the lobbies.
#pragma once

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "sdk/types.h"
#include "sdk/voice.h"

namespace sim {

class Session;

// A voice event for the session of one participant.
struct VoiceNotice {
  Session* recipient = nullptr;
  sdk::VoiceEvent event = sdk::VoiceEvent::ParticipantAdded;
  sdk::Snowflake lobbyId = 0;
  sdk::Snowflake userId = 0;
};

class Calls {
 public:
  struct Change {
    std::vector<VoiceNotice> notices;
    // Participations the service ended (the user is no longer a lobby member): the session's
    // call is over.
    std::vector<std::pair<Session*, sdk::Snowflake>> ended;
    // Who joined or left which call, once each: every member of the lobby hears it, in the call
    // or not (the vendor's Client::SetVoiceParticipantChangedCallback).
    struct RosterChange {
      sdk::Snowflake lobbyId = 0;
      sdk::Snowflake userId = 0;
      bool added = false;
    };
    std::vector<RosterChange> roster;
  };

  // `session` (signed in as `user`) joins the lobby's call; every participant, the new one
  // included, hears ParticipantAdded. The same user joining from another session replaces the
  // old participation (which ends).
  Change Join(sdk::Snowflake lobbyId, Session* session, sdk::Snowflake user, bool selfMute, bool selfDeaf);
  // The session leaves the call (it ended it); the others hear ParticipantRemoved.
  Change Leave(sdk::Snowflake lobbyId, Session* session);
  // The session is gone (disconnected, closed): it leaves every call.
  Change LeaveAll(Session* session);
  // The user is no longer a member of the lobby: its participation ends.
  Change RemoveUser(sdk::Snowflake lobbyId, sdk::Snowflake user);
  // Every participant hears VoiceStateChanged, when something changed.
  Change SetVoiceState(sdk::Snowflake lobbyId, Session* session, bool selfMute, bool selfDeaf);
  // The session's participant starts or stops sending voice: every participant (its own session
  // too) hears SpeakingStarted or SpeakingStopped, when it changed.
  Change SetSpeaking(sdk::Snowflake lobbyId, Session* session, bool speaking);

  std::vector<sdk::VoiceState> Participants(sdk::Snowflake lobbyId) const;
  // The users whose voice goes out in the call (speaking), in join order, but `listener`'s own.
  std::vector<sdk::Snowflake> Speakers(sdk::Snowflake lobbyId, const Session* listener) const;

 private:
  struct Participant {
    Session* session = nullptr;
    sdk::VoiceState state;
    bool speaking = false;
  };
  using Call = std::vector<Participant>;  // join order

  // Removes the participant at `at`; the remaining participants hear ParticipantRemoved.
  void Remove(sdk::Snowflake lobbyId, Call& call, size_t at, Change& change);
  static void Tell(sdk::Snowflake lobbyId, const Call& call, sdk::VoiceEvent event, sdk::Snowflake user,
                   Change& change);

  std::map<sdk::Snowflake, Call> calls_;  // by lobby id; a call with no participant is erased
};

}  // namespace sim
