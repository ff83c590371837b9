#!/usr/bin/env node
// npm run demo: a simulated player signs in on the built-in simulator, connects, and prints every
// status transition and the signed-in user. Runs offline; no vendor SDK needed.
'use strict';
const { Client, Simulator } = require('../dist/index.js');

async function main() {
  // The simulated service: one game, one player, and the access token the game's auth flow would get.
  const sim = new Simulator();
  const game = sim.createApplication({ name: 'Demo Game' });
  const player = sim.createUser({ username: 'ada_l', globalName: 'Ada' });
  const grant = sim.issueToken(player, game);
  console.log(`simulator: SDK ${sim.sdkVersion}, game "${game.name}" (${game.id}), player ${player.username} (${player.id})`);

  // The same calls a launcher makes against the real SDK.
  const client = new Client({ simulator: sim, applicationId: game.id, logLevel: 'info' });
  const started = process.hrtime.bigint();
  const elapsed = () => `${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2).padStart(7)} ms`;
  client.on('statusChanged', ({ status, error, errorDetail }) => {
    const why = error === 'none' ? '' : `  (${error}, detail ${errorDetail})`;
    console.log(`${elapsed()}  status -> ${status}${why}`);
  });
  client.on('log', ({ severity, message }) => console.log(`${elapsed()}  [${severity}] ${message}`));

  console.log(`client: backend=${client.backend}, status=${client.status}`);
  await client.updateToken(grant.accessToken);
  await client.connect();
  const user = client.currentUser;
  console.log(`signed in as ${user.displayName} (@${user.username}, id ${user.id}, provisional: ${user.isProvisional})`);

  // The service drops the connection: the client reconnects by itself.
  sim.dropConnections(player);
  for await (const change of client.events('statusChanged')) if (change.status === 'ready') break;

  // A revoked token: the next sign-in is refused with a typed error.
  await client.disconnect();
  sim.revokeToken(grant.accessToken);
  await client.connect().catch((error) => console.log(`connect refused: ${error.type} (code ${error.code})`));

  await client.close();
  console.log(`closed; ${client.status}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
