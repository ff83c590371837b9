// The vendor backend end to end, against the fake vendor library of test/vendor-shape/fake. It
// runs only when the loaded addon has the vendor backend: CI builds one against the fake
// (`node scripts/vendor-fake-sdk.cjs DIR`, then `SOCIAL_SDK_DIR=DIR npm run build`) and runs this
// file; the ordinary build has no vendor backend and skips it. What it proves: the build links
// the library with an rpath and copies it next to the addon; the pump polls the library
// (RunCallbacks) on a timer and delivers its callbacks as events and results; options reach the
// library; the token is filtered from SDK and voice logs; close settles pending operations with
// ClientDestroyed and ignores what the library delivers for the client afterwards; one thread at a
// time owns the library; a missing library is a clear load error.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { runFixture } from './helpers.js';
import { root, sdk, type Message } from './sdk.js';

const load = createRequire(import.meta.url);
const native = load(path.join(root, 'dist', 'addon', 'native.js')) as typeof import('../lib/addon/native.js');
const hasVendor = native.loadBinding().backends.includes('vendor');
const run = promisify(execFile);

describe.runIf(hasVendor)('the vendor backend over the fake library', () => {
  it('reports the library version and the 1.10 features detected in its header', async () => {
    const client = new sdk.Client({ backend: 'vendor' });
    expect(client.backend).toBe('vendor');
    expect(client.sdkVersion).toBe('1.10.18369');
    expect(client.features).toEqual({
      messageAdditionalName: true,
      voiceSettings: true,
      cpuAffinityMask: true,
      guildChannelDetails: true,
      messageModerationMetadata: true,
      inviteCoverImage: true,
      noiseCancellation: true,
    });
    await client.close();
  });

  it('signs in and connects through callbacks the pump polls from the library, in order', async () => {
    const client = new sdk.Client({ backend: 'vendor', runCallbacksIntervalMs: 5 });
    const statuses: string[] = [];
    client.on('statusChanged', (change) => statuses.push(change.status));
    await client.updateToken('token-1');
    await client.connect();
    expect(statuses).toEqual(['connecting', 'connected', 'ready']);
    expect(client.status).toBe('ready');
    expect(client.currentUser).toMatchObject({ id: '42', username: 'fake-user' });
    const created: string[] = [];
    client.on('lobbyCreated', ({ lobbyId }) => created.push(lobbyId));
    const lobbyId = await client.createOrJoinLobby('secret');
    expect(lobbyId).toBe('1000');
    expect(created).toEqual(['1000']);
    await client.close();
  });

  it('tells the notices the library injects and messages from the Discord client from chat a game sent', async () => {
    const client = new sdk.Client({ backend: 'vendor', runCallbacksIntervalMs: 5 });
    const messages: Message[] = [];
    client.on('messageCreated', (message) => messages.push(message));
    await client.updateToken('token-messages');
    await client.connect();
    const lobbyId = await client.createOrJoinLobby('secret');
    const sent = await client.sendLobbyMessage(lobbyId, 'gg');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(messages.map(({ content, authorId, channelId, disclosureType, sentFromGame, additionalContent }) => ({ content, authorId, channelId, disclosureType, sentFromGame, additionalContent }))).toEqual([
      // The legal disclosure the library puts into the conversation itself.
      { content: 'Messages in this lobby are visible on Discord.', authorId: '0', channelId: lobbyId, disclosureType: 'MessageDataVisibleOnDiscord', sentFromGame: false, additionalContent: null },
      // Sent from the Discord client, with two attachments the SDK does not render.
      { content: '', authorId: '43', channelId: lobbyId, disclosureType: null, sentFromGame: false, additionalContent: { type: 'Attachment', title: null, count: 2 } },
      { content: 'gg', authorId: '42', channelId: lobbyId, disclosureType: null, sentFromGame: true, additionalContent: null },
    ]);
    expect(messages[2]!.id).toBe(sent);
    // client.getMessage reads the library's copy (GetMessageHandle), as the events did.
    expect(client.getMessage(sent)).toEqual(messages[2]);
    expect(client.getMessage('4999')).toBeNull();
    await client.close();
  });

  it("joins with only member metadata without wiping the lobby's metadata (the library sends both maps)", async () => {
    const client = new sdk.Client({ backend: 'vendor', runCallbacksIntervalMs: 5 });
    await client.updateToken('token-lobby');
    await client.connect();
    const lobbyId = await client.createOrJoinLobby('meta', { lobbyMetadata: { map: 'dust' } });
    expect(await client.createOrJoinLobby('meta', { memberMetadata: { team: 'red' } })).toBe(lobbyId);
    expect(client.getLobby(lobbyId)).toMatchObject({ metadata: { map: 'dust' }, members: [{ id: '42', metadata: { team: 'red' } }] });
    await client.createOrJoinLobby('meta', { lobbyMetadata: { map: 'nuke' } });
    expect(client.getLobby(lobbyId)).toMatchObject({ metadata: { map: 'nuke' }, members: [{ id: '42', metadata: { team: 'red' } }] });
    await client.close();
  });

  it('settles a failed voice-settings read without reading the settings the library did not give', async () => {
    // The fake aborts the process when a failed result's settings are read (as a debug build of the
    // real library asserts): this test then dies with its worker.
    const client = new sdk.Client({ backend: 'vendor', runCallbacksIntervalMs: 5 });
    await client.updateToken('token-voice');
    await client.connect();
    await expect(client.getVoiceSettings()).rejects.toMatchObject({ type: 'RPCError', message: expect.stringContaining('the chat client is not running') });
    await client.close();
  });

  it('passes the options to the library and filters the token out of SDK and voice logs', async () => {
    const token = 'tok-3f9a-SECRET';
    const client = new sdk.Client({
      backend: 'vendor',
      apiBase: 'https://api.example.test',
      cpuAffinityMask: 5n,
      logLevel: 'info',
    });
    const logs: { severity: string; message: string; source: string }[] = [];
    client.on('log', (entry) => logs.push(entry));
    await client.updateToken(token);
    await client.connect();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs).toContainEqual({
      severity: 'info',
      message: 'connecting to https://api.example.test with Authorization: Bearer [REDACTED]',
      source: 'sdk',
    });
    expect(logs).toContainEqual({ severity: 'warning', message: 'cpu affinity mask 5', source: 'sdk' });
    expect(logs).toContainEqual({ severity: 'warning', message: 'voice engine ready for token [REDACTED]', source: 'voice' });
    expect(logs.some((entry) => entry.message.includes(token))).toBe(false);
    expect(client.cpuAffinityMask).toBe(5n);
    await client.close();
  });

  it('filters every token the client has held, after refreshes, and any bearer credential', async () => {
    const tokens = ['tok-first-1111', 'tok-second-2222', 'tok-third-3333'];
    const client = new sdk.Client({ backend: 'vendor', logLevel: 'info' });
    const logs: string[] = [];
    client.on('log', (entry) => logs.push(entry.message));
    await client.updateToken(tokens[0]!);
    await client.connect();
    await client.updateToken(tokens[1]!);
    await client.updateToken(tokens[2]!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs).toContain('token refreshed: [REDACTED] -> [REDACTED]');
    expect(logs.filter((line) => line.startsWith('token refreshed:'))).toHaveLength(2);
    expect(logs.filter((line) => tokens.some((token) => line.includes(token)))).toEqual([]);
    await client.close();
  });

  it('settles a pending operation with ClientDestroyed on close and ignores the late result the library sends', async () => {
    const client = new sdk.Client({ backend: 'vendor' });
    const events: string[] = [];
    client.on('statusChanged', (change) => events.push(change.status));
    // The fake never answers this token; when the client is dropped it queues ClientDestroyed.
    const pending = client.updateToken('hang').then(
      () => 'resolved',
      (error: InstanceType<typeof sdk.SocialSdkError>) => error.type,
    );
    await client.close();
    expect(await pending).toBe('ClientDestroyed');
    // A new client keeps the library polled: the late callback of the closed one runs, and nothing
    // reaches the closed client or this one.
    const next = new sdk.Client({ backend: 'vendor' });
    await next.updateToken('token-2');
    expect(events).toEqual([]);
    await next.close();
  });

  it('lets one thread at a time own the library, and exits by itself with a client left open', async () => {
    const result = await runFixture('vendor-owner.cjs');
    expect(result.stderr.replace(/\(node:\d+\) \[SDK_[A-Z_]+\].*\n|\(Use `node --trace-warnings.*\n/g, '')).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      whileOwned: { vendor: string | null; error: string | null; simulator: string };
      afterClose: { vendor: string | null; error: string | null; simulator: string };
      lastStatus: string;
    };
    expect(report.whileOwned.vendor).toBeNull();
    expect(report.whileOwned.error).toContain('the vendor SDK is in use by another thread of this process');
    expect(report.whileOwned.simulator).toBe('sim');
    expect(report.afterClose).toEqual({ vendor: 'vendor', error: null, simulator: 'sim' });
    expect(report.lastStatus).toBe('ready');
  });

  it('fails to load with a clear message when the library is not next to the addon', async () => {
    // A copy of the package whose build/Release has the addon but not the library.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'social-sdk-nolib-'));
    try {
      fs.cpSync(path.join(root, 'dist'), path.join(copy, 'dist'), { recursive: true });
      fs.mkdirSync(path.join(copy, 'build', 'Release'), { recursive: true });
      fs.copyFileSync(path.join(root, 'build', 'Release', 'social_sdk_node.node'), path.join(copy, 'build', 'Release', 'social_sdk_node.node'));
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
      const script = "try { new (require('./dist/index.js').Client)({ backend: 'vendor' }); } catch (e) { console.log(e.message); }";
      const { stdout } = await run(process.execPath, ['-e', script], { cwd: copy });
      expect(stdout).toContain('this build uses the vendor SDK, but its library libdiscord_partner_sdk.so could not be loaded');
      expect(stdout).toContain(`It must sit next to the addon (${path.join(copy, 'build', 'Release')}`);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe.runIf(!hasVendor)('the vendor backend end to end', () => {
  it('runs in CI against the fake library (this build has no vendor backend)', () => {
    expect(native.loadBinding().backends).toEqual(['sim']);
  });
});
