// Game identity (UserHandle::UserApplicationProfiles) on the current user and on known users, and
// the cpuAffinityMask client option (ClientCreateOptions::SetCpuAffinityMask) through the backend.
import { afterEach, describe, expect, it } from 'vitest';

import { sdk, type Client } from './sdk.js';
import { players, type Player } from './lobby-helpers.js';

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

describe('application profiles', () => {
  it('are on the current user and on the users a client knows, one per application', async () => {
    const sim = new sdk.Simulator();
    const other = sim.createApplication({ name: 'Other Game' });
    const ada = sim.createUser({
      username: 'ada',
      applicationProfiles: [
        { providerType: 'Steam', providerIssuedUserId: '76561198000000001', username: 'ada_steam', avatarHash: 'a1b2', metadata: '{"rank_name":"Gold"}' },
        { application: other, providerType: 'OIDC', providerId: 'https://id.example.com', providerIssuedUserId: 'sub-7', username: 'ada@example' },
      ],
    });
    const steam = {
      applicationId: sim.defaultApplication.id,
      providerType: 'Steam',
      providerId: null,
      providerIssuedUserId: '76561198000000001',
      username: 'ada_steam',
      avatarHash: 'a1b2',
      metadata: '{"rank_name":"Gold"}',
    };
    const oidc = {
      applicationId: other.id,
      providerType: 'OIDC',
      providerId: 'https://id.example.com',
      providerIssuedUserId: 'sub-7',
      username: 'ada@example',
      avatarHash: '',
      metadata: '',
    };
    expect(ada.applicationProfiles).toEqual([steam, oidc]);

    const adaClient = await sim.connectClient(ada);
    open.push(adaClient);
    expect(adaClient.currentUser!.applicationProfiles).toEqual([steam, oidc]);

    const { all } = await players(1, sim);
    const bo = all[0] as Player;
    await adaClient.createOrJoinLobby('id');
    await bo.client.createOrJoinLobby('id');
    await sim.settle();
    expect(bo.client.getUser(ada.id)!.applicationProfiles).toEqual([steam, oidc]);
    expect(bo.client.currentUser!.applicationProfiles).toEqual([]);
  });

  it('a change reaches the clients that know the user with userUpdated', async () => {
    const { sim, all } = await players(2);
    const [ada, bo] = all as [Player, Player];
    await ada.client.createOrJoinLobby('id');
    await bo.client.createOrJoinLobby('id');
    await sim.settle();
    const seen: string[] = [];
    bo.client.on('userUpdated', ({ userId }) => seen.push(userId));
    const updated = sim.setApplicationProfiles(ada.user, [{ providerType: 'EpicOnlineServices', providerIssuedUserId: 'epic-1', username: 'Ada' }]);
    expect(updated.applicationProfiles.map((p) => p.providerType)).toEqual(['EpicOnlineServices']);
    await sim.settle();
    expect(seen).toEqual([ada.user.id]);
    expect(bo.client.getUser(ada.user.id)!.applicationProfiles[0]!.providerIssuedUserId).toBe('epic-1');
    expect(ada.client.currentUser!.applicationProfiles[0]!.username).toBe('Ada');
  });

  it.each(['OIDC', 'EpicOnlineServices', 'Steam', 'Unity', 'DiscordBot', 'None', 'Unknown'] as const)(
    'keeps provider type %s through the backend',
    (providerType) => {
      const sim = new sdk.Simulator();
      const user = sim.createUser({ username: 'p', applicationProfiles: [{ providerType, providerIssuedUserId: '1', username: 'p' }] });
      expect(sim.getUser(user.id)!.applicationProfiles[0]!.providerType).toBe(providerType);
    },
  );

  it('refuses two profiles of one application, unknown provider types and unknown applications', () => {
    const sim = new sdk.Simulator();
    const user = sim.createUser({ username: 'p' });
    const steam = { providerType: 'Steam' as const, providerIssuedUserId: '1', username: 'p' };
    expect(() => sim.setApplicationProfiles(user, [steam, steam])).toThrow(
      new RangeError(`profiles[1]: a user has at most one application profile per application (${sim.defaultApplication.id} is listed twice)`),
    );
    expect(() => sim.setApplicationProfiles(user, [{ ...steam, providerType: 'Xbox' as 'Steam' }])).toThrow(
      new RangeError('profiles[0].providerType must be one of OIDC, EpicOnlineServices, Steam, Unity, DiscordBot, None, Unknown, got a string of 4 characters'),
    );
    expect(() => sim.setApplicationProfiles(user, [{ ...steam, username: 5 as unknown as string }])).toThrow(
      new TypeError('profiles[0].username must be a string, got number'),
    );
    expect(() => sim.setApplicationProfiles(user, [{ ...steam, application: '999' }])).toThrow(/no application with id 999/);
    expect(sim.getUser(user.id)!.applicationProfiles).toEqual([]);
  });
});

describe('cpuAffinityMask', () => {
  const MAX = (1n << 64n) - 1n;

  it.each([
    ['0', 0n, 0n],
    ['a safe number', 0b1010, 0b1010n],
    ['2^53 + 1 as a bigint', (1n << 53n) + 1n, (1n << 53n) + 1n],
    ['2^64 - 1', MAX, MAX],
  ])('round-trips %s through the backend', (_name, given, expected) => {
    const sim = new sdk.Simulator();
    const client = sim.createClient({ cpuAffinityMask: given });
    open.push(client);
    expect(client.cpuAffinityMask).toBe(expected);
  });

  it('is null when not given', () => {
    const client = new sdk.Simulator().createClient();
    open.push(client);
    expect(client.cpuAffinityMask).toBeNull();
  });

  it.each([
    ['-1', -1, new RangeError('cpuAffinityMask must be between 0 and 2^64 - 1, got -1')],
    ['-1n', -1n, new RangeError('cpuAffinityMask must be between 0 and 2^64 - 1, got -1')],
    ['2^64', 1n << 64n, new RangeError('cpuAffinityMask must be between 0 and 2^64 - 1, got 18446744073709551616')],
    ['1.5', 1.5, new RangeError('cpuAffinityMask must be an integer, got 1.5')],
    ['NaN', NaN, new RangeError('cpuAffinityMask must be an integer, got NaN')],
    ['2^53 as a number', 2 ** 53, new RangeError('cpuAffinityMask as a number must be a safe integer (at most 2^53 - 1); pass a bigint for wider masks, got 9007199254740992')],
    ['a string', '3', new TypeError('cpuAffinityMask must be a bigint or a number, got string')],
  ])('refuses %s', (_name, mask, error) => {
    const sim = new sdk.Simulator();
    expect(() => sim.createClient({ cpuAffinityMask: mask as bigint })).toThrow(error);
  });
});
