// Lobby lifecycle rules of the official sources: idle lobbies are deleted, create-or-join secrets
// expire, and the per-user lobby cap (with the bulk update's silent drop). Sources named per test:
// ML = discord-api-docs developers/discord-social-sdk/development-guides/managing-lobbies.mdx,
// LOBBY = discord-api-docs developers/resources/lobby.mdx, HEADER = the vendor header discordpp.h
// (SDK 1.9.16441) documentation comments.
import { describe, expect, it } from 'vitest';

import { sdk, type Client } from './sdk.js';
import { player, players, rejectionOf } from './lobby-helpers.js';
import { serve } from './service-helpers.js';

const seconds = (s: number) => s * 1000;
const days = (d: number) => d * 24 * 60 * 60 * 1000;
const DEFAULT_IDLE_MS = seconds(300);

describe('idle lobbies are deleted', () => {
  // ML "Lobby Lifecycle": "if a lobby sits idle, with no one connected to it at all, for more than
  // that time, we will automatically delete the lobby. But as long as one person is connected, the
  // lobby won't be deleted (and the timer resets too). This value defaults to 5 minutes".
  it('a lobby nobody is connected to goes once it has been idle for more than 5 minutes; the server then gets 404 10031', async () => {
    const sim = new sdk.Simulator();
    const { call } = await serve(sim);
    const id = sim.createLobby();
    sim.advance(DEFAULT_IDLE_MS);
    expect(sim.getLobby(id)).not.toBeNull(); // idle for exactly 5 minutes: not more than that yet
    sim.advance(1);
    expect(sim.getLobby(id)).toBeNull();
    expect(await call('GET', `/lobbies/${id}`)).toMatchObject({ status: 404, body: { code: 10031 } });
  });

  // HEADER, LobbyHandle "Lobby Auto-Deletion": idle means "no users are actively connected to them";
  // connected means "they have the SDK running and status is set to Ready".
  it('never while a member is connected; the idle time counts from the last member going, and restarts when one comes back', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const bob = await player(sim, 'bob');
    const id = await alice.client.createOrJoinLobby('party');
    await bob.client.createOrJoinLobby('party');
    await bob.client.close();
    sim.advance(days(1)); // alice is still connected
    expect(sim.getLobby(id)).not.toBeNull();
    await alice.client.close();
    sim.advance(seconds(240));
    // bob comes back for a moment: the timer restarts when he goes again.
    const again: Client = await sim.connectClient(bob.user);
    expect(again.getLobbyIds()).toEqual([id]);
    await again.close();
    sim.advance(seconds(240));
    expect(sim.getLobby(id)).not.toBeNull();
    sim.advance(seconds(60) + 1);
    expect(sim.getLobby(id)).toBeNull();
    // A member who connects afterwards no longer has it.
    const later = await sim.connectClient(alice.user);
    expect(later.getLobbyIds()).toEqual([]);
    expect(await rejectionOf(later.sendLobbyMessage(id, 'anyone?'))).toMatchObject({ type: 'HTTPError', status: 404, code: 10031 });
    await later.close();
  });

  // HEADER, LobbyHandle "Lobby Auto-Deletion": "lobbies that are linked to a channel on Discord will
  // not be auto deleted."
  it('never while a channel is linked; once unlinked, it is idle from then', async () => {
    const sim = new sdk.Simulator();
    const id = sim.createLobby();
    sim.linkLobbyChannel(id, { id: '1001', name: 'party-chat', guildId: '2002' });
    sim.advance(days(8));
    expect(sim.getLobby(id)).not.toBeNull();
    sim.linkLobbyChannel(id, null);
    sim.advance(DEFAULT_IDLE_MS);
    expect(sim.getLobby(id)).not.toBeNull();
    sim.advance(1);
    expect(sim.getLobby(id)).toBeNull();
  });

  // LOBBY, Create Lobby / Modify Lobby: idle_timeout_seconds, "seconds to wait before shutting down a
  // lobby after it becomes idle".
  it('the idle timeout the server sets (create or modify) is the one that counts', async () => {
    const sim = new sdk.Simulator();
    const { call } = await serve(sim);
    const long: string = (await call('POST', '/lobbies', { body: { idle_timeout_seconds: 3600 } })).body.id;
    const short: string = (await call('POST', '/lobbies', { body: {} })).body.id;
    expect(await call('PATCH', `/lobbies/${short}`, { body: { idle_timeout_seconds: 5 } })).toMatchObject({ status: 200 });
    sim.advance(seconds(5) + 1);
    expect(sim.getLobby(short)).toBeNull();
    sim.advance(seconds(3600) - seconds(5) - 1);
    expect(sim.getLobby(long)).not.toBeNull();
    sim.advance(1);
    expect(await call('GET', `/lobbies/${long}`)).toMatchObject({ status: 404, body: { code: 10031 } });
  });
});

describe('create-or-join secrets expire after 30 days', () => {
  // ML "Lobby Lifecycle": the secret "expires after 30 days, so the lobby will still exist, but new
  // users won't be able to join the lobby after that"; HEADER, Client::CreateOrJoinLobby: "The
  // "secret" value expires after ~30 days, at which point the existing lobby cannot be joined and a
  // new one would be created instead." (~30 days: the simulator takes exactly 30, our choice.)
  it('until then the secret joins the lobby; from then on it creates a new lobby, and the old one lives on', async () => {
    const sim = new sdk.Simulator();
    const users = ['alice', 'bob', 'carol'].map((username) => sim.createUser({ username }));
    const join = async (index: number, secret: string): Promise<string> => {
      const client = await sim.connectClient(users[index]!);
      try {
        return await client.createOrJoinLobby(secret);
      } finally {
        await client.close();
      }
    };
    const first = await join(0, 'party');
    // Linked, so it is never idle (HEADER, LobbyHandle): only the secret ages.
    sim.linkLobbyChannel(first, { id: '1001', name: 'party-chat', guildId: '2002' });
    sim.advance(days(30) - 1);
    expect(await join(1, 'party')).toBe(first);
    sim.advance(1);
    const second = await join(2, 'party');
    expect(second).not.toBe(first);
    expect(sim.getLobby(first)!.members.map((m) => m.id)).toEqual([users[0]!.id, users[1]!.id]);
    // A member of the old lobby is no exception: the secret now names the new lobby.
    expect(await join(0, 'party')).toBe(second);
    expect(sim.getLobby(second)!.members.map((m) => m.id)).toEqual([users[2]!.id, users[0]!.id]);
    // The old lobby's going leaves the secret with the new one.
    sim.deleteLobby(first);
    expect(await join(1, 'party')).toBe(second);
  });
});

describe('the lobby cap per user', () => {
  // The cap: HEADER (SDK 1.5 to 1.9), LobbyHandle "Membership Limits": "each user may be in a maximum of
  // 200 lobbies per game"; ML "Lobby Members" still says 100. The simulator follows the header (see
  // limits.lobbiesPerUser).
  async function userAtCap(sim: InstanceType<typeof sdk.Simulator>) {
    const capped = sim.createUser({ username: 'capped' });
    const lobbies = Array.from({ length: 200 }, () => sim.createLobby());
    for (const lobby of lobbies) sim.bulkUpdateLobbyMembers(lobby, [{ user: capped }]);
    return { capped, lobbies };
  }

  // LOBBY, Bulk Update Lobby Members: "Users unknown to Discord will return a 404 UNKNOWN_USER error.
  // Users that fail permission checks or who have already reached the maximum number of lobbies per
  // application (and are not already a member of this lobby) are silently dropped from the upsert set."
  it('a bulk update drops a user at the cap silently and adds the others; an unknown user is 404 10013', async () => {
    const { sim, all: [alice] } = await players(1);
    const { call } = await serve(sim);
    const { capped } = await userAtCap(sim);
    const id: string = (await call('POST', '/lobbies', { body: {} })).body.id;
    const bulk = await call('POST', `/lobbies/${id}/members/bulk`, { body: [{ id: capped.id }, { id: alice!.user.id }] });
    expect(bulk).toMatchObject({ status: 200, body: [{ id: alice!.user.id }] });
    expect(sim.getLobby(id)!.members.map((m) => m.id)).toEqual([alice!.user.id]);
    // The harness's bulk update is the same rule.
    sim.bulkUpdateLobbyMembers(id, [{ user: capped }]);
    expect(sim.getLobby(id)!.members.map((m) => m.id)).toEqual([alice!.user.id]);
    expect(await call('POST', `/lobbies/${id}/members/bulk`, { body: [{ id: capped.id }, { id: '999' }] })).toMatchObject({
      status: 404,
      body: { code: 10013 },
    });
  });

  it('a user at the cap who is already a member is updated, not dropped', async () => {
    const sim = new sdk.Simulator();
    const { call } = await serve(sim);
    const { capped, lobbies } = await userAtCap(sim);
    const bulk = await call('POST', `/lobbies/${lobbies[0]}/members/bulk`, { body: [{ id: capped.id, metadata: { seat: '1' } }] });
    expect(bulk).toMatchObject({ status: 200, body: [{ id: capped.id, metadata: { seat: '1' } }] });
  });

  // Where the sources are silent the simulator refuses (our choice): a single add answers the member
  // object, so a user at the cap cannot be dropped silently there; creating a lobby with members and
  // replacing them (PATCH) refuse the request too, as they did before; so does every join by the
  // user itself (SDK CreateOrJoinLobby, PUT /lobbies).
  it('the other ways in refuse a user at the cap with 400 and change nothing', async () => {
    const sim = new sdk.Simulator();
    const { call } = await serve(sim);
    const { capped } = await userAtCap(sim);
    const id: string = (await call('POST', '/lobbies', { body: {} })).body.id;
    expect(await call('PUT', `/lobbies/${id}/members/${capped.id}`, { body: {} })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('PATCH', `/lobbies/${id}`, { body: { members: [{ id: capped.id }] } })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('POST', '/lobbies', { body: { members: [{ id: capped.id }] } })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(sim.getLobby(id)!.members).toEqual([]);
    const token = sim.issueToken(capped, sim.defaultApplication).accessToken;
    expect(await call('PUT', '/lobbies', { bearer: token, body: { secret: 'one-more' } })).toMatchObject({ status: 400 });
    const client = await sim.connectClient(capped);
    expect(await rejectionOf(client.createOrJoinLobby('one-more'))).toMatchObject({ type: 'HTTPError', status: 400 });
    await client.close();
  });
});
