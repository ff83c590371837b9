// The harness's JS face of one simulated world (sim::World), and the simulator's module init.
// Lives beside the simulator (not in native/) because it is the one N-API file that knows sim/.
#pragma once

#include <memory>
#include <stdexcept>

#include <napi.h>

#include "napi/addon.h"
#include "sim/client/backend.h"
#include "sim/service/http_failure.h"

namespace sim {

// A request the simulated service refused, as JS sees it: a RangeError with the HTTP `status`
// and the service's JSON error `code` (the simulated HTTP service answers with them).
Napi::Error ServiceFailureToJs(Napi::Env env, int32_t status, int32_t code, const std::string& message);

// World operations report bad harness input as std::invalid_argument and refused server-API
// requests as ServiceError (an invalid_argument); JS gets a RangeError, with status and code for
// the latter.
template <typename Fn>
auto Guarded(Napi::Env env, Fn&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const ServiceError& error) {
    throw ServiceFailureToJs(env, error.status(), error.code(), error.what());
  } catch (const std::invalid_argument& error) {
    throw Napi::RangeError::New(env, error.what());
  }
}

// { id, name, botUserId, parentId (null for none), publisherLinking }: an application as the
// harness and the simulated HTTP service see it.
Napi::Object ApplicationToJs(Napi::Env env, const Application& app);

// [{ userId, remove?, metadata?, additionalName? (string | null), flags? }], as the harness and
// the simulated HTTP service hand member updates over.
std::vector<MemberUpdate> MemberUpdatesFromJs(const Napi::Value& list, const char* what);

class WorldWrap final : public Napi::ObjectWrap<WorldWrap> {
 public:
  static void Init(Napi::Env env, Napi::Object exports);
  // Throws a JS TypeError unless `value` is a NativeWorld.
  static std::shared_ptr<sdk::Backend> BackendOf(Napi::Value value);

  // new NativeWorld({ major, minor, build, hash })
  explicit WorldWrap(const Napi::CallbackInfo& info);

 private:
  Napi::Value Now(const Napi::CallbackInfo& info);
  Napi::Value Advance(const Napi::CallbackInfo& info);                  // (ms)
  Napi::Value CreateApplication(const Napi::CallbackInfo& info);        // (name)
  Napi::Value CreateUser(const Napi::CallbackInfo& info);               // ({ id?, username, globalName?, provisional })
  Napi::Value GetUser(const Napi::CallbackInfo& info);                  // (id)
  Napi::Value IssueToken(const Napi::CallbackInfo& info);               // (userId, applicationId, ttlMs)
  Napi::Value RevokeToken(const Napi::CallbackInfo& info);              // (token)
  Napi::Value DropConnections(const Napi::CallbackInfo& info);          // (userId)
  Napi::Value EmitLogs(const Napi::CallbackInfo& info);                 // (userId, count, severity, message, voice?)
  Napi::Value GetVersion(const Napi::CallbackInfo& info);

  // The game backend's lobby operations and the harness controls (world_wrap_harness.cc).
  Napi::Value CreateLobby(const Napi::CallbackInfo& info);              // (applicationId, secret?, metadata)
  Napi::Value BulkUpdateLobbyMembers(const Napi::CallbackInfo& info);   // (lobbyId, [{ userId, remove, metadata?, additionalName? }])
  Napi::Value SetMessageModeration(const Napi::CallbackInfo& info);     // (lobbyId, messageId, metadata)
  Napi::Value LinkLobbyChannel(const Napi::CallbackInfo& info);         // (lobbyId, { id, name, guildId } | null)
  Napi::Value DeleteLobby(const Napi::CallbackInfo& info);              // (lobbyId)
  Napi::Value EditLobbyMessageInLinkedChannel(const Napi::CallbackInfo& info);    // (userId, lobbyId, messageId, content)
  Napi::Value DeleteLobbyMessageInLinkedChannel(const Napi::CallbackInfo& info);  // (userId, lobbyId, messageId)
  Napi::Value GetLobby(const Napi::CallbackInfo& info);                 // (lobbyId) -> server view | null
  Napi::Value SetLatency(const Napi::CallbackInfo& info);               // (ms)
  Napi::Value FailNext(const Napi::CallbackInfo& info);                 // (kind, count, failure, userId)
  Napi::Value ClearFailures(const Napi::CallbackInfo& info);
  Napi::Value Settle(const Napi::CallbackInfo& info);                   // (requestId): Result event for client 0
  Napi::Value Generation(const Napi::CallbackInfo& info);               // () -> decimal string

  // The local chat clients and the log build (world_wrap_voice.cc).
  Napi::Value SetDebugLogs(const Napi::CallbackInfo& info);               // (debug)
  Napi::Value GetChatClient(const Napi::CallbackInfo& info);              // (userId) -> { running, rpcConnected, voiceSettings }
  Napi::Value SetChatClientRunning(const Napi::CallbackInfo& info);       // (userId, running)
  Napi::Value SetChatClientRpcConnected(const Napi::CallbackInfo& info);  // (userId, connected)
  Napi::Value SetChatClientVoiceSettings(const Napi::CallbackInfo& info); // (userId, settings)
  // Each user's machine (world_wrap_voice.cc).
  Napi::Value GetMachineAudio(const Napi::CallbackInfo& info);    // (userId) -> { inputDevices, outputDevices, inputLevel }
  Napi::Value PlugAudioDevice(const Napi::CallbackInfo& info);    // (userId, input, { id, name }, makeDefault)
  Napi::Value UnplugAudioDevice(const Napi::CallbackInfo& info);  // (userId, deviceId)
  Napi::Value SetInputLevel(const Napi::CallbackInfo& info);      // (userId, dBFS)
  // Guilds, channels and direct-message moderation of the harness (world_wrap_guilds.cc).
  Napi::Value CreateGuild(const Napi::CallbackInfo& info);              // (name, ownerId) -> id
  Napi::Value AddGuildMember(const Napi::CallbackInfo& info);           // (guildId, userId, permissions)
  Napi::Value RemoveGuildMember(const Napi::CallbackInfo& info);        // (guildId, userId)
  Napi::Value CreateGuildChannel(const Napi::CallbackInfo& info);       // (guildId, { name, type, position, parentId?, overwrites? }) -> id
  Napi::Value UpdateGuildChannel(const Napi::CallbackInfo& info);       // (channelId, { name?, position?, parentId?, overwrites? })
  Napi::Value SetBotVoiceConnection(const Napi::CallbackInfo& info);    // (applicationId, channelId, connected)
  Napi::Value SetUserMessageModeration(const Napi::CallbackInfo& info); // (messageId, metadata)
  // Presence and game identity (world_wrap_presence.cc).
  Napi::Value SetApplicationInviteCoverImage(const Napi::CallbackInfo& info);  // (applicationId, image | null)
  Napi::Value SetApplicationProfiles(const Napi::CallbackInfo& info);          // (userId, profiles) -> user

  // The simulated HTTP service's entries (world_wrap_service.cc): the server API as a bot of an
  // application or as a user holding an access token. Refusals: RangeError with status and code.
  Napi::Value GetLatency(const Napi::CallbackInfo& info);          // () -> ms
  Napi::Value GetApplication(const Napi::CallbackInfo& info);      // (id) -> { id, name, botUserId } | null
  Napi::Value Authenticate(const Napi::CallbackInfo& info);        // (token) -> { userId, applicationId } | { failure }
  Napi::Value ModifyLobby(const Napi::CallbackInfo& info);         // (lobbyId, { metadata?, members?, idleTimeoutSeconds? })
  Napi::Value UserCreateOrJoinLobby(const Napi::CallbackInfo& info);  // (app, user, secret, lobbyMetadata?, memberMetadata?) -> id
  Napi::Value UserLeaveLobby(const Napi::CallbackInfo& info);      // (app, user, lobbyId)
  Napi::Value UserSendLobbyMessage(const Napi::CallbackInfo& info);   // (app, user, lobbyId, content, metadata) -> message
  Napi::Value UserReadLobbyMessages(const Napi::CallbackInfo& info);  // (app, user, lobbyId, limit) -> messages
  Napi::Value UserLinkChannel(const Napi::CallbackInfo& info);     // (app, user, lobbyId, channelId | null)
  Napi::Value CreateLobbyChannelInvite(const Napi::CallbackInfo& info);  // (app, lobbyId, targetUser) -> invite
  Napi::Value AcceptChannelInvite(const Napi::CallbackInfo& info);       // (code, userId) -> invite
  Napi::Value SetVoiceChannelStatus(const Napi::CallbackInfo& info);     // (app, channelId, status | null, reason?)
  Napi::Value GetVoiceChannelStatus(const Napi::CallbackInfo& info);     // (channelId) -> string | null
  Napi::Value GetGuildChannel(const Napi::CallbackInfo& info);           // (channelId) -> {type, position, parentId} | null
  Napi::Value GetAuditLog(const Napi::CallbackInfo& info);               // (guildId) -> entries
  // Relationships (world_wrap_presence.cc).
  Napi::Value SetFriends(const Napi::CallbackInfo& info);  // (userA, userB, discord, game)
  Napi::Value SetProfilePrivacy(const Napi::CallbackInfo& info);  // (userId, 0 everyone | 1 friends & small servers | 2 friends only)
  // Sign-in (world_wrap_auth.cc).
  Napi::Value GetConsentPrompts(const Napi::CallbackInfo& info);         // (userId) -> [{ applicationId, scopes }]
  Napi::Value AnswerConsent(const Napi::CallbackInfo& info);             // (userId, approve)
  Napi::Value RemoveAuthorization(const Napi::CallbackInfo& info);       // (userId, applicationId) -> count
  // The token endpoints of the simulated HTTP service (world_wrap_auth.cc). Refused: RangeError 400.
  Napi::Value ExchangeCode(const Napi::CallbackInfo& info);   // (app, code, verifier, redirectUri) -> tokens
  Napi::Value RefreshGrant(const Napi::CallbackInfo& info);   // (app, refreshToken) -> tokens
  Napi::Value RevokeGrant(const Napi::CallbackInfo& info);    // (app, token)
  Napi::Value ExchangeChildToken(const Napi::CallbackInfo& info);  // (parentToken, childAppId) -> tokens
  // Webhook events of the simulated HTTP service (world_wrap_webhooks.cc).
  Napi::Value SetWebhookSubscribed(const Napi::CallbackInfo& info);  // (app, subscribed)
  Napi::Value TakeWebhookNotices(const Napi::CallbackInfo& info);    // () -> { notices, dropped }
  // Activity invites in the chat client (world_wrap_invites.cc).
  Napi::Value GetChatClientInvites(const Napi::CallbackInfo& info);      // (userId) -> [{ invite, content }]
  Napi::Value GetLaunchCommands(const Napi::CallbackInfo& info);         // (userId) -> { registered, launched }
  Napi::Value AcceptActivityInviteInChatClient(const Napi::CallbackInfo& info);  // (userId, messageId)
  Napi::Value RequestAccountLink(const Napi::CallbackInfo& info);        // (userId, applicationId) -> count
  Napi::Value GetBrowserPages(const Napi::CallbackInfo& info);           // (userId) -> [{ url } | { authorize }]
  Napi::Value OpenBrowserPage(const Napi::CallbackInfo& info);           // (userId, url)
  Napi::Value OpenAuthorizePage(const Napi::CallbackInfo& info);         // (userId, { applicationId, scopes, state, codeChallenge, redirectUri })
  Napi::Value AnswerAuthorizePage(const Napi::CallbackInfo& info);       // (userId, approve) -> redirect
  Napi::Value SetConnectionEntrypointUrl(const Napi::CallbackInfo& info);  // (applicationId, url)
  Napi::Value IssueExternalToken(const Napi::CallbackInfo& info);        // (applicationId, type, subject, ttlMs, issuer?) -> token
  Napi::Value BanUser(const Napi::CallbackInfo& info);                   // (userId, banned) -> identities moved (ban)
  // The game server's provisional accounts and the OIDC issuer configuration
  // (world_wrap_provisional.cc). Refused: RangeError with status and code.
  Napi::Value ExchangeExternalToken(const Napi::CallbackInfo& info);    // (app, type, externalAuthToken) -> tokens
  Napi::Value BotProvisionalToken(const Napi::CallbackInfo& info);      // (app, externalUserId, preferredGlobalName?) -> tokens
  Napi::Value UnmergeExternalIdentity(const Napi::CallbackInfo& info);  // (app, type, externalAuthToken)
  Napi::Value UnmergeBotIdentity(const Napi::CallbackInfo& info);       // (app, externalUserId)
  Napi::Value ApplicationIdentities(const Napi::CallbackInfo& info);    // (app) -> [{userId, type, subject}]
  Napi::Value DeleteApplicationIdentity(const Napi::CallbackInfo& info);  // (app, user, type, subject) -> bool
  Napi::Value ConfigureOidc(const Napi::CallbackInfo& info);            // (app, config | null)
  Napi::Value GetOidcConfiguration(const Napi::CallbackInfo& info);     // (app) -> config | null

  World& world() { return *backend_->world(); }

  std::shared_ptr<WorldBackend> backend_;
};

}  // namespace sim
