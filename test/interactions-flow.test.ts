// Application commands and interactions end to end (issue 38, "Done when"): commands registered
// over HTTP, a simulated user runs one, the game server answers through our receiver
// (social-sdk-node/webhooks createInteractionHandler) with a modal holding each modal component
// kind, the user submits it, the answers and follow-ups reach the channel; every delivery's
// signature verifies with the `discord-interactions` package too. Without an interactions
// endpoint URL the interaction comes over the gateway as INTERACTION_CREATE.
import { describe, expect, it } from 'vitest';

import { identified, GUILDS } from './gateway-helpers.js';
import { receiver, world, type Json } from './interactions-helpers.js';

const MODAL = {
  type: 9,
  data: {
    custom_id: 'signup',
    title: 'Sign up',
    components: [
      { type: 18, label: 'Your name', component: { type: 4, custom_id: 'name', style: 1 } },
      { type: 18, label: 'Class', component: { type: 21, custom_id: 'class', options: [{ value: 'warrior', label: 'Warrior' }, { value: 'bard', label: 'Bard' }] } },
      { type: 18, label: 'Roles', component: { type: 22, custom_id: 'roles', min_values: 1, max_values: 2, options: [{ value: 'tank', label: 'Tank' }, { value: 'healer', label: 'Healer' }, { value: 'dps', label: 'DPS' }] } },
      { type: 18, label: 'Rules', component: { type: 23, custom_id: 'rules' } },
      { type: 18, label: 'Screenshot', component: { type: 19, custom_id: 'shot', min_values: 1, max_values: 2, file_types: ['.png'] } },
    ],
  },
};

describe('commands and interactions through our receiver', () => {
  it('registers a command, a user runs it, the receiver opens a modal with each component kind, the submission reaches the receiver, the reply the channel; discord-interactions verifies every signature', async () => {
    const { sim, service, rest, app, place, channel, player } = await world();
    const received: Json[] = [];
    const { url, seen } = await receiver(service.webhookPublicKey(), () => sim.now(), (interaction: Json) => {
      received.push(interaction);
      if (interaction.type === 2) return MODAL as never;
      const values = Object.fromEntries(interaction.data.components.map((label: Json) => [label.component.custom_id, label.component.value ?? label.component.values]));
      return { type: 4, data: { content: `welcome ${values.name}, ${values.class}, ${values.roles.join('+')}, rules ${values.rules}, ${values.shot.length} file(s)` } };
    });
    expect((await rest.modifyApplication({ interactionsEndpointUrl: url })).interactionsEndpointUrl).toBe(url);
    // "Your endpoint must be prepared to ACK a PING message": the first request is the PING.
    expect(seen[0]!.body).toMatchObject({ type: 1, application_id: app.id });
    expect((await rest.getApplication()).interactionsEndpointUrl).toBe(url);

    const command = await rest.createApplicationCommand(app.id, { name: 'signup', description: 'Join the raid' });
    expect(command).toMatchObject({ name: 'signup', type: 1, application_id: app.id });
    expect((await rest.getApplicationCommands(app.id)).map((c) => c.id)).toEqual([command.id]);

    const run = await service.interactions.runCommand({ ...place, name: 'signup' });
    expect(run.delivery).toMatchObject({ via: 'http', answered: true });
    expect(run.responseType).toBe(9);
    expect(received[0]).toMatchObject({ type: 2, data: { id: command.id, name: 'signup' }, guild_id: place.guild.id, channel_id: channel, member: { user: { id: player.id } } });

    const submitted = await service.interactions.submitModal({
      interaction: run.id,
      values: { name: 'Ayla', class: 'bard', roles: ['tank', 'healer'], rules: true, shot: [{ name: 'me.png', size: 1024, contentType: 'image/png' }] },
    });
    expect(submitted.delivery).toMatchObject({ via: 'http', answered: true });
    const submission = received[1]!;
    expect(submission.type).toBe(5);
    expect(submission.data.custom_id).toBe('signup');
    expect(submission.data.components.map((label: Json) => [label.type, label.component.type])).toEqual([[18, 4], [18, 21], [18, 22], [18, 23], [18, 19]]);
    const shotId = submission.data.components[4].component.values[0];
    expect(submission.data.resolved.attachments[shotId]).toMatchObject({ filename: 'me.png', size: 1024 });
    expect(service.interactions.channelMessages(channel).map((m) => m['content'])).toEqual(['welcome Ayla, bard, tank+healer, rules true, 1 file(s)']);

    expect(seen.length).toBe(4); // PING, the bad-signature probe, the command, the submission
    expect(seen.map((s) => s.verifiedByDiscordInteractions)).toEqual([true, false, true, true]);
  });

  it('a follow-up, an edit of the original and GET @original through the RestClient with the interaction token; a button press comes back as a component interaction', async () => {
    const { sim, service, call, rest, app, place, channel } = await world();
    let token = '';
    const { url } = await receiver(service.webhookPublicKey(), () => sim.now(), (interaction: Json) => {
      token ||= interaction.token; // the command's token (the button press has its own)
      if (interaction.type === 3) return { type: 7, data: { content: `pressed ${interaction.data.custom_id}` } };
      return { type: 5 };
    });
    await rest.modifyApplication({ interactionsEndpointUrl: url });
    await rest.createApplicationCommand(app.id, { name: 'raid', description: 'Start a raid' }, { guildId: place.guild.id });
    const run = await service.interactions.runCommand({ ...place, name: 'raid' });
    expect(run.responseType).toBe(5);

    const edited = await rest.editInteractionMessage(app.id, token, { content: 'Raid starts', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Join', custom_id: 'join' }] }] });
    expect(edited.content).toBe('Raid starts');
    expect((await rest.getInteractionMessage(app.id, token)).id).toBe(edited.id);
    const followup = await rest.createFollowupMessage(app.id, token, { content: 'Bring potions' });
    expect((await rest.getInteractionMessage(app.id, token, followup.id)).content).toBe('Bring potions');
    expect(service.interactions.channelMessages(channel).map((m) => m['content'])).toEqual(['Raid starts', 'Bring potions']);

    const press = await service.interactions.pressComponent({ ...place, message: edited.id, customId: 'join' });
    expect(press.payload).toMatchObject({ type: 3, data: { custom_id: 'join', component_type: 2 }, message: { id: edited.id } });
    expect(service.interactions.channelMessages(channel)[0]!['content']).toBe('pressed join');

    await rest.deleteInteractionMessage(app.id, token, followup.id);
    expect(service.interactions.channelMessages(channel).map((m) => m['content'])).toEqual(['pressed join']);
    // The guild channel's own messages follow: the original as edited, the deleted follow-up gone.
    sim.addGuildMember(place.guild, app.botUserId, { permissions: ['viewChannel', 'readMessageHistory'] });
    expect((await call('GET', `/channels/${channel}/messages`)).body.map((m: { content: string }) => m.content)).toEqual(['pressed join']);
  });

  it('with no interactions endpoint URL the interaction comes over the gateway as INTERACTION_CREATE, answered through the callback route', async () => {
    const { sim, service, call, rest, app, place, channel } = await world();
    const bot = await identified(`${(await call('GET', '/gateway/bot')).body.url}?v=10&encoding=json`, service.issueBotToken(), GUILDS);
    await rest.createApplicationCommand(app.id, { name: 'ping', description: 'Ping' });
    const run = await service.interactions.runCommand({ ...place, name: 'ping' });
    expect(run.delivery).toEqual({ via: 'gateway' });
    const dispatch = await bot.nextOf('INTERACTION_CREATE');
    expect(dispatch.d).toMatchObject({ id: run.id, type: 2, data: { name: 'ping' } });
    const answer = await rest.createInteractionResponse(dispatch.d.id, dispatch.d.token, { type: 4, data: { content: 'pong' } }, { withResponse: true });
    expect(answer?.resource?.message?.content).toBe('pong');
    expect((await service.interactions.responded(run.id)).responseType).toBe(4);
    expect(service.interactions.channelMessages(channel).map((m) => m['content'])).toEqual(['pong']);
    // The response is a message of the guild channel: a bot that may read the channel's history reads it over HTTP.
    sim.addGuildMember(place.guild, app.botUserId, { permissions: ['viewChannel', 'readMessageHistory'] });
    expect((await call('GET', `/channels/${channel}/messages`)).body.map((m: { content: string }) => m.content)).toEqual(['pong']);
  });

  it('user and message (context menu) commands carry target_id and the resolved user or message', async () => {
    const { sim, service, rest, app, place, channel, player } = await world();
    const { url } = await receiver(service.webhookPublicKey(), () => sim.now(), () => ({ type: 4, data: { content: 'noted' } }));
    await rest.modifyApplication({ interactionsEndpointUrl: url });
    await rest.bulkOverwriteApplicationCommands(app.id, [{ type: 2, name: 'Inspect' }, { type: 3, name: 'Report' }]);
    const inspect = await service.interactions.runCommand({ ...place, name: 'Inspect', type: 'USER', target: player.id });
    expect(inspect.payload['data']).toMatchObject({ type: 2, name: 'Inspect', target_id: player.id, resolved: { users: { [player.id]: { id: player.id, username: 'player' } }, members: { [player.id]: { roles: [] } } } });
    const noted = service.interactions.channelMessages(channel)[0]!;
    const report = await service.interactions.runCommand({ ...place, name: 'Report', type: 'MESSAGE', target: noted['id'] as string });
    expect(report.payload['data']).toMatchObject({ type: 3, target_id: noted['id'], resolved: { messages: { [noted['id'] as string]: { content: 'noted' } } } });
    await expect(service.interactions.runCommand({ ...place, name: 'Report', type: 'MESSAGE' })).rejects.toThrow(/target is required/);
  });
});
