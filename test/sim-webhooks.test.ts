// Webhook events from the simulated service (issue 19; spec "Webhook events"; server-api.md §5)
// to a receiver made with `social-sdk-node/webhooks`, over real loopback sockets: the events URL
// verified with a PING (and a bad-signature probe) when set, every event type signed with the
// application's Ed25519 key and verified by the receiver, retries with backoff on the simulator's
// clock after a failing receiver, and a delivery log that shows nothing was lost. The URL's health
// checks are in sim-webhooks-health.test.ts.
import { afterEach, describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { player } from './lobby-helpers.js';
import { clients, closeAll, delivered, gameServer, linked, serve, services, setup, type Simulator, type WebhookEvent } from './webhook-helpers.js';

afterEach(closeAll);

describe('the events URL', () => {
  it('is verified when set: a signed PING answered 204 and a bad-signature probe answered 401', async () => {
    const sim: Simulator = new sdk.Simulator();
    const service = await sim.listen();
    services.push(service);
    const server = await gameServer(sim, service);
    expect(service.webhookEventsUrl()).toBeNull();
    await service.setWebhookEventsUrl(server.url);
    expect(server.answers).toEqual([204, 401]);
    expect(server.events).toEqual([]);
    expect(service.webhookEventsUrl()).toBe(server.url);
    expect(service.webhookPublicKey()).toMatch(/^[0-9a-f]{64}$/);
    expect(service.webhookDeliveries()).toEqual([]);
  });

  it('is refused when the receiver does not answer the PING, or does not check signatures; nothing changes', async () => {
    const sim: Simulator = new sdk.Simulator();
    const service = await sim.listen();
    services.push(service);
    const failing = await serve((request, response) => void request.resume().on('end', () => response.writeHead(500).end()));
    await expect(service.setWebhookEventsUrl(failing)).rejects.toMatchObject({ type: 'ValidationError', message: expect.stringContaining('PING with 500 instead of 204') });
    const careless = await serve((request, response) => void request.resume().on('end', () => response.writeHead(204).end()));
    await expect(service.setWebhookEventsUrl(careless)).rejects.toThrow(/bad signature with 204 instead of 401/);
    expect(service.webhookEventsUrl()).toBeNull();
    await expect(service.setWebhookEventsUrl('ftp://example.com/x')).rejects.toThrow(new RangeError('url must be an absolute http:// or https:// URL'));
    // Without a URL the service keeps no event: removing the app later delivers nothing.
    const user = sim.createUser({ username: 'ada' });
    sim.issueToken(user, sim.defaultApplication);
    sim.removeApplicationForUser(user, sim.defaultApplication);
    expect(service.webhookDeliveries()).toEqual([]);
  });
});

describe('webhook events', () => {
  it('APPLICATION_AUTHORIZED on the token grant, APPLICATION_DEAUTHORIZED when the player removes the app, on revocation and on a ban', async () => {
    const { sim, service, server, rest } = await setup();
    const ada = sim.createUser({ username: 'ada' });
    const tokens = await linked(sim, rest, ada);
    await delivered(service);
    expect(server.events).toEqual([
      { type: 'APPLICATION_AUTHORIZED', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/), data: { integration_type: 1, user: expect.objectContaining({ id: ada.id, username: 'ada' }), scopes: ['openid', 'sdk.social_layer'] } },
    ]);
    sim.removeApplicationForUser(ada, sim.defaultApplication);
    await delivered(service);
    expect(server.events.map((event) => event.type)).toEqual(['APPLICATION_AUTHORIZED', 'APPLICATION_DEAUTHORIZED']);
    expect(server.events[1]).toMatchObject({ data: { user: { id: ada.id } } });
    // Removing it again deletes nothing: no second event.
    sim.removeApplicationForUser(ada, sim.defaultApplication);
    await expect(rest.refreshToken(tokens.refreshToken!)).rejects.toMatchObject({ oauthError: 'invalid_grant' });

    const bo = sim.createUser({ username: 'bo' });
    const boTokens = await linked(sim, rest, bo);
    await rest.unlinkUser(boTokens);
    await delivered(service);
    expect(server.events.slice(2).map((event) => [event.type, (event.data as { user: { id: string } }).user.id])).toEqual([
      ['APPLICATION_AUTHORIZED', bo.id],
      ['APPLICATION_DEAUTHORIZED', bo.id],
    ]);
    expect(service.webhookDeliveries().map((entry) => entry.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);

    // A ban deletes the user's tokens: APPLICATION_DEAUTHORIZED too.
    const cy = sim.createUser({ username: 'cy' });
    await linked(sim, rest, cy);
    sim.banUser(cy);
    await delivered(service);
    expect(server.events.slice(4).map((event) => [event.type, (event.data as { user: { id: string } }).user.id])).toEqual([
      ['APPLICATION_AUTHORIZED', cy.id],
      ['APPLICATION_DEAUTHORIZED', cy.id],
    ]);
  });

  it('the game client\'s own token exchange and revocation (SDK getToken / revokeToken) reach the events URL too', async () => {
    const { sim, service, server } = await setup();
    const ada = sim.createUser({ username: 'ada' });
    const game = sim.createClient({ applicationId: sim.defaultApplication.id });
    clients.push(game);
    const pkce = game.createAuthorizationCodeVerifier();
    const pending = game.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: pkce.challenge });
    await sim.settle();
    sim.chatClient(ada).approveConsent();
    const tokens = await game.getToken({ applicationId: sim.defaultApplication.id, ...(await pending), codeVerifier: pkce.verifier });
    await game.revokeToken({ applicationId: sim.defaultApplication.id, token: tokens.refreshToken });
    await delivered(service);
    expect(server.events.map((event) => [event.type, (event.data as { user: { id: string } }).user.id])).toEqual([
      ['APPLICATION_AUTHORIZED', ada.id],
      ['APPLICATION_DEAUTHORIZED', ada.id],
    ]);
  });

  it('LOBBY_MESSAGE_CREATE for messages sent over HTTP and from SDK clients', async () => {
    const { sim, service, server, rest } = await setup();
    const ada = await player(sim, 'ada');
    const lobbyId = await ada.client.createOrJoinLobby('squad');
    const fromGame = await ada.client.sendLobbyMessage(lobbyId, 'gg', { metadata: { team: 'red' } });
    await delivered(service);
    const adaToken = sim.issueToken(ada.user, sim.defaultApplication).accessToken;
    const overHttp = await rest.sendLobbyMessage(lobbyId, { content: 'wp' }, { userToken: adaToken });
    await delivered(service);
    expect(server.events).toEqual([
      {
        type: 'LOBBY_MESSAGE_CREATE',
        timestamp: expect.any(String),
        data: expect.objectContaining({ id: fromGame, type: 0, content: 'gg', lobby_id: lobbyId, channel_id: lobbyId, author: expect.objectContaining({ id: ada.user.id }), metadata: { team: 'red' }, flags: 65536, application_id: sim.defaultApplication.id }),
      },
      { type: 'LOBBY_MESSAGE_CREATE', timestamp: expect.any(String), data: expect.objectContaining({ id: overHttp.id, content: 'wp', lobby_id: lobbyId }) },
    ]);
  });

  it('LOBBY_MESSAGE_UPDATE and _DELETE when the author edits or deletes a message in the linked channel; a moderation-metadata update fires none', async () => {
    const { sim, service, server } = await setup();
    const ada = await player(sim, 'ada');
    const bo = await player(sim, 'bo');
    const lobbyId = await ada.client.createOrJoinLobby('linked-squad');
    await bo.client.createOrJoinLobby('linked-squad');
    const updates: { id: string; content: string; moderationMetadata: Record<string, string> }[] = [];
    const deletions: { messageId: string; channelId: string }[] = [];
    bo.client.on('messageUpdated', (message) => updates.push(message));
    bo.client.on('messageDeleted', (deleted) => deletions.push(deleted));
    const id = await ada.client.sendLobbyMessage(lobbyId, 'gg');
    const other = await ada.client.sendLobbyMessage(lobbyId, 'wp');
    // Not linked yet: there is nowhere to edit it.
    expect(() => sim.chatClient(ada.user).editLobbyMessage(lobbyId, id, 'gg!')).toThrow(/no linked channel/);
    sim.linkLobbyChannel(lobbyId, { id: '900', name: 'squad', guildId: '901' });
    sim.setMessageModerationMetadata(lobbyId, id, { action: 'blur' });
    await sim.settle();
    await delivered(service);
    expect(server.events.map((event) => event.type)).toEqual(['LOBBY_MESSAGE_CREATE', 'LOBBY_MESSAGE_CREATE']);
    expect(updates.map((message) => message.moderationMetadata)).toEqual([{ action: 'blur' }]);

    // Only the author, only a message of the lobby; nothing changes.
    expect(() => sim.chatClient(bo.user).editLobbyMessage(lobbyId, id, 'mine now')).toThrow(/not the author/);
    expect(() => sim.chatClient(ada.user).deleteLobbyMessage(lobbyId, '12345')).toThrow(/no message 12345/);
    expect(() => sim.chatClient(ada.user).editLobbyMessage(lobbyId, id, '')).toThrow(RangeError);

    sim.chatClient(ada.user).editLobbyMessage(lobbyId, id, 'gg, well played');
    sim.chatClient(ada.user).deleteLobbyMessage(lobbyId, other);
    await sim.settle();
    await delivered(service);
    const [update, deletion] = server.events.slice(2) as [WebhookEvent, WebhookEvent];
    expect(update).toMatchObject({ type: 'LOBBY_MESSAGE_UPDATE', data: { id, content: 'gg, well played', lobby_id: lobbyId, author: { id: ada.user.id }, edited_timestamp: expect.any(String) } });
    expect(deletion).toEqual({ type: 'LOBBY_MESSAGE_DELETE', timestamp: expect.any(String), data: { id: other, lobby_id: lobbyId } });
    // The members' clients see the same: the edit (its moderation metadata cleared), then the deletion.
    expect(updates.at(-1)).toMatchObject({ id, content: 'gg, well played', moderationMetadata: {} });
    expect(deletions).toEqual([{ messageId: other, channelId: lobbyId }]);
    const history = await bo.client.getLobbyMessages(lobbyId);
    expect(history.map((message) => [message.id, message.content])).toEqual([[id, 'gg, well played']]);
  });

  it('GAME_DIRECT_MESSAGE_CREATE, _UPDATE and _DELETE for direct messages between players with SDK sessions', async () => {
    const { sim, service, server } = await setup();
    const ada = await player(sim, 'ada');
    const bo = await player(sim, 'bo');
    const id = await ada.client.sendUserMessage(bo.user.id, 'hi bo');
    await ada.client.editUserMessage(bo.user.id, id, 'hi Bo!');
    await ada.client.deleteUserMessage(bo.user.id, id);
    await delivered(service);
    expect(server.events.map((event) => event.type)).toEqual(['GAME_DIRECT_MESSAGE_CREATE', 'GAME_DIRECT_MESSAGE_UPDATE', 'GAME_DIRECT_MESSAGE_DELETE']);
    const [created, updated, deleted] = server.events as [WebhookEvent, WebhookEvent, WebhookEvent];
    expect(created.data).toMatchObject({ id, content: 'hi bo', author: { id: ada.user.id }, recipient_id: bo.user.id, flags: 65536, channel: { type: 1, recipients: [{ id: bo.user.id }] } });
    expect(updated.data).toMatchObject({ id, content: 'hi Bo!', edited_timestamp: expect.any(String) });
    const channelId = (created.data as { channel_id: string }).channel_id;
    expect(deleted.data).toEqual({ id, channel_id: channelId });
  });

  it('retries a failing receiver with backoff on the simulator clock, and the log shows nothing lost', async () => {
    const { sim, service, server, rest } = await setup();
    server.state.failNext = 2;
    const ada = sim.createUser({ username: 'ada' });
    await linked(sim, rest, ada);
    await delivered(service);
    let [entry] = service.webhookDeliveries();
    expect(entry).toMatchObject({ eventType: 'APPLICATION_AUTHORIZED', status: 'pending', attempts: 1, lastStatus: 503, nextAttemptAt: sim.now() + 1000 });
    sim.advance(999);
    await delivered(service);
    expect(service.webhookDeliveries()[0]!.attempts).toBe(1);
    sim.advance(1);
    await delivered(service);
    [entry] = service.webhookDeliveries();
    expect(entry).toMatchObject({ status: 'pending', attempts: 2, lastStatus: 503, nextAttemptAt: sim.now() + 2000 });
    sim.advance(2000);
    await delivered(service);
    [entry] = service.webhookDeliveries();
    expect(entry).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 204, lastError: null, deliveredAt: sim.now() });
    expect(server.answers).toEqual([204, 401, 503, 503, 204]);
    expect(server.events.map((event) => event.type)).toEqual(['APPLICATION_AUTHORIZED']);
  });

  it('gives up after 10 minutes of failed attempts and logs the delivery as failed; later events still arrive', async () => {
    const { sim, service, server, rest } = await setup();
    server.state.failNext = Number.MAX_SAFE_INTEGER;
    const ada = sim.createUser({ username: 'ada' });
    const tokens = await linked(sim, rest, ada);
    await delivered(service);
    const start = service.webhookDeliveries()[0]!.queuedAt;
    for (let guard = 0; service.webhookDeliveries()[0]!.status === 'pending' && guard < 50; guard++) {
      sim.advance(service.webhookDeliveries()[0]!.nextAttemptAt! - sim.now());
      await delivered(service);
    }
    const [failed] = service.webhookDeliveries();
    expect(failed).toMatchObject({ status: 'failed', attempts: 10, lastStatus: 503, nextAttemptAt: null });
    expect(sim.now() - start).toBeLessThanOrEqual(10 * 60 * 1000);
    server.state.failNext = 0;
    await rest.revokeToken(tokens.accessToken);
    await delivered(service);
    expect(service.webhookDeliveries().map((entry) => [entry.eventType, entry.status])).toEqual([
      ['APPLICATION_AUTHORIZED', 'failed'],
      ['APPLICATION_DEAUTHORIZED', 'delivered'],
    ]);
    expect(server.events.map((event) => event.type)).toEqual(['APPLICATION_DEAUTHORIZED']);
  });

  it('removing the events URL ends pending retries as failed, and later events are not kept', async () => {
    const { sim, service, server, rest } = await setup();
    server.state.failNext = 1;
    const ada = sim.createUser({ username: 'ada' });
    const tokens = await linked(sim, rest, ada);
    await delivered(service);
    expect(service.webhookDeliveries()[0]).toMatchObject({ status: 'pending', attempts: 1 });
    await service.setWebhookEventsUrl(null);
    expect(service.webhookEventsUrl()).toBeNull();
    sim.advance(1000);
    await delivered(service);
    expect(service.webhookDeliveries()).toEqual([expect.objectContaining({ status: 'failed', attempts: 1, lastError: 'the events URL was removed' })]);
    await rest.revokeToken(tokens.accessToken);
    await delivered(service);
    expect(service.webhookDeliveries()).toHaveLength(1);
    expect(server.events).toEqual([]);
  });

  it('many events through a flaky receiver: every one delivered exactly once in the end', async () => {
    const { sim, service, server } = await setup();
    const ada = await player(sim, 'ada');
    const lobbyId = await ada.client.createOrJoinLobby('flaky');
    server.state.failNext = 7;
    const sent: string[] = [];
    for (let i = 0; i < 20; i++) sent.push(await ada.client.sendLobbyMessage(lobbyId, `message ${i}`));
    await delivered(service);
    for (let guard = 0; service.webhookDeliveries().some((entry) => entry.status === 'pending') && guard < 20; guard++) {
      sim.advance(1000 * 2 ** guard);
      await delivered(service);
    }
    const log = service.webhookDeliveries();
    expect(log).toHaveLength(20);
    expect(log.every((entry) => entry.status === 'delivered')).toBe(true);
    const received = server.events.map((event) => (event.data as { id: string }).id);
    expect([...received].sort()).toEqual([...sent].sort());
    expect(new Set(received).size).toBe(20);
    expect(service.webhookEventsDropped).toBe(0);
  });
});
