// The platform document's rules on accounts, applications and the 2026-02-23 permission splits
// (docs/bot-rules.md, "HTTP (bot token)"), over a real socket against the simulated service:
// premium_type and the identify.premium scope, Get Current User Connections and its dated
// removals, the application's flags and flags_new, subscription statuses, a channel's nullable
// application_id, and CREATE_GUILD_EXPRESSIONS / CREATE_EVENTS on both sides of 2026-02-23.
import { describe, expect, it } from 'vitest';

import { serve } from './service-helpers.js';
import { sdk } from './sdk.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

const DAY_MS = 86_400_000;
const SPLIT_DATE = Date.UTC(2026, 1, 23);

async function served(startTime?: number) {
  const sim: Simulator = new sdk.Simulator(startTime === undefined ? {} : { startTime });
  const { service, call } = await serve(sim);
  return { sim, service, call };
}

describe('User object: premium_type (spec: "Returns 0 for any app not approved for the identify.premium scope, whatever the user\'s real subscription level")', () => {
  it('is 0 unless the application is approved and the token was granted identify.premium; then the level', async () => {
    const { sim, call } = await served();
    const ada = sim.createUser({ username: 'ada' });
    const app = sim.defaultApplication;
    sim.setUserPremiumType(ada, 2);
    const plain = sim.issueToken(ada, app, { scopes: ['identify'] }).accessToken;
    const premium = sim.issueToken(ada, app, { scopes: ['identify', 'identify.premium'] }).accessToken;

    // Not approved: 0 whatever the scope.
    expect((await call('GET', '/users/@me', { bearer: plain })).body).toMatchObject({ id: ada.id, username: 'ada', premium_type: 0 });
    expect((await call('GET', '/users/@me', { bearer: premium })).body.premium_type).toBe(0);

    // Approved: the level, with the scope only (Authentication 1: "Without it, the user's premium_type is 0").
    sim.setIdentifyPremiumApproved(app, true);
    expect((await call('GET', '/users/@me', { bearer: premium })).body.premium_type).toBe(2);
    expect((await call('GET', '/users/@me', { bearer: plain })).body.premium_type).toBe(0);

    // Another application's approval does not count.
    const other = sim.createApplication({ name: 'Other' });
    const otherToken = sim.issueToken(ada, other, { scopes: ['identify', 'identify.premium'] }).accessToken;
    expect((await call('GET', '/users/@me', { bearer: otherToken })).body.premium_type).toBe(0);
  });

  it('needs the identify scope (403 50001 without it); a bot token gets its bot user', async () => {
    const { sim, call } = await served();
    const ada = sim.createUser({ username: 'ada' });
    const bare = sim.issueToken(ada, sim.defaultApplication).accessToken;
    expect(await call('GET', '/users/@me', { bearer: bare })).toMatchObject({ status: 403, body: { code: 50001 } });
    expect((await call('GET', '/users/@me')).body).toMatchObject({ id: sim.defaultApplication.botUserId, bot: true, premium_type: 0 });
  });

  it('refuses bad harness input with nothing changed', async () => {
    const { sim } = await served();
    const ada = sim.createUser({ username: 'ada' });
    expect(() => sim.setUserPremiumType(ada, 4 as never)).toThrow(RangeError);
    expect(() => sim.setUserPremiumType('42', 1)).toThrow(/no user/);
    expect(() => sim.issueToken(ada, sim.defaultApplication, { scopes: ['Identify Premium'] })).toThrow(RangeError);
  });
});

describe('Get Current User Connections (spec: Endpoints, Versioning 2026-07-10 and 2026-09-22)', () => {
  it("drops the first publisher's new connections at once and its legacy ones from 2026-07-10 (public change log, July 7, 2026: Riot Games and League of Legends)", async () => {
    const july7 = Date.UTC(2026, 6, 7);
    const { sim, call } = await served(july7 - DAY_MS);
    const ada = sim.createUser({ username: 'ada' });
    const token = sim.issueToken(ada, sim.defaultApplication, { scopes: ['connections'] }).accessToken;
    sim.setUserConnections(ada, [
      { id: 'steam-1', name: 'ada_steam', type: 'steam' },
      { id: 'riot-legacy', name: 'ada#EUW', type: 'riotgames', connectedAt: july7 - 30 * DAY_MS },
      { id: 'lol-new', name: 'ada', type: 'leagueoflegends', connectedAt: july7 + DAY_MS },
    ]);
    const ids = async () => ((await call('GET', '/users/@me/connections', { bearer: token })).body as { id: string }[]).map((c) => c.id);
    expect(await ids()).toEqual(['steam-1', 'riot-legacy']);
    const listed = (await call('GET', '/users/@me/connections', { bearer: token })).body[0];
    expect(listed).toEqual({ id: 'steam-1', name: 'ada_steam', type: 'steam', revoked: false, integrations: [], verified: true, friend_sync: false, show_activity: true, two_way_link: false, visibility: 1 });
    sim.advance(Date.UTC(2026, 6, 10) - sim.now());
    expect(await ids()).toEqual(['steam-1']);
  });

  it("drops the second platform's connections from 2026-09-22 (the platform is named nowhere public: the harness names it)", async () => {
    const { sim, call } = await served(Date.UTC(2026, 8, 21));
    const ada = sim.createUser({ username: 'ada' });
    const token = sim.issueToken(ada, sim.defaultApplication, { scopes: ['connections'] }).accessToken;
    sim.setRetiredConnectionType('xbox');
    sim.setUserConnections(ada, [{ id: 'x-1', name: 'ada', type: 'xbox' }, { id: 'gh', name: 'ada', type: 'github' }]);
    expect((await call('GET', '/users/@me/connections', { bearer: token })).body).toHaveLength(2);
    sim.advance(DAY_MS);
    expect((await call('GET', '/users/@me/connections', { bearer: token })).body.map((c: { id: string }) => c.id)).toEqual(['gh']);
  });

  it('needs the connections scope; a type outside the description\'s providers is refused', async () => {
    const { sim, call } = await served();
    const ada = sim.createUser({ username: 'ada' });
    const identify = sim.issueToken(ada, sim.defaultApplication, { scopes: ['identify'] }).accessToken;
    expect(await call('GET', '/users/@me/connections', { bearer: identify })).toMatchObject({ status: 403, body: { code: 50001 } });
    expect(() => sim.setUserConnections(ada, [{ id: '1', name: 'a', type: 'myspace' as never }])).toThrow(/must be one of/);
  });
});

describe('Application object: flags and flags_new (spec: "flags ... Carries flag bits up to bit 30"; "flags_new ... Full set of application flag bits")', () => {
  it('flags_new carries every bit as a string; flags only bits 0 to 30; the privileged intents show as their flags', async () => {
    const { sim, call } = await served();
    const app = sim.defaultApplication;
    // Below the review threshold, the toggles are the limited flags (discord-api-types ApplicationFlags).
    const limited = (1 << 13) | (1 << 15) | (1 << 19);
    let answer = (await call('GET', '/applications/@me')).body;
    expect(answer).toMatchObject({ flags: limited, flags_new: String(limited) });
    const high = (1n << 33n) | (1n << 23n);
    sim.setApplicationFlags(app, high);
    answer = (await call('GET', '/applications/@me')).body;
    expect(answer.flags_new).toBe(String(high | BigInt(limited)));
    expect(answer.flags).toBe((1 << 23) | limited);
    // Approved for the review: the full intent flags instead.
    sim.setPrivilegedIntents(app, { userCount: 20_000, approvedAt: sim.now() });
    answer = (await call('GET', '/applications/@me')).body;
    expect(answer.flags).toBe((1 << 23) | (1 << 12) | (1 << 14) | (1 << 18));
  });

  it('a request sets only the limited intent flags through `flags` (docs: "Only limited intent flags ... can be updated via the API"); anything else is 400 with nothing changed', async () => {
    const { sim, call } = await served();
    const app = sim.defaultApplication;
    const presenceLimited = 1 << 13;
    const refused = await call('PATCH', '/applications/@me', { body: { flags: 1 << 12, description: 'x' } });
    expect(refused).toMatchObject({ status: 400, body: { code: 50035, errors: { flags: { _errors: [{ code: 'BASE_TYPE_INVALID' }] } } } });
    expect((await call('GET', '/applications/@me')).body.description).toBe('');
    const edited = await call('PATCH', '/applications/@me', { body: { flags: presenceLimited } });
    expect(edited.body).toMatchObject({ flags: presenceLimited, flags_new: String(presenceLimited) });
    expect(sim.getPrivilegedIntents(app)).toMatchObject({ presence: true, members: false, messageContent: false });
  });
});

describe('Subscription statuses (spec: "1 INACTIVE, 2 ENDING ... The API has always returned these values")', () => {
  it('List and Get SKU Subscriptions show 0 ACTIVE, 1 INACTIVE and 2 ENDING as the harness moves them', async () => {
    const { sim, call } = await served();
    const ada = sim.createUser({ username: 'ada' });
    const sku = sim.createSku(sim.defaultApplication, { name: 'Season pass' });
    const subscription = sim.createSubscription(ada, sku);
    const get = async () => (await call('GET', `/skus/${sku.id}/subscriptions/${subscription.id}`)).body;
    expect(await get()).toMatchObject({ id: subscription.id, user_id: ada.id, sku_ids: [sku.id], status: 0, canceled_at: null });
    sim.setSubscriptionStatus(subscription, sdk.SubscriptionStatus.Ending);
    expect(await get()).toMatchObject({ status: 2, renewal_sku_ids: null });
    expect((await get()).canceled_at).not.toBeNull();
    sim.setSubscriptionStatus(subscription, sdk.SubscriptionStatus.Inactive);
    const listed = await call('GET', `/skus/${sku.id}/subscriptions?user_id=${ada.id}`);
    expect(listed.body.map((s: { status: number }) => s.status)).toEqual([1]);
  });

  it("user_id is required with a bot token; another application's SKU is 404 10027", async () => {
    const { sim, call, service } = await served();
    const sku = sim.createSku(sim.defaultApplication, { name: 'Pass' });
    expect(await call('GET', `/skus/${sku.id}/subscriptions`)).toMatchObject({ status: 400, body: { code: 50035, errors: { user_id: {} } } });
    const other = sim.createApplication({ name: 'Other' });
    expect(await call('GET', `/skus/${sku.id}/subscriptions?user_id=1`, { token: service.issueBotToken(other) })).toMatchObject({ status: 404, body: { code: 10027 } });
  });
});

describe("Channel object: application_id may be null (spec: Resources, Channel object; public change log, August 5, 2026)", () => {
  it('guild channels made from 2026-08-05 carry application_id: null; older ones leave the field out', async () => {
    const { sim, call } = await served(Date.UTC(2026, 7, 4));
    const owner = sim.createUser({ username: 'owner' });
    const guild = sim.createGuild({ name: 'G', owner });
    sim.addGuildMember(guild, sim.defaultApplication.botUserId, { permissions: ['viewChannel'] });
    const older = sim.createGuildChannel(guild, { name: 'older', position: 0 });
    sim.advance(DAY_MS);
    const newer = sim.createGuildChannel(guild, { name: 'newer', position: 1 });
    const channels = (await call('GET', `/guilds/${guild.id}/channels`)).body as Record<string, unknown>[];
    expect(channels.find((c) => c['id'] === older)).not.toHaveProperty('application_id');
    expect(channels.find((c) => c['id'] === newer)).toHaveProperty('application_id', null);
  });
});

describe('The 2026-02-23 permission splits (spec: Versioning 2026-02-23, "The older permissions alone no longer suffice")', () => {
  const PNG = 'data:image/png;base64,iVBORw0KGgo=';

  async function botWith(permissions: Parameters<Simulator['addGuildMember']>[2], startTime: number) {
    const { sim, call, service } = await served(startTime);
    const owner = sim.createUser({ username: 'owner' });
    const guild = sim.createGuild({ name: 'G', owner });
    sim.addGuildMember(guild, sim.defaultApplication.botUserId, permissions);
    const voice = sim.createGuildChannel(guild, { name: 'Voice', type: 'GuildVoice', position: 0 });
    return { sim, call, service, guild, voice };
  }

  const event = (voice: string) => ({ name: 'Raid night', privacy_level: 2, entity_type: 2, channel_id: voice, scheduled_start_time: '2026-12-01T20:00:00Z' });
  const sticker = (boundary: string) =>
    [`--${boundary}`, 'Content-Disposition: form-data; name="name"', '', 'gg', `--${boundary}`, 'Content-Disposition: form-data; name="tags"', '', 'gg', `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="gg.png"', 'Content-Type: image/png', '', 'PNGDATA', `--${boundary}--`, ''].join('\r\n');

  it('CREATE_GUILD_EXPRESSIONS (1 << 43): before the date MANAGE_GUILD_EXPRESSIONS suffices for emoji and stickers; from it only the new permission', async () => {
    const older = await botWith({ permissions: ['manageGuildExpressions'] }, SPLIT_DATE - DAY_MS);
    expect((await older.call('POST', `/guilds/${older.guild.id}/emojis`, { body: { name: 'gg', image: PNG } })).status).toBe(201);
    expect((await older.call('POST', `/guilds/${older.guild.id}/stickers`, { raw: sticker('b'), headers: { 'content-type': 'multipart/form-data; boundary=b' } })).status).toBe(201);
    older.sim.advance(DAY_MS);
    expect(await older.call('POST', `/guilds/${older.guild.id}/emojis`, { body: { name: 'gg2', image: PNG } })).toMatchObject({ status: 403, body: { code: 50013 } });
    expect((await older.call('POST', `/guilds/${older.guild.id}/stickers`, { raw: sticker('b'), headers: { 'content-type': 'multipart/form-data; boundary=b' } })).status).toBe(403);
    expect((await older.call('GET', `/guilds/${older.guild.id}/emojis`)).body.map((e: { name: string }) => e.name)).toEqual(['gg']);

    const newer = await botWith({ permissions: ['createGuildExpressions'] }, SPLIT_DATE);
    expect((await newer.call('POST', `/guilds/${newer.guild.id}/emojis`, { body: { name: 'gg', image: PNG } })).body).toMatchObject({ name: 'gg', require_colons: true, animated: false });
  });

  it('CREATE_EVENTS (1 << 44): before the date MANAGE_EVENTS suffices for scheduled events; from it only the new permission', async () => {
    const older = await botWith({ permissions: ['manageEvents'] }, SPLIT_DATE - DAY_MS);
    expect((await older.call('POST', `/guilds/${older.guild.id}/scheduled-events`, { body: event(older.voice) })).status).toBe(200);
    older.sim.advance(DAY_MS);
    expect(await older.call('POST', `/guilds/${older.guild.id}/scheduled-events`, { body: event(older.voice) })).toMatchObject({ status: 403, body: { code: 50013 } });
    expect((await older.call('GET', `/guilds/${older.guild.id}/scheduled-events`)).body).toHaveLength(1);

    const newer = await botWith({ permissions: ['createEvents'] }, SPLIT_DATE);
    const made = await newer.call('POST', `/guilds/${newer.guild.id}/scheduled-events`, { body: event(newer.voice) });
    expect(made.body).toMatchObject({ name: 'Raid night', channel_id: newer.voice, entity_type: 2, status: 1, privacy_level: 2 });
  });

  it('bad bodies are 400 with the field named, before any permission check, and nothing is made', async () => {
    const { call, guild, voice } = await botWith({ permissions: ['createEvents', 'createGuildExpressions'] }, SPLIT_DATE);
    expect(await call('POST', `/guilds/${guild.id}/emojis`, { body: { name: 'g', image: PNG } })).toMatchObject({ status: 400, body: { errors: { name: {} } } });
    expect(await call('POST', `/guilds/${guild.id}/emojis`, { body: { name: 'gg', image: 'not an image' } })).toMatchObject({ status: 400, body: { errors: { image: {} } } });
    expect(await call('POST', `/guilds/${guild.id}/scheduled-events`, { body: { ...event(voice), entity_type: 3 } })).toMatchObject({ status: 400, body: { errors: { entity_metadata: {} } } });
    expect(await call('POST', `/guilds/${guild.id}/scheduled-events`, { body: { ...event(voice), channel_id: guild.id } })).toMatchObject({ status: 400, body: { errors: { channel_id: {} } } });
    expect((await call('GET', `/guilds/${guild.id}/emojis`)).body).toEqual([]);
    expect((await call('GET', `/guilds/${guild.id}/scheduled-events`)).body).toEqual([]);
  });
});
