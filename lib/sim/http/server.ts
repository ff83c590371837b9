/**
 * The simulated HTTP service's request pipeline on a real `node:http` server: the API base
 * (`/api/v10`), body reading and JSON parsing, authentication (`Bot` and `Bearer` tokens),
 * planned failures, rate limits, the route's handler, and the service's error bodies. Secrets
 * (tokens) are never put in a response, a log line or an error.
 * @internal
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { SocialSdkError } from '../../errors.js';
import { syncClock } from '../clock.js';
import { OAuthRefusal, ServiceRefusal, unauthorized } from './errors.js';
import { matchRoute, routeKey, userCaller, type Caller, type Route, type ServiceContext, type ServiceReply } from './routes.js';

/** Request bodies larger than this are refused (413); no documented route takes more. */
const MAX_BODY_BYTES = 1024 * 1024;
/** The versions the service answers under `/api/v{n}` (v10 and v9 are the available ones). */
const API_PREFIX = /^\/api\/v(?:9|10)(?=\/)/;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ServiceRefusal(413, 40005, 'Request entity too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseJson(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  if (!contentType || !/^application\/json\b/i.test(contentType)) {
    throw new ServiceRefusal(400, 50035, 'Invalid Form Body: the body must be sent as application/json');
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new ServiceRefusal(400, 50109, 'The request body contains invalid JSON.');
  }
}

/** The body of a form route (the OAuth2 endpoints accept only `application/x-www-form-urlencoded`). */
function parseForm(raw: Buffer, contentType: string | undefined): URLSearchParams {
  if (!contentType || !/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    throw new OAuthRefusal(400, 'invalid_request', 'the body must be sent as application/x-www-form-urlencoded');
  }
  return new URLSearchParams(raw.toString('utf8'));
}

function authenticate(header: string | undefined, context: ServiceContext): Caller {
  const match = /^(Bot|Bearer) (\S+)$/.exec(header ?? '');
  if (!match) throw unauthorized();
  const [, scheme, token] = match as unknown as [string, string, string];
  if (scheme === 'Bot') {
    const applicationId = context.state.applicationOfBotToken(token);
    if (applicationId === undefined) throw unauthorized();
    return { kind: 'bot', applicationId };
  }
  const found = context.world.authenticate(token);
  if ('failure' in found) throw unauthorized();
  return { kind: 'user', applicationId: found.applicationId, userId: found.userId };
}

function send(response: ServerResponse, reply: ServiceReply, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if (reply.body === undefined || reply.status === 204) {
    response.writeHead(reply.status).end();
    return;
  }
  const body = JSON.stringify(reply.body);
  response.writeHead(reply.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

async function handle(request: IncomingMessage, routes: readonly Route[], context: ServiceContext): Promise<{ reply: ServiceReply; headers: Record<string, string> }> {
  // A real-time world's clock catches up first: budgets, expiries and headers follow wall time.
  syncClock(context.world);
  const url = new URL(request.url ?? '/', 'http://service.invalid');
  const prefix = API_PREFIX.exec(url.pathname);
  if (!prefix) throw new ServiceRefusal(404, 0, '404: Not Found');
  const found = matchRoute(routes, request.method ?? 'GET', url.pathname.slice(prefix[0].length));
  if (found === 'not found') throw new ServiceRefusal(404, 0, '404: Not Found');
  if (found === 'method not allowed') throw new ServiceRefusal(405, 0, '405: Method Not Allowed');
  const { route } = found;
  const raw = await readBody(request);
  const caller: Caller = route.auth === 'client' ? { kind: 'client', applicationId: '' } : authenticate(request.headers.authorization, context);
  if (route.auth === 'bot' && caller.kind !== 'bot') throw new ServiceRefusal(403, 50001, "Missing Access: this route needs the application's bot token");
  if (route.auth === 'user') userCaller(caller);
  const key = routeKey(route);
  const scope = caller.kind === 'client' ? 'oauth2 client' : caller.applicationId;
  const fault = context.state.takeFault(key);
  if (fault?.status === 429) {
    throw context.state.rateLimits.planned(key, scope, { retryAfter: fault.retryAfter ?? 1, scope: fault.scope ?? 'user', message: fault.message, code: fault.code });
  }
  if (fault) {
    const retry: Record<string, string> = fault.retryAfter === undefined ? {} : { 'Retry-After': String(Math.ceil(fault.retryAfter)) };
    throw new ServiceRefusal(fault.status, fault.code, fault.message ?? 'simulated failure', undefined, retry);
  }
  // Latency injection (sim.setLatency) holds a request, as it holds an SDK client's call, until
  // the harness has advanced the clock that far past its arrival.
  const latency = context.world.latency();
  if (latency > 0) await context.state.untilClock(context.world.now() + latency);
  // App Testers skip the development budgets (see ServiceState.isAppTester).
  const tester = caller.kind === 'user' && context.state.isAppTester(caller.applicationId, caller.userId);
  const headers = context.state.rateLimits.take(key, scope, tester);
  const reason = request.headers['x-audit-log-reason'];
  let auditLogReason: string | undefined;
  try {
    auditLogReason = typeof reason === 'string' ? decodeURIComponent(reason) : undefined;
  } catch {
    throw new ServiceRefusal(400, 50035, 'Invalid Form Body: X-Audit-Log-Reason is not URI-encoded');
  }
  const body = route.body === 'form' ? parseForm(raw, request.headers['content-type']) : parseJson(raw, request.headers['content-type']);
  try {
    const reply = route.handle({ caller, params: found.params, query: url.searchParams, body, auditLogReason, authorization: request.headers.authorization }, context);
    return { reply, headers };
  } finally {
    // What the request did (a token granted or revoked, a message sent) reaches the events URLs.
    context.state.webhooks.drain();
  }
}

/** Starts serving `routes` on host:port; resolves once listening. */
export async function startServer(routes: readonly Route[], context: ServiceContext, host: string, port: number): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    handle(request, routes, context).then(
      ({ reply, headers }) => send(response, reply, headers),
      (error: unknown) => {
        const refusal =
          error instanceof ServiceRefusal ? error : new ServiceRefusal(500, 0, '500: Internal Server Error');
        if (refusal.invalid) context.state.countInvalid(request.socket.remoteAddress ?? 'unknown');
        // The rest of a refused body is not read: the connection closes after the answer.
        if (!request.complete) response.setHeader('Connection', 'close');
        send(response, { status: refusal.status, body: refusal.body() }, refusal.headers);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    // A port in use or an address that cannot be bound: the package's error, naming the cause.
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new SocialSdkError(`listen: cannot serve on ${host}:${port} (${error.code ?? error.message})`, { type: 'NetworkError' })),
    );
    server.listen(port, host, () => {
      server.removeAllListeners('error');
      // Later server errors (an accept failing for want of file descriptors) are transient: Node
      // goes on accepting; without a listener the 'error' event would end the process.
      server.on('error', () => {});
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { server, url: `http://${shownHost}:${address.port}` };
}
