/**
 * What the webhook-event and interaction receivers share of the request and the response: the
 * request and response shapes (node:http, Express, Fastify), a header's value, the raw body (a
 * framework's kept bytes, or the stream read up to a bound) and a JSON answer.
 * @module
 */
import type { IncomingHttpHeaders } from 'node:http';

/** The request as a receiver reads it: a node:http IncomingMessage, or a framework's request around one. */
export interface WebhookRequestLike {
  method?: string | undefined;
  headers: IncomingHttpHeaders;
  /** A framework's body: the raw bytes (Express `express.raw()`), or text. A parsed object cannot be verified. */
  body?: unknown;
  /** The raw bytes some frameworks keep (Fastify's `rawBody` plugins). */
  rawBody?: unknown;
  /** Fastify: the node:http request. */
  raw?: AsyncIterable<unknown> & { destroy?: () => void };
  [Symbol.asyncIterator]?: () => AsyncIterator<unknown>;
}

/** The response: a node:http ServerResponse (Express's too), or a Fastify reply. */
export type WebhookResponseLike =
  | { writeHead(status: number, headers?: Record<string, string>): unknown; end(body?: string): unknown; headersSent?: boolean }
  | { code(status: number): unknown; header(name: string, value: string): unknown; send(body?: string): unknown };

/** @internal A header's (first) value. */
export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function asBytes(value: unknown): Buffer | undefined {
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return undefined;
}

/**
 * @internal The raw body: a framework's raw bytes, or read from the stream up to `maxBytes`.
 * `refuse(status, message)` makes the receiver's own error (413 too large, 500 no raw body).
 */
export async function readRawBody(request: WebhookRequestLike, maxBytes: number, refuse: (status: number, message: string) => Error): Promise<Buffer> {
  const kept = asBytes(request.rawBody) ?? asBytes(request.body);
  if (kept) {
    if (kept.length > maxBytes) throw refuse(413, 'the body is larger than maxBodyBytes');
    return kept;
  }
  if (request.body !== undefined && request.body !== null && typeof request.body === 'object' && Object.keys(request.body).length > 0) {
    throw refuse(500, 'the raw body is gone (a JSON body parser ran first): give the handler the raw bytes (express.raw(), or a raw-body plugin)');
  }
  const declared = Number(header(request.headers, 'content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw refuse(413, 'the body is larger than maxBodyBytes');
  const stream = request.raw ?? (request as AsyncIterable<unknown>);
  if (typeof (stream as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function') throw refuse(500, 'the request has no body to read');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = asBytes(chunk) ?? Buffer.alloc(0);
    size += bytes.length;
    if (size > maxBytes) throw refuse(413, 'the body is larger than maxBodyBytes');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** @internal Answers with `status` and, when given, a JSON body (a 413 also closes the connection: the rest of the body is not read). */
export function answer(response: WebhookResponseLike, status: number, body?: unknown): void {
  const text = body === undefined ? undefined : JSON.stringify(body);
  if ('code' in response && typeof response.code === 'function') {
    response.code(status);
    if (text !== undefined) response.header('content-type', 'application/json');
    response.send(text);
    return;
  }
  const plain = response as Extract<WebhookResponseLike, { writeHead: unknown }>;
  if (plain.headersSent) return;
  const headers: Record<string, string> = text === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) };
  if (status === 413) headers['connection'] = 'close';
  plain.writeHead(status, headers);
  plain.end(text);
}
