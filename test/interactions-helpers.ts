// The interactions tests' world: a served simulator with a guild (a player, the default
// application's bot as a member), a game server's interactions receiver made with
// `social-sdk-node/webhooks` on a loopback socket, every delivery it got also checked with the
// `discord-interactions` package, and a RestClient with the bot token.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterEach } from 'vitest';
import { verifyKey } from 'discord-interactions';

import { serve as serveSim } from './service-helpers.js';
import { root, sdk } from './sdk.js';

const require = createRequire(import.meta.url);
export const { RestClient } = require(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
const { createInteractionHandler } = require(path.join(root, 'dist', 'webhooks', 'index.js')) as typeof import('../lib/webhooks/index.js');
type Handler = Parameters<typeof createInteractionHandler>[0]['onInteraction'];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test convenience: JSON of many shapes
export type Json = any;

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A guild with a player and the bot (unless `botInGuild: false`), served; `call` is the bot's fetch. */
export async function world(options: { botInGuild?: boolean } = {}) {
  const sim = new sdk.Simulator();
  const { service, botToken, call } = await serveSim(sim, { rateLimits: 'off' });
  const player = sim.createUser({ username: 'player' });
  const guild = sim.createGuild({ name: 'Raiders', owner: player });
  const channel = sim.createGuildChannel(guild, { name: 'general', position: 0 });
  const app = sim.defaultApplication;
  if (options.botInGuild !== false) sim.addGuildMember(guild, app.botUserId);
  const rest = new RestClient({ token: botToken, baseUrl: service.apiBase, retries: 0 });
  return { sim, service, call, rest, player, guild, channel, app, place: { user: player, guild, channel } };
}

/**
 * The game server's receiver at a loopback URL: `handler` answers each interaction. `seen` holds
 * every request's verdict by `discord-interactions`' verifyKey and the parsed body.
 */
export async function receiver(publicKey: string, now: () => number, handler: Handler) {
  const seen: { verifiedByDiscordInteractions: boolean; body: Json }[] = [];
  const ours = createInteractionHandler({ publicKey, now, onInteraction: handler });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const signature = String(request.headers['x-signature-ed25519'] ?? '');
      const timestamp = String(request.headers['x-signature-timestamp'] ?? '');
      void verifyKey(raw, signature, timestamp, publicKey).then((verified) => {
        seen.push({ verifiedByDiscordInteractions: verified, body: JSON.parse(raw.toString('utf8')) });
        // Our receiver reads the same bytes (Express's express.raw() style).
        return ours(Object.assign(request, { body: raw }), response);
      });
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`, seen };
}
