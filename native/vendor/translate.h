// Vendor values -> port values. Handles are read while they are valid (inside the vendor callback
// or call that produced them) and copied into plain port structs; nothing vendor-owned is kept.
#pragma once

#include <string>
#include <unordered_map>

#include <discordpp.h>

#include "sdk/invites.h"
#include "sdk/relationships.h"

#include "sdk/guilds.h"
#include "sdk/lobby.h"
#include "sdk/presence.h"
#include "sdk/voice.h"
#include "sdk/types.h"
#include "vendor/features.h"

namespace vendor {

using VendorMetadata = std::unordered_map<std::string, std::string>;

sdk::Result ToResult(const discordpp::ClientResult& result);
sdk::User ToUser(const discordpp::UserHandle& user);
sdk::Relationship ToRelationship(const discordpp::RelationshipHandle& relationship);
sdk::Metadata ToMetadata(const VendorMetadata& metadata);
VendorMetadata FromMetadata(const sdk::Metadata& metadata);
sdk::Lobby ToLobby(const discordpp::LobbyHandle& lobby);
sdk::MessagePtr ToMessage(const discordpp::MessageHandle& message);
sdk::Channel ToChannel(const discordpp::ChannelHandle& channel);
discordpp::Activity FromActivity(const sdk::Activity& activity);
sdk::Activity ToActivity(const discordpp::Activity& activity);
sdk::ActivityInvite ToActivityInvite(const discordpp::ActivityInvite& invite);
discordpp::ActivityInvite FromActivityInvite(const sdk::ActivityInvite& invite);
// "<what> is not available in SDK x.y.z (it needs <needs>)", x.y.z the library's version.
std::string NotAvailableIn(const char* what, const char* needs);

// `index`: the channel's place in the list GetGuildChannels gave (its position before SDK 1.7).
sdk::GuildChannel ToGuildChannel(const discordpp::GuildChannel& channel, int32_t index);
#if SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS
sdk::VoiceSettings ToVoiceSettings(const discordpp::VoiceSettings& settings);
#endif

// Whether a vendor enumerator and a port enumerator have the same integer value. The port's enums
// carry the vendor's values (static_asserts in the .cc files), so the conversions are casts.
template <typename Vendor, typename Port>
constexpr bool SameValue(Vendor vendor, Port port) {
  return static_cast<int32_t>(vendor) == static_cast<int32_t>(port);
}

inline sdk::Status ToStatus(discordpp::Client::Status status) {
  return static_cast<sdk::Status>(static_cast<int32_t>(status));
}
inline sdk::ConnectionError ToConnectionError(discordpp::Client::Error error) {
  return static_cast<sdk::ConnectionError>(static_cast<int32_t>(error));
}
inline sdk::LogSeverity ToSeverity(discordpp::LoggingSeverity severity) {
  return static_cast<sdk::LogSeverity>(static_cast<int32_t>(severity));
}
inline discordpp::LoggingSeverity FromSeverity(sdk::LogSeverity severity) {
  return static_cast<discordpp::LoggingSeverity>(static_cast<int32_t>(severity));
}
inline discordpp::AuthorizationTokenType FromTokenType(sdk::TokenType type) {
  return static_cast<discordpp::AuthorizationTokenType>(static_cast<int32_t>(type));
}

}  // namespace vendor
