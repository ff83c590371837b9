// The port's lobby and message values: what discordpp's LobbyHandle, LobbyMemberHandle,
// LinkedChannel and MessageHandle expose, as plain data both backends can produce.
#pragma once

#include "generated/sdk_enums.h"  // the vendor enums, generated from seam/seam.json

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sdk/types.h"

namespace sdk {

// String key-value pairs (lobby, member and message metadata; moderation metadata). Ordered, so
// every client and every transcript sees the keys in the same order.
using Metadata = std::map<std::string, std::string>;

struct LobbyMember {
  Snowflake id = 0;
  Metadata metadata;
  // The member has a client of the lobby's application connected to the service.
  bool connected = false;
  // The member may link a channel to the lobby (LobbyMemberHandle::CanLinkLobby: the CanLinkLobby
  // flag, which only the game backend sets, through the server API).
  bool canLinkLobby = false;
  // The member as a user (LobbyMemberHandle::User), as the client that reads the lobby sees it.
  std::optional<User> user;
};

// A participant of a lobby's call, with its voice state (CallInfoHandle::GetParticipants and
// GetVoiceStateHandle).
struct CallParticipant {
  Snowflake userId = 0;
  bool selfMute = false;
  bool selfDeaf = false;
};

// A lobby's active call as every member sees it, joined or not (LobbyHandle::GetCallInfoHandle).
struct LobbyCallInfo {
  Snowflake channelId = 0;  // CallInfoHandle::ChannelId: the lobby
  Snowflake guildId = 0;    // CallInfoHandle::GuildId; 0: none
  std::vector<CallParticipant> participants;  // in the order they joined
};

struct LinkedChannel {
  Snowflake id = 0;
  std::string name;
  Snowflake guildId = 0;
};

struct Lobby {
  Snowflake id = 0;
  Metadata metadata;
  std::vector<LobbyMember> members;  // in the order they joined
  std::optional<LinkedChannel> linkedChannel;
  // The active call, when there is one (LobbyHandle::GetCallInfoHandle).
  std::optional<LobbyCallInfo> callInfo;
};

// What a message holds besides its text that the SDK does not render, such as attachments or a
// poll sent from the Discord client (discordpp::AdditionalContent).
struct AdditionalContent {
  AdditionalContentType type = AdditionalContentType::Other;
  std::optional<std::string> title;  // e.g. a poll's question; nullopt when none
  uint8_t count = 0;                 // e.g. how many attachments
};

struct Message {
  Snowflake id = 0;
  std::string content;
  // The content as sent, markup not replaced (MessageHandle::RawContent; Content replaces mentions
  // and emojis with a readable form).
  std::string rawContent;
  // The application it was sent from, if any (MessageHandle::ApplicationId).
  std::optional<Snowflake> applicationId;
  Snowflake authorId = 0;
  // For lobby messages the channel is the lobby (the service uses the lobby id as channel id).
  Snowflake channelId = 0;
  std::optional<Snowflake> lobbyId;
  uint64_t sentAtMs = 0;    // ms since the Unix epoch
  uint64_t editedAtMs = 0;  // 0: never edited
  Metadata metadata;
  // Application-scoped, set only by the game backend (MessageHandle::ModerationMetadata).
  Metadata moderationMetadata;
  // The author's lobby-member additional name (e.g. a character name); set only by the game
  // backend (MessageHandle::AdditionalName, SDK 1.10+).
  std::optional<std::string> additionalName;
  // For a direct message, the user it was sent to (MessageHandle::RecipientId); 0 otherwise.
  Snowflake recipientId = 0;
  // Set only on the notices the SDK itself puts into a conversation (a legal disclosure that the
  // messages are visible on Discord), never on chat a user sent (MessageHandle::DisclosureType).
  std::optional<DisclosureType> disclosureType;
  // Sent from a game through the SDK rather than from the Discord client (MessageHandle::
  // SentFromGame). The simulated service sets it on every message it makes (it has no Discord
  // client that chats); the vendor adapter reads the library's answer.
  bool sentFromGame = false;
  // Content the SDK does not render (attachments, polls, ... sent from the Discord client).
  std::optional<AdditionalContent> additionalContent;
};

// Messages are immutable once made: an update makes a new one. Shared, so one message fanned out
// to a thousand lobby members is one allocation.
using MessagePtr = std::shared_ptr<const Message>;

// The channel a message was sent in, as ChannelHandle shows it (Client::GetChannelHandle): for
// the SDK a direct-message channel, an ephemeral one, or a lobby (whose channel id is its id).
struct Channel {
  Snowflake id = 0;
  // "Generally only channels in servers have names"; empty for lobbies and direct messages.
  std::string name;
  ChannelType type = ChannelType::Dm;
  // For DMs and group DMs the user ids of the channel's members; empty for other channels.
  std::vector<Snowflake> recipients;
};

}  // namespace sdk
