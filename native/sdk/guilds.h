// The port's guild and channel values: what discordpp's GuildMinimal, GuildChannel and LinkedLobby
// expose (Client::GetUserGuilds, Client::GetGuildChannels), as plain data both backends produce.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sdk/types.h"

namespace sdk {

// Mirrors discordpp::ChannelType; the integer values are the vendor's.
enum class ChannelType : int32_t {
  GuildText = 0,
  Dm = 1,
  GuildVoice = 2,
  GroupDm = 3,
  GuildCategory = 4,
  GuildNews = 5,
  GuildStore = 6,
  GuildNewsThread = 10,
  GuildPublicThread = 11,
  GuildPrivateThread = 12,
  GuildStageVoice = 13,
  GuildDirectory = 14,
  GuildForum = 15,
  GuildMedia = 16,
  Lobby = 17,
  EphemeralDm = 18,
};

struct GuildMinimal {
  Snowflake id = 0;
  std::string name;
};

// The lobby a guild channel is linked to.
struct LinkedLobby {
  Snowflake applicationId = 0;
  Snowflake lobbyId = 0;
};

struct GuildChannel {
  Snowflake id = 0;
  std::string name;
  ChannelType type = ChannelType::GuildText;
  int32_t position = 0;
  std::optional<Snowflake> parentId;  // the category the channel is in
  // The current user may link this channel to a lobby.
  bool isLinkable = false;
  // Every member of the guild can view the channel and send messages in it.
  bool isViewableAndWriteableByAllMembers = false;
  std::optional<LinkedLobby> linkedLobby;
};

}  // namespace sdk
