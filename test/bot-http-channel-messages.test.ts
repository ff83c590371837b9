// Guild channel messages on the simulated service with a bot token (public docs,
// resources/message.mdx), over a real socket, and the platform document's rules on them: forwarding
// a message the app cannot read (160014), Search Guild Messages (READ_MESSAGE_HISTORY, the
// MESSAGE_CONTENT intent, 110000 while not indexed), the 2026-02-23 splits PIN_MESSAGES and
// BYPASS_SLOWMODE, attachments (description and is_spoiler editable, IS_SPOILER, the SPOILER_
// prefix) and the 20 MiB upload limit; and MESSAGE_CREATE / MESSAGE_UPDATE on the gateway.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';

import { GUILDS, identified } from './gateway-helpers.js';
import { serve } from './service-helpers.js';
import { sdk } from './sdk.js';

type Simulator = InstanceType<typeof sdk.Simulator>;
const discord = createRequire(import.meta.url)('discord.js') as typeof import('discord.js');

const bots: import('discord.js').Client[] = [];
afterEach(async () => {
  await Promise.all(bots.splice(0).map((bot) => bot.destroy()));
});
type Permissions = NonNullable<NonNullable<Parameters<Simulator['addGuildMember']>[2]>['permissions']>;

const SPLITS = Date.UTC(2026, 1, 23);
const DAY = 86_400_000;
/** AttachmentFlags.IsSpoiler (discord-api-types). */
const IS_SPOILER = 1 << 3;
/** MessageFlags.HasSnapshot. */
const HAS_SNAPSHOT = 1 << 14;
const GUILD_MESSAGES = 1 << 9;
const MESSAGE_CONTENT = 1 << 15;

/** A served world: a guild owned by ada, the default application's bot in it with `permissions`, a text channel. */
async function world(options: { startTime?: number; permissions?: Permissions } = {}) {
  const sim = new sdk.Simulator({ startTime: options.startTime ?? Date.UTC(2026, 5, 1) });
  const app = sim.defaultApplication;
  const ada = sim.createUser({ username: 'ada' });
  const bob = sim.createUser({ username: 'bob' });
  const guild = sim.createGuild({ name: 'Raiders', owner: ada, members: [bob] });
  sim.addGuildMember(guild, app.botUserId, { permissions: options.permissions ?? ['readMessageHistory', 'attachFiles'] });
  const general = sim.createGuildChannel(guild, { name: 'general' });
  const { service, botToken, call } = await serve(sim, { rateLimits: 'off' });
  /** A multipart request: `payload_json` and the files as `files[n]`. */
  const upload = async (method: string, path: string, payload: unknown, files: { name: string; bytes: number; type?: string }[]) => {
    const form = new FormData();
    form.set('payload_json', JSON.stringify(payload));
    files.forEach((file, i) => form.set(`files[${i}]`, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name));
    const response = await fetch(`${service.apiBase}${path}`, { method, headers: { authorization: `Bot ${botToken}` }, body: form });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  return { sim, app, ada, bob, guild, general, service, botToken, call, upload };
}

describe('Create, get and list channel messages (resources/message.mdx)', () => {
  it('a bot posts, reads one back and lists them newest first; READ_MESSAGE_HISTORY is needed to read history', async () => {
    const { sim, app, guild, general, call } = await world();
    const first = await call('POST', `/channels/${general}/messages`, { body: { content: 'first' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ channel_id: general, content: 'first', type: 0, pinned: false, edited_timestamp: null, author: { id: app.botUserId, bot: true }, application_id: app.id });
    const second = await call('POST', `/channels/${general}/messages`, { body: { content: 'second' } });
    expect(BigInt(second.body.id)).toBeGreaterThan(BigInt(first.body.id));
    const listed = await call('GET', `/channels/${general}/messages?limit=10`);
    expect(listed.body.map((m: { content: string }) => m.content)).toEqual(['second', 'first']);
    expect((await call('GET', `/channels/${general}/messages/${first.body.id}`)).body.content).toBe('first');
    expect((await call('GET', `/channels/${general}/messages/1`)).body).toMatchObject({ code: 10008 });
    // "If the current user is missing the READ_MESSAGE_HISTORY permission in the channel, then no messages will be returned."
    sim.addGuildMember(guild, app.botUserId, { permissions: [] });
    expect((await call('GET', `/channels/${general}/messages`)).body).toEqual([]);
    expect(await call('GET', `/channels/${general}/messages/${first.body.id}`)).toMatchObject({ status: 403, body: { code: 50013 } });
  });

  it('refuses without VIEW_CHANNEL (50001) or SEND_MESSAGES (50013), an empty message (50006) and an unknown channel (10003), changing nothing', async () => {
    const { sim, guild, call } = await world();
    const staff = sim.createGuildChannel(guild, { name: 'staff', overwrites: [{ target: 'everyone', deny: ['viewChannel'] }] });
    const readOnly = sim.createGuildChannel(guild, { name: 'news', overwrites: [{ target: 'everyone', deny: ['sendMessages'] }] });
    expect(await call('POST', `/channels/${staff}/messages`, { body: { content: 'x' } })).toMatchObject({ status: 403, body: { code: 50001 } });
    expect(await call('POST', `/channels/${readOnly}/messages`, { body: { content: 'x' } })).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(await call('POST', `/channels/${readOnly}/messages`, { body: {} })).toMatchObject({ status: 403 });
    expect(await call('POST', '/channels/1234/messages', { body: { content: 'x' } })).toMatchObject({ status: 404, body: { code: 10003 } });
    expect(await call('POST', `/channels/${readOnly}/messages`, { body: { content: 5 } })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect((await call('GET', `/channels/${readOnly}/messages`)).body).toEqual([]);
  });
});

describe('Forwarding (platform document: Endpoints, Forward a message; Errors 160014)', () => {
  it('forwarding a message the app cannot read fails with 160014 "You cannot forward a message whose content you cannot read."', async () => {
    const { sim, app, ada, guild, general, call } = await world();
    // The portal's toggle is on by default: this application has not been granted the intent.
    sim.setPrivilegedIntents(app, { messageContent: false });
    const staff = sim.createGuildChannel(guild, { name: 'staff', overwrites: [{ target: 'everyone', deny: ['viewChannel'] }] });
    const secret = sim.postChannelMessage(staff, ada, 'the raid is at dawn');
    const forward = (channelId: string, messageId: string) => call('POST', `/channels/${general}/messages`, { body: { message_reference: { type: 1, message_id: messageId, channel_id: channelId } } });
    // A channel the bot cannot view: it cannot read the message.
    const hidden = await forward(staff, secret);
    expect(hidden).toMatchObject({ status: 403, body: { code: 160014, message: 'You cannot forward a message whose content you cannot read.' } });
    // A channel it can view, but a user's message without the MESSAGE_CONTENT intent (events/gateway.mdx, "Message Content Intent").
    const open = sim.postChannelMessage(general, ada, 'gg all');
    expect((await forward(general, open)).body).toMatchObject({ code: 160014 });
    expect((await call('GET', `/channels/${general}/messages`)).body).toHaveLength(1);
    // Its own message it can read: forwarded as a snapshot.
    const own = (await call('POST', `/channels/${general}/messages`, { body: { content: 'bot says hi' } })).body.id;
    const ownForward = await forward(general, own);
    expect(ownForward.body).toMatchObject({ flags: HAS_SNAPSHOT, content: '', message_reference: { type: 1, message_id: own, channel_id: general, guild_id: guild.id }, message_snapshots: [{ message: { content: 'bot says hi' } }] });
    // With the intent: the user's message too.
    sim.setPrivilegedIntents(app, { messageContent: true });
    expect((await forward(general, open)).body.message_snapshots[0].message.content).toBe('gg all');
  });
});

describe('Search Guild Messages (platform document: Endpoints; Errors 110000)', () => {
  it('Search Guild Messages needs the MESSAGE_CONTENT intent and READ_MESSAGE_HISTORY, and answers 202 with code 110000 while the guild is not indexed', async () => {
    const { sim, app, ada, bob, guild, general, call } = await world({ permissions: [] });
    sim.postChannelMessage(general, ada, 'looking for raid group');
    sim.postChannelMessage(general, bob, 'raid at nine');
    sim.postChannelMessage(general, bob, 'off topic');
    const search = (query: string) => call('GET', `/guilds/${guild.id}/messages/search?${query}`);
    sim.setPrivilegedIntents(app, { messageContent: false });
    expect(await search('content=raid')).toMatchObject({ status: 403, body: { code: 50001 } });
    sim.setPrivilegedIntents(app, { messageContent: true });
    expect(await search('content=raid')).toMatchObject({ status: 403, body: { code: 50013 } });
    sim.addGuildMember(guild, app.botUserId, { permissions: ['readMessageHistory'] });
    sim.setGuildIndexed(guild, false);
    // The docs' answer: "a 202 accepted response ... similar to an error response" with retry_after.
    expect(await search('content=raid')).toEqual(expect.objectContaining({ status: 202, body: { message: 'Index not yet available. Try again later', code: 110000, documents_indexed: 0, retry_after: 2 } }));
    sim.setGuildIndexed(guild, true);
    const found = await search('content=raid');
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ total_results: 2, doing_deep_historical_index: false });
    expect(found.body.messages.map((group: { content: string }[]) => group[0]!.content)).toEqual(['raid at nine', 'looking for raid group']);
    expect((await search(`author_id=${ada.id}`)).body.total_results).toBe(1);
  });
});

describe('the 2026-02-23 permission splits (platform document: Permissions; Versioning 2026-02-23)', () => {
  it('pinning needs MANAGE_MESSAGES before 2026-02-23, and from that date PIN_MESSAGES: MANAGE_MESSAGES alone no longer suffices', async () => {
    const { sim, app, ada, guild, general, call } = await world({ startTime: SPLITS - DAY, permissions: ['readMessageHistory', 'manageMessages'] });
    const first = sim.postChannelMessage(general, ada, 'rules: be nice');
    const second = sim.postChannelMessage(general, ada, 'schedule');
    expect((await call('PUT', `/channels/${general}/messages/pins/${first}`)).status).toBe(204);
    sim.advance(DAY);
    expect(await call('PUT', `/channels/${general}/messages/pins/${second}`)).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(await call('DELETE', `/channels/${general}/messages/pins/${first}`)).toMatchObject({ status: 403, body: { code: 50013 } });
    sim.addGuildMember(guild, app.botUserId, { permissions: ['readMessageHistory', 'pinMessages'] });
    expect((await call('PUT', `/channels/${general}/messages/pins/${second}`)).status).toBe(204);
    const pins = (await call('GET', `/channels/${general}/messages/pins`)).body;
    expect(pins.has_more).toBe(false);
    expect(pins.items.map((item: { message: { id: string; pinned: boolean } }) => [item.message.id, item.message.pinned])).toEqual([[second, true], [first, true]]);
    expect((await call('DELETE', `/channels/${general}/messages/pins/${first}`)).status).toBe(204);
    expect((await call('GET', `/channels/${general}/messages/pins`)).body.items).toHaveLength(1);
  });

  it('a user under slowmode is bypassed by MANAGE_MESSAGES or MANAGE_CHANNELS before 2026-02-23, from that date only by BYPASS_SLOWMODE; bots are unaffected', async () => {
    const { sim, bob, guild, general, call } = await world({ startTime: SPLITS - DAY });
    const carol = sim.createUser({ username: 'carol' });
    sim.addGuildMember(guild, carol, { permissions: ['manageChannels'] });
    sim.addGuildMember(guild, bob, { permissions: ['manageMessages'] });
    sim.setChannelSlowmode(general, 10);
    expect((await call('GET', `/guilds/${guild.id}/channels`)).body[0]).toMatchObject({ id: general, rate_limit_per_user: 10 });
    const dave = sim.createUser({ username: 'dave' });
    sim.addGuildMember(guild, dave);
    sim.postChannelMessage(general, dave, 'one');
    expect(() => sim.postChannelMessage(general, dave, 'two')).toThrow(expect.objectContaining({ status: 429, code: 20016 }));
    sim.advance(10_000);
    sim.postChannelMessage(general, dave, 'two');
    for (const user of [bob, carol]) {
      sim.postChannelMessage(general, user, 'a');
      sim.postChannelMessage(general, user, 'b');
    }
    // Bots: "bots, as well as users with the permission BYPASS_SLOWMODE, are unaffected" (resources/channel.mdx).
    for (const content of ['x', 'y']) expect((await call('POST', `/channels/${general}/messages`, { body: { content } })).status).toBe(200);
    sim.advance(DAY);
    for (const user of [bob, carol]) {
      sim.postChannelMessage(general, user, 'c');
      expect(() => sim.postChannelMessage(general, user, 'd')).toThrow(expect.objectContaining({ status: 429, code: 20016 }));
    }
    sim.addGuildMember(guild, bob, { permissions: ['bypassSlowmode'] });
    sim.postChannelMessage(general, bob, 'e');
    sim.postChannelMessage(general, bob, 'f');
    expect((await call('GET', `/channels/${general}/messages?limit=100`)).body.filter((m: { author: { id: string } }) => m.author.id === bob.id).map((m: { content: string }) => m.content)).toEqual(['f', 'e', 'c', 'b', 'a']);
  });
});

describe('attachments (platform document: Resources, Attachment objects; Limits)', () => {
  it('attachments’ description and is_spoiler are editable; spoilers carry IS_SPOILER; the SPOILER_ prefix still marks one', async () => {
    const { sim, ada, general, call, upload } = await world();
    const posted = await upload('POST', `/channels/${general}/messages`, { content: 'screens', attachments: [{ id: 0, description: 'the map', is_spoiler: true }, { id: 1 }, { id: 2 }] }, [
      { name: 'map.png', bytes: 10, type: 'image/png' },
      { name: 'SPOILER_boss.png', bytes: 20 },
      { name: 'plain.txt', bytes: 3, type: 'text/plain' },
    ]);
    expect(posted.status).toBe(200);
    const [map, boss, plain] = posted.body.attachments;
    expect(map).toMatchObject({ filename: 'map.png', description: 'the map', size: 10, content_type: 'image/png', flags: IS_SPOILER });
    expect(boss).toMatchObject({ filename: 'SPOILER_boss.png', size: 20, flags: IS_SPOILER });
    expect(plain).toMatchObject({ filename: 'plain.txt', flags: 0 });
    // PATCH: the attachments kept, with description and is_spoiler changed; one left out is removed.
    const edited = await call('PATCH', `/channels/${general}/messages/${posted.body.id}`, {
      body: { attachments: [{ id: map.id, is_spoiler: false, description: 'the whole map' }, { id: plain.id, is_spoiler: true }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.edited_timestamp).not.toBeNull();
    expect(edited.body.attachments).toEqual([
      expect.objectContaining({ id: map.id, description: 'the whole map', flags: 0 }),
      expect.objectContaining({ id: plain.id, filename: 'plain.txt', flags: IS_SPOILER }),
    ]);
    // An unknown attachment id is refused, and another user's message cannot be edited (50005): nothing changes.
    expect((await call('PATCH', `/channels/${general}/messages/${posted.body.id}`, { body: { attachments: [{ id: '123' }] } })).body).toMatchObject({ code: 50035 });
    const theirs = sim.postChannelMessage(general, ada, 'mine');
    expect(await call('PATCH', `/channels/${general}/messages/${theirs}`, { body: { content: 'edited' } })).toMatchObject({ status: 403, body: { code: 50005 } });
    expect((await call('GET', `/channels/${general}/messages/${posted.body.id}`)).body.attachments).toHaveLength(2);
    expect((await call('GET', `/channels/${general}/messages/${theirs}`)).body.content).toBe('mine');
  });

  it('the default upload limit is 20 MiB: a larger file is refused with 413 Request entity too large (40005)', async () => {
    const { general, call, upload } = await world();
    const limit = 20 * 1024 * 1024;
    const refused = await upload('POST', `/channels/${general}/messages`, { content: 'big' }, [{ name: 'big.bin', bytes: limit + 1 }]);
    expect(refused).toMatchObject({ status: 413, body: { code: 40005 } });
    expect((await call('GET', `/channels/${general}/messages`)).body).toEqual([]);
    const accepted = await upload('POST', `/channels/${general}/messages`, { content: 'fits' }, [{ name: 'fits.bin', bytes: limit }]);
    expect(accepted.status).toBe(200);
    expect(accepted.body.attachments[0]).toMatchObject({ size: limit });
  });
});

describe('MESSAGE_CREATE and MESSAGE_UPDATE on the gateway (events/gateway-events.mdx)', () => {
  it('bots with GUILD_MESSAGES receive channel messages; content only with MESSAGE_CONTENT, or in their own messages', async () => {
    const { sim, app, ada, general, botToken, call } = await world();
    const url = `${(await call('GET', '/gateway/bot')).body.url}?v=10&encoding=json`;
    const plain = await identified(url, botToken, GUILDS | GUILD_MESSAGES);
    sim.postChannelMessage(general, ada, 'hello bots');
    const seen = await plain.nextOf('MESSAGE_CREATE');
    expect(seen.d).toMatchObject({ channel_id: general, content: '', author: { id: ada.id }, guild_id: expect.any(String), member: { roles: [] } });
    plain.socket.close();
    sim.setPrivilegedIntents(app, { messageContent: true });
    const reader = await identified(url, botToken, GUILDS | GUILD_MESSAGES | MESSAGE_CONTENT);
    const id = sim.postChannelMessage(general, ada, 'can you read this');
    expect((await reader.nextOf('MESSAGE_CREATE')).d).toMatchObject({ id, content: 'can you read this' });
    const own = await call('POST', `/channels/${general}/messages`, { body: { content: 'mine' } });
    expect((await reader.nextOf('MESSAGE_CREATE')).d).toMatchObject({ id: own.body.id, content: 'mine', author: { id: app.botUserId } });
    await call('PATCH', `/channels/${general}/messages/${own.body.id}`, { body: { content: 'mine, edited' } });
    expect((await reader.nextOf('MESSAGE_UPDATE')).d).toMatchObject({ id: own.body.id, content: 'mine, edited' });
  });
});

describe('a discord.js v14 bot and channel messages', () => {
  it('receives a player’s message (messageCreate), replies through its REST, and reads the reply back', { timeout: 30_000 }, async () => {
    const { sim, ada, general, service, call } = await world();
    const { Client, Events, GatewayIntentBits } = discord;
    const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent], rest: { api: `${service.url}/api` } });
    bots.push(client);
    const ready = once(client, Events.ClientReady);
    await client.login(service.issueBotToken());
    await ready;
    const created = once(client, Events.MessageCreate);
    sim.postChannelMessage(general, ada, '!lfg');
    const [message] = (await created) as [import('discord.js').Message];
    expect({ content: message.content, channel: message.channelId, author: message.author.id }).toEqual({ content: '!lfg', channel: general, author: ada.id });
    const reply = await message.reply('Party of 4 forming');
    expect(reply.reference?.messageId).toBe(message.id);
    const listed = (await call('GET', `/channels/${general}/messages`)).body;
    expect(listed.map((m: { content: string; type: number }) => [m.content, m.type])).toEqual([['Party of 4 forming', 19], ['!lfg', 0]]);
  });
});
