// Rich presence (spec: Client::UpdateRichPresence, Presence activity) and the user cache that
// shows it to the other players: userUpdated, getUser, the portal's invite cover image.
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { sdk, root, type Activity, type Client } from './sdk.js';
import { players, rejectionOf, type Player } from './lobby-helpers.js';
import type { NativeWorld } from '../lib/addon/native.js';

const { SocialSdkError, limits } = sdk;
const { nativeWorldOf } = createRequire(import.meta.url)(path.join(root, 'dist', 'addon', 'native-worlds.js')) as {
  nativeWorldOf(simulator: object): NativeWorld;
};

type Simulator = InstanceType<typeof sdk.Simulator>;

/** Two players in one lobby (so they know each other); `seen` records Bo's userUpdated events. */
async function duo(sim: Simulator = new sdk.Simulator()) {
  const { all } = await players(2, sim);
  const [ada, bo] = all as [Player, Player];
  await ada.client.createOrJoinLobby('duo');
  await bo.client.createOrJoinLobby('duo');
  await sim.settle();
  const seen: string[] = [];
  bo.client.on('userUpdated', ({ userId }) => seen.push(userId));
  return { sim, ada, bo, seen };
}

const text = (n: number) => 'x'.repeat(n);

describe('updateRichPresence', () => {
  it('shows the activity to the other members, announced with userUpdated', async () => {
    const { sim, ada, bo, seen } = await duo();
    await ada.client.updateRichPresence({
      type: 'Competing',
      name: 'Harbor Raid: Ranked',
      details: 'Ranked duo',
      state: 'In a match',
      detailsUrl: 'https://example.com/match',
      timestamps: { start: 1_700_000_000_000 },
      party: { id: 'match-42', currentSize: 2, maxSize: 4, privacy: 'Public' },
      secrets: { join: 'join-secret-42' },
      buttons: [{ label: 'Watch', url: 'https://example.com/watch' }],
      assets: { largeImage: 'harbor', largeText: 'The harbor', inviteCoverImage: 'https://example.com/cover.png' },
    });
    await sim.settle();
    expect(seen).toEqual([ada.user.id]);
    expect(bo.client.getUser(ada.user.id)!.gameActivity).toEqual({
      type: 'Competing',
      name: 'Harbor Raid: Ranked',
      applicationId: sim.defaultApplication.id,
      parentApplicationId: null,
      statusDisplayType: null,
      supportedPlatforms: [],
      details: 'Ranked duo',
      detailsUrl: 'https://example.com/match',
      state: 'In a match',
      stateUrl: null,
      timestamps: { start: 1_700_000_000_000, end: null },
      party: { id: 'match-42', currentSize: 2, maxSize: 4, privacy: 'Public' },
      // The join secret is handed out through accepted invites, never shown to others.
      secrets: null,
      buttons: [{ label: 'Watch', url: 'https://example.com/watch' }],
      assets: {
        largeImage: 'harbor',
        largeText: 'The harbor',
        largeUrl: null,
        smallImage: null,
        smallText: null,
        smallUrl: null,
        inviteCoverImage: 'https://example.com/cover.png',
      },
    });
    // The publisher's own view keeps its secret; the service's view too.
    expect(ada.client.currentUser!.gameActivity!.secrets).toEqual({ join: 'join-secret-42' });
    expect(sim.getUser(ada.user.id)!.gameActivity!.secrets).toEqual({ join: 'join-secret-42' });
    // Secrets never show in inspect output.
    expect(inspect(ada.client.currentUser, { depth: 10 })).not.toContain('join-secret-42');
    expect(inspect(ada.client.currentUser, { depth: 10 })).toContain('[hidden]');
  });

  it('without a custom name, others see the application name; a new activity replaces the old one', async () => {
    const { sim, ada, bo, seen } = await duo();
    await ada.client.updateRichPresence({ details: 'Lobby' });
    await ada.client.updateRichPresence({ type: 'Watching', state: 'Spectating' });
    await sim.settle();
    expect(seen).toEqual([ada.user.id, ada.user.id]);
    const activity = bo.client.getUser(ada.user.id)!.gameActivity!;
    expect(activity).toMatchObject({ type: 'Watching', name: sim.defaultApplication.name, details: null, state: 'Spectating' });
  });

  it.each(['Playing', 'Streaming', 'Listening', 'Watching', 'CustomStatus', 'Competing'] as const)(
    'keeps type %s through the backend',
    async (type) => {
      const { sim, ada, bo } = await duo();
      await ada.client.updateRichPresence({ type, state: 'ok' });
      await sim.settle();
      expect(bo.client.getUser(ada.user.id)!.gameActivity!.type).toBe(type);
    },
  );

  it('hands the vendor enum values to the backend: custom status is type 4', async () => {
    const { sim, ada } = await duo();
    const world = nativeWorldOf(sim);
    const expected = { Playing: 0, Streaming: 1, Listening: 2, Watching: 3, CustomStatus: 4, Competing: 5 } as const;
    for (const [type, value] of Object.entries(expected)) {
      await ada.client.updateRichPresence({ type: type as keyof typeof expected });
      expect(world.getUser(ada.user.id)!.gameActivity!.type).toBe(value);
    }
    await ada.client.updateRichPresence({ party: { id: 'p1', currentSize: 1, privacy: 'Public' } });
    expect(world.getUser(ada.user.id)!.gameActivity!.party!.privacy).toBe(1);
  });

  it('fails with the service error when the call fails, and nothing is published', async () => {
    const { sim, ada, bo, seen } = await duo();
    sim.failNext('updateRichPresence', { error: { type: 'HTTPError', status: 503, retryable: true } });
    const error = await rejectionOf(ada.client.updateRichPresence({ state: 'hi' }));
    expect(error).toBeInstanceOf(SocialSdkError);
    expect(error).toMatchObject({ type: 'HTTPError', status: 503, retryable: true });
    await sim.settle();
    expect(seen).toEqual([]);
    expect(bo.client.getUser(ada.user.id)!.gameActivity).toBeNull();
  });
});

describe('the invite cover image', () => {
  it('falls back to the image uploaded in the developer portal when the activity has none', async () => {
    const sim = new sdk.Simulator();
    sim.setApplicationInviteCoverImage(sim.defaultApplication, 'portal-cover');
    const { ada, bo } = await duo(sim);
    await ada.client.updateRichPresence({ state: 'Looking for group' });
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.gameActivity!.assets).toEqual({
      largeImage: null,
      largeText: null,
      largeUrl: null,
      smallImage: null,
      smallText: null,
      smallUrl: null,
      inviteCoverImage: 'portal-cover',
    });
    await ada.client.updateRichPresence({ state: 'Looking for group', assets: { smallImage: 'icon' } });
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.gameActivity!.assets).toMatchObject({ smallImage: 'icon', inviteCoverImage: 'portal-cover' });
  });

  it("uses the activity's own image when it has one", async () => {
    const sim = new sdk.Simulator();
    sim.setApplicationInviteCoverImage(sim.defaultApplication, 'portal-cover');
    const { ada, bo } = await duo(sim);
    await ada.client.updateRichPresence({ assets: { inviteCoverImage: 'https://cdn.example.com/tonight.png' } });
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.gameActivity!.assets!.inviteCoverImage).toBe('https://cdn.example.com/tonight.png');
  });

  it('shows none when neither exists; a portal upload later reaches the activity with userUpdated', async () => {
    const app = { name: 'Portal Game', inviteCoverImage: 'from-create' };
    const sim = new sdk.Simulator();
    const { ada, bo, seen } = await duo(sim);
    await ada.client.updateRichPresence({ state: 'idle' });
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.gameActivity!.assets).toBeNull();
    seen.length = 0;
    sim.setApplicationInviteCoverImage(sim.defaultApplication, 'uploaded-later');
    await sim.settle();
    expect(seen).toEqual([ada.user.id]);
    expect(bo.client.getUser(ada.user.id)!.gameActivity!.assets!.inviteCoverImage).toBe('uploaded-later');
    // createApplication takes the portal image too.
    const other = sim.createApplication(app);
    const carol = sim.createUser({ username: 'carol' });
    const client = await sim.connectClient(carol, { application: other });
    try {
      await client.updateRichPresence({ state: 'solo' });
      expect(client.currentUser!.gameActivity!.assets!.inviteCoverImage).toBe('from-create');
    } finally {
      await client.close();
    }
    expect(() => sim.setApplicationInviteCoverImage(sim.defaultApplication, '')).toThrow(
      new RangeError(`inviteCoverImage must be 1 to ${limits.activityImageLength} characters, got 0`),
    );
    expect(() => sim.setApplicationInviteCoverImage('12345', 'x')).toThrow(RangeError);
  });
});

describe('clearing and going away', () => {
  it('clearRichPresence removes the activity for everyone', async () => {
    const { sim, ada, bo, seen } = await duo();
    await ada.client.updateRichPresence({ state: 'busy' });
    await sim.settle();
    ada.client.clearRichPresence();
    await sim.settle();
    expect(seen).toEqual([ada.user.id, ada.user.id]);
    expect(bo.client.getUser(ada.user.id)!.gameActivity).toBeNull();
    expect(ada.client.currentUser!.gameActivity).toBeNull();
  });

  it("a disconnected user's presence goes away for the others", async () => {
    const { sim, ada, bo, seen } = await duo();
    await ada.client.updateRichPresence({ state: 'busy' });
    await sim.settle();
    await ada.client.disconnect();
    await sim.settle();
    expect(seen).toEqual([ada.user.id, ada.user.id]);
    expect(bo.client.getUser(ada.user.id)!.gameActivity).toBeNull();
    expect(sim.getUser(ada.user.id)!.gameActivity).toBeNull();
  });

  it('after a dropped connection the client publishes its activity again', async () => {
    const { sim, ada, bo } = await duo();
    await ada.client.updateRichPresence({ state: 'still here' });
    sim.dropConnections(ada.user);
    await sim.settle();
    expect(ada.client.status).toBe('ready');
    expect(bo.client.getUser(ada.user.id)!.gameActivity!.state).toBe('still here');
  });
});

describe('getUser: the users a client knows', () => {
  it('knows itself and its lobby co-members only', async () => {
    const { sim, all } = await players(3);
    const [ada, bo, carol] = all as [Player, Player, Player];
    await ada.client.createOrJoinLobby('pair');
    await bo.client.createOrJoinLobby('pair');
    await sim.settle();
    expect(ada.client.getUser(ada.user.id)!.username).toBe(ada.user.username);
    expect(ada.client.getUser(bo.user.id)!.id).toBe(bo.user.id);
    expect(ada.client.getUser(carol.user.id)).toBeNull();
    expect(ada.client.getUser('424242')).toBeNull();
    // Carol's presence does not reach Ada, who does not know her.
    const seen: string[] = [];
    ada.client.on('userUpdated', ({ userId }) => seen.push(userId));
    await carol.client.updateRichPresence({ state: 'alone' });
    await sim.settle();
    expect(seen).toEqual([]);
    expect(() => ada.client.getUser(42 as unknown as string)).toThrow(TypeError);
  });

  it('works as an async iterator like every event', async () => {
    const { sim, ada, bo } = await duo();
    const controller = new AbortController();
    const iterator = bo.client.events('userUpdated', { signal: controller.signal });
    const next = iterator.next();
    await ada.client.updateRichPresence({ state: 'iter' });
    await sim.settle();
    expect((await next).value).toEqual({ userId: ada.user.id });
    controller.abort();
  });
});

describe('when not ready', () => {
  it('updateRichPresence needs a ready client; clearRichPresence and getUser do nothing', async () => {
    const sim = new sdk.Simulator();
    const client: Client = sim.createClient();
    try {
      const error = await rejectionOf(client.updateRichPresence({ state: 'early' }));
      expect(error).toBeInstanceOf(SocialSdkError);
      expect(error.type).toBe('ClientNotReady');
      expect(() => client.clearRichPresence()).not.toThrow();
      expect(client.getUser('1')).toBeNull();
      await sim.settle();
    } finally {
      await client.close();
    }
    expect((await rejectionOf(client.updateRichPresence({ state: 'late' }))).type).toBe('ClientDestroyed');
    expect(() => client.clearRichPresence()).not.toThrow();
  });
});

describe('activity validation: documented limits, nothing sent on bad input', () => {
  // [field, build(value), min, max]: each string field at its bounds, in characters.
  const fields: [string, (value: string) => Activity, number, number][] = [
    ['activity.details', (v) => ({ details: v }), limits.activityTextMinLength, limits.activityTextLength],
    ['activity.state', (v) => ({ state: v }), limits.activityTextMinLength, limits.activityTextLength],
    ['activity.detailsUrl', (v) => ({ detailsUrl: v }), limits.activityTextMinLength, limits.activityUrlLength],
    ['activity.stateUrl', (v) => ({ stateUrl: v }), limits.activityTextMinLength, limits.activityUrlLength],
    ['activity.assets.largeImage', (v) => ({ assets: { largeImage: v } }), 1, limits.activityImageLength],
    ['activity.assets.smallImage', (v) => ({ assets: { smallImage: v } }), 1, limits.activityImageLength],
    ['activity.assets.inviteCoverImage', (v) => ({ assets: { inviteCoverImage: v } }), 1, limits.activityImageLength],
    ['activity.assets.largeText', (v) => ({ assets: { largeText: v } }), limits.activityTextMinLength, limits.activityTextLength],
    ['activity.assets.smallText', (v) => ({ assets: { smallText: v } }), limits.activityTextMinLength, limits.activityTextLength],
    ['activity.assets.largeUrl', (v) => ({ assets: { largeUrl: v } }), 1, limits.activityUrlLength],
    ['activity.assets.smallUrl', (v) => ({ assets: { smallUrl: v } }), 1, limits.activityUrlLength],
    ['activity.party.id', (v) => ({ party: { id: v, currentSize: 1 } }), limits.activityTextMinLength, limits.activityTextLength],
    ['activity.secrets.join', (v) => ({ secrets: { join: v } }), limits.activityTextMinLength, limits.activityTextLength],
    ['activity.buttons[0].label', (v) => ({ buttons: [{ label: v, url: 'u' }] }), 1, limits.activityButtonLabelLength],
    ['activity.buttons[0].url', (v) => ({ buttons: [{ label: 'l', url: v }] }), 1, limits.activityButtonUrlLength],
  ];

  it('the limits are the documented ones', () => {
    expect(limits).toMatchObject({
      activityTextMinLength: 2,
      activityTextLength: 128,
      activityUrlLength: 256,
      activityImageLength: 300,
      activityButtons: 2,
      activityButtonLabelLength: 32,
      activityButtonUrlLength: 512,
    });
  });

  it.each(fields)('%s: ok at its bounds, RangeError one past them', async (field, build, min, max) => {
    const { sim, ada, bo, seen } = await duo();
    await expect(ada.client.updateRichPresence(build(text(max + 1)))).rejects.toThrow(
      new RangeError(`${field} must be ${min} to ${max} characters, got ${max + 1}`),
    );
    await expect(ada.client.updateRichPresence(build(text(min - 1)))).rejects.toThrow(
      new RangeError(`${field} must be ${min} to ${max} characters, got ${min - 1}`),
    );
    await expect(ada.client.updateRichPresence(build(5 as unknown as string))).rejects.toThrow(
      new TypeError(`${field} must be a string, got number`),
    );
    await sim.settle();
    expect(seen).toEqual([]);
    expect(bo.client.getUser(ada.user.id)!.gameActivity).toBeNull();
    await ada.client.updateRichPresence(build(text(max)));
    await ada.client.updateRichPresence(build(text(min)));
    await sim.settle();
    expect(seen).toEqual([ada.user.id, ada.user.id]);
  });

  it('counts characters, not UTF-16 units', async () => {
    const { ada } = await duo();
    const emoji = '🎮'.repeat(limits.activityTextLength);
    await expect(ada.client.updateRichPresence({ details: emoji })).resolves.toBeUndefined();
    await expect(ada.client.updateRichPresence({ details: `${emoji}🎮` })).rejects.toThrow(RangeError);
  });

  it('at most 2 buttons; party sizes; type and privacy names; shapes', async () => {
    const { sim, ada, bo, seen } = await duo();
    const button = { label: 'Join', url: 'https://example.com' };
    const refusals: [Activity, Error][] = [
      [{ buttons: [button, button, button] }, new RangeError('activity.buttons holds at most 2 buttons, got 3')],
      [{ party: { id: 'p1', currentSize: 0 } }, new RangeError('activity.party.currentSize must be an integer from 1 to 2147483647, got 0')],
      [{ party: { id: 'p1', currentSize: 1, maxSize: -1 } }, new RangeError('activity.party.maxSize must be an integer from 0 to 2147483647, got -1')],
      [{ party: { id: 'p1', currentSize: 5, maxSize: 4 } }, new RangeError('activity.party.currentSize must not exceed activity.party.maxSize (4), got 5')],
      [{ party: { id: 'p1', currentSize: 1.5 } }, new RangeError('activity.party.currentSize must be an integer from 1 to 2147483647, got 1.5')],
      [{ party: { id: 'p1', currentSize: 1, privacy: 'Secret' as 'Public' } }, new RangeError('activity.party.privacy must be one of Private, Public, got a string of 6 characters')],
      [{ type: 'HangStatus' as 'Playing' }, new RangeError('activity.type must be one of Playing, Streaming, Listening, Watching, CustomStatus, Competing, got a string of 10 characters')],
      [{ timestamps: { start: -1 } }, new RangeError('activity.timestamps.start must be an integer from 0 to 9007199254740991, got -1')],
      [{ name: '' }, new RangeError('activity.name must not be empty')],
      [{ buttons: 'x' as unknown as [] }, new TypeError('activity.buttons must be an array, got string')],
      [null as unknown as Activity, new TypeError('activity must be an object, got null')],
    ];
    for (const [activity, error] of refusals) await expect(ada.client.updateRichPresence(activity)).rejects.toThrow(error);
    await sim.settle();
    expect(seen).toEqual([]);
    // Two buttons and a full party are fine.
    await ada.client.updateRichPresence({ buttons: [button, button], party: { id: 'p1', currentSize: 4, maxSize: 4 } });
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.gameActivity!.buttons).toHaveLength(2);
  });
});

describe('setOnlineStatus', () => {
  it('shows the chosen status to the users who know the user, with userUpdated; invisible shows as offline to them', async () => {
    const { sim, ada, bo, seen } = await duo();
    expect(bo.client.getUser(ada.user.id)!.status).toBe('online');
    for (const status of ['idle', 'dnd', 'online'] as const) {
      await ada.client.setOnlineStatus(status);
      await sim.settle();
      expect(bo.client.getUser(ada.user.id)!.status).toBe(status);
      expect(ada.client.currentUser!.status).toBe(status);
    }
    await ada.client.setOnlineStatus('invisible');
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.status).toBe('offline');
    expect(ada.client.currentUser!.status).toBe('invisible');
    expect(seen).toEqual([ada.user.id, ada.user.id, ada.user.id, ada.user.id]);
  });

  it('is offline while the user has no connected client, and the choice is kept for the next connection', async () => {
    const { sim, ada, bo } = await duo();
    await ada.client.setOnlineStatus('dnd');
    expect(sim.getUser(ada.user.id)!.status).toBe('dnd');
    await ada.client.disconnect();
    expect(sim.getUser(ada.user.id)!.status).toBe('offline');
    await ada.client.connect();
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.status).toBe('dnd');
  });

  it('refuses other values (RangeError for another name, TypeError for a non-string) and sends nothing; needs a ready client; a service failure changes nothing', async () => {
    const { sim, ada, bo, seen } = await duo();
    for (const bad of ['offline', 'streaming', 'Idle']) {
      await expect(ada.client.setOnlineStatus(bad as 'idle')).rejects.toThrow(RangeError);
    }
    for (const bad of [3, undefined, null]) {
      await expect(ada.client.setOnlineStatus(bad as unknown as 'idle')).rejects.toThrow(TypeError);
    }
    sim.failNext('setOnlineStatus', { error: { type: 'HTTPError', status: 503, retryable: true } });
    expect(await rejectionOf(ada.client.setOnlineStatus('dnd'))).toMatchObject({ type: 'HTTPError', status: 503 });
    await sim.settle();
    expect(seen).toEqual([]);
    expect(bo.client.getUser(ada.user.id)!.status).toBe('online');
    const idle = sim.createClient();
    try {
      expect(await rejectionOf(idle.setOnlineStatus('idle'))).toMatchObject({ type: 'ClientNotReady' });
    } finally {
      await idle.close();
    }
  });
});

describe('activity types others see', () => {
  // A HangStatus activity (ActivityTypes::HangStatus, 6) comes from the chat client, never from a
  // game (publishing one is refused above), so only the vendor library hands one over: this reads
  // one as the conversion from the seam does.
  const { fromNativeUser } = createRequire(import.meta.url)(path.join(root, 'dist', 'model', 'user.js')) as {
    fromNativeUser(user: unknown): { gameActivity: { type: string } | null };
  };
  const userWith = (type: number) => ({
    id: '1', username: 'u', displayName: 'u', globalName: null, avatar: null, isProvisional: false, status: 0, applicationProfiles: [],
    relationship: { discordType: 0, gameType: 0, isSpamRequest: false },
    gameActivity: { type, name: 'Voice hangout', applicationId: null },
  });

  it('reports HangStatus (6) as HangStatus, not as Playing', () => {
    expect(fromNativeUser(userWith(6)).gameActivity!.type).toBe('HangStatus');
    expect(fromNativeUser(userWith(5)).gameActivity!.type).toBe('Competing');
  });
});
