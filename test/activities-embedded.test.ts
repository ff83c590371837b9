// Activities: the real embedded app SDK (@discord/embedded-app-sdk: its output/*.mjs, ES modules
// with only relative imports, served as they are) runs in an iframe of the simulated chat client's parent frame, in headless Chromium
// (Debian's `chromium`, driven by puppeteer-core; one browser for the file). The rule, platform
// document "Authentication" rule 2: "Scope relationships.read for Activities: available after the
// app accepts the social SDK terms in its settings. Approval from the service is no longer
// required. With it, getRelationships() in the embedded app SDK returns the player's relationships."
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { sdk, type ActivityHost } from './sdk.js';

function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not on PATH
    }
  }
  return undefined;
}
const chromium = findChromium();

/** The activity's script: the SDK, and the calls the tests make in its frame. */
const activityScript = (clientId: string) => `
import { DiscordSDK } from './sdk/index.mjs';
const discordSdk = new DiscordSDK(${JSON.stringify(clientId)}, { disableConsoleLogOverride: false });
const attempt = async (run) => { try { return { ok: await run() }; } catch (e) { return { error: { code: e.code, message: e.message } }; } };
window.sdkReady = false;
discordSdk.ready().then(() => { window.sdkReady = true; console.info('activity ready'); });
window.signIn = (scope) => attempt(async () => {
  const { code } = await discordSdk.commands.authorize({ client_id: ${JSON.stringify(clientId)}, response_type: 'code', state: '', prompt: 'none', scope });
  // The activity's backend exchanges the code (served by the test's server, under the proxy).
  const response = await fetch('api/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) });
  const { access_token } = await response.json();
  return discordSdk.commands.authenticate({ access_token });
});
window.relationships = () => attempt(() => discordSdk.commands.getRelationships());
`;

/** The package's ES modules (output/index.mjs and what it imports). */
const sdkDirectory = path.dirname(createRequire(import.meta.url).resolve('@discord/embedded-app-sdk'));
let appServer: Server;
let appUrl = '';
/** The host and client id of the running test (the developer's server answers for them). */
let current: { host: ActivityHost; clientId: string } | undefined;
let browser: import('puppeteer-core').Browser | undefined;
const open: { close(): Promise<void> }[] = [];

describe.skipIf(chromium === undefined)('Activities: the embedded app SDK in headless Chromium (skipped: no `chromium` on PATH)', () => {
  beforeAll(async () => {
    // The developer's server: the activity's page, script, the SDK, and its token exchange.
    appServer = createServer((request, response) => {
      const pathname = new URL(request.url ?? '/', 'http://x').pathname;
      const reply = (type: string, body: string) => response.writeHead(200, { 'Content-Type': type }).end(body);
      if (pathname === '/') return reply('text/html', '<!doctype html><title>activity</title><script type="module" src="app.js"></script>');
      if (pathname === '/app.js') return reply('text/javascript', activityScript(current?.clientId ?? ''));
      if (pathname.startsWith('/sdk/')) {
        const file = path.join(sdkDirectory, pathname.slice('/sdk/'.length));
        if (file.startsWith(sdkDirectory + path.sep) && file.endsWith('.mjs') && existsSync(file)) return reply('text/javascript', readFileSync(file, 'utf8'));
      }
      if (pathname === '/api/token' && request.method === 'POST') {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => reply('application/json', JSON.stringify({ access_token: current!.host.exchangeCode((JSON.parse(body) as { code: string }).code) })));
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}/`;
    const puppeteer = (await import('puppeteer-core')).default;
    browser = await puppeteer.launch({ executablePath: chromium!, headless: true, args: ['--no-sandbox', '--headless=new'] });
  }, 60_000);

  afterEach(async () => {
    await Promise.all(open.splice(0).map((thing) => thing.close()));
    current = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => appServer?.close(resolve));
  });

  /** A world with alice (the player), her friend bob, and the activity open in alice's chat client. */
  async function launch(termsAccepted: boolean) {
    const sim = new sdk.Simulator();
    const app = sim.createApplication({ name: 'Party Game' });
    const alice = sim.createUser({ username: 'alice' });
    const bob = sim.createUser({ username: 'bob', globalName: 'Bob' });
    sim.createUser({ username: 'carol' });
    sim.setFriends(alice, bob, { discord: true, game: false });
    sim.setSocialSdkTermsAccepted(app, termsAccepted);
    const host = await sim.hostActivity({ user: alice, application: app, activityUrl: appUrl });
    open.push(host);
    current = { host, clientId: app.id };
    const page = await browser!.newPage();
    open.push({ close: () => page.close() });
    const framed = page.waitForFrame((frame) => frame.url().includes('/activity/'));
    await page.goto(host.url, { waitUntil: 'domcontentloaded' });
    const frame = await framed;
    await frame.waitForFunction(() => (globalThis as unknown as { sdkReady: boolean }).sdkReady === true, { timeout: 15_000 });
    type Outcome = { ok?: unknown; error?: { code: number; message: string } };
    const signIn = (scope: string[]) => frame.evaluate((s) => (globalThis as unknown as { signIn(s: string[]): Promise<Outcome> }).signIn(s), scope);
    const relationships = () => frame.evaluate(() => (globalThis as unknown as { relationships(): Promise<Outcome> }).relationships());
    return { sim, app, alice, bob, host, signIn, relationships };
  }

  it('terms accepted: relationships.read is granted and getRelationships() answers the player\'s friends', async () => {
    const { alice, bob, host, signIn, relationships } = await launch(true);
    const auth = await signIn(['identify', 'relationships.read']);
    expect(auth.error).toBeUndefined();
    expect(auth.ok).toMatchObject({ user: { id: alice.id, username: 'alice' }, scopes: ['identify', 'relationships.read'] });
    const answer = await relationships();
    // Discord relationship type 1: friend. carol, no relationship, is not listed.
    expect(answer.ok).toEqual({ relationships: [{ type: 1, user: expect.objectContaining({ id: bob.id, username: 'bob', global_name: 'Bob' }) }] });
    // The SDK forwards the activity's console to the parent (CAPTURE_LOG).
    expect(host.logs).toContainEqual({ level: 'info', message: 'activity ready' });
  });

  it('terms not accepted: AUTHORIZE for relationships.read is refused; with identify only, getRelationships() is refused', async () => {
    const { signIn, relationships } = await launch(false);
    const refused = await signIn(['identify', 'relationships.read']);
    expect(refused.error).toEqual({ code: 5000, message: 'invalid_scope' });
    expect((await signIn(['identify'])).error).toBeUndefined();
    expect((await relationships()).error).toMatchObject({ code: 4006 });
  });

  it('terms withdrawn after the grant: getRelationships() is refused from then on', async () => {
    const { sim, app, signIn, relationships } = await launch(true);
    expect((await signIn(['identify', 'relationships.read'])).error).toBeUndefined();
    expect((await relationships()).ok).toBeDefined();
    sim.setSocialSdkTermsAccepted(app, false);
    expect((await relationships()).error).toMatchObject({ code: 4006 });
  });
});
