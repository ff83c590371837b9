// The port's activity invites and the join loop (discordpp SendActivityInvite,
// SendActivityJoinRequest, SendActivityJoinRequestReply, AcceptActivityInvite,
// RegisterLaunchCommand and the invite and join callbacks).
#pragma once

#include <functional>
#include <string>

#include "generated/port_methods.h"
#include "sdk/callbacks.h"
#include "sdk/invites.h"
#include "sdk/types.h"

// Operations (need a Ready client, otherwise ClientNotReady):
// SendActivityInvite: invites a user to join the sender's party. The sender's rich presence in
// this application must have a party and a join secret (HTTPError 400, 50035 otherwise); the
// invite is sent as a message, so the recipient must be one the sender may message (both online
// in the game with no block, friends, or a shared guild and a message before; HTTPError 403,
// 50007 otherwise).
// SendActivityJoinRequest: asks a user to let this user join its party (the same rule on who);
// that user gets an invite of type JoinRequest.
// SendActivityJoinRequestReply: answers a JoinRequest invite this user received with an invite to
// its party (the SendActivityInvite rules).
// AcceptActivityInvite: the join secret of a Join invite this user received, while it is valid:
// refused (HTTPError 400, 50035) once the sender's party is full or its presence no longer shows
// that party and secret; an unknown invite is 404 (10008).
// RegisterLaunchCommand: the command the chat client runs to start the game when the user accepts
// an invite outside it; true when recorded.
// Callbacks: an invite arrived / changed (isValid went false); the user accepted an invite in the
// chat client: the join secret, and the same with the invite's application.
#define SDK_INVITES_API_METHODS(X) \
  SDK_INVITES_SEAM_METHODS(X) \
  X(void, SetActivityInviteCreatedCallback, (ActivityInviteCallback cb), ) \
  X(void, SetActivityInviteUpdatedCallback, (ActivityInviteCallback cb), ) \
  X(void, SetActivityJoinCallback, (ActivityJoinCallback cb), ) \
  X(void, SetActivityJoinWithApplicationCallback, (ActivityJoinWithApplicationCallback cb), )

namespace sdk {

class InvitesApi : public CallbackTypes {
 public:
  using JoinSecretCallback = std::function<void(const Result&, std::string joinSecret)>;
  using ActivityInviteCallback = std::function<void(const ActivityInvite& invite)>;
  using ActivityJoinCallback = std::function<void(const std::string& joinSecret)>;
  using ActivityJoinWithApplicationCallback = std::function<void(const ActivityJoin& join)>;

  SDK_INVITES_API_METHODS(SDK_PURE_VIRTUAL)

 protected:
  ~InvitesApi() = default;
};

}  // namespace sdk
