// The world's description of itself (NativeWorld.describeWorld, native/sim/service/world_describe.cc,
// read through lib/sim/inspector/world-view.ts): what the inspector shows and a world snapshot can
// be built on. It lists what simulated SDK clients and the harness made, and never a token or a
// secret.
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { describe, expect, it } from 'vitest';

import { root, sdk } from './sdk.js';
import { player } from './lobby-helpers.js';

const load = createRequire(import.meta.url);
const { describeWorld } = load(path.join(root, 'dist', 'sim', 'inspector', 'world-view.js')) as typeof import('../lib/sim/inspector/world-view.js');
const { nativeWorldOf } = load(path.join(root, 'dist', 'addon', 'native-worlds.js')) as typeof import('../lib/addon/native-worlds.js');

describe('describeWorld', () => {
  it('lists applications, users with status and relationships, lobbies with members and messages, calls and guilds', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const bob = await player(sim, 'bob');
    const carol = sim.createUser({ username: 'carol', globalName: 'Carol C' });
    sim.setFriends(alice.user, bob.user, { discord: true, game: false });
    await alice.client.setOnlineStatus('idle');
    await alice.client.updateRichPresence({ type: 'Playing', state: 'In a match', secrets: { join: 'join-secret-xyz' } });
    const lobbyId = await alice.client.createOrJoinLobby('lobby-secret-abc', { lobbyMetadata: { mode: 'duel' } });
    await bob.client.createOrJoinLobby('lobby-secret-abc');
    for (let i = 0; i < 3; i++) await alice.client.sendLobbyMessage(lobbyId, `hello ${i}`);
    await alice.client.startCall(lobbyId);
    const guild = sim.createGuild({ name: 'Guild One', owner: carol });
    const channel = sim.createGuildChannel(guild, { name: 'general' });

    const world = nativeWorldOf(sim);
    const view = describeWorld(world, 2);
    expect(view.now).toBe(sim.now());
    expect(view.applications.map((a) => a.name)).toContain('Simulated Game');
    const byName = new Map(view.users.map((u) => [u.username, u]));
    expect(byName.get('alice')).toMatchObject({ status: 'idle', signedInTo: [sim.defaultApplication.id], activity: { state: 'In a match' } });
    expect(byName.get('alice')!.relationships).toEqual([{ userId: bob.user.id, discord: 'Friend', game: 'None' }]);
    expect(byName.get('carol')).toMatchObject({ status: 'offline', displayName: 'Carol C', signedInTo: [] });

    const lobby = view.lobbies.find((l) => l.id === lobbyId)!;
    expect(lobby).toMatchObject({ applicationId: sim.defaultApplication.id, hasSecret: true, metadata: { mode: 'duel' }, messagesKept: 3 });
    expect(lobby.members.map((m) => [m.id, m.connected])).toEqual([[alice.user.id, true], [bob.user.id, true]]);
    // The last two of three messages, oldest first.
    expect(lobby.messages.map((m) => m.content)).toEqual(['hello 1', 'hello 2']);
    expect(view.calls).toEqual([{ lobbyId, applicationId: sim.defaultApplication.id, participants: [{ userId: alice.user.id, selfMute: false, selfDeaf: false }] }]);
    expect(view.guilds).toEqual([
      { id: guild.id, name: 'Guild One', ownerId: carol.id, members: [{ userId: carol.id, voiceChannelId: null, permissions: [] }], channels: [expect.objectContaining({ id: channel, name: 'general', type: 'GuildText' })] },
    ]);

    // No secret of the scenario appears in the view.
    const text = JSON.stringify(view);
    for (const secret of ['lobby-secret-abc', 'join-secret-xyz']) expect(text).not.toContain(secret);
    const grant = sim.issueToken(carol, sim.defaultApplication);
    expect(JSON.stringify(describeWorld(world))).not.toContain(grant.accessToken);
    await alice.client.endCall(lobbyId);
  });

  it('refuses a message count out of range', () => {
    const world = nativeWorldOf(new sdk.Simulator());
    expect(() => describeWorld(world, 201)).toThrow(RangeError);
    expect(() => world.describeWorld(201)).toThrow(RangeError);
  });
});
