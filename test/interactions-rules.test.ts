// The interaction rules of the platform document ("Modal components and command options",
// "Application commands", "Resolved channel in interaction payloads", obfuscation rule 3, "Limits")
// and of the public docs (interactions/receiving-and-responding.mdx: 3 seconds, 15 minutes), each
// with the refusal the simulated service gives: a callback that breaks a component rule is a 400
// 50035 naming the field; what a user's client would refuse is refused by the harness.
import { describe, expect, it } from 'vitest';

import { identified, GUILDS } from './gateway-helpers.js';
import { receiver, world, type Json } from './interactions-helpers.js';

/** A world whose bot is on the gateway: each `open()` runs the `form` command and gives its INTERACTION_CREATE (with the token) and a callback caller. */
async function onGateway(options: { botInGuild?: boolean } = {}) {
  const w = await world(options);
  const bot = await identified(`${(await w.call('GET', '/gateway/bot')).body.url}?v=10&encoding=json`, w.service.issueBotToken(), GUILDS);
  await w.rest.createApplicationCommand(w.app.id, { name: 'form', description: 'A form', options: [{ type: 7, name: 'where', description: 'A channel' }] });
  const open = async (options: Record<string, unknown> = {}) => {
    const run = await w.service.interactions.runCommand({ ...w.place, name: 'form', options });
    let d: Json;
    // Skip the dispatches of earlier interactions (modal submissions come over the gateway too).
    do d = (await bot.nextOf('INTERACTION_CREATE')).d;
    while (d.id !== run.id);
    const callback = (body: unknown) => w.call('POST', `/interactions/${d.id}/${d.token}/callback`, { body });
    return { run, d, callback };
  };
  return { ...w, bot, open };
}

/** A modal (callback type 9) whose one top-level component is `component`. */
const modal = (component: unknown) => ({ type: 9, data: { custom_id: 'm', title: 'Form', components: [component] } });
const label = (component: unknown) => ({ type: 18, label: 'Field', component });
const radio = (extra: Record<string, unknown> = {}) => ({ type: 21, custom_id: 'r', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], ...extra });
const checkboxGroup = (extra: Record<string, unknown> = {}) => ({ type: 22, custom_id: 'g', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'c', label: 'C' }], ...extra });

/** The `_errors` at a dotted path of a 50035 body. */
function errorsAt(body: Json, path: string): Json {
  return path.split('.').reduce((node, key) => node?.[key], body.errors)?._errors;
}

describe('modal components (the platform document, "Modal components and command options")', () => {
  it('"Radio Group, Checkbox Group and Checkbox must be placed inside one [a Label] and exist only in modals": at the top level, in an action row or in a message they are refused (400 50035)', async () => {
    const { open } = await onGateway();
    for (const component of [radio(), checkboxGroup(), { type: 23, custom_id: 'c' }, { type: 19, custom_id: 'f' }]) {
      const top = await (await open()).callback(modal(component));
      expect(top.status).toBe(400);
      expect(top.body.code).toBe(50035);
      expect(errorsAt(top.body, 'data.components.0.type')[0].message).toMatch(/must be placed inside a Label/);
      const inRow = await (await open()).callback(modal({ type: 1, components: [component] }));
      expect(errorsAt(inRow.body, 'data.components.0.components.0.type')[0].message).toMatch(/inside a Label/);
      const inMessage = await (await open()).callback({ type: 4, data: { content: 'hi', components: [{ type: 1, components: [component] }] } });
      expect(inMessage.status).toBe(400);
      expect(errorsAt(inMessage.body, 'data.components.0.components.0.type')[0].message).toMatch(/exists only in modals/);
    }
    const labelInMessage = await (await open()).callback({ type: 4, data: { content: 'hi', components: [label(radio())] } });
    expect(errorsAt(labelInMessage.body, 'data.components.0.type')[0].message).toMatch(/only in modals/);
    // Inside a Label, in a modal: accepted.
    expect((await (await open()).callback(modal(label(radio())))).status).toBe(204);
  });

  it('Radio Group: "Single selection" (at most one default; 2-10 options); "required ... allows an optional selection" (none submitted only when required is false)', async () => {
    const { service, open } = await onGateway();
    const twoDefaults = await (await open()).callback(modal(label(radio({ options: [{ value: 'a', label: 'A', default: true }, { value: 'b', label: 'B', default: true }] }))));
    expect(errorsAt(twoDefaults.body, 'data.components.0.component.options')[0].message).toMatch(/single selection/);
    const oneOption = await (await open()).callback(modal(label(radio({ options: [{ value: 'a', label: 'A' }] }))));
    expect(errorsAt(oneOption.body, 'data.components.0.component.options')[0].message).toMatch(/2 to 10 options/);

    const required = await open();
    await required.callback(modal(label(radio())));
    await expect(service.interactions.submitModal({ interaction: required.run.id, values: { r: null } })).rejects.toThrow(/required: choose one option/);
    await expect(service.interactions.submitModal({ interaction: required.run.id, values: { r: 'z' } })).rejects.toThrow(/single selection/);
    const optional = await open();
    await optional.callback(modal(label(radio({ required: false }))));
    const submitted = await service.interactions.submitModal({ interaction: optional.run.id, values: {} });
    expect(submitted.payload['data']).toMatchObject({ components: [{ type: 18, component: { type: 21, custom_id: 'r', value: null } }] });
  });

  it('Checkbox Group: "Multi-selection with min_values and max_values" (min_values 0-10, max_values 1-10, min <= max <= options; min_values 0 only when not required)', async () => {
    const { service, open } = await onGateway();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ min_values: 3, max_values: 2 }, 'min_values', /must not exceed max_values/],
      [{ max_values: 4 }, 'max_values', /number of options/],
      [{ min_values: 11 }, 'min_values', /0 to 10/],
      [{ max_values: 0 }, 'max_values', /1 to 10/],
      [{ min_values: 0 }, 'min_values', /unless required is false/],
    ];
    for (const [extra, fieldName, message] of cases) {
      const answer = await (await open()).callback(modal(label(checkboxGroup(extra))));
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect(errorsAt(answer.body, `data.components.0.component.${fieldName}`)[0].message).toMatch(message);
    }
    const ok = await open();
    expect((await ok.callback(modal(label(checkboxGroup({ min_values: 1, max_values: 2 }))))).status).toBe(204);
    await expect(service.interactions.submitModal({ interaction: ok.run.id, values: { g: ['a', 'b', 'c'] } })).rejects.toThrow(/1 to 2 values/);
    await expect(service.interactions.submitModal({ interaction: ok.run.id, values: { g: [] } })).rejects.toThrow(/1 to 2 values/);
    expect((await service.interactions.submitModal({ interaction: ok.run.id, values: { g: ['a', 'c'] } })).payload['data']).toMatchObject({ components: [{ component: { values: ['a', 'c'] } }] });
  });

  it('Checkbox: "Boolean toggle" (default and the submitted value are booleans)', async () => {
    const { service, open } = await onGateway();
    const bad = await (await open()).callback(modal(label({ type: 23, custom_id: 'c', default: 'yes' })));
    expect(errorsAt(bad.body, 'data.components.0.component.default')[0].message).toMatch(/boolean/);
    const ok = await open();
    await ok.callback(modal(label({ type: 23, custom_id: 'c', default: true })));
    await expect(service.interactions.submitModal({ interaction: ok.run.id, values: { c: 'on' } })).rejects.toThrow(/boolean/);
    expect((await service.interactions.submitModal({ interaction: ok.run.id, values: {} })).payload['data']).toMatchObject({ components: [{ component: { type: 23, value: true } }] });
  });

  it('File Upload: "Minimum and maximum number of files, each between 0 and 10; a required flag; any file type" unless restricted; "per-file size bound is the user\'s upload limit in that channel"', async () => {
    const { service, open } = await onGateway();
    for (const [extra, fieldName] of [[{ min_values: 11, max_values: 10 }, 'min_values'], [{ max_values: 11 }, 'max_values'], [{ min_values: 3, max_values: 2 }, 'min_values'], [{ required: 'no' }, 'required']] as const) {
      const answer = await (await open()).callback(modal(label({ type: 19, custom_id: 'f', ...extra })));
      expect(answer.status).toBe(400);
      expect(errorsAt(answer.body, `data.components.0.component.${fieldName}`)).toBeDefined();
    }
    const files = (n: number, size = 10, name = 'a.bin') => Array.from({ length: n }, (_, i) => ({ name: `${i}-${name}`, size }));
    const any = await open();
    expect((await any.callback(modal(label({ type: 19, custom_id: 'f', min_values: 0, max_values: 10, required: false })))).status).toBe(204);
    expect((await service.interactions.submitModal({ interaction: any.run.id, values: { f: files(10, 10, 'x.exe') } })).payload['data']).toMatchObject({ components: [{ component: { type: 19 } }] });
    await expect(service.interactions.submitModal({ interaction: any.run.id, values: { f: files(11) } })).rejects.toThrow(/0 to 10 files/);
    // The default upload limit is 20 MiB (the platform document, "Limits"); a channel's may be lower.
    await expect(service.interactions.submitModal({ interaction: any.run.id, values: { f: files(1, 20 * 1024 * 1024 + 1) } })).rejects.toThrow(/upload limit/);
    await expect(service.interactions.submitModal({ interaction: any.run.id, values: { f: files(1, 2000) }, uploadLimit: 1000 })).rejects.toThrow(/upload limit/);
    expect((await service.interactions.submitModal({ interaction: any.run.id, values: {} })).payload['data']).toMatchObject({ components: [{ component: { values: [] } }] });

    const required = await open();
    await required.callback(modal(label({ type: 19, custom_id: 'f', file_types: ['.png', 'image/jpeg'] })));
    await expect(service.interactions.submitModal({ interaction: required.run.id, values: {} })).rejects.toThrow(/1 to 1 files/);
    await expect(service.interactions.submitModal({ interaction: required.run.id, values: { f: [{ name: 'a.gif', size: 1, contentType: 'image/gif' }] } })).rejects.toThrow(/allowed file type/);
    expect((await service.interactions.submitModal({ interaction: required.run.id, values: { f: [{ name: 'a.jpg', size: 1, contentType: 'image/jpeg' }] } })).delivery).toEqual({ via: 'gateway' });
  });

  it('"The same restriction applies to ATTACHMENT command options": a file over the user\'s upload limit is refused', async () => {
    const { rest, app, service, place } = await world();
    await rest.createApplicationCommand(app.id, { name: 'upload', description: 'Upload', options: [{ type: 11, name: 'file', description: 'A file', required: true }] });
    await expect(service.interactions.runCommand({ ...place, name: 'upload', options: { file: { name: 'big.bin', size: 20 * 1024 * 1024 + 1 } } })).rejects.toThrow(/upload limit/);
    const run = await service.interactions.runCommand({ ...place, name: 'upload', options: { file: { name: 'ok.bin', size: 5 } } });
    const id = (run.payload['data'] as Json).options[0].value;
    expect((run.payload['data'] as Json).resolved.attachments[id]).toMatchObject({ filename: 'ok.bin', size: 5 });
  });
});

describe('application commands (the platform document: "User commands and Message commands (context menu): up to 15 of each type per app")', () => {
  it('a 16th USER or MESSAGE command is refused with 400 30032, by create and by bulk overwrite; slash commands do not count against it', async () => {
    const { call, app } = await world();
    for (const type of [2, 3]) {
      for (let i = 0; i < 15; i++) expect((await call('POST', `/applications/${app.id}/commands`, { body: { type, name: `Menu ${i}` } })).status).toBe(201);
      const sixteenth = await call('POST', `/applications/${app.id}/commands`, { body: { type, name: 'Menu 15' } });
      expect(sixteenth).toMatchObject({ status: 400, body: { code: 30032 } });
      // The same name replaces (200), never counted twice.
      expect((await call('POST', `/applications/${app.id}/commands`, { body: { type, name: 'Menu 0' } })).status).toBe(200);
    }
    expect((await call('POST', `/applications/${app.id}/commands`, { body: { name: 'slash', description: 'still fine' } })).status).toBe(201);
    const bulk = Array.from({ length: 16 }, (_, i) => ({ type: 2, name: `User ${i}` }));
    expect(await call('PUT', `/applications/${app.id}/commands`, { body: bulk })).toMatchObject({ status: 400, body: { code: 30032 } });
    expect((await call('GET', `/applications/${app.id}/commands`)).body.length).toBe(31);
    expect((await call('PUT', `/applications/${app.id}/commands`, { body: bulk.slice(0, 15) })).body.length).toBe(15);
  });

  it('command bodies are checked (400 50035 naming the field): slash names lowercase, context menus without description; unknown commands 404 10063; another application\'s 403', async () => {
    const { call, app, sim, service } = await world();
    expect(errorsAt((await call('POST', `/applications/${app.id}/commands`, { body: { name: 'Raid', description: 'x' } })).body, 'name')).toBeDefined();
    expect(errorsAt((await call('POST', `/applications/${app.id}/commands`, { body: { type: 2, name: 'Inspect', description: 'x' } })).body, 'description')).toBeDefined();
    expect(errorsAt((await call('POST', `/applications/${app.id}/commands`, { body: { name: 'raid', description: '' } })).body, 'description')).toBeDefined();
    expect(await call('GET', `/applications/${app.id}/commands/123`)).toMatchObject({ status: 404, body: { code: 10063 } });
    const other = sim.createApplication({ name: 'Other' });
    expect((await call('GET', `/applications/${other.id}/commands`)).status).toBe(403);
    expect((await call('GET', `/applications/${app.id}/commands`, { token: service.issueBotToken(other) })).status).toBe(403);
  });
});

describe('interaction payloads and tokens', () => {
  it('resolved channels carry app_permissions only when the application\'s bot user is in the guild (the platform document, "Resolved channel in interaction payloads")', async () => {
    const inGuild = await onGateway();
    const { d } = await inGuild.open({ where: inGuild.channel });
    expect(d.data.resolved.channels[inGuild.channel]).toMatchObject({ id: inGuild.channel, name: 'general', app_permissions: expect.stringMatching(/^\d+$/) });

    const userInstalled = await world({ botInGuild: false });
    await userInstalled.rest.createApplicationCommand(userInstalled.app.id, { name: 'form', description: 'A form', options: [{ type: 7, name: 'where', description: 'A channel' }] });
    const run = await userInstalled.service.interactions.runCommand({ ...userInstalled.place, name: 'form', options: { where: userInstalled.channel } });
    const resolved = (run.payload['data'] as Json).resolved.channels[userInstalled.channel];
    expect(resolved).toMatchObject({ id: userInstalled.channel, name: 'general' });
    expect(resolved).not.toHaveProperty('app_permissions');
  });

  it('"Interaction payloads are built separately and are not obfuscated": a channel the bot cannot view keeps its name and type', async () => {
    const w = await onGateway();
    const hidden = w.sim.createGuildChannel(w.guild, { name: 'staff', position: 1, overwrites: [{ target: w.app.botUserId, deny: ['viewChannel'] }] });
    const { d } = await w.open({ where: hidden });
    expect(d.data.resolved.channels[hidden]).toMatchObject({ id: hidden, name: 'staff', type: 0 });
    expect(JSON.stringify(d)).not.toContain('___hidden___');
  });

  it('"you must send an initial response within 3 seconds" (10062 after, on the simulator\'s clock); one initial response only (40060); follow-ups for "15 minutes" (10015 after)', async () => {
    const { sim, open, call, app, rest } = await onGateway();
    const late = await open();
    sim.advance(3001);
    expect(await late.callback({ type: 4, data: { content: 'late' } })).toMatchObject({ status: 404, body: { code: 10062 } });

    const first = await open();
    expect((await first.callback({ type: 5 })).status).toBe(204);
    expect(await first.callback({ type: 4, data: { content: 'again' } })).toMatchObject({ status: 400, body: { code: 40060 } });
    expect((await call('POST', `/webhooks/${app.id}/${first.d.token}`, { body: { content: 'follow-up' } })).status).toBe(200);
    // The token is the interaction's application's: under another application's id it is unknown.
    const other = sim.createApplication({ name: 'Other' });
    expect(await call('POST', `/webhooks/${other.id}/${first.d.token}`, { body: { content: 'x' } })).toMatchObject({ status: 404, body: { code: 10015 } });
    expect(await call('PATCH', `/webhooks/${app.id}/${first.d.token}/messages/@original`, { body: { content: 'done' } })).toMatchObject({ status: 200, body: { content: 'done' } });
    sim.advance(15 * 60 * 1000 + 1);
    expect(await call('POST', `/webhooks/${app.id}/${first.d.token}`, { body: { content: 'too late' } })).toMatchObject({ status: 404, body: { code: 10015 } });
    expect(await call('GET', `/webhooks/${app.id}/not-a-token/messages/@original`)).toMatchObject({ status: 404, body: { code: 10015 } });
    // The RestClient's error names the route's shape, never the interaction token (a secret, as the bot token is).
    const error = (await rest.getInteractionMessage(app.id, first.d.token).then(() => new Error('not refused'), (caught: unknown) => caught)) as Error;
    expect(error).toMatchObject({ message: expect.stringContaining('GET /webhooks/:id/:webhook_token/messages/@original') });
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain(first.d.token);
    expect(await call('POST', `/interactions/${first.d.id}/not-a-token/callback`, { body: { type: 4, data: { content: 'x' } } })).toMatchObject({ status: 404, body: { code: 10062 } });
  });

  it('an interactions endpoint URL is saved only when its PING is answered { "type": 1 } and a bad signature is refused (400 50035 on interactions_endpoint_url otherwise)', async () => {
    const { sim, service, call } = await world();
    const careless = await receiver(service.webhookPublicKey(), () => sim.now(), () => undefined);
    // A URL whose server answers the PING with something else: a plain 204.
    const { url: wrong } = await receiver('0'.repeat(64), () => sim.now(), () => undefined);
    const refused = await call('PATCH', '/applications/@me', { body: { interactions_endpoint_url: wrong } });
    expect(refused.status).toBe(400);
    expect(errorsAt(refused.body, 'interactions_endpoint_url')[0].message).toMatch(/PING/);
    expect((await call('GET', '/applications/@me')).body.interactions_endpoint_url).toBeNull();
    const saved = await call('PATCH', '/applications/@me', { body: { interactions_endpoint_url: careless.url } });
    expect(saved.body.interactions_endpoint_url).toBe(careless.url);
    expect((await call('PATCH', '/applications/@me', { body: { interactions_endpoint_url: null } })).body.interactions_endpoint_url).toBeNull();
  });
});

describe('bad input to the harness and the routes changes nothing', () => {
  it('malformed harness options are a TypeError or RangeError; malformed callback and command bodies a 400, never a crash', async () => {
    const { service, call, app, place } = await world();
    const interactions = service.interactions;
    for (const bad of [undefined, null, 'signup', 42]) {
      await expect(interactions.runCommand(bad as never)).rejects.toThrow(TypeError);
      await expect(interactions.submitModal(bad as never)).rejects.toThrow(TypeError);
      await expect(interactions.pressComponent(bad as never)).rejects.toThrow(TypeError);
    }
    await expect(interactions.runCommand({ ...place, name: 'nope' })).rejects.toThrow(RangeError);
    await expect(interactions.submitModal({ interaction: '1', values: {} })).rejects.toThrow(RangeError);
    for (const body of ['x', [], { type: 'x' }, { name: 7 }, { name: 'ok', description: 'ok', options: 'x' }, { name: 'ok', description: 'ok', options: [null] }]) {
      expect((await call('POST', `/applications/${app.id}/commands`, { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PUT', `/applications/${app.id}/commands`, { body: { not: 'an array' } })).status).toBe(400);
    expect((await call('POST', '/interactions/1/x/callback', { raw: '{not json', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await call('GET', `/applications/${app.id}/commands`)).body).toEqual([]);
  });
});
