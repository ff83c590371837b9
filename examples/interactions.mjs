// A bot with a slash command that opens a modal: the game server registers `/signup` with the
// RestClient, receives interactions at its interactions endpoint URL (createInteractionHandler
// verifies their signatures and answers the PING), opens a modal with a Radio Group inside a Label
// and thanks the player when it is submitted. The simulated service plays the platform and a
// player, on loopback.
import { createServer } from 'node:http';
import { Simulator } from 'social-sdk-node';
import { RestClient } from 'social-sdk-node/rest';
import { createInteractionHandler } from 'social-sdk-node/webhooks';

const sim = new Simulator();
const service = await sim.listen();
const app = sim.defaultApplication;
const rest = new RestClient({ token: service.issueBotToken(), baseUrl: service.apiBase });

const receiver = createServer(
  createInteractionHandler({
    publicKey: service.webhookPublicKey(), // the developer portal's "Public Key"
    now: () => sim.now(), // the simulator's clock signs the requests
    onInteraction(interaction) {
      if (interaction.type === 2) {
        return {
          type: 9, // a modal
          data: {
            custom_id: 'signup',
            title: 'Sign up',
            components: [{ type: 18, label: 'Class', component: { type: 21, custom_id: 'class', options: [{ value: 'bard', label: 'Bard' }, { value: 'rogue', label: 'Rogue' }] } }],
          },
        };
      }
      const chosen = interaction.data.components[0].component.value;
      return { type: 4, data: { content: `Welcome, ${chosen}!` } };
    },
  }),
);
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${receiver.address().port}/interactions`;
await rest.modifyApplication({ interactionsEndpointUrl: url }); // the service PINGs it first
console.log('interactions endpoint URL verified');

await rest.createApplicationCommand(app.id, { name: 'signup', description: 'Join the raid' });
console.log(`commands: ${(await rest.getApplicationCommands(app.id)).map((command) => `/${command.name}`).join(', ')}`);

// A player in a guild runs the command and fills in the modal.
const player = sim.createUser({ username: 'ayla' });
const guild = sim.createGuild({ name: 'Raiders', owner: player });
const channel = sim.createGuildChannel(guild, { name: 'general' });
sim.addGuildMember(guild, app.botUserId);
const run = await service.interactions.runCommand({ user: player, guild, channel, name: 'signup' });
console.log(`the command opened a modal: ${run.modal.title}`);
await service.interactions.submitModal({ interaction: run.id, values: { class: 'bard' } });
console.log(`in #general: ${service.interactions.channelMessages(channel).map((message) => message.content).join(' / ')}`);

await new Promise((resolve) => receiver.close(resolve));
await service.close();
