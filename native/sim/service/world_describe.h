// World's description of itself for the inspector (world_describe.cc). Included inside class
// World (world.h), not a header of its own: the declaration beside its definition.

 public:
  // Everything the world holds, read under mutex_ at one instant (WorldView, world_view.h): the
  // applications, users, lobbies with their last `messagesPerLobby` messages, calls and guilds,
  // and the clock. Never a token or a secret, but with `lobbySecrets` each lobby's secret (a
  // snapshot asked for secrets: lib/sim/snapshot.ts).
  WorldView Describe(size_t messagesPerLobby, bool lobbySecrets = false) const;

 private:
