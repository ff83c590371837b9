// The inspector page in a real browser: Debian's `chromium`, headless, driven by puppeteer-core
// (which downloads no browser). The page loads from `sim.inspect()` with the harness secret in its
// fragment, and shows a lobby and a message made after it loaded, without a reload. Skipped, saying
// why, where no chromium is installed; CI installs it (.ci/run). This is also the test that makes
// docs/images/inspector.png: with SOCIAL_SDK_UPDATE_SCREENSHOT=1 it writes the screenshot there,
// otherwise to a temporary directory.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { root, sdk, type Client } from './sdk.js';

/** The page's document, as the functions run in the browser use it (the tests' TypeScript has no DOM library). */
interface PageElement {
  textContent: string | null;
  querySelectorAll(selector: string): { length: number };
}
declare const document: { getElementById(id: string): PageElement | null };

function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      if (found) return found;
    } catch {
      // not this one
    }
  }
  return undefined;
}

const chromium = findChromium();
const SCREENSHOT = process.env['SOCIAL_SDK_UPDATE_SCREENSHOT'] === '1' ? path.join(root, 'docs', 'images', 'inspector.png') : path.join(os.tmpdir(), `inspector-${process.pid}.png`);

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).reverse().map((thing) => thing.close()));
});

describe.skipIf(chromium === undefined)('the inspector in headless Chromium (skipped: no `chromium` on PATH; install it, e.g. apt-get install chromium)', () => {
  it('shows a lobby and a message made after the page loaded, live, and filters by user', async () => {
    const puppeteer = (await import('puppeteer-core')).default;
    const sim = new sdk.Simulator();
    const service = await sim.listen();
    open.push(service);
    const game = sim.defaultApplication;
    const users = ['alice', 'bob', 'carol'].map((username) => sim.createUser({ username, globalName: `${username[0]!.toUpperCase()}${username.slice(1)}` }));
    const [alice, bob, carol] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    const clients: Client[] = [];
    for (const user of [alice, bob]) {
      const client = await sim.connectClient(user);
      open.push(client);
      clients.push(client);
    }
    const [aliceClient, bobClient] = clients as [Client, Client];
    sim.setFriends(alice, bob, { discord: true, game: true });
    await aliceClient.updateRichPresence({ type: 'Playing', state: 'In the lobby', details: 'Ranked duel' });
    const guild = sim.createGuild({ name: 'Raiders', owner: carol, members: [alice, bob] });
    sim.createGuildChannel(guild, { name: 'general' });
    sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 1 });

    const browser = await puppeteer.launch({ executablePath: chromium!, headless: true, args: ['--no-sandbox', '--headless=new'] });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1400, height: 1000 });
      await page.goto(sim.inspect(), { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.getElementById('connection')?.textContent === 'Live', { timeout: 10_000 });
      expect(await page.$$eval('#lobbies article', (articles) => articles.length)).toBe(0);

      // Made after the page loaded: the page shows them without a reload.
      const lobbyId = await aliceClient.createOrJoinLobby('raid-night', { lobbyMetadata: { map: 'Dust', mode: 'duel' } });
      await bobClient.createOrJoinLobby('raid-night');
      await page.waitForFunction((id) => document.getElementById(`lobby-${id}`) !== null, { timeout: 10_000 }, lobbyId);
      await aliceClient.sendLobbyMessage(lobbyId, 'ready when you are');
      await bobClient.sendLobbyMessage(lobbyId, 'gl hf');
      await page.waitForFunction(() => document.getElementById('lobbies')!.textContent!.includes('gl hf'), { timeout: 10_000 });
      await aliceClient.startCall(lobbyId);
      const bot = service.issueBotToken(game);
      await fetch(`${service.apiBase}/lobbies/${lobbyId}`, { headers: { authorization: `Bot ${bot}` } });
      await page.waitForFunction(() => document.getElementById('requests')!.textContent!.includes('GET /lobbies/{lobby_id}'), { timeout: 10_000 });
      await page.waitForFunction(() => document.getElementById('calls')!.querySelectorAll('tbody tr').length === 1, { timeout: 10_000 });
      const timeline = await page.$$eval('#timeline li', (items) => items.map((item) => item.textContent ?? ''));
      expect(timeline.some((text) => text.includes('messageSent') && text.includes('gl hf'))).toBe(true);
      expect(timeline.some((text) => text.includes('memberJoined') && text.includes('bob joined'))).toBe(true);
      // No secret in what the page shows.
      expect(await page.$eval('body', (body) => body.innerHTML)).not.toContain(bot);

      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      expect(fs.statSync(SCREENSHOT).size).toBeGreaterThan(10_000);

      // The user filter applies to the users table and to the timeline.
      await page.select('#filter-user', bob.id);
      const shownUsers = await page.$$eval('#users tbody tr', (rows) => rows.map((row) => row.textContent ?? ''));
      expect(shownUsers).toHaveLength(1);
      expect(shownUsers[0]).toContain('bob');
      const filtered = await page.$$eval('#timeline li', (items) => items.map((item) => item.textContent ?? ''));
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.every((text) => !text.includes('alice in lobby'))).toBe(true);
      await aliceClient.endCall(lobbyId);
    } finally {
      await browser.close();
      if (!SCREENSHOT.startsWith(root)) fs.rmSync(SCREENSHOT, { force: true });
    }
  });
});
