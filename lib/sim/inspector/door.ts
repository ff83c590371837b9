/**
 * The inspector's side door (`<url>/inspector/`): the page, its script and its style sheet (no
 * data: served to anyone), and behind the harness secret (`Authorization: Harness <secret>`,
 * lib/remote/access.ts) the state as JSON (`state`) and as a stream of Server-Sent Events
 * (`events`: one `state` event per change, read by the page with fetch, which can send the
 * header). A request without the secret gets 401 with a JSON error and changes nothing; another
 * method than GET or HEAD 405; any other path under /inspector/ 404.
 * @internal
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { NativeWorld } from '../../addon/native.js';
import { presentedSecret, secretMatches } from '../../remote/access.js';
import type { SideDoor } from '../http/server.js';
import type { ServiceState } from '../http/state.js';
import { INSPECTOR_HTML } from './page/html.js';
import { INSPECTOR_SCRIPT } from './page/script.js';
import { INSPECTOR_STYLE } from './page/style.js';
import { InspectorWatch } from './watch.js';

/** The path the inspector is served under. */
export const INSPECTOR_PATH = '/inspector/';

/** A stream with nothing to send gets a comment this often, so proxies and the page see it alive. */
const KEEP_ALIVE_MS = 15_000;

const COMMON_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** The page's own files: no data, so no secret needed. */
const STATIC: Readonly<Record<string, { type: string; body: string }>> = {
  '': { type: 'text/html; charset=utf-8', body: INSPECTOR_HTML },
  'index.html': { type: 'text/html; charset=utf-8', body: INSPECTOR_HTML },
  'inspector.js': { type: 'text/javascript; charset=utf-8', body: INSPECTOR_SCRIPT },
  'inspector.css': { type: 'text/css; charset=utf-8', body: INSPECTOR_STYLE },
};

const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, head = false): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...COMMON_HEADERS, ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  response.end(head ? undefined : text);
}

function refuse(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  json(response, status, { message, code: 0 }, headers);
}

/** The SSE stream: the state now, then each change, until the page goes or the server closes. */
function stream(request: IncomingMessage, response: ServerResponse, watch: InspectorWatch): void {
  response.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  response.write('retry: 1000\n\n');
  let lastWrite = performance.now();
  const keepAlive = setInterval(() => {
    if (performance.now() - lastWrite >= KEEP_ALIVE_MS) response.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  let unsubscribe: (() => void) | undefined;
  const end = () => {
    clearInterval(keepAlive);
    unsubscribe?.();
    unsubscribe = undefined;
  };
  response.once('close', end);
  request.once('error', end);
  unsubscribe = watch.subscribe((state) => {
    lastWrite = performance.now();
    response.write(`event: state\ndata: ${state}\n\n`);
  });
  if (response.destroyed) end();
}

function serve(request: IncomingMessage, response: ServerResponse, watch: InspectorWatch, secret: string): void {
  const method = request.method ?? 'GET';
  const path = (request.url ?? '/').split('?', 1)[0]!;
  const name = path.slice(INSPECTOR_PATH.length);
  const file = Object.hasOwn(STATIC, name) ? STATIC[name] : undefined;
  const known = file !== undefined || name === 'state' || name === 'events';
  if (!known) return refuse(response, 404, '404: Not Found');
  if (method !== 'GET' && method !== 'HEAD') return refuse(response, 405, '405: Method Not Allowed', { Allow: 'GET, HEAD' });
  const head = method === 'HEAD';
  if (file) {
    const headers: Record<string, string> = { ...COMMON_HEADERS, 'Content-Type': file.type, 'Content-Length': String(Buffer.byteLength(file.body)) };
    if (file.type.startsWith('text/html')) headers['Content-Security-Policy'] = PAGE_POLICY;
    response.writeHead(200, headers);
    response.end(head ? undefined : file.body);
    return;
  }
  // Everything with data needs the secret; without it nothing is read or changed.
  if (!secretMatches(presentedSecret(request), secret)) {
    return refuse(response, 401, '401: Unauthorized: present the harness secret as Authorization: Harness <secret> (the #secret= of the inspector URL)', { 'WWW-Authenticate': 'Harness' });
  }
  if (name === 'state') return json(response, 200, watch.state(), {}, head);
  if (head) {
    response.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8' }).end();
    return;
  }
  stream(request, response, watch);
}

/** The inspector's door for a served world. */
export function inspectorDoor(world: NativeWorld, state: ServiceState, secret: string): SideDoor {
  const watch = new InspectorWatch(world, state);
  return {
    prefix: INSPECTOR_PATH,
    request: (request, response) => {
      try {
        serve(request, response, watch, secret);
      } catch {
        if (!response.headersSent) refuse(response, 500, '500: Internal Server Error');
        else response.destroy();
      }
    },
  };
}
