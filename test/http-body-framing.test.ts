// Message body framing of the served simulator. RFC 9112 §6.3 (HTTP/1.1 message body length),
// rule 7: a request with neither Content-Length nor Transfer-Encoding has a body of length zero;
// the service must answer it at once, not wait for a body that was never announced (which would
// end in its 408 after the body deadline).
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

import { Simulator } from '../dist/index.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Sends `request` on a raw socket and resolves with the status line of the first answer. */
function statusLineOf(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n');
      if (end >= 0) {
        socket.destroy();
        resolve(received.slice(0, end));
      }
    });
    socket.on('error', reject);
  });
}

describe('request body framing (RFC 9112 §6.3)', () => {
  it('a POST with neither Content-Length nor Transfer-Encoding has an empty body and is answered without waiting for one', async () => {
    const sim = new Simulator();
    const service = await sim.listen({ rateLimits: 'off' });
    close = () => service.close();
    const token = service.issueBotToken();
    const port = Number(new URL(service.url).port);
    const line = await statusLineOf(port, `POST /api/v10/lobbies HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bot ${token}\r\n\r\n`);
    // Not 408 (the body deadline): the request was taken as complete with an empty body.
    expect(line).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(line).not.toMatch(/ 408 /);
  });
});
