// The Activity host's parent-frame RPC and its proxy over real HTTP, without a browser: the
// handshake's checks, bad input answered without a crash, the proxy kept below the mapped URL, and
// the harness settings' validation. The message shapes are those @discord/embedded-app-sdk 2.5
// sends (output/Discord.mjs: `[opcode, payload]`, HANDSHAKE `{ v: 1, client_id, frame_id }`).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

import { sdk, type ActivityHost } from './sdk.js';

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function setup() {
  const seen: string[] = [];
  const developer: Server = createServer((request, response) => {
    seen.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end(`developer ${request.url}`);
  });
  await new Promise<void>((resolve) => developer.listen(0, '127.0.0.1', resolve));
  open.push({ close: () => new Promise<void>((resolve) => developer.close(() => resolve())) });
  const sim = new sdk.Simulator();
  const app = sim.createApplication({ name: 'Party Game' });
  const alice = sim.createUser({ username: 'alice' });
  const host: ActivityHost = await sim.hostActivity({ user: alice, application: app, activityUrl: `http://127.0.0.1:${(developer.address() as AddressInfo).port}/game/` });
  open.push(host);
  const page = await (await fetch(host.url)).text();
  const frameId = /frame_id=([^&"]+)/.exec(page)![1]!;
  const rpc = async (message: unknown, type = 'application/json') => {
    const response = await fetch(new URL('rpc', host.url), { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify(message) });
    return { status: response.status, body: response.status === 200 ? ((await response.json()) as unknown[]) : await response.text() };
  };
  return { sim, app, alice, host, frameId, rpc, seen };
}

describe('Activities: the parent frame over HTTP', () => {
  it('serves the parent page with the activity iframe and the query the SDK requires', async () => {
    const { host } = await setup();
    const page = await (await fetch(host.url)).text();
    expect(page).toMatch(/<iframe id="activity" src="\/activity\/\?frame_id=[^&]+&amp;instance_id=[^&]+&amp;platform=desktop"/);
  });

  it('HANDSHAKE with the application and frame: READY; another client id or frame: CLOSE 4000; another version: CLOSE 4004', async () => {
    const { app, alice, frameId, rpc } = await setup();
    expect((await rpc([0, { v: 1, client_id: '1', frame_id: frameId }])).body).toEqual([[2, { code: 4000, message: 'Invalid Client ID' }]]);
    expect((await rpc([0, { v: 1, client_id: app.id, frame_id: 'other' }])).body).toEqual([[2, { code: 4000, message: 'Invalid Client ID' }]]);
    expect((await rpc([0, { v: 2, client_id: app.id, frame_id: frameId }])).body).toEqual([[2, { code: 4004, message: 'Invalid Version' }]]);
    const ready = await rpc([0, { v: 1, encoding: 'json', client_id: app.id, frame_id: frameId }]);
    expect(ready.body).toEqual([[1, expect.objectContaining({ cmd: 'DISPATCH', evt: 'READY', data: expect.objectContaining({ v: 1, user: expect.objectContaining({ id: alice.id }) }) })]]);
  });

  it('bad input is answered, never crashes: not JSON 400, not JSON-typed 405, frames before the handshake ignored, unknown commands ERROR 4002', async () => {
    const { app, frameId, rpc, host } = await setup();
    const notJson = await fetch(new URL('rpc', host.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' });
    expect(notJson.status).toBe(400);
    expect((await rpc([0, {}], 'text/plain')).status).toBe(405);
    expect((await rpc([1, { cmd: 'GET_RELATIONSHIPS', nonce: 'n' }])).body).toEqual([]);
    for (const junk of [null, 42, 'x', [], [1], [9, {}], { cmd: 'x' }]) expect((await rpc(junk)).body).toEqual([]);
    await rpc([0, { v: 1, client_id: app.id, frame_id: frameId }]);
    expect((await rpc([1, { cmd: 'NO_SUCH', nonce: 'n1' }])).body).toEqual([[1, { cmd: 'NO_SUCH', evt: 'ERROR', nonce: 'n1', data: { code: 4002, message: 'Invalid command: NO_SUCH' } }]]);
    expect((await rpc([1, { cmd: 'AUTHENTICATE', nonce: 'n2', args: { access_token: 'forged' } }])).body).toEqual([[1, expect.objectContaining({ evt: 'ERROR', data: { code: 4009, message: 'Invalid token' } })]]);
  });

  it('the proxy passes /activity/<path> to the developer server below the mapped URL only', async () => {
    const { host, seen } = await setup();
    expect(await (await fetch(new URL('activity/index.html?x=1', host.url))).text()).toBe('developer /game/index.html?x=1');
    expect((await fetch(`${host.url}activity//evil.example/`)).status).toBe(404);
    expect((await fetch(`${host.url}activity/%2e%2e/secret`)).status).toBe(404);
    expect(seen).toEqual(['/game/index.html?x=1']);
  });

  it('an authorization code is exchanged once', async () => {
    const { app, frameId, rpc, host } = await setup();
    await rpc([0, { v: 1, client_id: app.id, frame_id: frameId }]);
    const [[, answer]] = (await rpc([1, { cmd: 'AUTHORIZE', nonce: 'a', args: { client_id: app.id, response_type: 'code', scope: ['identify'] } }])).body as [[number, { data: { code: string } }]];
    const token = host.exchangeCode(answer.data.code);
    expect(() => host.exchangeCode(answer.data.code)).toThrow(RangeError);
    expect((await rpc([1, { cmd: 'AUTHENTICATE', nonce: 'b', args: { access_token: token } }])).body).toEqual([[1, expect.objectContaining({ evt: null, data: expect.objectContaining({ scopes: ['identify'] }) })]]);
  });

  it('the harness settings refuse bad input and change nothing', async () => {
    const { sim, app, alice } = await setup();
    expect(sim.socialSdkTermsAccepted(app)).toBe(false);
    expect(() => sim.setSocialSdkTermsAccepted('999', true)).toThrow(RangeError);
    expect(() => sim.setSocialSdkTermsAccepted(app, 'yes' as never)).toThrow(TypeError);
    expect(sim.socialSdkTermsAccepted(app)).toBe(false);
    await expect(sim.hostActivity({ user: alice, application: app, activityUrl: 'file:///etc/passwd' })).rejects.toThrow(RangeError);
    await expect(sim.hostActivity({ user: '999', activityUrl: 'http://127.0.0.1:1/' })).rejects.toThrow(RangeError);
    await expect(sim.hostActivity(null as never)).rejects.toThrow(TypeError);
  });
});
