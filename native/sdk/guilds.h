// The port's guild and channel values: what discordpp's GuildMinimal, GuildChannel and LinkedLobby
// expose (Client::GetUserGuilds, Client::GetGuildChannels), as plain data both backends produce.
#pragma once

#include "generated/sdk_enums.h"  // the vendor enums, generated from seam/seam.json

#include <cstdint>
#include <optional>
#include <string>

#include "sdk/types.h"

namespace sdk {

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
  // Unknown (nullopt) only from a vendor SDK older than 1.7, which does not report it.
  std::optional<ChannelType> type = ChannelType::GuildText;
  int32_t position = 0;
  std::optional<Snowflake> parentId;  // the category the channel is in
  // The current user may link this channel to a lobby.
  bool isLinkable = false;
  // Every member of the guild can view the channel and send messages in it.
  bool isViewableAndWriteableByAllMembers = false;
  std::optional<LinkedLobby> linkedLobby;
};

}  // namespace sdk
