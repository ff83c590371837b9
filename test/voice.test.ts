import { describe, expect, it } from 'vitest';

import { sdk, type CallStatusChange, type Client, type VoiceParticipantEvent, type VoiceStateEvent } from './sdk.js';
import { player, players, rejectionOf, type Player } from './lobby-helpers.js';

const { SocialSdkError } = sdk;

/** Everything voice a client receives, from now on. */
function voiceOf(client: Client) {
  const statuses: CallStatusChange[] = [];
  const participants: VoiceParticipantEvent[] = [];
  const states: VoiceStateEvent[] = [];
  client.on('callStatusChanged', (change) => statuses.push(change));
  client.on('voiceParticipantChanged', (event) => participants.push(event));
  client.on('voiceStateChanged', (event) => states.push(event));
  return { statuses, participants, states };
}

/** Players `count` of them, all members of one lobby, with their voice events recorded. */
async function lobbyOf(count: number) {
  const { sim, all } = await players(count);
  const lobbyId = await all[0]!.client.createOrJoinLobby('voice-room');
  for (const p of all.slice(1)) await p.client.createOrJoinLobby('voice-room');
  await sim.settle();
  return { sim, lobbyId, all: all.map((p) => ({ ...p, voice: voiceOf(p.client) })) };
}

const ids = (all: Player[]) => all.map((p) => p.user.id);

describe('startCall', () => {
  it('goes through joining, connecting, signalingConnected and connected, and ends through disconnecting', async () => {
    const { sim, lobbyId, all: [alice] } = await lobbyOf(1);
    await alice!.client.startCall(lobbyId);
    expect(alice!.client.getCall(lobbyId)).toEqual({
      lobbyId,
      // Call::GetChannelId / GetGuildId: "the ID of the lobby with which this call is associated";
      // a lobby's call is in no guild.
      channelId: lobbyId,
      guildId: null,
      status: 'connected',
      participants: [{ userId: alice!.user.id, selfMute: false, selfDeaf: false, volume: 100, localMute: false }],
      selfMute: false,
      selfDeaf: false,
      inputMode: { mode: 'voiceActivity', threshold: 'automatic' },
      pushToTalkActive: false,
    });
    await alice!.client.endCall(lobbyId);
    await sim.settle();
    expect(alice!.voice.statuses).toEqual(
      ['joining', 'connecting', 'signalingConnected', 'connected', 'disconnecting', 'disconnected'].map((status) => ({
        lobbyId,
        status,
        error: 'none',
        errorDetail: 0,
      })),
    );
    expect(alice!.voice.participants).toEqual([{ lobbyId, userId: alice!.user.id, added: true }]);
    expect(alice!.client.getCall(lobbyId)).toBeNull();
  });

  it('waits for the injected latency before it connects', async () => {
    const { sim, lobbyId, all: [alice] } = await lobbyOf(1);
    sim.setLatency(50);
    let connected = false;
    const started = alice!.client.startCall(lobbyId).then(() => (connected = true));
    await sim.settle();
    expect(alice!.client.getCall(lobbyId)!.status).toBe('joining');
    expect(alice!.client.getCall(lobbyId)!.participants).toEqual([]);
    expect(connected).toBe(false);
    sim.advance(50);
    await started;
    expect(alice!.client.getCall(lobbyId)!.status).toBe('connected');
  });

  it('a planned fault ends the call with signalingConnectionFailed and rejects with a retryable NetworkError', async () => {
    const { sim, lobbyId, all: [alice, bob] } = await lobbyOf(2);
    await bob!.client.startCall(lobbyId);
    sim.failNext('startCall', { error: { type: 'NetworkError', code: 4006 } });
    const error = await rejectionOf(alice!.client.startCall(lobbyId));
    expect(error).toBeInstanceOf(SocialSdkError);
    expect(error).toMatchObject({ type: 'NetworkError', code: 4006, retryable: true });
    await sim.settle();
    expect(alice!.voice.statuses.at(-1)).toEqual({ lobbyId, status: 'disconnected', error: 'signalingConnectionFailed', errorDetail: 4006 });
    expect(bob!.client.getCall(lobbyId)!.participants.map((p) => p.userId)).toEqual([bob!.user.id]);
    // The next attempt is not failed.
    await alice!.client.startCall(lobbyId);
    expect(alice!.client.getCall(lobbyId)!.participants.map((p) => p.userId)).toEqual(ids([bob!, alice!]));
  });

  it('refuses a user who is not a member of the lobby: Forbidden, and the participants see nobody join', async () => {
    const { sim, lobbyId, all: [alice, bob] } = await lobbyOf(2);
    await bob!.client.leaveLobby(lobbyId);
    await alice!.client.startCall(lobbyId);
    await sim.settle();
    const error = await rejectionOf(bob!.client.startCall(lobbyId));
    expect(error).toBeInstanceOf(SocialSdkError);
    expect(error.type).toBe('AuthorizationFailed');
    expect(error.message).toMatch(/forbidden/);
    await sim.settle();
    expect(bob!.voice.statuses.map((s) => [s.status, s.error])).toEqual([
      ['joining', 'none'],
      ['connecting', 'none'],
      ['signalingConnected', 'none'],
      ['disconnected', 'forbidden'],
    ]);
    expect(bob!.client.getCall(lobbyId)).toBeNull();
    expect(alice!.voice.participants).toEqual([{ lobbyId, userId: alice!.user.id, added: true }]);
    expect(alice!.client.getCall(lobbyId)!.participants.map((p) => p.userId)).toEqual([alice!.user.id]);
  });

  it('rejects a second start of the same call (ValidationError), before ready (ClientNotReady) and bad ids (RangeError)', async () => {
    const { sim, lobbyId, all: [alice] } = await lobbyOf(1);
    await alice!.client.startCall(lobbyId);
    expect(await rejectionOf(alice!.client.startCall(lobbyId))).toMatchObject({ type: 'ValidationError' });
    await expect(alice!.client.startCall('lobby')).rejects.toThrow(RangeError);
    const idle = sim.createClient();
    expect(await rejectionOf(idle.startCall(lobbyId))).toMatchObject({ type: 'ClientNotReady' });
    await idle.close();
    expect(await rejectionOf(idle.startCall(lobbyId))).toMatchObject({ type: 'ClientDestroyed' });
  });

  it('rejects with ClientDestroyed when the client closes before the call connects', async () => {
    const { sim, lobbyId, all: [alice] } = await lobbyOf(1);
    sim.setLatency(10);
    const started = alice!.client.startCall(lobbyId);
    await alice!.client.close();
    expect(await rejectionOf(started)).toMatchObject({ type: 'ClientDestroyed' });
  });
});

describe('participants and voice state', () => {
  it('each member sees the others join and leave the call, in order, with their voice state', async () => {
    const { sim, lobbyId, all: [alice, bob, carol] } = await lobbyOf(3);
    await alice!.client.startCall(lobbyId);
    bob!.client.setSelfMuteAll(true); // bob joins muted
    await bob!.client.startCall(lobbyId);
    await sim.settle();
    expect(alice!.voice.participants).toEqual([
      { lobbyId, userId: alice!.user.id, added: true },
      { lobbyId, userId: bob!.user.id, added: true },
    ]);
    expect(bob!.voice.participants).toEqual([{ lobbyId, userId: bob!.user.id, added: true }]);
    expect(alice!.client.getCall(lobbyId)!.participants).toEqual([
      { userId: alice!.user.id, selfMute: false, selfDeaf: false, volume: 100, localMute: false },
      { userId: bob!.user.id, selfMute: true, selfDeaf: false, volume: 100, localMute: false },
    ]);
    // Carol is a member but not in the call: she hears nothing of it.
    expect(carol!.voice.participants).toEqual([]);
    expect(carol!.client.getCall(lobbyId)).toBeNull();

    await bob!.client.endCall(lobbyId);
    await sim.settle();
    expect(alice!.voice.participants.at(-1)).toEqual({ lobbyId, userId: bob!.user.id, added: false });
    expect(alice!.client.getCall(lobbyId)!.participants.map((p) => p.userId)).toEqual([alice!.user.id]);
  });

  it('self mute and deaf reach the other participants as voiceStateChanged', async () => {
    const { sim, lobbyId, all: [alice, bob] } = await lobbyOf(2);
    await alice!.client.startCall(lobbyId);
    await bob!.client.startCall(lobbyId);
    await sim.settle();
    expect(bob!.client.setSelfMute(lobbyId, true)).toBe(true);
    await sim.settle();
    expect(alice!.voice.states).toEqual([{ lobbyId, userId: bob!.user.id }]);
    expect(alice!.client.getCall(lobbyId)!.participants[1]).toEqual({ userId: bob!.user.id, selfMute: true, selfDeaf: false, volume: 100, localMute: false });
    expect(bob!.client.getCall(lobbyId)).toMatchObject({ selfMute: true, selfDeaf: false });

    expect(bob!.client.setSelfDeaf(lobbyId, true)).toBe(true);
    bob!.client.setSelfDeaf(lobbyId, true); // no change: no event
    await sim.settle();
    expect(alice!.voice.states).toEqual([
      { lobbyId, userId: bob!.user.id },
      { lobbyId, userId: bob!.user.id },
    ]);
    expect(alice!.client.getCall(lobbyId)!.participants[1]).toEqual({ userId: bob!.user.id, selfMute: true, selfDeaf: true, volume: 100, localMute: false });

    // "All calls" overrides each call's own setting.
    alice!.client.setSelfMuteAll(true);
    expect(alice!.client.getSelfMuteAll()).toBe(true);
    expect(alice!.client.getSelfDeafAll()).toBe(false);
    await sim.settle();
    expect(bob!.voice.states).toContainEqual({ lobbyId, userId: alice!.user.id });
    expect(bob!.client.getCall(lobbyId)!.participants[0]).toEqual({ userId: alice!.user.id, selfMute: true, selfDeaf: false, volume: 100, localMute: false });
  });

  it('mute setters report whether there is a call, and check their input', async () => {
    const { lobbyId, all: [alice] } = await lobbyOf(1);
    expect(alice!.client.setSelfMute(lobbyId, true)).toBe(false);
    expect(() => alice!.client.setSelfMute(lobbyId, 'yes' as unknown as boolean)).toThrow(new TypeError('mute must be a boolean, got string'));
    expect(() => alice!.client.setSelfDeafAll(1 as unknown as boolean)).toThrow(TypeError);
    expect(() => alice!.client.getCall('-1')).toThrow(RangeError);
    expect(alice!.client.getSelfDeafAll()).toBe(false);
  });
});

describe('leaving', () => {
  it('leaving the lobby ends the call for the leaver; the others see the participant removed', async () => {
    const { sim, lobbyId, all: [alice, bob] } = await lobbyOf(2);
    await alice!.client.startCall(lobbyId);
    await bob!.client.startCall(lobbyId);
    await bob!.client.leaveLobby(lobbyId);
    await sim.settle();
    expect(bob!.voice.statuses.slice(-2).map((s) => s.status)).toEqual(['disconnecting', 'disconnected']);
    expect(bob!.client.getCall(lobbyId)).toBeNull();
    expect(alice!.voice.participants.at(-1)).toEqual({ lobbyId, userId: bob!.user.id, added: false });
    expect(alice!.client.getCall(lobbyId)!.participants.map((p) => p.userId)).toEqual([alice!.user.id]);
  });

  it('the game backend removing a member, or deleting the lobby, ends their participation too', async () => {
    const { sim, lobbyId, all: [alice, bob] } = await lobbyOf(2);
    await alice!.client.startCall(lobbyId);
    await bob!.client.startCall(lobbyId);
    sim.bulkUpdateLobbyMembers(lobbyId, [{ user: bob!.user, remove: true }]);
    await sim.settle();
    expect(bob!.client.getCall(lobbyId)).toBeNull();
    expect(alice!.voice.participants.at(-1)).toEqual({ lobbyId, userId: bob!.user.id, added: false });
    sim.deleteLobby(lobbyId);
    await sim.settle();
    expect(alice!.client.getCall(lobbyId)).toBeNull();
    expect(alice!.voice.statuses.at(-1)).toMatchObject({ status: 'disconnected', error: 'none' });
  });

  it('disconnecting ends every call of the client; a dropped connection ends them with signalingUnexpectedClose', async () => {
    const { sim, lobbyId, all: [alice, bob, carol] } = await lobbyOf(3);
    await alice!.client.startCall(lobbyId);
    await bob!.client.startCall(lobbyId);
    await carol!.client.startCall(lobbyId);
    await bob!.client.disconnect();
    await sim.settle();
    expect(bob!.voice.statuses.at(-1)).toEqual({ lobbyId, status: 'disconnected', error: 'none', errorDetail: 0 });
    expect(alice!.voice.participants.at(-1)).toEqual({ lobbyId, userId: bob!.user.id, added: false });

    sim.dropConnections(carol!.user);
    await sim.settle();
    expect(carol!.voice.statuses.at(-1)).toMatchObject({ status: 'disconnected', error: 'signalingUnexpectedClose' });
    expect(alice!.voice.participants.at(-1)).toEqual({ lobbyId, userId: carol!.user.id, added: false });
    expect(alice!.client.getCall(lobbyId)!.participants.map((p) => p.userId)).toEqual([alice!.user.id]);
  });

  it('endCalls() leaves every call, and the events work as async iterators', async () => {
    const { sim, all: [alice] } = await lobbyOf(1);
    const second = await alice!.client.createOrJoinLobby('second-room');
    const first = alice!.client.getLobbyIds().find((id) => id !== second)!;
    const controller = new AbortController();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const change of alice!.client.events('callStatusChanged', { signal: controller.signal })) {
        seen.push(`${change.lobbyId === first ? 'first' : 'second'}:${change.status}`);
        if (seen.filter((s) => s.endsWith(':disconnected')).length === 2) controller.abort();
      }
    })().catch((error: Error) => error.name);
    await alice!.client.startCall(first);
    await alice!.client.startCall(second);
    await alice!.client.endCalls();
    await sim.settle();
    expect(await reading).toBe('AbortError');
    expect(seen.filter((s) => s.endsWith(':disconnected')).sort()).toEqual(['first:disconnected', 'second:disconnected']);
    expect(alice!.client.getCall(first)).toBeNull();
    expect(alice!.client.getCall(second)).toBeNull();
  });
});

describe('getCalls', () => {
  // discordpp.h, Client::GetCalls: "Returns a reference to all currently active calls, if any."
  // The order is not stated there: lobby id order is our choice (docs/voice.md).
  it("lists every call this client is in, each as getCall shows it, ordered by lobby id; empty when there is none", async () => {
    const { sim, all: [alice, bob] } = await lobbyOf(2);
    expect(alice!.client.getCalls()).toEqual([]);
    const other = await alice!.client.createOrJoinLobby('second-room');
    const lobbies = alice!.client.getLobbyIds().slice().sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    for (const lobbyId of lobbies.slice().reverse()) await alice!.client.startCall(lobbyId);
    expect(alice!.client.getCalls().map((call) => call.lobbyId)).toEqual(lobbies);
    expect(alice!.client.getCalls()).toEqual(lobbies.map((lobbyId) => alice!.client.getCall(lobbyId)));
    expect(bob!.client.getCalls()).toEqual([]);
    await alice!.client.endCall(other);
    await sim.settle();
    expect(alice!.client.getCalls().map((call) => call.lobbyId)).toEqual(lobbies.filter((id) => id !== other));
    alice!.client.close();
    expect(alice!.client.getCalls()).toEqual([]);
  });
});

describe('lobbyVoiceParticipantChanged', () => {
  // discordpp.h, Client::SetVoiceParticipantChangedCallback: "Callback invoked whenever a user in a
  // lobby joins or leaves a voice call. The main use case for this is to enable displaying which
  // users are in voice in a lobby even if the current user is not in voice yet".
  it("every member hears who joins and leaves the lobby's call, in the call or not; others hear nothing", async () => {
    const { sim, lobbyId, all: [alice, bob] } = await lobbyOf(2);
    // A user of the same world who is in another lobby with a call of its own.
    const outsider = await player(sim, 'outsider');
    const elsewhere = await outsider.client.createOrJoinLobby('another-room');
    const heard = new Map<Player, VoiceParticipantEvent[]>();
    for (const p of [alice!, bob!, outsider]) {
      const events: VoiceParticipantEvent[] = [];
      p.client.on('lobbyVoiceParticipantChanged', (event) => events.push(event));
      heard.set(p, events);
    }
    await alice!.client.startCall(lobbyId);
    await outsider.client.startCall(elsewhere);
    await sim.settle();
    const joined = { lobbyId, userId: alice!.user.id, added: true };
    expect(heard.get(bob!)).toEqual([joined]);
    expect(heard.get(alice!)).toEqual([joined]);
    // Bob is not in the call: the call-scoped event does not reach him.
    expect(bob!.voice.participants).toEqual([]);
    await alice!.client.endCall(lobbyId);
    await sim.settle();
    expect(heard.get(bob!)).toEqual([joined, { ...joined, added: false }]);
    // The outsider hears only its own lobby's call; the lobby's members never hear of it.
    expect(heard.get(outsider)).toEqual([{ lobbyId: elsewhere, userId: outsider.user.id, added: true }]);
  });

  it('a member who leaves the lobby leaves its call: the remaining members hear it', async () => {
    const { sim, lobbyId, all: [alice, bob] } = await lobbyOf(2);
    await alice!.client.startCall(lobbyId);
    await sim.settle();
    const events: VoiceParticipantEvent[] = [];
    bob!.client.on('lobbyVoiceParticipantChanged', (event) => events.push(event));
    await alice!.client.leaveLobby(lobbyId);
    await sim.settle();
    expect(events).toEqual([{ lobbyId, userId: alice!.user.id, added: false }]);
  });
});

