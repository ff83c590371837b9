// The bare WebSocket baseline of bench/remote.cjs, in a process of its own as the served world is:
// echoes each text frame; on "flood <n> <bytes>" sends n frames of that many bytes, then "done".
'use strict';
const { WebSocketServer } = require('ws');

const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
server.on('listening', () => process.stdout.write(`${server.address().port}\n`));
server.on('connection', (socket) => {
  socket._socket.setNoDelay(true);
  socket.on('message', (data) => {
    const text = data.toString();
    if (!text.startsWith('flood ')) return socket.send(text);
    const [, count, bytes] = text.split(' ');
    const frame = 'x'.repeat(Number(bytes));
    for (let i = 0; i < Number(count); i++) socket.send(frame);
    socket.send('done');
  });
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
