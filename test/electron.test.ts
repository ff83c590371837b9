// The Electron kit (social-sdk-node/electron) under Node, with an in-memory ipcMain/ipcRenderer
// pair and contextBridge that behave like Electron's (test/electron/fake-electron.ts): the main
// process owns a simulated client; the preload exposes it on the renderer's window.
import { execFile } from 'node:child_process';
import Module, { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { until } from './helpers.js';
import { root, sdk, type Client, type Message } from './sdk.js';
import { FakeApp, FakeIpcMain, FakeWebContents, turn, type FakePage } from './electron/fake-electron.js';

type ElectronKit = typeof import('../lib/electron/index.js');
const electron = createRequire(import.meta.url)(path.join(root, 'dist', 'electron', 'index.js')) as ElectronKit;
type Bridge = import('../lib/electron/index.js').SocialBridge;
type BridgeError = import('../lib/electron/index.js').BridgeError;

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A main process with one ready client exposed, and one window whose preload exposes it as `social`. */
async function setup(allow: readonly string[] = ['getState', 'createOrJoinLobby', 'sendLobbyMessage', 'getLobbyMessages', 'getLobby', 'updateToken']) {
  const sim = new sdk.Simulator();
  const client = await sim.connectClient(sim.createUser({ username: 'launcher' }));
  open.push(client);
  const ipcMain = new FakeIpcMain();
  const exposed = electron.exposeClient(ipcMain, client, { allow: allow as never });
  const preload = (page: FakePage) => electron.exposeInMainWorld(page.contextBridge, page.ipcRenderer, 'social');
  const window = new FakeWebContents(ipcMain, preload);
  const social = () => window.page?.window.social as Bridge;
  return { sim, client, ipcMain, exposed, window, social };
}

async function rejection(promise: Promise<unknown>): Promise<BridgeError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: BridgeError) => error,
  );
}

describe('the Electron bridge', () => {
  it('carries a call and its result from the renderer to the main process and back', async () => {
    const { client, social } = await setup();
    const state = await social().getState();
    expect(state).toMatchObject({ status: 'ready', backend: 'sim', closed: false, currentUser: { username: 'launcher' } });
    const lobbyId = await social().createOrJoinLobby('electron-secret', { lobbyMetadata: { mode: 'duo' } });
    expect(lobbyId).toMatch(/^[0-9]+$/);
    expect(client.getLobbyIds()).toContain(lobbyId);
    const messageId = await social().sendLobbyMessage(BigInt(lobbyId), 'hello from the renderer');
    const messages = await social().getLobbyMessages(lobbyId);
    expect(messages.map((m) => [m.id, m.content])).toEqual([[messageId, 'hello from the renderer']]);
    expect((await social().getLobby(lobbyId))?.metadata).toEqual({ mode: 'duo' });
  });

  it('keeps a SocialSdkError’s type, code, status, retryable and retryAfter (Electron alone keeps only the message)', async () => {
    const { sim, social } = await setup();
    const lobbyId = await social().createOrJoinLobby('errors');
    sim.failNext('sendLobbyMessage', { error: { type: 'HTTPError', status: 429, code: 20016, retryable: true, retryAfter: 3 } });
    const error = await rejection(social().sendLobbyMessage(lobbyId, 'too fast'));
    expect(error).toEqual({
      name: 'SocialSdkError',
      message: expect.stringContaining('sendLobbyMessage') as unknown as string,
      type: 'HTTPError',
      code: 20016,
      status: 429,
      retryable: true,
      retryAfter: 3,
    });
    // Input errors keep their class name, and their exact message.
    const invalid = await rejection(social().getLobby('not-an-id'));
    expect(invalid.name).toBe('RangeError');
    expect(invalid.message).toMatch(/lobbyId/);
    expect(invalid.type).toBeUndefined();

    // What Electron does without the bridge: an error thrown by a handler arrives as its message only.
    const ipcMain = new FakeIpcMain();
    ipcMain.handle('raw', () => {
      throw Object.assign(new Error('boom'), { type: 'HTTPError', status: 429 });
    });
    const raw = new FakeWebContents(ipcMain, () => {});
    const rawError = (await raw.page?.ipcRenderer.invoke('raw').catch((e: unknown) => e)) as Error & { status?: number };
    expect(rawError.message).toBe("Error invoking remote method 'raw': Error: boom");
    expect(rawError.status).toBeUndefined();
  });

  it('an accept() that throws refuses the renderer and is reported like a listener error, not thrown into the IPC dispatch (issue 33, item 13)', async () => {
    const sim = new sdk.Simulator();
    const client = await sim.connectClient(sim.createUser({ username: 'launcher' }));
    open.push(client);
    const ipcMain = new FakeIpcMain();
    const thrown = new Error('accept failed');
    electron.exposeClient(ipcMain, client, {
      allow: ['getState'],
      accept: () => {
        throw thrown;
      },
    });
    const window = new FakeWebContents(ipcMain, (page) => electron.exposeInMainWorld(page.contextBridge, page.ipcRenderer, 'social'));
    const social = () => window.page?.window.social as Bridge;
    // The report goes to the next tick, as a listener's error does; caught here to look at it.
    // Only the report: the rest of the tick's work (streams, promises, the pump) runs as usual
    // (held back too, it left the worker hanging once the test failed).
    const reported: (() => void)[] = [];
    const realNextTick = process.nextTick.bind(process);
    const nextTick = vi.spyOn(process, 'nextTick').mockImplementation(((callback: (...args: unknown[]) => void, ...args: unknown[]) => {
      if (callback.name === 'rethrowListenerError') reported.push(() => callback(...args));
      else realNextTick(callback, ...args);
    }) as typeof process.nextTick);
    let call: BridgeError;
    try {
      call = await rejection(social().getState());
      // Before, the subscription's accept() threw out of the IPC listener into Electron's dispatch.
      expect(() => social().on('messageCreated', () => {})).not.toThrow();
      await turn(); // the subscription crosses to the main process
    } finally {
      nextTick.mockRestore();
    }
    expect(call.message).toMatch(/may not use the 'social' bridge/);
    expect(client.listenerCount('messageCreated')).toBe(0);
    expect(reported.length).toBeGreaterThanOrEqual(2);
    for (const report of reported) expect(report).toThrow(thrown);
  });

  it('streams events to the renderer, and stops when it unsubscribes', async () => {
    const { sim, client, social } = await setup();
    const lobbyId = await social().createOrJoinLobby('events');
    const friend = await sim.connectClient(sim.createUser({ username: 'friend' }));
    open.push(friend);
    await friend.createOrJoinLobby('events');
    const seen: Message[] = [];
    const off = social().on('messageCreated', (message) => seen.push(message));
    await until(() => client.listenerCount('messageCreated') === 1, 'the subscription in the main process');
    await friend.sendLobbyMessage(lobbyId, 'one');
    await friend.sendLobbyMessage(lobbyId, 'two');
    await until(() => seen.length === 2, 'two messages in the renderer');
    expect(seen.map((m) => [m.content, m.lobbyId])).toEqual([
      ['one', lobbyId],
      ['two', lobbyId],
    ]);
    off();
    off(); // idempotent
    await until(() => client.listenerCount('messageCreated') === 0, 'the main process listener removed');
    await friend.sendLobbyMessage(lobbyId, 'three');
    await sim.settle();
    await turn();
    expect(seen).toHaveLength(2);

    const statuses: string[] = [];
    social().on('statusChanged', (change) => statuses.push(change.status));
    await until(() => client.listenerCount('statusChanged') === 1, 'the statusChanged subscription');
    await client.disconnect();
    await until(() => statuses.includes('disconnected'), 'the disconnect in the renderer');
  });

  it("an event's error crosses as a BridgeError, as a failed call's does (richPresenceFailed)", async () => {
    const { sim, client, social } = await setup();
    const seen: unknown[] = [];
    social().on('richPresenceFailed', (event) => seen.push(event));
    await until(() => client.listenerCount('richPresenceFailed') === 1, 'the subscription in the main process');
    await client.updateRichPresence({ state: 'kept' });
    sim.failNext('updateRichPresence', { error: { type: 'HTTPError', status: 503, retryable: true } });
    sim.dropConnections(client.currentUser!.id);
    await until(() => seen.length === 1, 'the event in the renderer');
    expect(seen[0]).toEqual({
      error: { name: 'SocialSdkError', message: expect.any(String), type: 'HTTPError', code: 0, status: 503, retryable: true, retryAfter: 0 },
    });
  });

  it('carries the friends list, friend requests and the invite loop, with their events', async () => {
    const { sim, client, social } = await setup([
      'getRelationships', 'getRelationshipsByGroup', 'getRelationship', 'searchFriendsByUsername', 'sendGameFriendRequest',
      'acceptGameFriendRequest', 'blockUser', 'unblockUser', 'acceptActivityInvite', 'sendActivityJoinRequest',
    ]);
    const friendUser = sim.createUser({ username: 'friend' });
    const friend = await sim.connectClient(friendUser);
    open.push(friend);
    const created: string[] = [];
    social().on('relationshipCreated', ({ userId, isDiscordRelationshipUpdate }) => created.push(`${userId} ${isDiscordRelationshipUpdate}`));
    const invites: import('../lib/index.js').ActivityInvite[] = [];
    social().on('activityInviteCreated', (invite) => invites.push(invite));
    await until(() => client.listenerCount('relationshipCreated') === 1 && client.listenerCount('activityInviteCreated') === 1, 'the subscriptions');
    await social().sendGameFriendRequest('FRIEND');
    await friend.acceptGameFriendRequest(client.currentUser!.id);
    await sim.settle();
    await until(() => created.length === 2, 'both relationship events in the renderer');
    expect(created).toEqual([`${friendUser.id} false`, `${friendUser.id} false`]);
    expect((await social().getRelationship(friendUser.id)).gameType).toBe('friend');
    expect((await social().getRelationships()).map((r) => r.id)).toEqual([friendUser.id]);
    expect((await social().getRelationshipsByGroup('offline')).map((r) => r.user?.username)).toEqual(['friend']);
    expect((await social().searchFriendsByUsername('fri')).map((u) => u.username)).toEqual(['friend']);
    // The invite loop: the friend invites the launcher's user, the renderer accepts for the secret.
    await friend.updateRichPresence({ state: 'In a group', party: { id: 'party-x', currentSize: 1, maxSize: 2 }, secrets: { join: 'bridge-lobby' } });
    await friend.sendActivityInvite(client.currentUser!.id);
    await until(() => invites.length === 1, 'the invite in the renderer');
    // Playing this game now: the friend moved to the top group.
    expect((await social().getRelationshipsByGroup('onlinePlayingGame')).map((r) => r.user?.username)).toEqual(['friend']);
    expect((await social().acceptActivityInvite(invites[0]!)).joinSecret).toBe('bridge-lobby');
    // Refusals keep the service's code across the bridge.
    const refused = await rejection(social().sendActivityJoinRequest('123456789012345678'));
    expect([refused.name, refused.code]).toEqual(['SocialSdkError', 10013]);
    await social().blockUser(friendUser.id);
    expect((await social().getRelationship(friendUser.id)).discordType).toBe('blocked');
    await social().unblockUser(friendUser.id);
    expect((await social().getRelationship(friendUser.id)).discordType).toBe('none');
  });

  it('refuses methods that are not allowed, whatever the renderer sends', async () => {
    const { client, social, window } = await setup(['getState']);
    const api = social() as unknown as Record<string, unknown>;
    expect(api.close).toBeUndefined(); // lifetime methods are never part of the renderer API
    expect(api.unref).toBeUndefined();
    const refused = await rejection(social().updateToken('a-token-the-renderer-should-not-handle'));
    expect(refused).toEqual({ name: 'Error', message: expect.stringContaining('updateToken() is not allowed by this bridge (allowed: getState)') as unknown as string });
    // A compromised renderer talking to the channel directly.
    const ipc = window.page?.ipcRenderer;
    for (const method of ['close', 'unref', 'constructor', '__proto__', 'on', 'emit']) {
      const outcome = (await ipc?.invoke('social-sdk-node:social:call', method, [])) as { ok: boolean; error: BridgeError };
      expect(outcome.ok).toBe(false);
      expect(outcome.error.message).toContain('is not allowed by this bridge');
    }
    expect(client.closed).toBe(false);
    expect(client.status).toBe('ready');
    expect(() => electron.exposeClient(new FakeIpcMain(), client, { allow: ['close' as never] })).toThrow(TypeError);
  });

  it('drops a page’s listeners when the renderer reloads or goes away, with none leaked', async () => {
    const { sim, client, ipcMain, exposed, window, social } = await setup();
    const baseline = client.listenerCount('messageCreated');
    const mainListeners = ['hello', 'subscribe', 'unsubscribe'].map((c) => ipcMain.listenerCount(`social-sdk-node:social:${c}`));
    const lobbyId = await social().createOrJoinLobby('reload');
    const friend = await sim.connectClient(sim.createUser({ username: 'friend' }));
    open.push(friend);
    await friend.createOrJoinLobby('reload');

    const before: string[] = [];
    social().on('messageCreated', (m) => before.push(m.content));
    social().on('lobbyMemberUpdated', () => {});
    await until(() => client.listenerCount('messageCreated') === baseline + 1, 'the first page subscribed');

    for (let reload = 1; reload <= 3; reload++) {
      window.reload(); // the preload runs again on the new page; the old page never unsubscribed
      const after: string[] = [];
      social().on('messageCreated', (m) => after.push(m.content));
      await turn();
      await turn();
      expect(client.listenerCount('messageCreated')).toBe(baseline + 1);
      expect(client.listenerCount('lobbyMemberUpdated')).toBe(0);
      await friend.sendLobbyMessage(lobbyId, `after reload ${reload}`);
      await until(() => after.length === 1, 'the message on the new page');
      expect(after).toEqual([`after reload ${reload}`]);
    }
    expect(before).toEqual([]); // the first page is gone: nothing was delivered to it
    expect(exposed.subscriberCount()).toBe(1);
    expect(['hello', 'subscribe', 'unsubscribe'].map((c) => ipcMain.listenerCount(`social-sdk-node:social:${c}`))).toEqual(mainListeners);
    expect(window.listenerCount('destroyed')).toBe(1);

    window.destroy();
    expect(client.listenerCount('messageCreated')).toBe(baseline);
    expect(exposed.subscriberCount()).toBe(0);
    await friend.sendLobbyMessage(lobbyId, 'nobody listens'); // must not throw into the client's dispatch
    await sim.settle();
  });

  it('closes the clients before the app quits, and disposes the bridge', async () => {
    const { client, ipcMain, exposed, social } = await setup();
    social().on('statusChanged', () => {});
    await until(() => client.listenerCount('statusChanged') === 1, 'a subscription');
    const app = new FakeApp();
    const unhook = electron.closeOnQuit(app, [client]);
    app.quit();
    expect(app.quitted).toBe(false); // held until the client has closed
    await until(() => app.quitted, 'the second quit');
    expect(client.closed).toBe(true);
    expect(app.quitCalls).toBe(2);
    unhook();
    expect(app.listenerCount('before-quit')).toBe(0);

    exposed.dispose();
    exposed.dispose();
    expect(ipcMain.handlerCount()).toBe(0);
    expect(client.listenerCount('statusChanged')).toBe(0);
    const gone = await rejection(social().getState());
    expect(gone.message).toContain('No handler registered');
  });

  it('quits anyway when closing hangs past the timeout', async () => {
    const app = new FakeApp();
    electron.closeOnQuit(app, [{ close: () => new Promise<void>(() => {}) }], { timeoutMs: 20 });
    app.quit();
    await until(() => app.quitted, 'the quit after the timeout');
  });
});

describe('what a bridge can carry (BRIDGE_METHODS, from the `bridge` decisions)', () => {
  type Decision = 'renderer' | { mainOnly: string };
  const read = (file: string) => (JSON.parse(fs.readFileSync(path.join(root, 'seam', file), 'utf8')) as { methods: { js: string; bridge?: Decision }[] }).methods;
  const decided = [...read('seam.json'), ...read('client-only.json')];
  const decision = new Map(decided.map((method) => [method.js, method.bridge]));
  // The Client's own methods, feature modules' included (EventEmitter's, inherited, are not the
  // Client's: a renderer listens with the bridge's on()).
  const clientMethods = Object.entries(Object.getOwnPropertyDescriptors(sdk.Client.prototype))
    .filter(([name, descriptor]) => name !== 'constructor' && typeof descriptor.value === 'function')
    .map(([name]) => name);

  it('every public Client method has a decision, "renderer" or { mainOnly: why }', () => {
    expect(clientMethods.length).toBeGreaterThan(90);
    expect(clientMethods.filter((name) => !decision.has(name))).toEqual([]);
    expect(decided.length).toBe(decision.size);
    const malformed = decided.filter(({ bridge }) => bridge !== 'renderer' && !(typeof bridge === 'object' && typeof bridge.mainOnly === 'string' && bridge.mainOnly.trim() !== ''));
    expect(malformed.map(({ js }) => js)).toEqual([]);
  });

  it('BRIDGE_METHODS is getState and every method decided "renderer", each a Client method', () => {
    const carried = decided.filter(({ bridge }) => bridge === 'renderer').map(({ js }) => js);
    expect([...electron.BRIDGE_METHODS].sort()).toEqual(['getState', ...carried].sort());
    expect(carried.filter((name) => !clientMethods.includes(name))).toEqual([]);
    // Lifetime, sign-in and tokens stay in the main process.
    for (const name of ['close', 'ref', 'unref', 'events', 'keepSignedIn', 'getToken', 'refreshToken', 'authorize', 'registerLaunchCommand']) {
      expect(decision.get(name)).toHaveProperty('mainOnly');
    }
    for (const name of ['setOnlineStatus', 'linkChannelToLobby']) expect(decision.get(name)).toBe('renderer');
  });

  it('carries setOnlineStatus (the user’s own status, like rich presence)', async () => {
    const { client, social } = await setup(['setOnlineStatus']);
    await social().setOnlineStatus('dnd');
    expect(client.currentUser!.status).toBe('dnd');
    const invalid = await rejection(social().setOnlineStatus('away' as never));
    expect(invalid.name).toBe('RangeError');
  });
});

describe('the Electron entries', () => {
  const run = promisify(execFile);
  // Records every module the entry loads (a sandboxed preload cannot load native code).
  const probe = (entry: string) => `
    const Module = require('node:module');
    const loaded = [];
    const load = Module._load;
    Module._load = function (request, parent, isMain) { loaded.push(request); return load.apply(this, arguments); };
    const kit = require(${JSON.stringify(entry)});
    process.stdout.write(JSON.stringify({ loaded, exports: Object.keys(kit).sort(), native: Object.keys(require.cache).filter((f) => f.endsWith('.node')) }));
  `;

  it.each([
    ['social-sdk-node/electron/preload', ['BRIDGE_EVENTS', 'BRIDGE_METHODS', 'createBridge', 'exposeInMainWorld']],
    ['social-sdk-node/electron', ['BRIDGE_EVENTS', 'BRIDGE_METHODS', 'closeOnQuit', 'createBridge', 'exposeClient', 'exposeInMainWorld']],
  ])('%s loads no native code and nothing outside lib/electron', async (entry, exports) => {
    const { stdout } = await run(process.execPath, ['-e', probe(entry)], { cwd: root });
    const report = JSON.parse(stdout) as { loaded: string[]; exports: string[]; native: string[] };
    expect(report.exports).toEqual(exports);
    expect(report.native).toEqual([]);
    // Besides its own modules, only the dependency-free listener-error reporter it shares with the runtime.
    expect(report.loaded.filter((request) => request !== entry && !/^\.\/(protocol|main|preload)\.js$/.test(request) && request !== '../common/listener-errors.js')).toEqual([]);
  });

  it('the compiled preload requires nothing but its protocol module', () => {
    const source = fs.readFileSync(path.join(root, 'dist', 'electron', 'preload.js'), 'utf8');
    const requires = [...source.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(new Set(requires)).toEqual(new Set(['./protocol.js']));
    const protocol = fs.readFileSync(path.join(root, 'dist', 'electron', 'protocol.js'), 'utf8');
    expect(protocol).not.toMatch(/require\(/);
  });

  it('import and require give the same functions', async () => {
    const script = `
      const cjs = require('social-sdk-node/electron');
      import('social-sdk-node/electron').then((esm) => import('social-sdk-node/electron/preload').then((pre) => {
        process.stdout.write(JSON.stringify([esm.exposeClient === cjs.exposeClient, pre.exposeInMainWorld === cjs.exposeInMainWorld]));
      }));
    `;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: root });
    expect(JSON.parse(stdout)).toEqual([true, true]);
  });
});

describe('examples/electron', () => {
  it('runs under the in-memory Electron: sandboxed window, the preload’s API, quitting closes the clients', async () => {
    const dir = path.join(root, 'examples', 'electron');
    const ipcMain = new FakeIpcMain();
    const app = Object.assign(new FakeApp(), { whenReady: () => Promise.resolve(), exit: (code: number) => Promise.reject(new Error(`app.exit(${code})`)) });
    const windows: { options: { webPreferences: Record<string, unknown> }; file?: string }[] = [];
    class BrowserWindow {
      readonly record: (typeof windows)[number];
      constructor(options: (typeof windows)[number]['options']) {
        this.record = { options };
        windows.push(this.record);
      }
      loadFile(file: string): Promise<void> {
        this.record.file = file;
        return Promise.resolve();
      }
    }
    // The example requires 'electron' and the package by name: both resolved here.
    const entries: Record<string, string> = {
      'social-sdk-node': path.join(root, 'dist', 'index.js'),
      'social-sdk-node/electron': path.join(root, 'dist', 'electron', 'index.js'),
      'social-sdk-node/electron/preload': path.join(root, 'dist', 'electron', 'preload.js'),
    };
    const hooked = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
    const load = hooked._load;
    let pageElectron: unknown;
    hooked._load = function (request: string, parent: unknown, isMain: boolean) {
      if (request === 'electron') return pageElectron ?? { app, BrowserWindow, ipcMain };
      return load.call(this, entries[request] ?? request, parent, isMain);
    };
    try {
      createRequire(import.meta.url)(path.join(dir, 'main.js'));
      await until(() => windows[0]?.file !== undefined, 'the window to load its page');
      expect(windows[0]?.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, preload: path.join(dir, 'build', 'preload.js') });
      expect(windows[0]?.file).toBe(path.join(dir, 'index.html'));
      expect(fs.existsSync(path.join(dir, 'renderer.js'))).toBe(true);

      // The renderer: each page load runs examples/electron/preload.js with that page's Electron.
      const source = fs.readFileSync(path.join(dir, 'preload.js'), 'utf8');
      const runPreload = (page: FakePage) => {
        pageElectron = { contextBridge: page.contextBridge, ipcRenderer: page.ipcRenderer };
        try {
          const module = { exports: {} };
          new Function('require', 'module', 'exports', source)(createRequire(path.join(dir, 'preload.js')), module, module.exports);
        } finally {
          pageElectron = undefined;
        }
      };
      const window = new FakeWebContents(ipcMain, runPreload);
      const social = window.page?.window.social as Bridge;
      expect(await social.getState()).toMatchObject({ status: 'ready', currentUser: { username: 'player', displayName: 'Player One' } });
      const lobbyId = await social.createOrJoinLobby('electron-example');
      const seen: string[] = [];
      social.on('messageCreated', (m) => seen.push(m.content));
      await social.sendLobbyMessage(lobbyId, 'hello from the example');
      await until(() => seen.includes('hello from the example'), 'the message event');
      expect((await rejection(social.getLobby(lobbyId))).message).toContain('getLobby() is not allowed');

      app.quit();
      await until(() => app.quitted, 'the app to quit after closing the clients');
      expect((await social.getState()).closed).toBe(true);
    } finally {
      hooked._load = load;
    }
  });
});
