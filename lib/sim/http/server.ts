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
import type { Duplex } from 'node:stream';

import { SocialSdkError } from '../../common/errors.js';
import { syncClock } from '../clock.js';
import { parseJson, readBody, type HeldBytes } from './body.js';
import { invalidForm, OAuthRefusal, ServiceRefusal, unauthorized } from './errors.js';
import { credentialKind, type RequestNote } from './request-log.js';
import { matchRoute, userCaller, type Caller, type Route, type ServiceContext, type ServiceReply, type UploadedFile } from './routes.js';

/** The versions the service answers under `/api/v{n}` (v10 and v9 are the available ones). */
const API_PREFIX = /^\/api\/v(?:9|10)(?=\/)/;

/** The body of an OAuth2 route, which accepts only `application/x-www-form-urlencoded`. */
function parseOAuthForm(raw: Buffer, contentType: string | undefined): URLSearchParams {
  if (!contentType || !/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    throw new OAuthRefusal(400, 'invalid_request', 'the body must be sent as application/x-www-form-urlencoded');
  }
  return new URLSearchParams(raw.toString('utf8'));
}

/** A parsed body, and the files of a multipart body by field name (their text, and what they are). */
interface ParsedBody {
  body: unknown;
  files: ReadonlyMap<string, string>;
  uploads: ReadonlyMap<string, UploadedFile>;
}

const NO_FILES: ReadonlyMap<string, string> = new Map();
const NO_UPLOADS: ReadonlyMap<string, UploadedFile> = new Map();

/**
 * The fields of a form body (`application/x-www-form-urlencoded` or `multipart/form-data`, parsed
 * by the platform's own `Response.formData()`), as the JSON object the route reads: the service's
 * convention is a `payload_json` field holding the JSON body; otherwise each text field is a
 * string property. Uploaded files are kept apart (a JSON body cannot pose as one).
 */
async function parseFormFields(raw: Buffer, contentType: string): Promise<ParsedBody> {
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    throw invalidForm('_errors', 'the form body could not be parsed');
  }
  const files = new Map<string, string>();
  const uploads = new Map<string, UploadedFile>();
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else {
      files.set(name, await value.text());
      uploads.set(name, { filename: value.name, size: value.size, contentType: value.type === '' ? null : value.type });
    }
  }
  const payload = form.get('payload_json');
  return { body: typeof payload === 'string' ? parseJson(Buffer.from(payload, 'utf8')) : fields, files, uploads };
}

type BodyKind = 'json' | 'form' | 'multipart';
const MEDIA_TYPES: Readonly<Record<BodyKind, RegExp>> = {
  json: /^application\/json\b/i,
  form: /^application\/x-www-form-urlencoded\b/i,
  multipart: /^multipart\/form-data\b/i,
};

/**
 * A request's body, read as the route's table entry accepts it (JSON unless it says otherwise).
 * Only a form body is parsed asynchronously: a JSON one is not made to wait for a turn of the
 * microtask queue.
 */
function parseBody(raw: Buffer, contentType: string | undefined, accepted: readonly BodyKind[] = ['json']): ParsedBody | Promise<ParsedBody> {
  if (accepted.length === 1 && accepted[0] === 'form') return { body: parseOAuthForm(raw, contentType), files: NO_FILES, uploads: NO_UPLOADS };
  if (raw.length === 0) return { body: undefined, files: NO_FILES, uploads: NO_UPLOADS };
  const kind = accepted.find((candidate) => contentType !== undefined && MEDIA_TYPES[candidate].test(contentType));
  if (kind === undefined) {
    const names = accepted.map((candidate) => ({ json: 'application/json', form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' })[candidate]);
    throw invalidForm('_errors', `the body must be sent as ${names.join(' or ')}`);
  }
  return kind === 'json' ? { body: parseJson(raw), files: NO_FILES, uploads: NO_UPLOADS } : parseFormFields(raw, contentType!);
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

/** `http://host:port` of the address the request came in on (brackets around an IPv6 address). */
export function originOf(request: IncomingMessage): string {
  const { localAddress = '127.0.0.1', localPort } = request.socket;
  return `http://${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
}

/** Answers `reply` with `headers` (the rate limits'), all given to one writeHead: node:http then stores no header one by one. */
function send(response: ServerResponse, reply: ServiceReply, headers: Record<string, string>): void {
  if (reply.body === undefined || reply.status === 204) {
    response.writeHead(reply.status, headers).end();
    return;
  }
  // A text body (Get Target Users' CSV) goes as it is, with the reply's content type.
  const body = typeof reply.body === 'string' && reply.contentType !== undefined ? reply.body : JSON.stringify(reply.body);
  response.writeHead(reply.status, { ...headers, 'Content-Type': reply.contentType ?? 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }).end(body);
}

/**
 * A path made only of characters the URL parser keeps as they are: no escape, dot, backslash,
 * query or fragment, and not `//` (which would name a host).
 */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-_~!$&'()*+,;=:@/]*$/;

/** The path and query of a request target, as the URL parser reads them (a plain path without parsing one). */
function targetOf(target: string): { pathname: string; searchParams: URLSearchParams } {
  if (PLAIN_PATH.test(target)) return { pathname: target, searchParams: new URLSearchParams() };
  const url = new URL(target, 'http://service.invalid');
  return { pathname: url.pathname, searchParams: url.searchParams };
}

async function handle(request: IncomingMessage, routes: readonly Route[], context: ServiceContext, held: HeldBytes, noted: RequestNote): Promise<{ reply: ServiceReply; headers: Record<string, string> }> {
  // A real-time world's clock catches up first: budgets, expiries and headers follow wall time.
  syncClock(context.world);
  const { pathname, searchParams } = targetOf(request.url ?? '/');
  const prefix = API_PREFIX.exec(pathname);
  if (!prefix) throw new ServiceRefusal(404, 0, '404: Not Found');
  const found = matchRoute(routes, request.method ?? 'GET', pathname.slice(prefix[0].length));
  if (found === 'not found') throw new ServiceRefusal(404, 0, '404: Not Found');
  if (found === 'method not allowed') throw new ServiceRefusal(405, 0, '405: Method Not Allowed');
  if (found === 'malformed') throw new ServiceRefusal(400, 0, '400: Bad Request: the path has a malformed percent escape');
  const { route } = found;
  const { spec } = route;
  noted.route = route.key;
  if (/^\d{1,20}$/.test(found.params.lobby_id ?? '')) noted.lobbyId = found.params.lobby_id!;
  // The token is checked before the body is read: an unauthenticated upload is never held.
  const selfChecked = spec.auth.includes('client') || spec.auth.includes('none');
  const caller: Caller = selfChecked ? { kind: 'client', applicationId: '' } : authenticate(request.headers.authorization, context);
  if (caller.applicationId !== '') noted.applicationId = caller.applicationId;
  if (caller.kind === 'user') noted.userId = caller.userId;
  if (caller.kind === 'bot' && !spec.auth.includes('bot')) userCaller(caller);
  if (caller.kind === 'user' && !spec.auth.includes('bearer')) throw new ServiceRefusal(403, 50001, "Missing Access: this route needs the application's bot token");
  const raw = await readBody(request, !selfChecked, held, spec.maxBodyBytes);
  const { key } = route;
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
    throw invalidForm('_errors', 'X-Audit-Log-Reason is not URI-encoded');
  }
  const parsed = parseBody(raw, request.headers['content-type'], spec.body);
  const { body, files, uploads } = parsed instanceof Promise ? await parsed : parsed;
  try {
    // Most handlers answer at once; only a promise is awaited (each await is a turn of the microtask queue).
    const handled = route.handle(
      {
        caller,
        params: found.params,
        query: searchParams,
        body,
        files,
        uploads,
        auditLogReason,
        authorization: request.headers.authorization,
        // Read only by the routes that answer a URL (the gateway's).
        get origin() {
          return originOf(request);
        },
      },
      context,
    );
    return { reply: handled instanceof Promise ? await handled : handled, headers };
  } finally {
    // What the request did (a token granted or revoked, a message sent) reaches the events URLs.
    context.state.webhooks.drain();
  }
}

/** The service's answer to a failure: its refusal, or a 500 for anything else (a handler's bug). */
function refusalOf(error: unknown): ServiceRefusal {
  return error instanceof ServiceRefusal ? error : new ServiceRefusal(500, 0, '500: Internal Server Error');
}

/**
 * Handles one request and answers it whatever happens: a handler that throws, rejects or returns
 * a reply that cannot be serialized answers 500, and the service goes on serving.
 */
async function respond(request: IncomingMessage, response: ServerResponse, routes: readonly Route[], context: ServiceContext, held: HeldBytes): Promise<void> {
  const started = performance.now();
  const noted: RequestNote = { route: null, applicationId: null, userId: null, lobbyId: null };
  let answer: { reply: ServiceReply; headers: Record<string, string> };
  try {
    answer = await handle(request, routes, context, held, noted);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.invalid) context.state.countInvalid();
    answer = { reply: { status: refusal.status, body: refusal.body() }, headers: refusal.headers };
  }
  // The rest of a refused (or unread) body is not read: the connection closes after the answer.
  if (!request.complete) response.setHeader('Connection', 'close');
  try {
    send(response, answer.reply, answer.headers);
  } catch {
    try {
      const failure = refusalOf(undefined);
      send(response, { status: failure.status, body: failure.body() }, {});
    } catch {
      response.destroy();
    }
  }
  // The request log keeps the credential's kind, never the credential.
  const credential = credentialKind(request.headers.authorization);
  context.state.requests.record({
    at: context.world.now(),
    method: request.method ?? 'GET',
    route: noted.route,
    applicationId: noted.applicationId,
    userId: noted.userId,
    lobbyId: noted.lobbyId,
    status: response.statusCode,
    credential,
    durationMs: performance.now() - started,
  });
}

/**
 * A path served beside the API (the inspector's page, the WebSocket of remote harnesses and SDK
 * clients): it handles its requests and upgrades whole, the API's pipeline never sees them.
 */
export interface SideDoor {
  /** The path prefix it serves, such as `/inspector/`. */
  prefix: string;
  /** A plain request; must answer it. */
  request?(request: IncomingMessage, response: ServerResponse): void;
  /** A WebSocket upgrade; must take the socket or destroy it. */
  upgrade?(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The service closes: end what it holds beyond HTTP requests (upgraded sockets). */
  close?(): void;
}

function doorOf(doors: readonly SideDoor[], url: string | undefined): SideDoor | undefined {
  const path = (url ?? '/').split('?', 1)[0]!;
  return doors.find((door) => path.startsWith(door.prefix));
}

/** Starts serving `routes` (and `doors`) on host:port; resolves once listening. */
export async function startServer(routes: readonly Route[], context: ServiceContext, host: string, port: number, doors: readonly SideDoor[] = []): Promise<{ server: Server; url: string }> {
  const held: HeldBytes = { unauthenticated: 0 };
  const server = createServer((request, response) => {
    const door = doorOf(doors, request.url);
    if (!door?.request) {
      void respond(request, response, routes, context, held);
      return;
    }
    try {
      door.request(request, response);
    } catch {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
      else response.destroy();
    }
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const door = doorOf(doors, request.url);
    try {
      if (door?.upgrade) return door.upgrade(request, socket, head);
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    } catch {
      socket.destroy();
    }
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
