// The main process owns the client: it signs in, connects, and exposes a narrow API to the
// renderer. The renderer never sees a token and cannot call anything that is not allowed here.
// Run: npm install && npm start (in examples/electron; see README "Electron").
const path = require('node:path');
const { app, BrowserWindow, ipcMain } = require('electron');
const { Simulator } = require('social-sdk-node');
const { exposeClient, closeOnQuit } = require('social-sdk-node/electron');

async function start() {
  // The simulator stands in for the service here. With the real SDK: new Client({ backend: 'vendor',
  // applicationId }), then client.updateToken(token from your OAuth2 flow) and client.connect().
  const sim = new Simulator();
  const client = await sim.connectClient(sim.createUser({ username: 'player', globalName: 'Player One' }));
  const friend = await sim.connectClient(sim.createUser({ username: 'friend' }));

  exposeClient(ipcMain, client, {
    allow: ['getState', 'createOrJoinLobby', 'sendLobbyMessage', 'getLobbyMessages'],
    events: ['statusChanged', 'messageCreated'],
  });
  // Quitting waits until both clients are closed (their threads joined), then quits for real.
  closeOnQuit(app, [client, friend]);

  // Someone to chat with: the friend joins the same lobby and says something now and then.
  const lobbyId = await friend.createOrJoinLobby('electron-example');
  const timer = setInterval(() => {
    friend.sendLobbyMessage(lobbyId, `it is ${new Date().toLocaleTimeString()}`).catch(() => {});
  }, 5000);
  app.on('before-quit', () => clearInterval(timer));

  const window = new BrowserWindow({
    width: 640,
    height: 520,
    webPreferences: {
      // The bundled preload (npm run build:preload): a sandboxed preload can only require 'electron'.
      preload: path.join(__dirname, 'build', 'preload.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  await window.loadFile(path.join(__dirname, 'index.html'));
}

app.whenReady().then(start).catch((error) => {
  console.error(error);
  app.exit(1);
});
app.on('window-all-closed', () => app.quit());
