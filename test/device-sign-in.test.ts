// Device sign-in through the public API. Sources: discordpp.h 1.9.16441 (GetTokenFromDevice,
// GetTokenFromDeviceProvisionalMerge, AbortGetTokenFromDevice, OpenAuthorizeDeviceScreen,
// CloseAuthorizeDeviceScreen, SetAuthorizeDeviceScreenClosedCallback, DeviceAuthorizationArgs)
// and discord-api-docs' "Account Linking on Consoles" guide (expires_in 300, interval 5, the
// verification page discord.com/activate). The errors while the flow runs are RFC 8628 §3.5's
// (authorization_pending, access_denied, expired_token): the docs name none (our choice, listed in
// docs/conformance.md).
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { sdk, type Client } from './sdk.js';
import { until, world } from './helpers.js';

const scopes = 'openid sdk.social_layer';

function setup() {
  const w = world({ build: 'debug' });
  const client = w.sim.createClient({ applicationId: w.app.id, logLevel: 'verbose' });
  const lines: string[] = [];
  client.on('log', ({ message }) => lines.push(message));
  let closed = 0;
  client.on('authorizeDeviceScreenClosed', () => void closed++);
  const devices = w.sim.deviceSignIn();
  return { ...w, client, lines, devices, closedCount: () => closed };
}

/** Starts a device sign-in and waits until its screen shows the user code. */
async function started(sim: InstanceType<typeof sdk.Simulator>, client: Client, options: Parameters<Client['getTokenFromDevice']>[0] = { scopes }) {
  const pending = client.getTokenFromDevice(options);
  pending.catch(() => {});
  await sim.settle();
  const [screen] = sim.deviceSignIn().screens;
  return { pending, userCode: screen!.userCode };
}

describe('getTokenFromDevice (discordpp.h GetTokenFromDevice; the consoles guide)', () => {
  it('shows the user code, and once the player approves at the verification page answers a token set the client connects with', async () => {
    const { sim, app, user: alice, client, lines, devices, closedCount } = setup();
    const { pending, userCode } = await started(sim, client);
    expect(userCode).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(devices.screens).toEqual([{ applicationId: app.id, userCode, windowPid: process.pid }]);
    const [request] = devices.requests;
    // The guide's example answer: verification_uri(_complete), expires_in 300, interval 5.
    expect(request).toEqual({
      userCode,
      applicationId: app.id,
      scopes,
      verificationUri: 'https://discord.com/activate',
      verificationUriComplete: `https://discord.com/activate?user_code=${userCode}`,
      expiresAt: sim.now() + 300_000,
      interval: 5,
      polls: 0,
    });
    expect(Object.keys(request!)).not.toContain('deviceCode');
    sim.machine(alice).browser.approveDevice(userCode.toLowerCase().replace('-', ''));
    expect(devices.requests).toEqual([]);
    sim.advance(5_000);
    const tokens = await pending;
    expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 604_800, scopes });
    expect(tokens.refreshToken).not.toBe('');
    expect(inspect(tokens)).not.toContain(tokens.accessToken);
    // The SDK closes its screen when the flow ends: the closed callback runs.
    await until(() => closedCount() === 1, 'the screen closing');
    expect(devices.screens).toEqual([]);
    await client.updateToken(tokens.accessToken);
    await client.connect();
    expect(client.currentUser?.id).toBe(alice.id);
    await expect(client.refreshToken({ applicationId: app.id, refreshToken: tokens.refreshToken })).resolves.toMatchObject({ scopes });
    // No line carries a token or the user code (the device code never leaves the world).
    expect(lines.some((line) => line.includes('/oauth2/device/authorize'))).toBe(true);
    for (const secret of [tokens.accessToken, tokens.refreshToken, userCode]) expect(lines.join('\n')).not.toContain(secret);
    await client.close();
  });

  it('polls every interval (5 seconds) on the simulator clock, and not before', async () => {
    const { sim, user: alice, client, devices } = setup();
    const { pending, userCode } = await started(sim, client);
    const polls = () => devices.requests[0]?.polls;
    sim.advance(4_999);
    await sim.settle();
    expect(polls()).toBe(0);
    sim.advance(1);
    await sim.settle();
    expect(polls()).toBe(1);
    sim.advance(5_000);
    await sim.settle();
    sim.advance(4_000);
    await sim.settle();
    expect(polls()).toBe(2);
    sim.machine(alice).browser.approveDevice(userCode);
    sim.advance(1_000);
    await expect(pending).resolves.toMatchObject({ tokenType: 'Bearer' });
    await client.close();
  });

  it('rejects with access_denied when the player denies (RFC 8628 §3.5; our choice)', async () => {
    const { sim, user: alice, client, devices, closedCount } = setup();
    const { pending, userCode } = await started(sim, client);
    sim.machine(alice).browser.denyDevice(userCode);
    sim.advance(5_000);
    await expect(pending).rejects.toMatchObject({ type: 'HTTPError', status: 400, oauthError: 'access_denied' });
    await until(() => closedCount() === 1, 'the screen closing');
    expect(devices.screens).toEqual([]);
    // Answered: the code no longer shows anywhere.
    expect(() => sim.machine(alice).browser.approveDevice(userCode)).toThrow(RangeError);
    await client.close();
  });

  it('rejects with expired_token once expires_in (300 s) passes unanswered (RFC 8628 §3.5; our choice)', async () => {
    const { sim, user: alice, client, devices } = setup();
    const { pending, userCode } = await started(sim, client);
    for (let t = 0; t < 295_000; t += 5_000) {
      sim.advance(5_000);
      await sim.settle();
    }
    expect(devices.requests[0]?.polls).toBe(59);
    sim.advance(5_000);
    await expect(pending).rejects.toMatchObject({ type: 'HTTPError', status: 400, oauthError: 'expired_token' });
    expect(devices.requests).toEqual([]);
    expect(() => sim.machine(alice).browser.approveDevice(userCode)).toThrow('no pending device authorization request shows this user code');
    await client.close();
  });

  it('abortGetTokenFromDevice ends the flow with Aborted, its code stops working and its screen closes (AbortGetTokenFromDevice)', async () => {
    const { sim, user: alice, client, devices, closedCount } = setup();
    const { pending, userCode } = await started(sim, client);
    client.abortGetTokenFromDevice();
    await expect(pending).rejects.toMatchObject({ type: 'Aborted' });
    await until(() => closedCount() === 1, 'the screen closing');
    expect(devices.requests).toEqual([]);
    expect(devices.screens).toEqual([]);
    expect(() => sim.machine(alice).browser.approveDevice(userCode)).toThrow(RangeError);
    client.abortGetTokenFromDevice(); // nothing pending: nothing happens
    // A signal aborts the same way; an aborted one rejects before anything is sent.
    const controller = new AbortController();
    const second = await started(sim, client, { scopes, signal: controller.signal });
    controller.abort();
    await expect(second.pending).rejects.toMatchObject({ type: 'Aborted' });
    await expect(client.getTokenFromDevice({ scopes, signal: AbortSignal.abort() })).rejects.toMatchObject({ type: 'Aborted' });
    expect(devices.requests).toEqual([]);
    await client.close();
  });

  it('closing the client ends a pending flow with ClientDestroyed; its request no longer waits for the player', async () => {
    const { sim, user: alice, client, devices } = setup();
    const { pending, userCode } = await started(sim, client);
    await client.close();
    await expect(pending).rejects.toMatchObject({ type: 'ClientDestroyed' });
    expect(devices.requests).toEqual([]);
    expect(devices.screens).toEqual([]);
    expect(() => sim.machine(alice).browser.approveDevice(userCode)).toThrow(RangeError);
  });

  it('refuses a second flow while one is pending (our choice, as authorize); the first goes on', async () => {
    const { sim, user: alice, client } = setup();
    const { pending, userCode } = await started(sim, client);
    await expect(client.getTokenFromDevice({ scopes })).rejects.toMatchObject({
      type: 'ValidationError',
      message: expect.stringContaining('a device authorization is already in progress (abortGetTokenFromDevice() ends it)'),
    });
    expect(sim.deviceSignIn().requests).toHaveLength(1);
    sim.machine(alice).browser.approveDevice(userCode);
    sim.advance(5_000);
    await expect(pending).resolves.toMatchObject({ tokenType: 'Bearer' });
    await client.close();
  });

  it('refuses bad arguments with exact messages, and nothing is sent', async () => {
    const { sim, client, devices } = setup();
    await expect(client.getTokenFromDevice(undefined as never)).rejects.toThrow(new TypeError('options.scopes must be a string, got undefined'));
    await expect(client.getTokenFromDevice({ scopes: '' })).rejects.toThrow(RangeError);
    await expect(client.getTokenFromDevice({ scopes, clientId: 'x1' })).rejects.toThrow(
      new RangeError("options.clientId must be an unsigned 64-bit integer in decimal (1 to 20 digits), got a string of 2 characters"),
    );
    await expect(client.getTokenFromDevice({ scopes, clientId: '0' })).rejects.toThrow(new RangeError("options.clientId must be an application id, got '0'"));
    await expect(client.getTokenFromDevice({ scopes, signal: {} as AbortSignal })).rejects.toThrow(new TypeError('options.signal must be an AbortSignal, got object'));
    await expect(client.getTokenFromDeviceProvisionalMerge({ scopes, externalAuthType: 'Nope' as never, externalAuthToken: 't' })).rejects.toThrow(
      new RangeError('options.externalAuthType must be one of OIDC, EpicOnlineServicesAccessToken, EpicOnlineServicesIdToken, SteamSessionTicket, UnityServicesIdToken, DiscordBotIssuedAccessToken, AppleIdToken, PlayStationNetworkIdToken, got a string of 4 characters'),
    );
    const bare = sim.createClient();
    await expect(bare.getTokenFromDevice({ scopes })).rejects.toThrow(
      new RangeError('options.clientId is required: the client was created without an applicationId'),
    );
    expect(() => client.openAuthorizeDeviceScreen({ userCode: 42 as never })).toThrow(new TypeError('options.userCode must be a string, got number'));
    expect(() => client.openAuthorizeDeviceScreen({ userCode: '' })).toThrow(RangeError);
    expect(() => bare.openAuthorizeDeviceScreen({ userCode: 'BCDF-GHJK' })).toThrow(RangeError);
    expect(() => sdk.Client.prototype.closeAuthorizeDeviceScreen.call({})).toThrow(TypeError);
    await sim.settle();
    expect(devices.requests).toEqual([]);
    expect(devices.screens).toEqual([]);
    // An unknown application is the service's refusal (400, 50035), and a child application's too.
    await expect(client.getTokenFromDevice({ scopes, clientId: '1' })).rejects.toMatchObject({ type: 'HTTPError', status: 400, code: 50035 });
    const publisher = sim.createApplication({ name: 'Publisher', publisherLinking: true });
    const child = sim.createApplication({ name: 'Child', parent: publisher });
    await expect(client.getTokenFromDevice({ scopes, clientId: child.id })).rejects.toMatchObject({ status: 400, code: 50035 });
    // The harness checks its input too.
    expect(() => devices.dismissScreen('')).toThrow(RangeError);
    expect(() => devices.dismissScreen('BCDF-GHJK')).toThrow('no device authorization screen shows this user code');
    await Promise.all([client.close(), bare.close()]);
  });
});

describe('the device authorization screen (OpenAuthorizeDeviceScreen, CloseAuthorizeDeviceScreen, SetAuthorizeDeviceScreenClosedCallback)', () => {
  it('opens with the code the game backend got, closes with its event; the player dismissing it fires the event too', async () => {
    const { sim, app, client, devices, closedCount } = setup();
    client.setGameWindowPid(4242);
    client.openAuthorizeDeviceScreen({ userCode: 'BCDF-GHJK' });
    expect(devices.screens).toEqual([{ applicationId: app.id, userCode: 'BCDF-GHJK', windowPid: 4242 }]);
    // One screen per client: a second call shows the new code, and no close.
    client.openAuthorizeDeviceScreen({ userCode: 'LMNP-QRST', clientId: app.id });
    expect(devices.screens.map((s) => s.userCode)).toEqual(['LMNP-QRST']);
    client.closeAuthorizeDeviceScreen();
    await until(() => closedCount() === 1, 'the closed event');
    expect(devices.screens).toEqual([]);
    client.closeAuthorizeDeviceScreen(); // none open: no event
    client.openAuthorizeDeviceScreen({ userCode: 'VWXZ-BCDF' });
    devices.dismissScreen('VWXZ-BCDF');
    await until(() => closedCount() === 2, 'the closed event');
    await sim.settle();
    expect(closedCount()).toBe(2);
    await client.close();
    // Closed: nothing is shown, nothing throws.
    client.openAuthorizeDeviceScreen({ userCode: 'BCDF-GHJK' });
    expect(devices.screens).toEqual([]);
  });

  it('a player dismissing the screen of a pending flow does not end it (our choice): the game may abort on the event', async () => {
    const { sim, user: alice, client, devices, closedCount } = setup();
    const { pending, userCode } = await started(sim, client);
    devices.dismissScreen(userCode);
    await until(() => closedCount() === 1, 'the closed event');
    sim.machine(alice).browser.approveDevice(userCode);
    sim.advance(5_000);
    await expect(pending).resolves.toMatchObject({ tokenType: 'Bearer' });
    await client.close();
  });
});

describe('getTokenFromDeviceProvisionalMerge (discordpp.h; merging-accounts guide, Console)', () => {
  it('merges the provisional account into the account that approved, as getTokenFromProvisionalMerge does', async () => {
    const { sim, app, user: alice, client } = setup();
    const provider = sim.identityProvider(app);
    const identity = () => ({ externalAuthType: 'OIDC' as const, externalAuthToken: provider.issueToken({ subject: 'console-7' }) });
    const provisional = await client.getProvisionalToken({ applicationId: app.id, ...identity() });
    const pending = client.getTokenFromDeviceProvisionalMerge({ scopes, ...identity() });
    await sim.settle();
    const [screen] = sim.deviceSignIn().screens;
    sim.machine(alice).browser.approveDevice(screen!.userCode);
    sim.advance(5_000);
    const merged = await pending;
    client.provisionalUserMergeCompleted(true);
    await expect(client.fetchCurrentUser(merged.accessToken)).resolves.toMatchObject({ id: alice.id });
    // The provisional account's tokens end; the identity now signs in to the full account (530010).
    await expect(client.fetchCurrentUser(provisional.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(client.getProvisionalToken({ applicationId: app.id, ...identity() })).rejects.toMatchObject({ status: 400, code: 530010 });
    // A bad provider token is refused (403 50025) at the exchange, which spends the request.
    const bad = client.getTokenFromDeviceProvisionalMerge({ scopes, externalAuthType: 'OIDC', externalAuthToken: 'bad' });
    await sim.settle();
    sim.advance(5_000);
    await expect(bad).rejects.toMatchObject({ type: 'HTTPError', status: 403, code: 50025 });
    expect(sim.deviceSignIn().requests).toEqual([]);
    await client.close();
  });
});
