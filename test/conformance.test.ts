// The simulated HTTP service and the RestClient against the official OpenAPI description of the
// HTTP API (discord/discord-api-spec; the commit and version are in
// test/conformance/openapi-digest.json, printed by the first test). Every route of the route table
// is called over a real socket, its success case and the error cases the description documents
// or we model; every response is validated against the description's schema for its status
// (test/conformance/official-description.ts). Rate-limit headers, which the description names
// but does not define, are checked against the docs (topics/rate-limits.mdx). Where our route
// differs from the description on purpose, the route table says which docs page it follows
// (`authFollows`), and test/route-table.test.ts checks that list.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { digest, disagreements, EXCEPTIONS, operationOf, requestDisagreements } from './conformance/official-description.js';
import { player, rejectionOf } from './lobby-helpers.js';
import { approvedSignIn } from './sign-in-helpers.js';
import { identified } from './gateway-helpers.js';
import { root, sdk, type Client, type SimulatedService, type User } from './sdk.js';

const load = createRequire(import.meta.url);
const { RestClient } = load(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
const table = load(path.join(root, 'dist', 'routes', 'table.js')) as typeof import('../lib/routes/table.js');
type Simulator = InstanceType<typeof sdk.Simulator>;
type RestClientOptions = ConstructorParameters<typeof RestClient>[0];

/** One request and its answer, as it crossed the socket. */
interface Exchange {
  route: string;
  method: string;
  path: string;
  status: number;
  headers: Headers;
  body: unknown;
  /** The JSON body sent, when there was one. */
  request: unknown;
  viaRestClient: boolean;
}

const exchanges: Exchange[] = [];
const services: SimulatedService[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** The table's route a request went to: its key in the description's notation. */
function routeOf(method: string, pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  for (const route of table.ROUTE_LIST) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    if (pattern.every((part, i) => (part.startsWith('{') ? !segments[i]!.startsWith('@') : part === segments[i]))) return table.routeKey(route);
  }
  return `${method} ${pathname} (not in the table)`;
}

async function exchange(url: string, init: RequestInit & { method: string }, viaRestClient: boolean): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, init);
  const text = await response.text();
  const pathname = new URL(url).pathname.replace(/^\/api\/v10/, '');
  let body: unknown;
  if (text !== '') body = response.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(text) as unknown) : text;
  const sentJson = typeof init.body === 'string' && new Headers(init.headers).get('content-type')?.startsWith('application/json');
  let request: unknown;
  try {
    request = sentJson ? (JSON.parse(init.body as string) as unknown) : undefined;
  } catch {
    request = undefined; // a malformed body sent on purpose
  }
  exchanges.push({ route: routeOf(init.method, pathname), method: init.method, path: pathname, status: response.status, headers: response.headers, body, request, viaRestClient });
  return { status: response.status, headers: response.headers, text };
}

interface Raw {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of many shapes
}

async function setup() {
  const sim: Simulator = new sdk.Simulator();
  const service = await sim.listen({ rateLimits: 'development' });
  services.push(service);
  const app = sim.defaultApplication;
  const botToken = service.issueBotToken();
  const clientSecret = service.clientSecret();
  const makeRequest: RestClientOptions['makeRequest'] = async (url, init) => {
    const answer = await exchange(url, init as RequestInit & { method: string }, true);
    return { status: answer.status, headers: answer.headers, text: async () => answer.text };
  };
  const rest = new RestClient({ token: botToken, clientId: app.id, clientSecret, baseUrl: service.apiBase, retries: 0, rejectOnRateLimit: true, makeRequest });
  /** A RestClient of another application of the world, recorded too. */
  const restOf = (application: { id: string }) =>
    new RestClient({ token: service.issueBotToken(application), clientId: application.id, clientSecret: service.clientSecret(application), baseUrl: service.apiBase, retries: 0, makeRequest });
  /** A request the RestClient would never send (its own checks refuse the input first). */
  const raw = async (method: string, route: string, options: { json?: unknown; body?: string; contentType?: string; bearer?: string; bot?: string | null } = {}): Promise<Raw> => {
    const headers: Record<string, string> = {};
    if (options.bearer !== undefined) headers['authorization'] = `Bearer ${options.bearer}`;
    else if (options.bot !== null) headers['authorization'] = `Bot ${options.bot ?? botToken}`;
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    if (options.contentType !== undefined) headers['content-type'] = options.contentType;
    const answer = await exchange(`${service.apiBase}${route}`, { method, headers, ...(body === undefined ? {} : { body }) }, false);
    const json = answer.headers.get('content-type')?.startsWith('application/json');
    return { status: answer.status, headers: answer.headers, body: answer.text === '' ? undefined : json ? JSON.parse(answer.text) : answer.text };
  };
  return { sim, service, app, rest, restOf, raw, botToken };
}

/** A game client of the default application, closed after the test. */
function gameClient(sim: Simulator): Client {
  const game = sim.createClient({ applicationId: sim.defaultApplication.id });
  clients.push(game);
  return game;
}

describe('the simulated service against the official description', () => {
  beforeAll(() => {
    exchanges.length = 0;
  });

  it(`names the description it is checked against (discord/discord-api-spec ${digest.commit.slice(0, 12)}, ${digest.version})`, () => {
    expect(digest.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(Object.keys(digest.operations).length).toBeGreaterThan(20);
  });

  it('lobbies, members, messages and moderation metadata: success and documented errors', async () => {
    const { sim, rest, raw } = await setup();
    const ada = await player(sim, 'ada');
    const bo = await player(sim, 'bo');
    sim.setFriends(ada.user, bo.user);
    const adaToken = sim.issueToken(ada.user, sim.defaultApplication).accessToken;
    const boToken = sim.issueToken(bo.user, sim.defaultApplication).accessToken;

    const lobby = await rest.createLobby({ metadata: { mode: 'duo' }, members: [{ id: ada.user.id, flags: 1 }], idleTimeoutSeconds: 600 });
    await rest.getLobby(lobby.id);
    await rest.modifyLobby(lobby.id, { metadata: { mode: 'trio' } });
    await rest.addLobbyMember(lobby.id, bo.user.id, { additionalName: 'Bo the Bold' });
    await rest.bulkUpdateLobbyMembers(lobby.id, [{ id: ada.user.id, additionalName: 'Captain' }]);
    const joined = await rest.createOrJoinLobby({ secret: 'conformance-room' }, { userToken: boToken });
    const sent = await rest.sendLobbyMessage(lobby.id, { content: 'x'.repeat(3000) }, { userToken: adaToken });
    expect(sent.content).toHaveLength(3000);
    await rest.getLobbyMessages(lobby.id, { limit: 10 }, { userToken: boToken });
    await rest.setLobbyMessageModerationMetadata(lobby.id, sent.id, { verdict: 'ok' });
    const dm = await ada.client.sendUserMessage(bo.user.id, 'gg');
    await rest.setDirectMessageModerationMetadata(ada.user.id, bo.user.id, dm, { verdict: 'ok' });
    await rest.removeLobbyMember(lobby.id, bo.user.id);
    await rest.leaveLobby(joined.id, { userToken: boToken });
    await rest.deleteLobby(joined.id);

    // Documented errors: an unknown lobby (404 10031), a body the description refuses (400 50035
    // with the field's errors nested by path), invalid JSON (50109), a missing token (401), the
    // wrong kind of token (403).
    expect(await rejectionOf(rest.getLobby('1'))).toMatchObject({ status: 404, code: 10031 });
    const noSecret = await raw('PUT', '/lobbies', { json: {}, bearer: adaToken });
    expect(noSecret).toMatchObject({ status: 400, body: { code: 50035, errors: { secret: { _errors: [{ code: expect.any(String) }] } } } });
    const badMember = await raw('POST', '/lobbies', { json: { members: [{ id: 'nope' }] } });
    expect(badMember).toMatchObject({ status: 400, body: { code: 50035, errors: { members: { '0': { id: { _errors: [{ code: expect.any(String) }] } } } } } });
    expect((await raw('POST', '/lobbies', { body: '{', contentType: 'application/json' })).body).toMatchObject({ code: 50109 });
    expect((await raw('GET', `/lobbies/${lobby.id}`, { bot: null })).status).toBe(401);
    expect((await raw('GET', `/lobbies/${lobby.id}/messages`)).status).toBe(403);
    expect((await raw('GET', `/lobbies/${lobby.id}`, { bearer: adaToken })).status).toBe(403);

    // Bodies the description accepts besides JSON: form-urlencoded and multipart (with payload_json).
    const form = await raw('POST', `/lobbies/${lobby.id}/messages`, { body: new URLSearchParams({ content: 'from a form' }).toString(), contentType: 'application/x-www-form-urlencoded', bearer: adaToken });
    expect(form).toMatchObject({ status: 201, body: { content: 'from a form' } });
    const multipart = new FormData();
    multipart.set('payload_json', JSON.stringify({ content: 'from multipart', metadata: { k: 'v' } }));
    const encoded = new Response(multipart);
    const multi = await raw('POST', `/lobbies/${lobby.id}/messages`, { body: await encoded.text(), contentType: encoded.headers.get('content-type')!, bearer: adaToken });
    expect(multi).toMatchObject({ status: 201, body: { content: 'from multipart', metadata: { k: 'v' } } });
    const moderationForm = await raw('PUT', `/lobbies/${lobby.id}/messages/${form.body.id}/moderation-metadata`, { body: 'verdict=hidden', contentType: 'application/x-www-form-urlencoded' });
    expect(moderationForm.status).toBe(204);
  });

  it('linked channels, invites and voice channel status', async () => {
    const { sim, rest, raw } = await setup();
    const ada = await player(sim, 'ada');
    const bo = await player(sim, 'bo');
    const adaToken = sim.issueToken(ada.user, sim.defaultApplication).accessToken;
    const lobby = await rest.createLobby({ members: [{ id: ada.user.id, flags: 1 }, { id: bo.user.id }] });
    const guild = sim.createGuild({ name: 'Raiders', owner: ada.user });
    const text = sim.createGuildChannel(guild, { name: 'raid-chat', position: 0 });
    const linked = await rest.linkChannelToLobby(lobby.id, text, { userToken: adaToken });
    expect(linked.linkedChannel).toMatchObject({ id: text });
    await rest.createLobbyChannelInviteForUser(lobby.id, bo.user.id);
    await rest.createLobbyChannelInvite(lobby.id, { userToken: adaToken });
    await rest.linkChannelToLobby(lobby.id, null, { userToken: adaToken });
    expect(await rejectionOf(rest.createLobbyChannelInviteForUser(lobby.id, bo.user.id))).toMatchObject({ status: expect.any(Number) });

    sim.addGuildMember(guild, sim.defaultApplication.botUserId, { permissions: ['setVoiceChannelStatus', 'manageChannels'] });
    const voice = sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 1 });
    await rest.setVoiceChannelStatus(voice, 'Raiding');
    await rest.setVoiceChannelStatus(voice, null);
    const tooLong = await raw('PUT', `/channels/${voice}/voice-status`, { json: { status: 'x'.repeat(501) } });
    expect(tooLong).toMatchObject({ status: 400, body: { code: 50035, errors: { status: expect.any(Object) } } });
  });

  it('guild channels, roles, role member counts, bans, prune and the bot\'s guilds (bot token)', async () => {
    const { sim, rest, raw } = await setup();
    const owner = sim.createUser({ username: 'owner' });
    const troll = sim.createUser({ username: 'troll' });
    const guild = sim.createGuild({ name: 'Raiders', owner, members: [troll] });
    const bot = sim.defaultApplication.botUserId;
    sim.addGuildMember(guild, bot);
    const mods = sim.createGuildRole(guild, { name: 'Mods', color: 0x3498db, permissions: ['banMembers', 'kickMembers', 'manageGuild'] });
    sim.setGuildMemberRoles(guild, bot, [mods]);
    const category = sim.createGuildChannel(guild, { name: 'Raids', type: 'GuildCategory', overwrites: [{ target: { role: mods }, allow: ['viewChannel'] }] });
    sim.createGuildChannel(guild, { name: 'raid-chat', parent: category });
    sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 1 });
    await rest.getGuildChannels(guild.id);
    await rest.getGuildRoleMemberCounts(guild.id);
    expect((await raw('GET', `/guilds/${guild.id}/roles`)).status).toBe(200);
    expect((await raw('PUT', `/guilds/${guild.id}/bans/${troll.id}`, { json: { delete_message_seconds: 0 } })).status).toBe(204);
    expect((await raw('GET', `/guilds/${guild.id}/bans?limit=10`)).status).toBe(200);
    expect((await raw('DELETE', `/guilds/${guild.id}/bans/${troll.id}`, { json: {} })).status).toBe(204);
    expect((await raw('DELETE', `/guilds/${guild.id}/bans/${troll.id}`, { json: {} })).status).toBe(404);
    expect((await raw('GET', `/guilds/${guild.id}/prune?days=7`)).status).toBe(200);
    expect((await raw('POST', `/guilds/${guild.id}/prune`, { json: { days: 7, compute_prune_count: true } })).status).toBe(200);
    expect((await raw('GET', '/users/@me/guilds?with_counts=true')).status).toBe(200);
    expect((await raw('GET', '/guilds/1/channels')).status).toBe(404);
  });

  it('channel invites with target users and roles, the target-user list and its job (bot token)', async () => {
    const { sim, rest, raw } = await setup();
    const owner = sim.createUser({ username: 'owner' });
    const ada = sim.createUser({ username: 'ada' });
    const guild = sim.createGuild({ name: 'Raiders', owner });
    const bot = sim.defaultApplication.botUserId;
    sim.addGuildMember(guild, bot);
    const player = sim.createGuildRole(guild, { name: 'Player', color: 0x2ecc71 });
    const botRole = sim.createGuildRole(guild, { name: 'Bot', permissions: ['createInstantInvite', 'manageRoles', 'manageGuild', 'manageChannels'] });
    sim.setGuildMemberRoles(guild, bot, [botRole]);
    const channel = sim.createGuildChannel(guild, { name: 'welcome' });
    const created = await raw('POST', `/channels/${channel}/invites`, { json: { role_ids: [player.id], target_user_ids: [ada.id] } });
    expect(created.status).toBe(200);
    const code = created.body.code as string;
    expect((await raw('GET', `/channels/${channel}/invites`)).status).toBe(200);
    const multipart = `--x\r\nContent-Disposition: form-data; name="target_users_file"; filename="u.csv"\r\nContent-Type: text/csv\r\n\r\nuser_id\n${owner.id}\n\r\n--x--\r\n`;
    expect((await raw('PUT', `/invites/${code}/target-users`, { body: multipart, contentType: 'multipart/form-data; boundary=x' })).status).toBe(204);
    expect((await raw('GET', `/invites/${code}/target-users/job-status`)).status).toBe(200);
    expect((await raw('GET', `/invites/${code}/target-users`)).body).toBe(`user_id\n${ada.id}\n`);
    expect((await raw('GET', '/invites/nope/target-users')).status).toBe(404);
    // The same through the RestClient: a CSV upload (multipart) and a JSON target list.
    const invite = await rest.createChannelInvite(channel, { roleIds: [player.id], targetUsersFile: [ada.id], maxUses: 1 });
    expect(invite).toMatchObject({ channelId: channel, guildId: guild.id, maxUses: 1, roles: [{ id: player.id, name: 'Player' }] });
    expect((await rest.getInviteTargetUsersJobStatus(invite.code)).status).toBe(1);
    sim.advance(1000);
    expect(await rest.getInviteTargetUsers(invite.code)).toEqual([ada.id]);
    await rest.updateInviteTargetUsers(invite.code, [owner.id, ada.id]);
    sim.advance(1000);
    expect(await rest.getInviteTargetUsersJobStatus(invite.code)).toMatchObject({ status: 2, totalUsers: 2, processedUsers: 2 });
    expect((await rest.getChannelInvites(channel)).map((entry) => entry.code)).toContain(invite.code);
  });

  it("the current user and its connections, subscriptions, emoji, stickers and scheduled events (bot and user tokens)", async () => {
    const { sim, app, raw } = await setup();
    const owner = sim.createUser({ username: 'owner' });
    const ada = sim.createUser({ username: 'ada' });
    sim.setUserPremiumType(ada, 3);
    sim.setIdentifyPremiumApproved(app, true);
    sim.setUserConnections(ada, [{ id: 's-1', name: 'ada', type: 'steam' }]);
    const token = sim.issueToken(ada, app, { scopes: ['identify', 'identify.premium', 'connections'] }).accessToken;
    expect((await raw('GET', '/users/@me', { bearer: token })).body.premium_type).toBe(3);
    expect((await raw('GET', '/users/@me')).status).toBe(200);
    expect((await raw('GET', '/users/@me/connections', { bearer: token })).body).toHaveLength(1);
    expect((await raw('GET', '/users/@me/connections', { bearer: sim.issueToken(ada, app).accessToken })).status).toBe(403);
    const sku = sim.createSku(app, { name: 'Pass' });
    const subscription = sim.createSubscription(ada, sku, { status: sdk.SubscriptionStatus.Ending });
    expect((await raw('GET', `/skus/${sku.id}/subscriptions?user_id=${ada.id}`)).status).toBe(200);
    expect((await raw('GET', `/skus/${sku.id}/subscriptions/${subscription.id}`)).status).toBe(200);
    expect((await raw('GET', `/skus/${sku.id}/subscriptions/1`)).status).toBe(404);
    const guild = sim.createGuild({ name: 'Raiders', owner });
    sim.addGuildMember(guild, app.botUserId, { permissions: ['createGuildExpressions', 'createEvents'] });
    const voice = sim.createGuildChannel(guild, { name: 'Voice', type: 'GuildVoice' });
    expect((await raw('POST', `/guilds/${guild.id}/emojis`, { json: { name: 'gg', image: 'data:image/png;base64,iVBORw0KGgo=' } })).status).toBe(201);
    expect((await raw('GET', `/guilds/${guild.id}/emojis`)).status).toBe(200);
    const sticker = `--s\r\nContent-Disposition: form-data; name="name"\r\n\r\ngg\r\n--s\r\nContent-Disposition: form-data; name="tags"\r\n\r\ngg\r\n--s\r\nContent-Disposition: form-data; name="file"; filename="gg.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--s--\r\n`;
    expect((await raw('POST', `/guilds/${guild.id}/stickers`, { body: sticker, contentType: 'multipart/form-data; boundary=s' })).status).toBe(201);
    expect((await raw('GET', `/guilds/${guild.id}/stickers`)).status).toBe(200);
    const start = new Date(sim.now() + 86_400_000).toISOString();
    expect((await raw('POST', `/guilds/${guild.id}/scheduled-events`, { json: { name: 'Raid', privacy_level: 2, entity_type: 2, channel_id: voice, scheduled_start_time: start } })).status).toBe(200);
    const external = { name: 'Meetup', privacy_level: 2, entity_type: 3, entity_metadata: { location: 'Berlin' }, scheduled_start_time: start, scheduled_end_time: new Date(sim.now() + 2 * 86_400_000).toISOString() };
    expect((await raw('POST', `/guilds/${guild.id}/scheduled-events`, { json: external })).status).toBe(200);
    expect((await raw('GET', `/guilds/${guild.id}/scheduled-events`)).status).toBe(200);
  });

  it('provisional accounts, OAuth2 tokens, child tokens and game profiles', async () => {
    const { sim, rest, restOf, app, raw } = await setup();
    const user = sim.createUser({ username: 'ada' });
    const bot = await rest.getBotProvisionalToken({ externalUserId: 'player-1', preferredGlobalName: 'Nova' });
    expect(bot.tokenType).toBe('Bearer');
    // preferred_global_name may be null (the description: `type: [string, null]`).
    expect((await raw('POST', '/partner-sdk/token/bot', { json: { external_user_id: 'player-2', preferred_global_name: null } })).status).toBe(200);
    const provider = sim.identityProvider(app);
    provider.configureOidc({ issuer: 'https://id.example.com' });
    await rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'p1' }) });
    expect(await rejectionOf(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: 'not-issued' }))).toMatchObject({ status: 403, code: 50025 });
    expect(await rejectionOf(rest.unmergeBotProvisionalAccount('player-1'))).toMatchObject({ status: 400, code: 50229 });
    expect(await rejectionOf(rest.unmergeProvisionalAccount({ externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'p1' }) }))).toMatchObject({ status: 400, code: 50229 });

    const tokens = await rest.exchangeCode(await approvedSignIn(sim, gameClient(sim), user));
    const renewed = await rest.refreshToken(tokens.refreshToken!);
    await rest.revokeToken(renewed.accessToken);
    // The device authorization grant (account-linking-on-consoles.mdx): the codes, then a poll.
    const device = await rest.requestDeviceAuthorization({ scopes: 'openid sdk.social_layer' });
    sim.machine(user).browser.approveDevice(device.userCode);
    sim.advance(5_000);
    await rest.exchangeDeviceCode(device.deviceCode);

    const first = await rest.updateApplicationIdentityProfile(app.id, user.id, 'ada#1', { username: 'ada', data: { primary: { totalWins: 3 } } });
    expect(first.created).toBe(true);
    await rest.getApplicationIdentityProfile(app.id, user.id, 'ada#1');

    const publisher = sim.createApplication({ name: 'Publisher', publisherLinking: true });
    const game = sim.createApplication({ name: 'Game', parent: publisher });
    const parent = sim.issueToken(user, publisher);
    await restOf(publisher).exchangeChildToken({ parentAccessToken: parent.accessToken, childApplicationId: game.id });
    expect(await rejectionOf(restOf(publisher).exchangeChildToken({ parentAccessToken: 'not-a-token', childApplicationId: game.id }))).toMatchObject({ status: 401 });
  });

  it('merged accounts unmerged, by the bot and by the external identity', async () => {
    const { sim, rest, app } = await setup();
    const game = gameClient(sim);
    const alice = sim.createUser({ username: 'alice' });
    const provisional = await rest.getBotProvisionalToken({ externalUserId: 'player-7' });
    const approved = await approvedSignIn(sim, gameClient(sim), alice);
    await game.getTokenFromProvisionalMerge({ applicationId: app.id, ...approved, externalAuthType: 'DiscordBotIssuedAccessToken', externalAuthToken: provisional.accessToken });
    await rest.unmergeBotProvisionalAccount('player-7');
    expect(await rejectionOf(rest.unmergeBotProvisionalAccount('never-seen'))).toMatchObject({ status: 404 });

    const provider = sim.identityProvider(app);
    provider.configureOidc({ issuer: 'https://id.example.com' });
    const bob = sim.createUser({ username: 'bob' });
    const oidc = provider.issueToken({ subject: 'p2' });
    await rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: oidc });
    await game.getTokenFromProvisionalMerge({ applicationId: app.id, ...(await approvedSignIn(sim, gameClient(sim), bob)), externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'p2' }) });
    await rest.unmergeProvisionalAccount({ externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'p2' }) });
  });

  it('the application, OAuth2 information and keys, and application identities', async () => {
    const { sim, rest, app, raw } = await setup();
    const user = sim.createUser({ username: 'ada', globalName: 'Ada' });
    const tokens = await rest.exchangeCode(await approvedSignIn(sim, gameClient(sim), user));
    await rest.getApplication();
    await rest.getApplication(app.id);
    await rest.getCurrentBotApplication();
    await rest.modifyApplication({ description: 'A game' });
    await rest.modifyApplication({ description: 'Still a game' }, app.id);
    expect(await rejectionOf(rest.getApplication('999999999999'))).toMatchObject({ status: 404, code: 10002 });
    const credentials = await rest.getClientCredentialsToken({ scopes: 'identify' });
    await rest.getCurrentAuthorization({ userToken: credentials.accessToken });
    await rest.getUserInfo({ userToken: tokens.accessToken });
    await rest.getOAuth2Keys();
    expect((await raw('GET', '/oauth2/userinfo', { bot: null })).status).toBe(401);
    // The gateway's URL (the RestClient has no gateway: a bot framework asks these).
    expect((await raw('GET', '/gateway', { bot: null })).status).toBe(200);
    expect((await raw('GET', '/gateway/bot')).status).toBe(200);
    expect((await raw('GET', '/gateway/bot', { bot: 'not-a-token' })).status).toBe(401);

    const provisional = await rest.getBotProvisionalToken({ externalUserId: 'player/7' });
    const game = gameClient(sim);
    const account = (await game.fetchCurrentUser(provisional.accessToken)).id;
    const [identity] = await rest.getUserApplicationIdentities(account, app.id);
    expect(identity).toBeDefined();
    const selector = { providerType: 'DISCORD_BOT_ISSUED_ACCESS_TOKEN' as const, providerIssuedUserId: 'player/7' };
    await rest.getApplicationIdentities(app.id, selector);
    await rest.deleteApplicationIdentity(account, app.id, selector);
  });

  it('application commands, the interaction callback and the follow-up webhook routes (bot token; the interaction token)', async () => {
    const { sim, service, rest, app, raw } = await setup();
    const owner = sim.createUser({ username: 'owner' });
    const guild = sim.createGuild({ name: 'Raiders', owner });
    const channel = sim.createGuildChannel(guild, { name: 'general' });
    sim.addGuildMember(guild, app.botUserId);
    const bot = await identified(`${(await raw('GET', '/gateway/bot')).body.url}?v=10&encoding=json`, service.issueBotToken(), 1);
    const global = await rest.createApplicationCommand(app.id, { name: 'raid', description: 'Start a raid' });
    await rest.bulkOverwriteApplicationCommands(app.id, [{ name: 'raid', description: 'Start a raid' }, { type: 2, name: 'Inspect' }]);
    await rest.getApplicationCommands(app.id);
    await rest.editApplicationCommand(app.id, global.id, { description: 'Start a raid now' });
    await rest.getApplicationCommand(app.id, global.id);
    const local = await rest.createApplicationCommand(app.id, { name: 'party', description: 'Party' }, { guildId: guild.id });
    await rest.bulkOverwriteApplicationCommands(app.id, [{ name: 'party', description: 'Party' }], { guildId: guild.id });
    await rest.getApplicationCommands(app.id, { guildId: guild.id });
    await rest.editApplicationCommand(app.id, local.id, { description: 'A party' }, { guildId: guild.id });
    await rest.getApplicationCommand(app.id, local.id, { guildId: guild.id });
    expect((await raw('GET', `/applications/${app.id}/commands/1`)).status).toBe(404);
    expect((await raw('POST', `/applications/${app.id}/commands`, { json: { name: 'Bad Name', description: 'x' } })).status).toBe(400);
    const run = await service.interactions.runCommand({ user: owner, guild, channel, name: 'party' });
    let d: { id: string; token: string };
    do d = (await bot.nextOf('INTERACTION_CREATE')).d;
    while (d.id !== run.id);
    await rest.createInteractionResponse(d.id, d.token, { type: 4, data: { content: 'Party time' } }, { withResponse: true });
    expect((await raw('POST', `/interactions/${d.id}/${d.token}/callback`, { json: { type: 4, data: { content: 'again' } }, bot: null })).status).toBe(400);
    await rest.getInteractionMessage(app.id, d.token);
    await rest.editInteractionMessage(app.id, d.token, { content: 'Party time!' });
    const followup = await rest.createFollowupMessage(app.id, d.token, { content: 'Bring snacks' });
    await rest.getInteractionMessage(app.id, d.token, followup.id);
    await rest.editInteractionMessage(app.id, d.token, { content: 'Bring drinks' }, followup.id);
    await rest.deleteInteractionMessage(app.id, d.token, followup.id);
    await rest.deleteInteractionMessage(app.id, d.token);
    expect((await raw('GET', `/webhooks/${app.id}/${d.token}/messages/@original`, { bot: null })).status).toBe(404);
    await rest.deleteApplicationCommand(app.id, local.id, { guildId: guild.id });
    await rest.deleteApplicationCommand(app.id, global.id);
  });

  it('rate limits: the development budget answers the documented headers and 429 body', async () => {
    const { service, rest, raw } = await setup();
    service.setRateLimit('POST /lobbies', { limit: 1, windowMs: 60_000 });
    await rest.createLobby();
    const limited = await raw('POST', '/lobbies', { json: {} });
    expect(limited.status).toBe(429);
    service.failNext('GET /lobbies/{lobby_id}', { status: 429, retryAfter: 2 });
    expect((await raw('GET', '/lobbies/1')).status).toBe(429);
  });

  it('every response of every documented route agrees with the description', () => {
    const checked = exchanges.filter((entry) => operationOf(entry.route));
    expect(checked.length).toBeGreaterThan(45);
    const problems: string[] = [];
    for (const entry of checked) {
      const found = disagreements(operationOf(entry.route)!, entry.status, entry.body, entry.headers.get('content-type'));
      for (const problem of found) problems.push(`${entry.route} -> ${entry.status}: ${problem}`);
    }
    expect(problems.join('\n')).toBe('');
  });

  it('each exception (where we follow the docs over the description) is still needed, and names its docs page', () => {
    for (const exception of EXCEPTIONS) {
      expect(exception.follows, exception.schema).toMatch(/^docs \S+\.mdx, "/);
      const needed = exchanges.some((entry) => {
        const operation = operationOf(entry.route);
        if (!operation) return false;
        const type = entry.headers.get('content-type');
        const response = disagreements(operation, entry.status, entry.body, type).length === 0 && disagreements(operation, entry.status, entry.body, type, { without: exception.schema }).length > 0;
        const request = entry.request !== undefined && requestDisagreements(operation, entry.request).length === 0 && requestDisagreements(operation, entry.request, { without: exception.schema }).length > 0;
        return response || request;
      });
      expect(needed, `${exception.schema}: ${exception.change}`).toBe(true);
    }
  });

  it('rate-limit headers as the docs define them (topics/rate-limits.mdx)', () => {
    const limited = exchanges.filter((entry) => entry.status !== 429 && table.DEVELOPMENT_BUDGETS.has(entry.route) && entry.status < 300);
    expect(limited.length).toBeGreaterThan(5);
    for (const entry of limited) {
      // "X-RateLimit-Limit", "-Remaining" integers; "-Reset" epoch seconds; "-Reset-After" seconds, decimals allowed; "-Bucket" a string.
      expect(entry.headers.get('x-ratelimit-limit'), entry.route).toMatch(/^\d+$/);
      expect(entry.headers.get('x-ratelimit-remaining'), entry.route).toMatch(/^\d+$/);
      expect(entry.headers.get('x-ratelimit-reset'), entry.route).toMatch(/^\d+(\.\d+)?$/);
      expect(entry.headers.get('x-ratelimit-reset-after'), entry.route).toMatch(/^\d+(\.\d+)?$/);
      expect(entry.headers.get('x-ratelimit-bucket'), entry.route).toMatch(/^\S+$/);
    }
    const tooMany = exchanges.filter((entry) => entry.status === 429);
    expect(tooMany.length).toBe(2);
    for (const entry of tooMany) {
      // A 429 carries Retry-After and X-RateLimit-Scope (user, global or shared), and the body's retry_after and global.
      expect(entry.headers.get('retry-after'), entry.route).toMatch(/^\d+(\.\d+)?$/);
      expect(entry.headers.get('x-ratelimit-scope'), entry.route).toMatch(/^(user|global|shared)$/);
    }
  });

  it("every JSON body the RestClient sent agrees with the description's request schema", () => {
    const sent = exchanges.filter((entry) => entry.viaRestClient && entry.request !== undefined && operationOf(entry.route));
    expect(sent.length).toBeGreaterThan(15);
    const problems = sent.flatMap((entry) => requestDisagreements(operationOf(entry.route)!, entry.request).map((problem) => `${entry.route}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('the RestClient called every route the table says it calls, and each answered a success', () => {
    const succeeded = new Set(exchanges.filter((entry) => entry.viaRestClient && entry.status < 300).map((entry) => entry.route));
    const expected = table.ROUTE_LIST.filter((route) => route.restClient === 'yes').map((route) => table.routeKey(route));
    expect(expected.filter((key) => !succeeded.has(key))).toEqual([]);
    expect(exchanges.filter((entry) => entry.route.endsWith('(not in the table)'))).toEqual([]);
  });
});
